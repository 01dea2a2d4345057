#include "app/export/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>
#include <utility>

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/export/descriptor_stream.h"
#include "app/export/interrupt.h"

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

// 16 hex digits nobody can guess, so that no one can plant a file (or a link) by that name first.
std::string random_suffix() {
  uint64_t value = 0;
  if (getrandom(&value, sizeof value, 0) != static_cast<ssize_t>(sizeof value)) {
    std::random_device device;
    value = (uint64_t{device()} << 32) ^ device();
  }
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
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

void replace_file(const fs::path& target, const std::function<void(std::ostream&)>& write) {
  prepare_output_file(target, write).commit();
}

}  // namespace

PreparedFile::PreparedFile(PreparedFile&& other) noexcept
    : target_(std::move(other.target_)),
      directory_(std::exchange(other.directory_, -1)),
      temporary_(std::move(other.temporary_)),
      record_(std::move(other.record_)) {}

PreparedFile::~PreparedFile() {
  if (directory_ < 0) return;
  if (!temporary_.empty()) ::unlinkat(directory_, temporary_.c_str(), 0);
  ::close(directory_);
}

void PreparedFile::commit() {
  if (directory_ < 0 || temporary_.empty()) fail(target_, "it was already written");
  if (interrupt_requested()) fail_errno(target_, EINTR);
  if (::renameat(directory_, temporary_.c_str(), directory_, target_.filename().c_str()) != 0) {
    fail_errno(target_, errno);
  }
  temporary_.clear();
  record_.reset();
  ::fsync(directory_);  // the rename itself; some file systems cannot, and that is no error
}

PreparedFile prepare_output_file(const fs::path& target,
                                 const std::function<void(std::ostream&)>& write) {
  const fs::path name = target.filename();
  if (name.empty() || name == "." || name == "..") fail(target, "the path names a folder");
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  PreparedFile prepared;
  prepared.target_ = target;
  prepared.directory_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (prepared.directory_ < 0) {
    fail(target, "its folder " + folder.string() + ": " + std::strerror(errno));
  }

  // Hidden, in the same folder (a rename cannot cross file systems), at most 100 bytes of the
  // target's name so that the whole stays under NAME_MAX.
  std::string temporary;
  Descriptor file;
  for (int attempt = 0; attempt < 16 && file.fd < 0; ++attempt) {
    temporary = "." + name.string().substr(0, 100) + ".weft-" + random_suffix() + ".tmp";
    file.fd = ::openat(prepared.directory_, temporary.c_str(),
                       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0666);
    if (file.fd < 0 && errno != EEXIST) fail_errno(target, errno);
  }
  if (file.fd < 0) fail(target, "no free temporary name in " + folder.string());
  // From here on the destructor removes it, on every way out.
  prepared.temporary_ = temporary;
  prepared.record_ = std::make_unique<TemporaryFileRecord>((folder / temporary).string());

  write_through(file.fd, target, write);
  // The data must be on disk before the name points at it, or a crash could leave an empty file
  // under the final name; fsync and close are where a full disk or an I/O error may surface.
  if (::fsync(file.fd) != 0) fail_errno(target, errno);
  if (::close(file.release()) != 0) fail_errno(target, errno);
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

void write_output_file(const fs::path& target, const std::function<void(std::ostream&)>& write,
                       const OutputOptions& options) {
  if (interrupt_requested()) fail_errno(target, EINTR);
  if (options.streams_in_place) {
    switch (output_kind(target)) {
      case OutputKind::standard_output: return write_to_standard_output(target, write);
      case OutputKind::stream: return write_stream_in_place(target, write);
      case OutputKind::file: break;
      case OutputKind::folder: fail(target, "it is a folder; expected a file name");
      case OutputKind::unsupported:
        fail(target,
             "it is a block device or a socket; weft writes files, FIFOs and character "
             "devices");
    }
  }
  if (options.create_folders && target.has_parent_path()) {
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    if (error) fail(target, "cannot create its folder: " + error.message());
  }
  replace_file(target, write);
}

}  // namespace weft
