#include "sim/model/element_coloring.h"

#include <algorithm>
#include <numeric>

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

using ParticlesOf = std::function<std::span<const uint32_t>(size_t)>;

// First fit: each element, in the order given, takes the lowest colour none of its particles
// uses yet. Returns every element's colour.
std::vector<uint32_t> first_fit(uint32_t particle_count, const std::vector<uint32_t>& visit_order,
                                const ParticlesOf& particles_of) {
  std::vector<ColorSet> used(particle_count);
  std::vector<uint32_t> color_of(visit_order.size());
  for (uint32_t e : visit_order) {
    const std::span<const uint32_t> particles = particles_of(e);
    uint32_t color = 0;
    while (std::any_of(particles.begin(), particles.end(),
                       [&](uint32_t p) { return used[p].has(color); }))
      ++color;
    for (uint32_t p : particles)
      used[p].add(color);
    color_of[e] = color;
  }
  return color_of;
}

uint32_t count_of(const std::vector<uint32_t>& color_of) {
  return color_of.empty() ? 0u : *std::max_element(color_of.begin(), color_of.end()) + 1;
}

// No colouring has fewer colours than the most elements one particle takes part in.
uint32_t fewest_possible(uint32_t particle_count, size_t element_count,
                         const ParticlesOf& particles_of) {
  std::vector<uint32_t> elements_of(particle_count, 0);
  for (size_t e = 0; e < element_count; ++e)
    for (uint32_t p : particles_of(e))
      ++elements_of[p];
  return elements_of.empty() ? 0u : *std::max_element(elements_of.begin(), elements_of.end());
}

// Elements grouped by the distance between their first and last particle index, then by where
// they start. On a grid numbered row by row that groups links by direction (a row's links, a
// column's, each diagonal's), and first fit then alternates two colours per direction: a grid's
// structural and shear links take 8 colours, the fewest possible, where an order that mixes the
// directions at every node takes 9, one more relaxation dispatch per substep.
std::vector<uint32_t> by_index_span(size_t element_count, const ParticlesOf& particles_of) {
  std::vector<uint32_t> span_of(element_count), first_of(element_count);
  for (size_t e = 0; e < element_count; ++e) {
    const std::span<const uint32_t> particles = particles_of(e);
    const auto [lowest, highest] = std::minmax_element(particles.begin(), particles.end());
    span_of[e] = particles.empty() ? 0u : *highest - *lowest;
    first_of[e] = particles.empty() ? 0u : *lowest;
  }
  std::vector<uint32_t> order(element_count);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
    return span_of[x] != span_of[y] ? span_of[x] < span_of[y] : first_of[x] < first_of[y];
  });
  return order;
}

}  // namespace

ElementColors color_elements(uint32_t particle_count, size_t element_count,
                             const ParticlesOf& particles_of) {
  std::vector<uint32_t> input_order(element_count);
  std::iota(input_order.begin(), input_order.end(), 0u);
  std::vector<uint32_t> color_of = first_fit(particle_count, input_order, particles_of);
  // Every colour is a dispatch per sweep, so a second order is worth trying when the first one
  // used more colours than the least possible.
  if (count_of(color_of) > fewest_possible(particle_count, element_count, particles_of)) {
    std::vector<uint32_t> grouped =
        first_fit(particle_count, by_index_span(element_count, particles_of), particles_of);
    if (count_of(grouped) < count_of(color_of)) color_of = std::move(grouped);
  }
  const uint32_t color_count = count_of(color_of);

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
