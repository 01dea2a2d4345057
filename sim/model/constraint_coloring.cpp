#include "sim/model/constraint_coloring.h"

#include <array>

#include "sim/model/element_coloring.h"
#include "sim/model/model.h"

namespace weft {

ColoredConstraints color_constraints(uint32_t particle_count,
                                     const std::vector<DistanceConstraint>& constraints) {
  std::array<uint32_t, 2> ends{};
  const ElementColors colors = color_elements(particle_count, constraints.size(), [&](size_t c) {
    ends = {constraints[c].a, constraints[c].b};
    return std::span<const uint32_t>(ends);
  });
  ColoredConstraints colored;
  colored.color_offsets = colors.offsets;
  colored.constraints.reserve(constraints.size());
  for (uint32_t c : colors.order) {
    const DistanceConstraint& constraint = constraints[c];
    colored.constraints.push_back(
        {constraint.a, constraint.b, constraint.rest_length, constraint.compliance,
         constraint.compression_compliance.value_or(constraint.compliance)});
  }
  return colored;
}

}  // namespace weft
