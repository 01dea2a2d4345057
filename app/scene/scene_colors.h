// The colour each cloth, mesh and rope of a scene is drawn in: its `color` key, or else the next
// colour of a palette, so that two objects without one never look alike. Colours are given as
// sRGB components from 0 to 1, as a colour picker shows them; drawing takes them linear.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

namespace weft {

struct Scene;
class TableReader;

// A run of a model's particles drawn in one colour (linear RGB) on the face of their fabric, and
// paler on its reverse. The face is the side a mesh's triangles wind counter-clockwise to (as in
// an OBJ file); a cloth grid's, the side from which it reads like a page, width_axis to the right
// and height_axis down (its triangles wind clockwise to it).
struct ParticleColors {
  uint32_t first_particle = 0;
  uint32_t particle_count = 0;
  glm::vec3 color{0.0f};
  bool face_along_normal = false;  // the face is the side the triangles' normals point to
  // m: the side of the squares of a check woven into the fabric, laid out in the particles' rest
  // coordinates (a grid's rows and columns); 0: a plain fabric.
  float check_size = 0.0f;
};

// The n-th colour of the palette (sRGB, 0..1); it repeats after a few.
glm::vec3 palette_color(size_t n);
// sRGB components (0..1) to linear ones, as the shaders light them.
glm::vec3 srgb_to_linear(const glm::vec3& srgb);
// Per system of the scene, the colour of each of its cloths, meshes and ropes (in linear RGB):
// the object's own, or the next palette colour, counted over the whole scene in file order.
std::vector<std::vector<ParticleColors>> object_colors(const Scene& scene);

// The `color = [r, g, b]` key of an object table, each component from 0 to 1, if given.
std::optional<glm::vec3> read_color(const TableReader& table);
// The `check_size` key of a cloth or mesh table, m; 0 where it is not given.
float read_check_size(const TableReader& table);

}  // namespace weft
