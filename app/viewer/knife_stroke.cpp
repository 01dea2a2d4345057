#include "app/viewer/knife_stroke.h"

#include <algorithm>
#include <optional>

#include <glm/common.hpp>

namespace weft {

namespace {

// > 0 when c lies to the left of a->b, < 0 to the right, 0 on its line.
float side(glm::vec2 a, glm::vec2 b, glm::vec2 c) {
  const glm::vec2 ab = b - a, ac = c - a;
  return ab.x * ac.y - ab.y * ac.x;
}

bool has_link(const GridLayout& grid, GridLinkKind kind) {
  const LinkKind link = grid_material(grid, kind).kind;
  return has_spring(link) || has_constraint(link);
}

struct Box {
  glm::vec2 low{0.0f}, high{0.0f};
  bool overlaps(const Box& other) const {
    return low.x <= other.high.x && other.low.x <= high.x && low.y <= other.high.y &&
           other.low.y <= high.y;
  }
};

}  // namespace

bool segments_cross(glm::vec2 a0, glm::vec2 a1, glm::vec2 b0, glm::vec2 b1) {
  const float b0_side = side(a0, a1, b0), b1_side = side(a0, a1, b1);
  const float a0_side = side(b0, b1, a0), a1_side = side(b0, b1, a1);
  return ((b0_side > 0.0f && b1_side < 0.0f) || (b0_side < 0.0f && b1_side > 0.0f)) &&
         ((a0_side > 0.0f && a1_side < 0.0f) || (a0_side < 0.0f && a1_side > 0.0f));
}

float crossing_share(glm::vec2 a0, glm::vec2 a1, glm::vec2 b0, glm::vec2 b1) {
  const float s0 = side(b0, b1, a0), s1 = side(b0, b1, a1);
  return s0 == s1 ? 0.5f : s0 / (s0 - s1);
}

bool any_tearable(const std::vector<GridLayout>& grids) {
  return std::any_of(grids.begin(), grids.end(),
                     [](const GridLayout& grid) { return grid.break_strain > 0.0f; });
}

std::vector<LinkCut> links_crossed(const std::vector<GridLayout>& grids,
                                   const std::vector<glm::vec4>& positions,
                                   const std::vector<uint32_t>& link_state,
                                   const glm::mat4& view_projection, glm::vec2 viewport,
                                   const std::vector<glm::vec2>& stroke,
                                   std::vector<float>* crossings) {
  std::vector<LinkCut> cuts;
  if (crossings) crossings->clear();
  if (stroke.size() < 2) return cuts;
  Box stroke_box{stroke.front(), stroke.front()};
  for (glm::vec2 point : stroke) {
    stroke_box.low = glm::min(stroke_box.low, point);
    stroke_box.high = glm::max(stroke_box.high, point);
  }
  for (const GridLayout& grid : grids) {
    if (grid.break_strain <= 0.0f) continue;
    // Every node in pixels, once; nothing for a node behind the camera.
    std::vector<std::optional<glm::vec2>> pixels(grid.node_count());
    for (uint32_t node = 0; node < grid.node_count(); ++node) {
      const glm::vec4 clip =
          view_projection * glm::vec4(glm::vec3(positions.at(grid.first_particle + node)), 1.0f);
      if (clip.w <= 0.0f) continue;
      pixels[node] = (0.5f * glm::vec2(clip) / clip.w + 0.5f) * viewport;
    }
    for (uint32_t node = 0; node < grid.node_count(); ++node) {
      if (!pixels[node]) continue;
      const uint32_t particle = grid.first_particle + node;
      const uint32_t torn = link_state.empty() ? 0u : link_state.at(particle);
      const int column = static_cast<int>(node % grid.columns);
      const int row = static_cast<int>(node / grid.columns);
      for (uint32_t k = 0; k < 8; k += 2) {  // the forward structural and shear directions
        const GridDirection& d = kGridDirections[k];
        const int c = column + d.column_offset, r = row + d.row_offset;
        if (c < 0 || r < 0 || c >= static_cast<int>(grid.columns) ||
            r >= static_cast<int>(grid.rows) || !has_link(grid, d.kind) || link_torn(torn, k)) {
          continue;
        }
        const std::optional<glm::vec2>& other =
            pixels[static_cast<uint32_t>(r) * grid.columns + static_cast<uint32_t>(c)];
        if (!other) continue;
        const Box link_box{glm::min(*pixels[node], *other), glm::max(*pixels[node], *other)};
        if (!link_box.overlaps(stroke_box)) continue;
        for (size_t s = 1; s < stroke.size(); ++s) {
          if (segments_cross(*pixels[node], *other, stroke[s - 1], stroke[s])) {
            cuts.push_back({particle, k});
            if (crossings) {
              crossings->push_back(crossing_share(*pixels[node], *other, stroke[s - 1], stroke[s]));
            }
            break;
          }
        }
      }
    }
  }
  return cuts;
}

}  // namespace weft
