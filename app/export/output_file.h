// How weft writes every file (the outputs a user asks for, the viewer's screenshots and saved
// scenes, bench reports): complete or not at all, and nowhere but where asked.
//
// - "-" is standard output, and a FIFO or character device (a pipe, /dev/null, /dev/stdout, a
//   terminal) is written in place: it is a stream someone reads, and replacing it with a regular
//   file would break the reader (and, for root, replace a device node).
// - Anything else is written to a new temporary file in the target's folder (temporary_file.h:
//   exclusive, under a random name), flushed to disk with fsync and renamed over the target once
//   complete. The rename replaces a symbolic link at the target; it never writes to the file the
//   link points to. A file replaced keeps its permissions; one with other hard links is refused,
//   since the rename would leave them holding the old content.
// - Which existing file may be replaced depends on who named it (Replace): the user, weft after
//   a name the user gave, or weft alone.
// - Every byte written is checked; a failure throws ExportError naming the path and the reason,
//   and leaves no temporary file. A stop request (interrupt.h) abandons the write the same way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace weft {

class TemporaryFile;

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

// Which file already at the target may be replaced.
enum class Replace {
  any,         // the user named the file: whatever is there is replaced (and the caller says so)
  weft_files,  // weft made the name from one the user gave (a point cache's rest mesh, a saved
               // scene's meshes): only a regular file that starts with `weft_marker`, which weft
               // wrote for the same purpose, is replaced; anything else there is refused
  never,       // weft chose the name alone (numbered screenshots): nothing is ever replaced
};

struct OutputOptions {
  // Writes FIFOs and character devices in place. Off for names weft chose itself inside a folder
  // the user gave it (the frame exports): a regular file is always written there.
  bool streams_in_place = true;
  bool create_folders = false;  // create the target's missing folders first
  Replace replace = Replace::any;
  std::string weft_marker;  // Replace::weft_files: the first bytes of every such file weft writes
};

struct WrittenFile {
  std::filesystem::path path;
  bool replaced = false;  // a file of that name was there before, and is no more
};

// Why the file now at `target` may not be replaced under `options`, or nothing (nothing there, or
// something that may go). Also checked by write_output_file itself.
std::optional<std::string> replace_problem(const std::filesystem::path& target,
                                           const OutputOptions& options);

WrittenFile write_output_file(const std::filesystem::path& target,
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

  // The rename over the target; ExportError naming it when that fails (with Replace::never,
  // also when a file of that name appeared meanwhile).
  WrittenFile commit();
  // The rename to `name` in the same folder, only if nothing has that name: false if something
  // has. For names weft numbers itself.
  bool commit_as_new(const std::filesystem::path& name);
  bool replaces() const { return replaces_; }  // a file is at the target now
  // The temporary file, open for reading and writing, when it was prepared without a writer (a
  // video, which ffmpeg writes through it); -1 otherwise. commit() flushes it to disk first.
  int fd() const;
  std::filesystem::path temporary_path() const;  // empty once committed

 private:
  PreparedFile() = default;
  void finish_writing();  // fsync and close the temporary file, if still open
  friend PreparedFile prepare_output_file(const std::filesystem::path&,
                                          const std::function<void(std::ostream&)>&,
                                          const OutputOptions&);

  std::filesystem::path target_;
  int directory_ = -1;  // the target's folder, open
  Replace replace_ = Replace::any;
  bool replaces_ = false;
  std::unique_ptr<TemporaryFile> temporary_;  // null once committed
};

// Writes the temporary file of a regular file (or a new name) as write_output_file does, but
// leaves the rename to commit(); without `write`, leaves it empty and open (fd()). Streams and
// standard output are not for this: the caller checks output_kind first.
PreparedFile prepare_output_file(const std::filesystem::path& target,
                                 const std::function<void(std::ostream&)>& write,
                                 const OutputOptions& options = {});

// Puts a complete file another program wrote (RenderDoc's capture, in a TemporaryFolder beside
// the target) in place of `target`, as write_output_file puts its own: a regular file or a new
// name only, after the same checks. ExportError naming the target when it cannot.
WrittenFile move_output_file(const std::filesystem::path& written,
                             const std::filesystem::path& target);

// Creates `folder` and its missing parents for the files weft writes into it (--export);
// ExportError naming it when it cannot, or when a file stands where it belongs.
void create_output_folder(const std::filesystem::path& folder);

// Writes a new file named name_for(n), for the first n from `next` on whose name is free, and
// never replaces a file (the viewer's screenshots, "weft-screenshot-3.png"); `next` is left past
// the number taken. Returns the path written.
std::filesystem::path write_numbered_file(
    const std::function<std::filesystem::path(uint32_t)>& name_for, uint32_t& next,
    const std::function<void(std::ostream&)>& write, bool create_folders = false);

}  // namespace weft
