#include "app/render/png_file.h"

#include <stdexcept>

// The one translation unit that compiles stb_image_write's implementation.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace weft {

namespace {

void append_to_stream(void* context, void* data, int size) {
  static_cast<std::ostream*>(context)->write(static_cast<const char*>(data), size);
}

}  // namespace

void encode_png(std::ostream& out, const Picture& picture) {
  if (picture.width == 0 || picture.height == 0 ||
      picture.rgba.size() != size_t{picture.width} * picture.height * 4) {
    throw std::invalid_argument("encode_png: the picture's size and pixels disagree");
  }
  const int stride = static_cast<int>(picture.width * 4);
  if (!stbi_write_png_to_func(append_to_stream, &out, static_cast<int>(picture.width),
                              static_cast<int>(picture.height), 4, picture.rgba.data(), stride)) {
    throw std::runtime_error("the PNG could not be encoded");
  }
}

}  // namespace weft
