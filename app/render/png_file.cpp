#include "app/render/png_file.h"

#include <stdexcept>

// The one translation unit that compiles stb_image_write's implementation.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace weft {

void write_png(const std::string& path, const Picture& picture) {
  if (picture.width == 0 || picture.height == 0 ||
      picture.rgba.size() != size_t{picture.width} * picture.height * 4) {
    throw std::invalid_argument("write_png: the picture's size and pixels disagree");
  }
  const int stride = static_cast<int>(picture.width * 4);
  if (!stbi_write_png(path.c_str(), static_cast<int>(picture.width),
                      static_cast<int>(picture.height), 4, picture.rgba.data(), stride)) {
    throw std::runtime_error("cannot write the PNG file '" + path +
                             "' (does its folder exist and is it writable?)");
  }
}

}  // namespace weft
