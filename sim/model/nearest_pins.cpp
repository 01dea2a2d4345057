#include "sim/model/nearest_pins.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>

#include <glm/geometric.hpp>

#include "sim/model/grid_layout.h"

namespace weft {

RestShape::RestShape(const Model& model, const TetherGroup& group) : group_(group) {
  const uint32_t first = group.first_particle;
  const uint32_t count = group.particle_count;
  positions_.assign(model.positions.begin() + first, model.positions.begin() + first + count);
  auto inside = [&](uint32_t i) { return i >= first && i - first < count; };
  std::vector<std::pair<uint32_t, uint32_t>> links;
  auto link = [&](uint32_t a, uint32_t b) {
    if (inside(a) && inside(b) && a != b) links.emplace_back(a - first, b - first);
  };
  for (const Spring& s : model.springs)
    link(s.a, s.b);
  for (const DistanceConstraint& c : model.constraints)
    link(c.a, c.b);
  for (const GridLayout& grid : model.grids) {
    if (!inside(grid.first_particle)) continue;
    flat_.emplace_back(grid.first_particle - first,
                       grid.first_particle - first + static_cast<uint32_t>(grid.node_count()));
    if (grid.links_listed) continue;
    for_each_grid_link(grid, [&](uint32_t a, uint32_t b, GridLinkKind kind, uint32_t) {
      if (kind != GridLinkKind::bend) link(grid.first_particle + a, grid.first_particle + b);
    });
  }
  offsets_.assign(size_t{count} + 1, 0);
  for (const auto& [a, b] : links) {
    ++offsets_[a + 1];
    ++offsets_[b + 1];
  }
  for (uint32_t i = 0; i < count; ++i)
    offsets_[i + 1] += offsets_[i];
  edges_.resize(links.size() * 2);
  std::vector<uint32_t> cursor(offsets_.begin(), offsets_.end() - 1);
  for (const auto& [a, b] : links) {
    const float length = glm::distance(positions_[a], positions_[b]);
    edges_[cursor[a]++] = {b, length};
    edges_[cursor[b]++] = {a, length};
  }
}

std::vector<std::vector<PinDistance>> RestShape::nearest_pins(
    const std::vector<float>& inverse_masses, uint32_t count) const {
  const uint32_t first = group_.first_particle;
  const uint32_t n = group_.particle_count;
  std::vector<std::vector<PinDistance>> found(n);
  // (distance, local particle, local pin), nearest first.
  using Label = std::tuple<float, uint32_t, uint32_t>;
  std::priority_queue<Label, std::vector<Label>, std::greater<Label>> queue;
  for (uint32_t i = 0; i < n; ++i) {
    if (inverse_masses[first + i] == 0.0f) queue.emplace(0.0f, i, i);
  }
  while (!queue.empty()) {
    const auto [distance, node, pin] = queue.top();
    queue.pop();
    std::vector<PinDistance>& mine = found[node];
    if (mine.size() >= count) continue;
    const uint32_t pin_particle = first + pin;
    if (std::any_of(mine.begin(), mine.end(),
                    [&](const PinDistance& p) { return p.pin == pin_particle; })) {
      continue;
    }
    mine.push_back({pin_particle, distance});
    for (uint32_t e = offsets_[node]; e < offsets_[node + 1]; ++e) {
      const auto& [to, length] = edges_[e];
      if (found[to].size() < count) queue.emplace(distance + length, to, pin);
    }
  }
  // Within a flat grid the path along the links is longer than the straight line (up to 8% on a
  // diagonal): use the line, the cloth's true distance.
  auto same_grid = [&](uint32_t a, uint32_t b) {
    return std::any_of(flat_.begin(), flat_.end(), [&](const auto& range) {
      return a >= range.first && a < range.second && b >= range.first && b < range.second;
    });
  };
  for (uint32_t i = 0; i < n; ++i) {
    for (PinDistance& p : found[i]) {
      if (same_grid(i, p.pin - first))
        p.distance = glm::distance(positions_[i], positions_[p.pin - first]);
    }
  }
  return found;
}

}  // namespace weft
