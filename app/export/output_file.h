// How weft writes every file a user asks for (frame exports, the CSV of final positions, the
// screenshot): complete or not at all, and nowhere but where asked.
//
// - "-" is standard output, and a FIFO or character device (a pipe, /dev/null, /dev/stdout, a
//   terminal) is written in place: it is a stream someone reads, and replacing it with a regular
//   file would break the reader (and, for root, replace a device node).
// - Anything else is written to a new temporary file in the target's folder, created with
//   O_EXCL | O_NOFOLLOW under a random name (nothing planted there can redirect the write),
//   flushed to disk with fsync and renamed over the target once complete. The rename replaces a
//   symbolic link at the target; it never writes to the file the link points to.
// - Every byte written is checked; a failure throws ExportError naming the path and the reason,
//   and leaves no temporary file. A stop request (interrupt.h) abandons the write the same way.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace weft {

// An output could not be written; the message names the path and the reason. `weft` exits 1.
class ExportError : public std::runtime_error {
 public:
  explicit ExportError(const std::string& message) : std::runtime_error(message) {}
};

// A write abandoned because weft was asked to stop (SIGINT, SIGTERM).
class WriteInterrupted : public ExportError {
 public:
  using ExportError::ExportError;
};

enum class OutputKind {
  standard_output,  // "-", or a path that is the file weft's standard output already writes
  stream,           // a FIFO or character device, written in place
  file,             // a regular file or a new name: temporary file, fsync, rename
  folder,           // a directory: not something weft writes a file into by that name
  unsupported,      // a block device or a socket: weft writes neither
};

// What `target` is now (a path that does not exist is a file to create).
OutputKind output_kind(const std::filesystem::path& target);

struct OutputOptions {
  // Writes FIFOs and character devices in place. Off for names weft chose itself inside a folder
  // it owns (the frame exports): whatever is found there is replaced.
  bool streams_in_place = true;
  bool create_folders = false;  // create the target's missing folders first
};

void write_output_file(const std::filesystem::path& target,
                       const std::function<void(std::ostream&)>& write,
                       const OutputOptions& options = {});

}  // namespace weft
