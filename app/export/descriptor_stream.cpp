#include "app/export/descriptor_stream.h"

#include <cerrno>
#include <cstring>

#include <unistd.h>

#include "app/export/interrupt.h"

namespace weft {

DescriptorBuffer::DescriptorBuffer(int fd) : fd_(fd) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool DescriptorBuffer::write_all(const char* data, size_t size) {
  while (size > 0 && error_ == 0) {
    if (interrupt_requested()) {
      error_ = EINTR;
      break;
    }
    const ssize_t written = ::write(fd_, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;  // the loop looks at the stop request first
      error_ = errno;
      break;
    }
    if (written == 0) {  // no progress and no error: treat as a full device rather than spin
      error_ = ENOSPC;
      break;
    }
    data += written;
    size -= static_cast<size_t>(written);
  }
  return error_ == 0;
}

bool DescriptorBuffer::flush() {
  const size_t pending = static_cast<size_t>(pptr() - pbase());
  const bool ok = write_all(pbase(), pending);
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return ok;
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type c) {
  if (!flush()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize DescriptorBuffer::xsputn(const char* data, std::streamsize count) {
  const auto size = static_cast<size_t>(count);
  if (size <= static_cast<size_t>(epptr() - pptr())) {
    std::memcpy(pptr(), data, size);
    pbump(static_cast<int>(size));
    return count;
  }
  // Larger than the room left: write what is buffered, then this directly.
  if (!flush() || !write_all(data, size)) return 0;
  return count;
}

int DescriptorBuffer::sync() {
  return flush() ? 0 : -1;
}

}  // namespace weft
