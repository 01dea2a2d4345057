#include "tests/support/picture_compare.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

namespace weft::test {

PictureDifference compare_pictures(const Picture& picture, const Picture& reference,
                                   int threshold) {
  if (picture.width != reference.width || picture.height != reference.height ||
      picture.rgba.size() != reference.rgba.size() || picture.rgba.empty()) {
    throw std::invalid_argument("compare_pictures: the pictures differ in size");
  }
  PictureDifference difference;
  uint64_t visible = 0, sum = 0;
  int64_t shift = 0;
  const size_t pixels = picture.rgba.size() / 4;
  for (size_t i = 0; i < pixels; ++i) {
    const uint8_t* a = &picture.rgba[4 * i];
    const uint8_t* b = &reference.rgba[4 * i];
    int largest = 0;
    for (int c = 0; c < 3; ++c) {
      largest = std::max(largest, std::abs(int{a[c]} - int{b[c]}));
      shift += int{a[c]} - int{b[c]};
    }
    if (largest > threshold) ++visible;
    sum += static_cast<uint64_t>(largest);
  }
  difference.visible_share = static_cast<double>(visible) / static_cast<double>(pixels);
  difference.mean_difference = static_cast<double>(sum) / static_cast<double>(pixels);
  difference.mean_shift = static_cast<double>(shift) / (3.0 * static_cast<double>(pixels));
  return difference;
}

std::optional<Picture> read_png(const std::string& path) {
  int width = 0, height = 0, channels = 0;
  stbi_uc* data = stbi_load(path.c_str(), &width, &height, &channels, 4);
  if (!data) return std::nullopt;
  Picture picture;
  picture.width = static_cast<uint32_t>(width);
  picture.height = static_cast<uint32_t>(height);
  picture.rgba.assign(data, data + static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
  stbi_image_free(data);
  return picture;
}

}  // namespace weft::test
