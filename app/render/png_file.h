// Writing 8-bit RGBA pictures as PNG files (stb_image_write from Debian's libstb-dev).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft {

struct Picture {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4 bytes, top row first
};

// Throws std::runtime_error naming the path when the file cannot be written.
void write_png(const std::string& path, const Picture& picture);

}  // namespace weft
