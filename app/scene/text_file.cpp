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

TextFile read_text_pieces(const std::filesystem::path& path, uint64_t max_bytes,
                          const std::function<void(std::string_view)>& piece, bool allow_streams) {
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
  // The file may have been swapped since it was looked at: what was opened must be what was
  // checked.
  struct stat opened {};
  if (::fstat(file.fd, &opened) != 0 || opened.st_dev != info.st_dev ||
      opened.st_ino != info.st_ino) {
    return failure(TextFile::Status::unreadable, "it changed while weft opened it");
  }
  // The size may change between stat and read (or be 0, as in /proc): read up to the bound
  // plus one byte, which tells a file at the bound from a longer one.
  constexpr size_t kChunk = 1 << 20;
  std::string buffer(kChunk, '\0');
  uint64_t total = 0;
  for (;;) {
    const size_t room = static_cast<size_t>(std::min<uint64_t>(kChunk, max_bytes + 1 - total));
    const ssize_t got = ::read(file.fd, buffer.data(), room);
    if (got < 0) {
      if (errno == EINTR) continue;
      return failure(TextFile::Status::unreadable, std::strerror(errno));
    }
    if (got == 0) break;
    total += static_cast<uint64_t>(got);
    if (total > max_bytes) {
      return failure(TextFile::Status::too_large, "larger than " + describe_bytes(max_bytes));
    }
    piece(std::string_view(buffer.data(), static_cast<size_t>(got)));
  }
  return TextFile{};
}

TextFile read_text_file(const std::filesystem::path& path, uint64_t max_bytes, bool allow_streams) {
  std::string text;
  TextFile out = read_text_pieces(
      path, max_bytes, [&text](std::string_view piece) { text.append(piece); }, allow_streams);
  if (out.ok()) out.text = std::move(text);
  return out;
}

}  // namespace weft
