// Encoding 8-bit RGBA pictures as PNG (stb_image_write from Debian's libstb-dev). The bytes go to
// a stream: files are written through weft's one writer (app/export/output_file.h).
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

namespace weft {

struct Picture {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4 bytes, top row first
};

// Throws std::invalid_argument for a picture whose size and pixels disagree, std::runtime_error
// when the encoder fails.
void encode_png(std::ostream& out, const Picture& picture);

}  // namespace weft
