#include "sim/model/triangle_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include <glm/geometric.hpp>

#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

std::string triangle_name(size_t t, const glm::uvec3& tri) {
  return "mesh triangle " + std::to_string(t) + " (" + std::to_string(tri.x) + ", " +
         std::to_string(tri.y) + ", " + std::to_string(tri.z) + ")";
}

// The triangles around each undirected edge, edges in order of first appearance.
struct EdgeUse {
  uint32_t a, b;
  uint32_t opposite[2];  // vertex opposite the edge in its first two triangles
  uint32_t uses = 0;
};

}  // namespace

std::vector<float> mesh_vertex_masses(const TriangleMeshDesc& mesh) {
  if (!(mesh.areal_density > 0.0f))
    return std::vector<float>(mesh.vertices.size(), mesh.particle_mass);
  std::vector<double> area(mesh.vertices.size(), 0.0);
  for (const glm::uvec3& t : mesh.triangles) {
    const glm::dvec3 a(mesh.vertices[t.x]);
    const double third = glm::length(glm::cross(glm::dvec3(mesh.vertices[t.y]) - a,
                                                glm::dvec3(mesh.vertices[t.z]) - a)) /
                         6.0;
    for (int k = 0; k < 3; ++k)
      area[t[k]] += third;
  }
  std::vector<float> masses(area.size());
  for (size_t v = 0; v < area.size(); ++v) {
    masses[v] = static_cast<float>(double{mesh.areal_density} * area[v]);
    if (!(masses[v] > 0.0f)) {
      throw ModelError("mesh vertex " + std::to_string(v) +
                       " is on no triangle of non-zero area, so areal_density gives it no mass");
    }
  }
  return masses;
}

uint32_t add_triangle_mesh(Model& model, const TriangleMeshDesc& mesh) {
  const size_t vertex_count = mesh.vertices.size();
  if (vertex_count < 3 || mesh.triangles.empty()) {
    throw ModelError("mesh: needs at least one triangle, got " + std::to_string(vertex_count) +
                     " vertices and " + std::to_string(mesh.triangles.size()) + " triangles");
  }
  if (!std::isfinite(mesh.areal_density) || mesh.areal_density < 0.0f) {
    throw ModelError("mesh: areal_density must be finite and >= 0 kg/m^2, got " +
                     std::to_string(mesh.areal_density));
  }
  if (mesh.areal_density == 0.0f &&
      (!std::isfinite(mesh.particle_mass) || mesh.particle_mass <= 0.0f)) {
    throw ModelError("mesh: particle_mass must be > 0 kg, got " +
                     std::to_string(mesh.particle_mass));
  }
  check_link_material(mesh.edge, "mesh edge link");
  check_link_material(mesh.bend, "mesh bend link");
  if (!std::isfinite(mesh.stretch_stiffness) || mesh.stretch_stiffness < 0.0f ||
      (mesh.stretch_stiffness > 0.0f && mesh.edge.kind != LinkKind::constraint)) {
    throw ModelError(
        "mesh: stretch_stiffness must be finite and >= 0 N/m, and its edges "
        "constraints, got " +
        std::to_string(mesh.stretch_stiffness));
  }
  if (!std::isfinite(mesh.bending_stiffness) || mesh.bending_stiffness < 0.0f) {
    throw ModelError("mesh: bending_stiffness must be finite and >= 0 N m, got " +
                     std::to_string(mesh.bending_stiffness));
  }
  if (!std::isfinite(mesh.compression_softening) || !(mesh.compression_softening > 0.0f)) {
    throw ModelError("mesh: compression_softening must be finite and > 0, got " +
                     std::to_string(mesh.compression_softening));
  }
  for (size_t v = 0; v < vertex_count; ++v) {
    const glm::vec3& p = mesh.vertices[v];
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
      throw ModelError("mesh vertex " + std::to_string(v) + " is not finite");
    }
  }
  for (uint32_t pin : mesh.pinned) {
    if (pin >= vertex_count) {
      throw ModelError("mesh: pinned vertex " + std::to_string(pin) +
                       " does not exist (the mesh has " + std::to_string(vertex_count) +
                       " vertices)");
    }
  }

  std::vector<EdgeUse> edges;
  std::map<std::pair<uint32_t, uint32_t>, size_t> edge_index;
  for (size_t t = 0; t < mesh.triangles.size(); ++t) {
    const glm::uvec3& tri = mesh.triangles[t];
    for (int k = 0; k < 3; ++k) {
      if (tri[k] >= vertex_count) {
        throw ModelError(triangle_name(t, tri) + " uses vertex " + std::to_string(tri[k]) +
                         ", but the mesh has " + std::to_string(vertex_count) + " vertices");
      }
    }
    if (tri.x == tri.y || tri.y == tri.z || tri.x == tri.z) {
      throw ModelError(triangle_name(t, tri) + " repeats a vertex");
    }
    const glm::vec3 n = glm::cross(mesh.vertices[tri.y] - mesh.vertices[tri.x],
                                   mesh.vertices[tri.z] - mesh.vertices[tri.x]);
    if (!(glm::length(n) > 0.0f)) throw ModelError(triangle_name(t, tri) + " has zero area");
    for (int k = 0; k < 3; ++k) {
      const uint32_t a = tri[k];
      const uint32_t b = tri[(k + 1) % 3];
      const uint32_t opposite = tri[(k + 2) % 3];
      const auto key = std::minmax(a, b);
      auto [it, inserted] = edge_index.try_emplace({key.first, key.second}, edges.size());
      if (inserted) edges.push_back({key.first, key.second, {0, 0}, 0});
      EdgeUse& edge = edges[it->second];
      if (edge.uses == 2) {
        throw ModelError("mesh edge (" + std::to_string(edge.a) + ", " + std::to_string(edge.b) +
                         ") is shared by more than two triangles (non-manifold), the third is " +
                         triangle_name(t, tri));
      }
      edge.opposite[edge.uses++] = opposite;
    }
  }

  const std::vector<float> masses = mesh_vertex_masses(mesh);
  const uint32_t first = model.particle_count();
  for (size_t v = 0; v < vertex_count; ++v)
    model.add_particle(mesh.vertices[v], 1.0f / masses[v]);
  for (uint32_t pin : mesh.pinned)
    model.inverse_masses[first + pin] = 0.0f;
  for (const EdgeUse& edge : edges) {
    LinkMaterial link = mesh.edge;
    if (mesh.stretch_stiffness > 0.0f) {
      // The edge stands for the triangles beside it: stiffness S A / |e|^2, which is S for
      // the edges of a square grid's cells whatever their size.
      const glm::vec3 a = mesh.vertices[edge.a];
      const glm::vec3 b = mesh.vertices[edge.b];
      float area = 0.0f;
      for (uint32_t k = 0; k < edge.uses; ++k) {
        area += 0.5f * glm::length(glm::cross(b - a, mesh.vertices[edge.opposite[k]] - a));
      }
      link.compliance = glm::dot(b - a, b - a) / (mesh.stretch_stiffness * area);
      link.compression_compliance = link.compliance * mesh.compression_softening;
    }
    add_link(model, first + edge.a, first + edge.b, link, "mesh edge link");
  }
  for (const EdgeUse& edge : edges) {
    if (edge.uses == 2 && edge.opposite[0] != edge.opposite[1]) {
      add_link(model, first + edge.opposite[0], first + edge.opposite[1], mesh.bend,
               "mesh bend link");
    }
  }
  if (mesh.bending_stiffness > 0.0f) {
    for (const EdgeUse& edge : edges) {
      if (edge.uses != 2 || edge.opposite[0] == edge.opposite[1]) continue;
      const std::array<uint32_t, 4> local = {edge.a, edge.b, edge.opposite[0], edge.opposite[1]};
      std::array<glm::vec3, 4> rest;
      std::array<uint32_t, 4> particles;
      for (int k = 0; k < 4; ++k) {
        rest[k] = mesh.vertices[local[k]];
        particles[k] = first + local[k];
      }
      BendingElement element;
      if (hinge_bending(particles, rest, mesh.bending_stiffness, element)) {
        model.bending.push_back(element);
      }
    }
  }
  for (const glm::uvec3& tri : mesh.triangles)
    model.triangles.push_back(tri + glm::uvec3(first));
  if (mesh.tether_scale > 0.0f) {
    model.tether_groups.push_back(
        {first, static_cast<uint32_t>(vertex_count), mesh.tether_scale, mesh.tether_link_scale});
  }
  if (mesh.friction) {
    model.surface_frictions.push_back({first, static_cast<uint32_t>(vertex_count), *mesh.friction});
  }
  return first;
}

}  // namespace weft
