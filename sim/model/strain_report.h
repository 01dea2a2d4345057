// How far a model's cloth and ropes are stretched, from their positions: what users read as "how
// much does it stretch". Strain is (length - rest) / rest of the links that carry stretch: the
// structural links of cloth grids (between row and column neighbours), and every listed spring
// and distance constraint of other objects (rope segments, mesh edges). A grid's shear and bend
// links are left out: folding shortens them with no stretch of the cloth.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include <glm/vec3.hpp>

namespace weft {

struct Model;

struct StrainReport {
  uint64_t links = 0;
  double max = 0.0;   // largest strain, >= 0 once any link is measured
  double mean = 0.0;  // over the links, compression counting as negative
  uint32_t a = 0;     // the particles of the most stretched link
  uint32_t b = 0;
  // The pinned particle (inverse mass 0 in the model) nearest to that link's middle, and how far
  // it is now (m): where the load that stretches it comes from. None when nothing is pinned.
  std::optional<uint32_t> nearest_pin;
  double pin_distance = 0.0;
};

// `link_state` (one per particle, shaders/link_state_layout.h; empty: nothing torn) leaves out the
// links of a cloth that tore.
StrainReport measure_strain(const Model& model, std::span<const glm::vec3> positions,
                            std::span<const uint32_t> link_state = {});

}  // namespace weft
