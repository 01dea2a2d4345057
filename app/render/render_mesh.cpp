#include "app/render/render_mesh.h"

#include "app/render/collider_bounds.h"
#include "sim/model/link_state.h"

#include <algorithm>
#include <bit>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/packing.hpp>

namespace weft {

std::vector<glm::vec3> vertex_normals(std::span<const glm::vec3> positions,
                                      const CornerAdjacency& adjacency) {
  std::vector<glm::vec3> normals(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    glm::vec3 sum(0.0f);
    for (uint32_t k = adjacency.offsets[i]; k < adjacency.offsets[i + 1]; ++k) {
      const gpu::TriangleCorner& c = adjacency.corners[k];
      sum += glm::cross(positions[c.next] - positions[i], positions[c.prev] - positions[i]);
    }
    const float len = glm::length(sum);
    normals[i] = len > 0.0f ? sum / len : glm::vec3(0.0f, 1.0f, 0.0f);
  }
  return normals;
}

std::vector<gpu::RenderLink> render_links(const Model& model) {
  std::vector<gpu::RenderLink> links;
  links.reserve(model.springs.size() + model.constraints.size());
  for (const Spring& s : model.springs) {
    links.push_back({s.a, s.b, s.rest_length, WEFT_LINK_SPRING});
  }
  for (const DistanceConstraint& c : model.constraints) {
    links.push_back(
        {c.a, c.b, c.rest_length,
         WEFT_LINK_CONSTRAINT | link_tear_bits(model, c.a, c.b) << WEFT_LINK_TEAR_SHIFT});
  }
  return links;
}

std::vector<gpu::RenderTriangle> render_triangles(const Model& model) {
  std::vector<gpu::RenderTriangle> triangles;
  triangles.reserve(model.triangles.size());
  for (const glm::uvec3& t : model.triangles) {
    const uint32_t a_bits = link_tear_bits(model, t.x, t.y) | link_tear_bits(model, t.x, t.z);
    const uint32_t b_bits = link_tear_bits(model, t.y, t.z);
    triangles.push_back({t.x, t.y, t.z, a_bits | b_bits << 16});
  }
  return triangles;
}

std::vector<gpu::TornTriangle> torn_triangles(const Model& model) {
  const auto code = [&](uint32_t from, uint32_t to) -> uint32_t {
    const uint32_t bit = link_tear_bits(model, from, to);
    return bit == 0 ? 0u : static_cast<uint32_t>(std::countr_zero(bit)) + 1u;
  };
  const std::vector<glm::vec3>& x = model.positions;
  std::vector<gpu::TornTriangle> torn;
  torn.reserve(model.triangles.size());
  for (const glm::uvec3& t : model.triangles) {
    torn.push_back({code(t.x, t.y) | code(t.y, t.z) << 4 | code(t.z, t.x) << 8,
                    glm::distance(x[t.x], x[t.y]), glm::distance(x[t.y], x[t.z]),
                    glm::distance(x[t.z], x[t.x]), glm::vec4(0.5f, 0.5f, 0.5f, 0.0f)});
  }
  return torn;
}

std::vector<uint32_t> pinned_particles(const Model& model) {
  std::vector<uint32_t> pinned;
  for (uint32_t i = 0; i < model.particle_count(); ++i) {
    if (model.inverse_masses[i] == 0.0f) pinned.push_back(i);
  }
  return pinned;
}

namespace {

std::vector<bool> triangle_corners(const Model& model) {
  std::vector<bool> corner(model.particle_count(), false);
  for (const glm::uvec3& t : model.triangles) {
    for (int k = 0; k < 3; ++k)
      corner[t[k]] = true;
  }
  return corner;
}

}  // namespace

std::vector<gpu::RenderParticle> free_particles(const Model& model) {
  const std::vector<bool> corner = triangle_corners(model);
  std::vector<float> spacing(model.particle_count(), 0.0f);
  std::vector<gpu::RenderLink> links = render_links(model);
  links.resize(move_line_links_first(links, model));
  for (const gpu::RenderLink& link : links) {
    if (link.rest_length <= 0.0f) continue;  // a spring to a point says nothing of spacing
    for (uint32_t end : {link.a, link.b}) {
      spacing[end] =
          spacing[end] > 0.0f ? std::min(spacing[end], link.rest_length) : link.rest_length;
    }
  }
  std::vector<gpu::RenderParticle> free;
  for (uint32_t i = 0; i < model.particle_count(); ++i) {
    // A pinned particle has its marker instead.
    if (!corner[i] && model.inverse_masses[i] != 0.0f) free.push_back({i, spacing[i]});
  }
  return free;
}

uint32_t move_line_links_first(std::vector<gpu::RenderLink>& links, const Model& model) {
  const std::vector<bool> corner = triangle_corners(model);
  const auto first_surface_link = std::stable_partition(
      links.begin(), links.end(),
      [&](const gpu::RenderLink& link) { return !corner[link.a] || !corner[link.b]; });
  return static_cast<uint32_t>(first_surface_link - links.begin());
}

Bounds merge(const Bounds& a, const Bounds& b) {
  return {glm::min(a.lo, b.lo), glm::max(a.hi, b.hi)};
}

float diagonal(const Bounds& bounds) {
  return glm::length(bounds.hi - bounds.lo);
}

gpu::RenderStyle render_style(const Model& model, float scene_diagonal) {
  gpu::RenderStyle style{};
  style.marker_radius = std::max(0.012f * scene_diagonal, 1e-3f);
  style.particle_radius = 0.8f * style.marker_radius;
  std::vector<gpu::RenderLink> links = render_links(model);
  links.resize(move_line_links_first(links, model));
  for (const gpu::RenderLink& link : links) {
    // A rest length of 0 (NeHe's spring to a point) says nothing about spacing.
    if (link.rest_length > 0.0f) {
      style.particle_radius = std::min(style.particle_radius, 0.2f * link.rest_length);
    }
  }
  style.line_width = 1.2f * style.particle_radius;
  style.min_pixels = 3.0f;
  return style;
}

std::vector<uint32_t> packed_colors(uint32_t particle_count,
                                    std::span<const ParticleColors> colors) {
  const auto pack = [](const glm::vec3& linear, bool face_along_normal) {
    const glm::vec3 c = glm::clamp(linear, 0.0f, 1.0f);
    return glm::packUnorm4x8(glm::vec4(c, face_along_normal ? 1.0f : 0.0f));
  };
  std::vector<uint32_t> packed(particle_count, pack(srgb_to_linear(palette_color(0)), false));
  for (const ParticleColors& range : colors) {
    const uint32_t end = std::min(range.first_particle + range.particle_count, particle_count);
    for (uint32_t p = range.first_particle; p < end; ++p)
      packed[p] = pack(range.color, range.face_along_normal);
  }
  return packed;
}

std::vector<glm::vec4> fabric_patterns(const Model& model, std::span<const ParticleColors> colors) {
  const uint32_t count = model.particle_count();
  std::vector<glm::vec4> patterns(count, glm::vec4(0.0f));
  for (const ParticleColors& range : colors) {
    if (!(range.check_size > 0.0f)) continue;
    const uint32_t first = std::min(range.first_particle, count);
    const uint32_t end = std::min(range.first_particle + range.particle_count, count);
    if (first == end) continue;
    const auto grid = std::find_if(model.grids.begin(), model.grids.end(),
                                   [&](const GridLayout& g) { return g.holds(first); });
    if (grid != model.grids.end()) {
      const float du = glm::length(grid->column_step), dv = glm::length(grid->row_step);
      for (uint32_t p = first; p < end; ++p) {
        const uint32_t k = p - grid->first_particle;
        patterns[p] = glm::vec4(float(k % grid->columns) * du, float(k / grid->columns) * dv,
                                range.check_size, 0.0f);
      }
      continue;
    }
    // A mesh lies out along the two axes of its rest box that are longest.
    glm::vec3 lo = model.positions[first], hi = lo;
    for (uint32_t p = first; p < end; ++p) {
      lo = glm::min(lo, model.positions[p]);
      hi = glm::max(hi, model.positions[p]);
    }
    const glm::vec3 span = hi - lo;
    const int flat = span.x <= span.y && span.x <= span.z ? 0 : (span.y <= span.z ? 1 : 2);
    const int u = flat == 0 ? 1 : 0, v = flat == 2 ? 1 : 2;
    for (uint32_t p = first; p < end; ++p) {
      const glm::vec3 rest = model.positions[p] - lo;
      patterns[p] = glm::vec4(rest[u], rest[v], range.check_size, 0.0f);
    }
  }
  return patterns;
}

Bounds scene_bounds(const Model& model) {
  Bounds b;
  if (model.positions.empty()) return b;
  b.lo = b.hi = model.positions[0];
  for (const glm::vec3& p : model.positions) {
    b.lo = glm::min(b.lo, p);
    b.hi = glm::max(b.hi, p);
  }
  const float lowest_start = b.lo.y;
  const float size = std::max(b.hi.x - b.lo.x, b.hi.z - b.lo.z);
  const bool pinned = std::find(model.inverse_masses.begin(), model.inverse_masses.end(), 0.0f) !=
                      model.inverse_masses.end();
  const float floor = b.hi.y - size;  // as low as a hanging model can swing
  if (pinned) b.lo.y = std::min(b.lo.y, floor);
  if (pinned && model.triangles.empty()) {
    // A rope swings in the upright plane it starts in: as far as its horizontal extent on
    // either side of a pin along each axis, and as far down as it is long.
    const glm::vec3 reach(b.hi.x - b.lo.x, size, b.hi.z - b.lo.z);
    for (uint32_t i = 0; i < model.particle_count(); ++i) {
      if (model.inverse_masses[i] != 0.0f) continue;
      const glm::vec3 p = model.positions[i];
      b.lo = glm::min(b.lo, p - reach);
      b.hi = glm::max(b.hi, glm::vec3(p.x + reach.x, b.hi.y, p.z + reach.z));
    }
  }
  // A ground between where the model starts and how low it could go stops it there.
  const Ground& ground = model.environment.ground;
  if (ground.mode != GroundMode::none && ground.height < lowest_start &&
      ground.height > std::min(floor, b.lo.y)) {
    b.lo.y = ground.height;
  }
  if (const std::optional<Bounds> colliders = collider_bounds(model.environment)) {
    b = merge(b, *colliders);
  }
  return b;
}

}  // namespace weft
