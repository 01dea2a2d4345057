// Looking at rendered pictures the way a person would: which pixels show the cloth (its warm
// orange and ochre, whatever the shading; ropes and other lines share its colour), the particles
// (teal), anything drawn at all, or the grey ground, and how they are spread, so that tests
// compare regions against the background instead of single pixels.
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

// Whether a pixel has the particles' teal: green and blue well above red.
bool is_particle_color(const uint8_t* rgba);
// Whether a pixel shows something drawn in colour (cloth, line, particle, pin): far from grey,
// unlike the background, the ground and the colliders.
bool is_content_color(const uint8_t* rgba);
// Whether a pixel is grey (the ground, lit or in shadow): its channels within a few levels.
bool is_grey(const uint8_t* rgba);
// Rec. 709 luma of an 8-bit pixel, 0..255.
float luma(const uint8_t* rgba);

// The cloth pixels of a picture (rgba: width * height * 4 bytes), optionally only inside a box.
ClothPixels find_cloth(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height);
uint32_t count_cloth_in(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                        const PixelBox& box);
// The same for any class of pixel.
using PixelClass = bool (*)(const uint8_t* rgba);
uint32_t count_pixels_in(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                         const PixelBox& box, PixelClass is_wanted);
ClothPixels find_pixels(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                        PixelClass is_wanted);
// How many separate blobs (4-connected regions) of a class a picture has, counting only those of
// at least min_pixels.
uint32_t count_blobs(const std::vector<uint8_t>& rgba, uint32_t width, uint32_t height,
                     PixelClass is_wanted, uint32_t min_pixels);

}  // namespace weft::test
