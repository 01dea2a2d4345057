#include "tests/support/picture_regions.h"

#include <algorithm>

namespace weft::test {

bool is_cloth_color(const uint8_t* p) {
  const int r = p[0], g = p[1], b = p[2];
  return r > g + 8 && g > b + 25 && r > 60;
}

bool is_particle_color(const uint8_t* p) {
  const int r = p[0], g = p[1], b = p[2];
  return g > r + 40 && b > r + 40 && g > 70;
}

bool is_content_color(const uint8_t* p) {
  const int hi = std::max({p[0], p[1], p[2]});
  const int lo = std::min({p[0], p[1], p[2]});
  return hi - lo > 40;
}

bool is_grey(const uint8_t* p) {
  const int hi = std::max({p[0], p[1], p[2]});
  const int lo = std::min({p[0], p[1], p[2]});
  return hi - lo <= 6;
}

float luma(const uint8_t* p) {
  return 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
}

ClothPixels find_cloth(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height) {
  return find_pixels(rgba, width, height, is_cloth_color);
}

ClothPixels find_pixels(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                        PixelClass is_wanted) {
  ClothPixels cloth;
  cloth.bounds = {static_cast<float>(width), static_cast<float>(height), 0.0f, 0.0f};
  glm::dvec2 sum(0.0);
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x) {
      if (!is_wanted(&rgba[(size_t{y} * width + x) * 4])) continue;
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
  return count_pixels_in(rgba, width, height, box, is_cloth_color);
}

uint32_t count_pixels_in(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                         const PixelBox& box, PixelClass is_wanted) {
  uint32_t count = 0;
  const uint32_t x0 = static_cast<uint32_t>(std::clamp(box.x0, 0.0f, float(width)));
  const uint32_t x1 = static_cast<uint32_t>(std::clamp(box.x1, 0.0f, float(width)));
  const uint32_t y0 = static_cast<uint32_t>(std::clamp(box.y0, 0.0f, float(height)));
  const uint32_t y1 = static_cast<uint32_t>(std::clamp(box.y1, 0.0f, float(height)));
  for (uint32_t y = y0; y < y1; ++y) {
    for (uint32_t x = x0; x < x1; ++x) {
      if (is_wanted(&rgba[(size_t{y} * width + x) * 4])) ++count;
    }
  }
  return count;
}

uint32_t count_blobs(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                     PixelClass is_wanted, uint32_t min_pixels) {
  std::vector<bool> seen(size_t{width} * height, false);
  std::vector<uint32_t> stack;
  uint32_t blobs = 0;
  for (uint32_t start = 0; start < width * height; ++start) {
    if (seen[start] || !is_wanted(&rgba[size_t{start} * 4])) continue;
    uint32_t size = 0;
    stack.push_back(start);
    seen[start] = true;
    while (!stack.empty()) {
      const uint32_t i = stack.back();
      stack.pop_back();
      ++size;
      const uint32_t x = i % width, y = i / width;
      const uint32_t neighbours[4] = {x > 0 ? i - 1 : i, x + 1 < width ? i + 1 : i,
                                      y > 0 ? i - width : i, y + 1 < height ? i + width : i};
      for (uint32_t n : neighbours) {
        if (seen[n] || !is_wanted(&rgba[size_t{n} * 4])) continue;
        seen[n] = true;
        stack.push_back(n);
      }
    }
    if (size >= min_pixels) ++blobs;
  }
  return blobs;
}

}  // namespace weft::test
