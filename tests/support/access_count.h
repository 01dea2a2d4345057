// The traffic tests' count of what one dispatch reads and writes: unique (buffer, element) pairs
// and their bytes, so that an element many threads read counts once, as a cache serves it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace weft::test {

class AccessCount {
 public:
  void read(const char* buffer, uint64_t index, uint64_t size) { reads_[{buffer, index}] = size; }
  void write(const char* buffer, uint64_t index, uint64_t size) { writes_[{buffer, index}] = size; }
  // A read-modify-write (an atomic add): both.
  void atomic(const char* buffer, uint64_t index, uint64_t size) {
    read(buffer, index, size);
    write(buffer, index, size);
  }
  uint64_t bytes() const {
    uint64_t total = 0;
    for (const auto& [key, size] : reads_)
      total += size;
    for (const auto& [key, size] : writes_)
      total += size;
    return total;
  }

 private:
  std::map<std::pair<std::string, uint64_t>, uint64_t> reads_;
  std::map<std::pair<std::string, uint64_t>, uint64_t> writes_;
};

}  // namespace weft::test
