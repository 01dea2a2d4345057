// The drape coefficient of a textile drape tester (Cusick's; ISO 9073-9, BS 5058): a specimen
// of fabric laid centred on a horizontal disc drapes under its own weight, and the share of the
// ring between the disc and the flat specimen that its shadow, seen from straight above, still
// covers is its drape coefficient, DC = (A_shadow - A_support) / (A_specimen - A_support): near 1
// for a stiff fabric that stays flat, near 0 for a limp one that hangs straight down.
//
// The shadow is the union of the cloth's triangles projected along y (weft's up) onto the
// horizontal plane, and of the support disc itself, counted on a grid of square cells: a cell is
// shadowed when its centre lies in a projected triangle or in the disc, so layers of a fold
// count once. Pure geometry on positions, for reports and tests, not for frames.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace weft {

// The tester's disc, seen from above: its centre on the horizontal plane (x, z) and its radius.
struct DrapeSupport {
  glm::dvec2 center{0.0};  // m: x and z of the disc's centre
  double radius = 0.0;     // m, > 0
};

struct DrapeMeasurement {
  double shadow_area = 0.0;    // m^2: the cloth's shadow united with the support's
  double support_area = 0.0;   // m^2: pi r^2
  double specimen_area = 0.0;  // m^2: the specimen laid flat
  double coefficient = 0.0;    // (shadow - support) / (specimen - support)
  double cell_size = 0.0;      // m: the side of the cells the shadow was counted on
};

// The finest cell the shadow is counted on (m), and how many cells a side it may take at most:
// a 30 cm specimen is counted on 0.5 mm cells (the area to about 0.1%); a larger one on coarser
// cells, so that the count never needs more than kMaxDrapeCellsPerSide squared cells.
inline constexpr double kDrapeCellSize = 0.0005;
inline constexpr uint32_t kMaxDrapeCellsPerSide = 4096;

// The area of the union of the triangles projected along y and the support disc, counted on
// cells of `cell_size` m (coarser where the extent needs more than kMaxDrapeCellsPerSide).
// `cell_size_used`, when given, receives the side of the cells counted on.
double shadow_area(const std::vector<glm::vec3>& positions,
                   const std::vector<glm::uvec3>& triangles, const DrapeSupport& support,
                   double cell_size = kDrapeCellSize, double* cell_size_used = nullptr);

// The drape coefficient of a specimen whose triangles are at `positions` now and at
// `rest_positions` laid flat. The specimen must be larger than the support (its area more
// than pi r^2).
DrapeMeasurement measure_drape(const std::vector<glm::vec3>& positions,
                               const std::vector<glm::vec3>& rest_positions,
                               const std::vector<glm::uvec3>& triangles,
                               const DrapeSupport& support);

}  // namespace weft
