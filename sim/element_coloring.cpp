#include "sim/element_coloring.h"

#include <algorithm>

namespace weft {

namespace {

// The colours a particle already takes part in, as a growable bit set.
class ColorSet {
 public:
  bool has(uint32_t color) const {
    return color / 64 < words_.size() && (words_[color / 64] >> (color % 64)) & 1u;
  }
  void add(uint32_t color) {
    if (color / 64 >= words_.size()) words_.resize(color / 64 + 1, 0);
    words_[color / 64] |= uint64_t{1} << (color % 64);
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace

ElementColors color_elements(uint32_t particle_count, size_t element_count,
                             const std::function<std::span<const uint32_t>(size_t)>& particles_of) {
  std::vector<ColorSet> used(particle_count);
  std::vector<uint32_t> color_of(element_count);
  uint32_t color_count = 0;
  for (size_t e = 0; e < element_count; ++e) {
    const std::span<const uint32_t> particles = particles_of(e);
    uint32_t color = 0;
    while (std::any_of(particles.begin(), particles.end(),
                       [&](uint32_t p) { return used[p].has(color); }))
      ++color;
    for (uint32_t p : particles)
      used[p].add(color);
    color_of[e] = color;
    color_count = std::max(color_count, color + 1);
  }
  ElementColors colors;
  colors.offsets.assign(size_t{color_count} + 1, 0);
  for (uint32_t color : color_of)
    ++colors.offsets[color + 1];
  for (uint32_t c = 0; c < color_count; ++c)
    colors.offsets[c + 1] += colors.offsets[c];
  colors.order.resize(element_count);
  std::vector<uint32_t> cursor(colors.offsets.begin(), colors.offsets.end() - 1);
  for (size_t e = 0; e < element_count; ++e)
    colors.order[cursor[color_of[e]]++] = static_cast<uint32_t>(e);
  return colors;
}

}  // namespace weft
