#include "app/export/temporary_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>
#include <set>
#include <utility>

#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/export/interrupt.h"
#include "app/export/output_file.h"

namespace weft {

namespace {

constexpr std::string_view kMark = ".weft-";
constexpr std::string_view kEnd = ".tmp";
constexpr size_t kHexDigits = 16;

bool all_of(std::string_view text, int (*test)(int)) {
  for (char c : text) {
    if (!test(static_cast<unsigned char>(c))) return false;
  }
  return !text.empty();
}

int is_lower_hex(int c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

}  // namespace

std::string random_hex_suffix() {
  uint64_t value = 0;
  if (getrandom(&value, sizeof value, 0) != static_cast<ssize_t>(sizeof value)) {
    std::random_device device;
    value = (uint64_t{device()} << 32) ^ device();
  }
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

bool temporary_file_owner(std::string_view name, pid_t& pid) {
  // ".<target>.weft-<pid>-<16 hex digits>.tmp"
  if (name.size() < 1 + kMark.size() + 1 + 1 + kHexDigits + kEnd.size() || name[0] != '.' ||
      name.substr(name.size() - kEnd.size()) != kEnd) {
    return false;
  }
  const std::string_view body = name.substr(0, name.size() - kEnd.size());
  const size_t mark = body.rfind(kMark);
  if (mark == std::string_view::npos || mark == 0) return false;
  const std::string_view tail = body.substr(mark + kMark.size());  // "<pid>-<hex>"
  const size_t dash = tail.find('-');
  if (dash == std::string_view::npos || dash > 9) return false;
  const std::string_view digits = tail.substr(0, dash);
  const std::string_view hex = tail.substr(dash + 1);
  if (!all_of(digits, [](int c) { return c >= '0' && c <= '9' ? 1 : 0; }) ||
      hex.size() != kHexDigits || !all_of(hex, is_lower_hex)) {
    return false;
  }
  pid = static_cast<pid_t>(std::stol(std::string(digits)));
  return pid > 0;
}

namespace {

// Removes the regular files in the folder `name` of `parent`, then the folder (not following a
// link at any step).
void remove_folder(int parent, const char* name) {
  const int folder = ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (folder < 0) return;
  DIR* entries = ::fdopendir(folder);
  if (entries == nullptr) {
    ::close(folder);
    return;
  }
  while (const dirent* entry = ::readdir(entries)) {
    struct stat info {};
    if (::fstatat(folder, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) == 0 &&
        !S_ISDIR(info.st_mode)) {
      ::unlinkat(folder, entry->d_name, 0);
    }
  }
  ::closedir(entries);
  ::unlinkat(parent, name, AT_REMOVEDIR);
}

}  // namespace

void remove_stale_temporaries(int directory) {
  struct stat folder {};
  if (::fstat(directory, &folder) != 0) return;
  static std::mutex mutex;
  static std::set<std::pair<dev_t, ino_t>> cleaned;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (!cleaned.insert({folder.st_dev, folder.st_ino}).second) return;
  }
  const int listing = ::openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (listing < 0) return;
  DIR* entries = ::fdopendir(listing);
  if (entries == nullptr) {
    ::close(listing);
    return;
  }
  const pid_t self = ::getpid();
  while (const dirent* entry = ::readdir(entries)) {
    pid_t owner = 0;
    if (!temporary_file_owner(entry->d_name, owner) || owner == self) continue;
    struct stat info {};
    if (::fstatat(directory, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (!(S_ISREG(info.st_mode) || S_ISDIR(info.st_mode)) || info.st_uid != ::geteuid()) continue;
    // A process of that id still running may be the weft writing it (or one that took the id
    // over since): left alone either way.
    if (::kill(owner, 0) == 0 || errno != ESRCH) continue;
    if (S_ISDIR(info.st_mode)) {
      remove_folder(directory, entry->d_name);
    } else {
      ::unlinkat(directory, entry->d_name, 0);
    }
  }
  ::closedir(entries);
}

TemporaryFile::TemporaryFile(int directory, const std::filesystem::path& folder,
                             const std::filesystem::path& target, mode_t mode)
    : directory_(directory), folder_(folder), target_(target) {
  remove_stale_temporaries(directory);
  // Hidden, at most 100 bytes of the target's name so that the whole stays under NAME_MAX.
  const std::string stem = "." + target.filename().string().substr(0, 100) + std::string(kMark) +
                           std::to_string(::getpid()) + "-";
  std::string name;
  for (int attempt = 0; attempt < 16 && fd_ < 0; ++attempt) {
    name = stem + random_hex_suffix() + std::string(kEnd);
    fd_ = ::openat(directory, name.c_str(),
                   O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode);
    if (fd_ < 0 && errno != EEXIST) {
      throw ExportError("cannot write " + target.string() + ": " + std::strerror(errno));
    }
  }
  if (fd_ < 0) {
    throw ExportError("cannot write " + target.string() + ": no free temporary name in " +
                      folder.string());
  }
  name_ = name;
  record_ = std::make_unique<TemporaryFileRecord>(path().string());
}

TemporaryFile::~TemporaryFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!name_.empty()) ::unlinkat(directory_, name_.c_str(), 0);
}

void TemporaryFile::close() {
  const int fd = std::exchange(fd_, -1);
  if (fd >= 0 && ::close(fd) != 0 && errno != EINTR) {
    throw ExportError("cannot write " + target_.string() + ": " + std::strerror(errno));
  }
}

void TemporaryFile::renamed() {
  name_.clear();
  record_.reset();
}

TemporaryFolder::TemporaryFolder(const std::filesystem::path& target) {
  const std::filesystem::path folder =
      target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  parent_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (parent_ < 0) {
    throw ExportError("cannot write " + target.string() + ": its folder " + folder.string() + ": " +
                      std::strerror(errno));
  }
  remove_stale_temporaries(parent_);
  const std::string stem = "." + target.filename().string().substr(0, 100) + std::string(kMark) +
                           std::to_string(::getpid()) + "-";
  for (int attempt = 0; attempt < 16 && name_.empty(); ++attempt) {
    const std::string name = stem + random_hex_suffix() + std::string(kEnd);
    if (::mkdirat(parent_, name.c_str(), 0700) == 0) {
      name_ = name;
    } else if (errno != EEXIST) {
      const int error = errno;
      ::close(parent_);
      throw ExportError("cannot write " + target.string() + ": " + std::strerror(error));
    }
  }
  if (name_.empty()) {
    ::close(parent_);
    throw ExportError("cannot write " + target.string() + ": no free temporary name in " +
                      folder.string());
  }
  path_ = folder / name_;
}

TemporaryFolder::~TemporaryFolder() {
  remove_folder(parent_, name_.c_str());
  ::close(parent_);
}

}  // namespace weft
