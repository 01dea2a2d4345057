#include "app/export/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <sys/stat.h>
#include <unistd.h>

#include "app/export/descriptor_stream.h"
#include "app/export/interrupt.h"
#include "app/export/temporary_file.h"

namespace weft {

namespace {

namespace fs = std::filesystem;

// Closes a descriptor on every path out (unless it was handed on).
struct Descriptor {
  int fd = -1;
  Descriptor() = default;
  explicit Descriptor(int value) : fd(value) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
  int release() {
    const int out = fd;
    fd = -1;
    return out;
  }
};

[[noreturn]] void fail(const fs::path& target, const std::string& reason) {
  throw ExportError("cannot write " + target.string() + ": " + reason);
}

[[noreturn]] void fail_errno(const fs::path& target, int error) {
  if (error == EINTR && interrupt_requested()) {
    throw WriteInterrupted("cannot write " + target.string() + ": interrupted by " +
                           interrupt_signal_name(interrupt_signal()));
  }
  fail(target, std::strerror(error));
}

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Runs `write` into the stream on `fd`, then checks that everything reached the descriptor.
void write_through(int fd, const fs::path& target,
                   const std::function<void(std::ostream&)>& write) {
  DescriptorStream out(fd);
  write(out);
  const bool flushed = out.buffer().flush();
  if (!flushed || out.buffer().error() != 0) fail_errno(target, out.buffer().error());
  if (!out) fail(target, "the stream failed");  // a formatting error with no errno
}

void write_to_standard_output(const fs::path& target,
                              const std::function<void(std::ostream&)>& write) {
  std::fflush(stdout);  // what weft printed before comes first
  write_through(STDOUT_FILENO, target, write);
}

void write_stream_in_place(const fs::path& target,
                           const std::function<void(std::ostream&)>& write) {
  // No O_CREAT, no O_TRUNC: this opens the FIFO or device that is there, and nothing else. Opening
  // a FIFO waits for its reader; a stop request interrupts the wait.
  int fd = -1;
  do {
    fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR && !interrupt_requested());
  if (fd < 0) fail_errno(target, errno);
  Descriptor file(fd);
  // The name may have been swapped for a regular file since it was looked at: never write a
  // regular file in place.
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) fail_errno(target, errno);
  if (!S_ISFIFO(info.st_mode) && !S_ISCHR(info.st_mode)) {
    fail(target, "it stopped being a FIFO or device while weft opened it");
  }
  write_through(file.fd, target, write);
  if (::close(file.release()) != 0 && errno != EINTR) fail_errno(target, errno);
}

// Whether the regular file `target` starts with `marker` (read without following a link).
bool starts_with(const fs::path& target, const std::string& marker) {
  Descriptor file(::open(target.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (file.fd < 0 || marker.empty()) return false;
  std::string head(marker.size(), '\0');
  size_t got = 0;
  while (got < head.size()) {
    const ssize_t n = ::read(file.fd, head.data() + got, head.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  return got == head.size() && head == marker;
}

void create_folders_of(const fs::path& target) {
  if (!target.has_parent_path()) return;
  std::error_code error;
  fs::create_directories(target.parent_path(), error);
  if (error) fail(target, "cannot create its folder: " + error.message());
}

// Renames without replacing: false when `to` exists.
bool rename_if_free(int directory, const std::string& from, const std::string& to) {
  if (::renameat2(directory, from.c_str(), directory, to.c_str(), RENAME_NOREPLACE) == 0) {
    return true;
  }
  if (errno == EEXIST) return false;
  if (errno != EINVAL && errno != ENOSYS) return false;
  // A file system without RENAME_NOREPLACE: a hard link also refuses an existing name.
  if (::linkat(directory, from.c_str(), directory, to.c_str(), 0) != 0) return false;
  ::unlinkat(directory, from.c_str(), 0);
  return true;
}

bool taken(const fs::path& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

}  // namespace

std::optional<std::string> replace_problem(const fs::path& target, const OutputOptions& options) {
  struct stat info {};
  if (::lstat(target.c_str(), &info) != 0) return std::nullopt;  // nothing there
  const bool regular = S_ISREG(info.st_mode);
  switch (options.replace) {
    case Replace::any:
      // A link is replaced, never followed; folders and devices are output_kind's to refuse.
      if (!regular) return std::nullopt;
      break;
    case Replace::never: return "a file of that name is there, and weft does not replace it";
    case Replace::weft_files:
      if (!regular || !starts_with(target, options.weft_marker)) {
        return "something weft did not write is there, and weft replaces a file it names itself "
               "only when it wrote it (move it away, or choose another name)";
      }
      break;
  }
  if (info.st_nlink > 1) {
    return "it has " + std::to_string(info.st_nlink) +
           " hard links, and replacing it would leave the other names with the old content "
           "(remove it first, or choose another name)";
  }
  return std::nullopt;
}

PreparedFile::PreparedFile(PreparedFile&& other) noexcept
    : target_(std::move(other.target_)),
      directory_(std::exchange(other.directory_, -1)),
      replace_(other.replace_),
      replaces_(other.replaces_),
      temporary_(std::move(other.temporary_)) {}

PreparedFile::~PreparedFile() {
  temporary_.reset();  // removes the file, if not committed
  if (directory_ >= 0) ::close(directory_);
}

int PreparedFile::fd() const {
  return temporary_ ? temporary_->fd() : -1;
}

std::filesystem::path PreparedFile::temporary_path() const {
  return temporary_ ? temporary_->path() : std::filesystem::path();
}

void PreparedFile::finish_writing() {
  if (!temporary_ || temporary_->fd() < 0) return;
  if (::fsync(temporary_->fd()) != 0) fail_errno(target_, errno);
  temporary_->close();
}

WrittenFile PreparedFile::commit() {
  if (directory_ < 0 || !temporary_) fail(target_, "it was already written");
  if (interrupt_requested()) fail_errno(target_, EINTR);
  finish_writing();
  if (replace_ == Replace::never) {
    if (!commit_as_new(target_.filename())) fail(target_, "a file of that name appeared meanwhile");
    return {target_, false};
  }
  const bool replaced = taken(target_);
  if (::renameat(directory_, temporary_->name().c_str(), directory_, target_.filename().c_str()) !=
      0) {
    fail_errno(target_, errno);
  }
  temporary_->renamed();
  temporary_.reset();
  ::fsync(directory_);  // the rename itself; some file systems cannot, and that is no error
  return {target_, replaced};
}

bool PreparedFile::commit_as_new(const fs::path& name) {
  if (directory_ < 0 || !temporary_) fail(target_, "it was already written");
  if (interrupt_requested()) fail_errno(target_, EINTR);
  finish_writing();
  if (!rename_if_free(directory_, temporary_->name(), name.string())) {
    if (errno == EEXIST) return false;
    fail_errno(target_.parent_path() / name, errno);
  }
  temporary_->renamed();
  temporary_.reset();
  ::fsync(directory_);
  return true;
}

PreparedFile prepare_output_file(const fs::path& target,
                                 const std::function<void(std::ostream&)>& write,
                                 const OutputOptions& options) {
  const fs::path name = target.filename();
  if (name.empty() || name == "." || name == "..") fail(target, "the path names a folder");
  if (options.create_folders) create_folders_of(target);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  PreparedFile prepared;
  prepared.target_ = target;
  prepared.replace_ = options.replace;
  prepared.directory_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (prepared.directory_ < 0) {
    fail(target, "its folder " + folder.string() + ": " + std::strerror(errno));
  }
  if (auto problem = replace_problem(target, options)) fail(target, *problem);
  struct stat existing {};
  const bool replaces_regular_file =
      ::fstatat(prepared.directory_, name.c_str(), &existing, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISREG(existing.st_mode);
  prepared.replaces_ = taken(target);

  prepared.temporary_ =
      std::make_unique<TemporaryFile>(prepared.directory_, folder, target, mode_t{0666});
  const int fd = prepared.temporary_->fd();
  if (replaces_regular_file) {
    // The replacement keeps the file's owner (where weft may give it) and permissions: a private
    // file stays private.
    if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
      const int ignored = ::fchown(fd, existing.st_uid, existing.st_gid);
      (void)ignored;
    }
    ::fchmod(fd, existing.st_mode & 0777);
  }
  if (!write) return prepared;  // written by someone else (ffmpeg), through fd()
  write_through(fd, target, write);
  // The data must be on disk before the name points at it, or a crash could leave an empty file
  // under the final name; fsync and close are where a full disk or an I/O error may surface.
  prepared.finish_writing();
  return prepared;
}

OutputKind output_kind(const fs::path& target) {
  if (target == "-") return OutputKind::standard_output;
  struct stat info {};
  if (::stat(target.c_str(), &info) != 0) return OutputKind::file;
  struct stat standard_output {};
  if (::fstat(STDOUT_FILENO, &standard_output) == 0 && same_file(info, standard_output)) {
    return OutputKind::standard_output;  // /dev/stdout, /proc/self/fd/1, or `> same-file`
  }
  if (S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode)) return OutputKind::stream;
  if (S_ISDIR(info.st_mode)) return OutputKind::folder;
  if (S_ISREG(info.st_mode)) return OutputKind::file;
  return OutputKind::unsupported;
}

WrittenFile write_output_file(const fs::path& target,
                              const std::function<void(std::ostream&)>& write,
                              const OutputOptions& options) {
  if (interrupt_requested()) fail_errno(target, EINTR);
  if (options.streams_in_place && options.replace == Replace::any) {
    switch (output_kind(target)) {
      case OutputKind::standard_output: write_to_standard_output(target, write); return {target};
      case OutputKind::stream: write_stream_in_place(target, write); return {target};
      case OutputKind::file: break;
      case OutputKind::folder: fail(target, "it is a folder; expected a file name");
      case OutputKind::unsupported:
        fail(target,
             "it is a block device or a socket; weft writes files, FIFOs and character "
             "devices");
    }
  }
  return prepare_output_file(target, write, options).commit();
}

WrittenFile move_output_file(const fs::path& written, const fs::path& target) {
  if (output_kind(target) != OutputKind::file)
    fail(target, "expected a regular file or a new name");
  if (auto problem = replace_problem(target, OutputOptions{})) fail(target, *problem);
  const bool replaced = taken(target);
  if (::rename(written.c_str(), target.c_str()) != 0) fail_errno(target, errno);
  return {target, replaced};
}

void create_output_folder(const fs::path& folder) {
  std::error_code error;
  fs::create_directories(folder, error);
  if (error || !fs::is_directory(folder)) {
    throw ExportError("cannot create the export directory " + folder.string() + ": " +
                      (error ? error.message() : "a file of that name is in the way"));
  }
}

fs::path write_numbered_file(const std::function<fs::path(uint32_t)>& name_for, uint32_t& next,
                             const std::function<void(std::ostream&)>& write, bool create_folders) {
  constexpr uint32_t kMaxNumbers = 100000;
  const uint32_t last = next + kMaxNumbers;
  while (next < last && taken(name_for(next)))
    ++next;  // earlier files, from this run or another: kept
  OutputOptions options;
  options.replace = Replace::never;
  options.create_folders = create_folders;
  PreparedFile prepared = prepare_output_file(name_for(next), write, options);
  for (; next < last; ++next) {
    const fs::path path = name_for(next);
    if (prepared.commit_as_new(path.filename())) {
      ++next;
      return path;
    }
  }
  fail(name_for(last), "the numbered names before it are all taken");
}

}  // namespace weft
