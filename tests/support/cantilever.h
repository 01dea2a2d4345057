// The cantilever bending test of textiles (Peirce 1930; ASTM D1388) as a model: a strip of cloth
// held level on a ledge by its first three node columns overhangs the ledge by a few bending
// lengths c = (B / w)^(1/3) and droops under its own weight; and its exact answer, the heavy
// elastica B phi'' = -w (l - s) cos(phi), phi(0) = 0, phi'(l) = 0 (phi below the horizontal),
// solved here independently of weft. tools/cantilever.py writes the same strip as a scene.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/energy.h"
#include "sim/core/solver_core.h"
#include "sim/model/model.h"
#include "sim/model/triangle_mesh.h"

namespace weft::test {

inline constexpr double kGravity = 9.81;
inline constexpr uint32_t kHeldColumns = 3;  // on the ledge; the last is its edge, at x = 0

struct Strip {
  uint32_t nodes = 10;         // over the overhang
  double overhang = 2.0;       // in bending lengths
  float density = 0.15f;       // kg/m^2 (cotton)
  float bending = 3e-6f;       // N m (cotton)
  float max_stretch = 0.003f;  // cotton's: tethers and strain limits hold the cloth within it
  bool mesh = false;           // a [[mesh]] of the same nodes (diagonals alternating) or a grid
  SolverVariant variant = SolverVariant::general;
  uint32_t substeps = 16;  // the scene defaults: 16 x 8
  uint32_t sweeps = 8;

  double weight() const { return density * kGravity; }
  double length() const { return overhang * std::cbrt(bending / weight()); }
  double spacing() const { return length() / nodes; }
  uint32_t columns() const { return nodes + kHeldColumns; }
  uint32_t rows() const {
    return std::max(3u, static_cast<uint32_t>(std::lround(0.8 * length() / spacing())) + 1);
  }
};

// (reach, drop) of the elastica's free end, by shooting on the curvature at the ledge: RK4 along
// the strip, bisecting until the free end carries no moment.
inline glm::dvec2 elastica_tip(double length, double bending, double weight) {
  auto shoot = [&](double curvature, glm::dvec2& tip) {
    const int steps = 2000;
    const double h = length / steps;
    double phi = 0.0, kappa = curvature;
    tip = glm::dvec2(0.0);
    auto rates = [&](double s, double p, double k) {
      return glm::dvec4(k, -weight * (length - s) * std::cos(p) / bending, std::cos(p),
                        std::sin(p));
    };
    for (int i = 0; i < steps; ++i) {
      const double s = i * h;
      const glm::dvec4 k1 = rates(s, phi, kappa);
      const glm::dvec4 k2 = rates(s + h / 2, phi + h / 2 * k1.x, kappa + h / 2 * k1.y);
      const glm::dvec4 k3 = rates(s + h / 2, phi + h / 2 * k2.x, kappa + h / 2 * k2.y);
      const glm::dvec4 k4 = rates(s + h, phi + h * k3.x, kappa + h * k3.y);
      const glm::dvec4 step = h / 6 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
      phi += step.x;
      kappa += step.y;
      tip += glm::dvec2(step.z, step.w);
    }
    return kappa;  // at the free end
  };
  double low = 0.0, high = weight * length * length / bending;
  glm::dvec2 tip;
  for (int i = 0; i < 60; ++i) {
    const double middle = (low + high) / 2;
    (shoot(middle, tip) > 0.0 ? high : low) = middle;
  }
  shoot((low + high) / 2, tip);
  return tip;
}

inline Model cantilever_model(const Strip& strip) {
  ClothMaterial material;
  material.areal_density = strip.density;
  material.stretch_stiffness = 1000.0f;
  material.shear_stiffness = 40.0f;
  material.bending_stiffness = strip.bending;
  material.max_stretch = strip.max_stretch;
  const float h = static_cast<float>(strip.spacing());
  const float x0 = -static_cast<float>(kHeldColumns - 1) * h;
  const float width = static_cast<float>(0.8 * strip.length());
  const uint32_t columns = strip.columns();
  const uint32_t rows = strip.rows();
  std::vector<uint32_t> held;
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < kHeldColumns; ++c)
      held.push_back(r * columns + c);
  }
  Model model;
  if (strip.mesh) {
    TriangleMeshDesc mesh;
    for (uint32_t r = 0; r < rows; ++r) {
      for (uint32_t c = 0; c < columns; ++c)
        mesh.vertices.push_back({x0 + float(c) * h, 1.0f, float(r) * width / float(rows - 1)});
    }
    for (uint32_t r = 0; r + 1 < rows; ++r) {
      for (uint32_t c = 0; c + 1 < columns; ++c) {
        const uint32_t i = r * columns + c, j = i + 1, k = i + columns, m = k + 1;
        if ((r + c) % 2) {
          mesh.triangles.push_back({i, j, m});
          mesh.triangles.push_back({i, m, k});
        } else {
          mesh.triangles.push_back({i, j, k});
          mesh.triangles.push_back({j, m, k});
        }
      }
    }
    apply_cloth_material(material, mesh);
    mesh.pinned = held;
    add_triangle_mesh(model, mesh);
  } else {
    ClothGridDesc cloth;
    cloth.origin = {x0, 1.0f, 0.0f};
    cloth.width_axis = {float(columns - 1) * h, 0.0f, 0.0f};
    cloth.height_axis = {0.0f, 0.0f, width};
    cloth.columns = columns;
    cloth.rows = rows;
    apply_cloth_material(material, cloth);
    cloth.pinned = held;
    add_cloth_grid(model, cloth);
  }
  model.environment.gravity = {0.0f, -float(kGravity), 0.0f};
  model.solver.variant = strip.variant;
  model.solver.substeps = strip.substeps;
  model.solver.relaxation_sweeps = strip.sweeps;
  model.solver.damping_rate = 3.0f;  // 1/s: the swing decays to 3e-7 of itself in 5 s
  return model;
}

struct Droop {
  double drop = 0.0;        // m, of the free end below the ledge, averaged across the strip
  double reach = 0.0;       // m, beyond the ledge
  double exact_drop = 0.0;  // the elastica's
  double kinetic = 0.0;     // J, at the end: how well it settled
  double elastic = 0.0;     // J stored at the end
  double released = 0.0;    // J of gravitational energy its droop released
  double error() const { return (drop - exact_drop) / exact_drop; }
};

// Settles the strip for `seconds` on the CPU reference (double) and measures its free end.
inline Droop droop(const Strip& strip, double seconds = 5.0) {
  const Model model = cantilever_model(strip);
  CpuSolver<double> solver(model);
  const double start =
      measure_energy(solver.core(), solver.state(), solver.velocities()).gravitational;
  const uint32_t frames = static_cast<uint32_t>(std::lround(seconds / model.solver.frame_dt));
  for (uint32_t f = 0; f < frames; ++f)
    solver.step_frame();
  Droop droop;
  const auto& x = solver.state().positions;
  const std::vector<glm::dvec3> v = solver.velocities();
  for (uint32_t r = 0; r < strip.rows(); ++r) {
    const glm::dvec4 end = x[r * strip.columns() + strip.columns() - 1];
    droop.drop += (1.0 - end.y) / strip.rows();
    droop.reach += end.x / strip.rows();
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].w > 0.0) droop.kinetic += 0.5 * glm::dot(v[i], v[i]) / x[i].w;
  }
  const Energy end = measure_energy(solver.core(), solver.state(), v);
  droop.elastic = end.elastic;
  droop.released = start - end.gravitational;
  droop.exact_drop = elastica_tip(strip.length(), strip.bending, strip.weight()).y;
  return droop;
}

}  // namespace weft::test
