// Looking at rendered pictures the way a person would: which pixels show the cloth (its warm
// orange and ochre, whatever the shading) and how they are spread, so that tests compare
// regions against the background instead of single pixels.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>

namespace weft::test {

struct PixelBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // pixels, x right, y down; inclusive-exclusive
};

struct ClothPixels {
  uint32_t count = 0;
  glm::vec2 centroid{0.0f};  // pixels
  PixelBox bounds;
};

// Whether an 8-bit sRGB pixel has the cloth's hue: red above green above blue by a margin
// that neither the grey ground and colliders nor the slate background nor magenta pins have.
bool is_cloth_color(const uint8_t* rgba);

// The cloth pixels of a picture (rgba: width * height * 4 bytes), optionally only inside a box.
ClothPixels find_cloth(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height);
uint32_t count_cloth_in(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                        const PixelBox& box);

}  // namespace weft::test
