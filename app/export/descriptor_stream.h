// An std::ostream over a POSIX file descriptor whose every write is checked: short writes are
// continued, EINTR is retried unless weft was asked to stop (interrupt.h), and the first error is
// kept (errno) for the caller to report. std::ofstream reports neither which error nor, for a
// full disk, always that one happened.
#pragma once

#include <array>
#include <ostream>
#include <streambuf>

namespace weft {

class DescriptorBuffer final : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd);

  // Writes out what is buffered; false on error (see error()).
  bool flush();
  // errno of the first failure, EINTR for a stop request, or 0.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* data, std::streamsize count) override;
  int sync() override;

 private:
  bool write_all(const char* data, size_t size);

  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buffer_;
};

class DescriptorStream final : public std::ostream {
 public:
  explicit DescriptorStream(int fd) : std::ostream(nullptr), buffer_(fd) { rdbuf(&buffer_); }
  DescriptorBuffer& buffer() { return buffer_; }

 private:
  DescriptorBuffer buffer_;
};

}  // namespace weft
