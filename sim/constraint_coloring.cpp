#include "sim/constraint_coloring.h"

#include <algorithm>

#include "sim/model.h"

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

ColoredConstraints color_constraints(uint32_t particle_count,
                                     const std::vector<DistanceConstraint>& constraints) {
  std::vector<ColorSet> used(particle_count);
  std::vector<uint32_t> color_of(constraints.size());
  uint32_t color_count = 0;
  for (size_t c = 0; c < constraints.size(); ++c) {
    const DistanceConstraint& constraint = constraints[c];
    uint32_t color = 0;
    while (used[constraint.a].has(color) || used[constraint.b].has(color))
      ++color;
    used[constraint.a].add(color);
    used[constraint.b].add(color);
    color_of[c] = color;
    color_count = std::max(color_count, color + 1);
  }

  ColoredConstraints colored;
  colored.color_offsets.assign(size_t{color_count} + 1, 0);
  for (uint32_t color : color_of)
    ++colored.color_offsets[color + 1];
  for (uint32_t c = 0; c < color_count; ++c)
    colored.color_offsets[c + 1] += colored.color_offsets[c];
  colored.constraints.resize(constraints.size());
  std::vector<uint32_t> cursor(colored.color_offsets.begin(), colored.color_offsets.end() - 1);
  for (size_t c = 0; c < constraints.size(); ++c) {
    const DistanceConstraint& constraint = constraints[c];
    colored.constraints[cursor[color_of[c]]++] = {constraint.a, constraint.b,
                                                  constraint.rest_length, constraint.compliance};
  }
  return colored;
}

}  // namespace weft
