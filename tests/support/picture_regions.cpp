#include "tests/support/picture_regions.h"

#include <algorithm>

namespace weft::test {

bool is_cloth_color(const uint8_t* p) {
  const int r = p[0], g = p[1], b = p[2];
  return r > g + 8 && g > b + 25 && r > 60;
}

ClothPixels find_cloth(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height) {
  ClothPixels cloth;
  cloth.bounds = {static_cast<float>(width), static_cast<float>(height), 0.0f, 0.0f};
  glm::dvec2 sum(0.0);
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x) {
      if (!is_cloth_color(&rgba[(size_t{y} * width + x) * 4])) continue;
      ++cloth.count;
      sum += glm::dvec2(x + 0.5, y + 0.5);
      cloth.bounds.x0 = std::min(cloth.bounds.x0, static_cast<float>(x));
      cloth.bounds.y0 = std::min(cloth.bounds.y0, static_cast<float>(y));
      cloth.bounds.x1 = std::max(cloth.bounds.x1, static_cast<float>(x + 1));
      cloth.bounds.y1 = std::max(cloth.bounds.y1, static_cast<float>(y + 1));
    }
  }
  if (cloth.count > 0) cloth.centroid = glm::vec2(sum / static_cast<double>(cloth.count));
  return cloth;
}

uint32_t count_cloth_in(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                        const PixelBox& box) {
  uint32_t count = 0;
  const uint32_t x0 = static_cast<uint32_t>(std::clamp(box.x0, 0.0f, float(width)));
  const uint32_t x1 = static_cast<uint32_t>(std::clamp(box.x1, 0.0f, float(width)));
  const uint32_t y0 = static_cast<uint32_t>(std::clamp(box.y0, 0.0f, float(height)));
  const uint32_t y1 = static_cast<uint32_t>(std::clamp(box.y1, 0.0f, float(height)));
  for (uint32_t y = y0; y < y1; ++y) {
    for (uint32_t x = x0; x < x1; ++x) {
      if (is_cloth_color(&rgba[(size_t{y} * width + x) * 4])) ++count;
    }
  }
  return count;
}

}  // namespace weft::test
