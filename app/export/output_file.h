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
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

namespace weft {

class TemporaryFileRecord;

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

// A regular file written under its temporary name beside the target and flushed to disk, not
// yet renamed over it: files that belong together (a saved scene and the meshes it names) are
// all prepared before any is committed, so that a failure while writing any leaves all of them
// as they were. Dropped without a commit, it removes its temporary file.
class PreparedFile {
 public:
  PreparedFile(PreparedFile&& other) noexcept;
  PreparedFile& operator=(PreparedFile&&) = delete;
  ~PreparedFile();

  void commit();  // the rename over the target; ExportError naming it when that fails

 private:
  PreparedFile() = default;
  friend PreparedFile prepare_output_file(const std::filesystem::path&,
                                          const std::function<void(std::ostream&)>&);

  std::filesystem::path target_;
  int directory_ = -1;     // the target's folder, open
  std::string temporary_;  // the temporary file's name in it; empty once committed
  std::unique_ptr<TemporaryFileRecord> record_;
};

// Writes the temporary file of a regular file (or a new name) as write_output_file does, but
// leaves the rename to commit(). Streams and standard output are not for this: the caller
// checks output_kind first.
PreparedFile prepare_output_file(const std::filesystem::path& target,
                                 const std::function<void(std::ostream&)>& write);

}  // namespace weft
