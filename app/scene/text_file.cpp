#include "app/scene/text_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace weft {

namespace {

// Closes the descriptor on every path out.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

TextFile failure(TextFile::Status status, std::string reason = {}) {
  TextFile file;
  file.status = status;
  file.reason = std::move(reason);
  return file;
}

}  // namespace

std::string describe_bytes(uint64_t bytes) {
  char text[64];
  if (bytes >= (uint64_t{1} << 30) && bytes % (uint64_t{1} << 30) == 0) {
    std::snprintf(text, sizeof text, "%llu GiB", static_cast<unsigned long long>(bytes >> 30));
  } else if (bytes >= (uint64_t{1} << 30)) {
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  } else if (bytes >= (uint64_t{1} << 20) && bytes % (uint64_t{1} << 20) == 0) {
    std::snprintf(text, sizeof text, "%llu MiB", static_cast<unsigned long long>(bytes >> 20));
  } else if (bytes >= (uint64_t{1} << 20)) {
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  } else if (bytes >= 1024 && bytes % 1024 == 0) {
    std::snprintf(text, sizeof text, "%llu KiB", static_cast<unsigned long long>(bytes >> 10));
  } else {
    std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
  }
  return text;
}

TextFile read_text_file(const std::filesystem::path& path, uint64_t max_bytes, bool allow_streams) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    return errno == ENOENT ? failure(TextFile::Status::missing)
                           : failure(TextFile::Status::unreadable, std::strerror(errno));
  }
  const bool stream = S_ISFIFO(info.st_mode) || S_ISCHR(info.st_mode);
  if (!S_ISREG(info.st_mode) && !(allow_streams && stream)) {
    return failure(TextFile::Status::not_a_file);
  }
  if (S_ISREG(info.st_mode) && static_cast<uint64_t>(info.st_size) > max_bytes) {
    return failure(TextFile::Status::too_large, "larger than " + describe_bytes(max_bytes));
  }
  Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return failure(TextFile::Status::unreadable, std::strerror(errno));
  TextFile out;
  if (S_ISREG(info.st_mode)) out.text.reserve(static_cast<size_t>(info.st_size) + 1);
  // The size may change between stat and read (or be 0, as in /proc): read up to the bound
  // plus one byte, which tells a file at the bound from a longer one.
  constexpr size_t kChunk = 1 << 16;
  for (;;) {
    const size_t room =
        static_cast<size_t>(std::min<uint64_t>(kChunk, max_bytes + 1 - out.text.size()));
    const size_t old_size = out.text.size();
    out.text.resize(old_size + room);
    const ssize_t got = ::read(file.fd, out.text.data() + old_size, room);
    if (got < 0) {
      if (errno == EINTR) {
        out.text.resize(old_size);
        continue;
      }
      return failure(TextFile::Status::unreadable, std::strerror(errno));
    }
    out.text.resize(old_size + static_cast<size_t>(got));
    if (got == 0) break;
    if (out.text.size() > max_bytes) {
      return failure(TextFile::Status::too_large, "larger than " + describe_bytes(max_bytes));
    }
  }
  return out;
}

}  // namespace weft
