// Splits elements (constraints over two, three or four particles) into colours such that no two
// elements of one colour share a particle, so each colour can be projected in parallel without
// races (Gauss-Seidel between colours). Greedy: each element, in order, takes the lowest colour
// none of its particles uses yet; when that needs more colours than the least possible, the
// elements are tried again grouped by direction. A grid gets the fewest; any mesh works.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace weft {

struct ElementColors {
  std::vector<uint32_t> order;    // element indices sorted by colour, in input order within one
  std::vector<uint32_t> offsets;  // colour c is order[offsets[c] .. offsets[c + 1])
  uint32_t count() const {
    return offsets.empty() ? 0u : static_cast<uint32_t>(offsets.size() - 1);
  }
};

// `particles_of(e)` lists the particles of element e.
ElementColors color_elements(uint32_t particle_count, size_t element_count,
                             const std::function<std::span<const uint32_t>(size_t)>& particles_of);

}  // namespace weft
