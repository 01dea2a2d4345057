#include "app/bench/bench_scene.h"

#include "sim/cloth_grid.h"

namespace weft {

namespace {

bool constrains_shear(BenchConstraints constraints) {
  return constraints == BenchConstraints::structural_and_shear;
}

}  // namespace

const char* integrator_option_name(Integrator integrator) {
  switch (integrator) {
    case Integrator::verlet:
      return "verlet";
    case Integrator::semi_implicit_euler:
      return "semi-implicit-euler";
    case Integrator::explicit_euler:
      return "explicit-euler";
  }
  return "";
}

Model make_bench_cloth(const BenchSceneSettings& settings) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = settings.grid.columns;
  cloth.rows = settings.grid.rows;
  cloth.origin = {-1.0f, 1.5f, -1.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};
  const float m = 0.5f / static_cast<float>(uint64_t{cloth.columns} * cloth.rows);
  cloth.particle_mass = m;
  // Stiffness and damping scale with the particle mass, so k/m (which decides stability) is the
  // same at every resolution and every grid runs the same physics.
  cloth.structural = {LinkKind::spring, 4000.0f * m, 0.5f * m, 0.0f};
  cloth.shear = {LinkKind::spring, 2000.0f * m, 0.5f * m, 0.0f};
  cloth.bend = {LinkKind::spring, 1000.0f * m, 0.5f * m, 0.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  const uint32_t first = add_cloth_grid(model, cloth);

  // The same links again as inextensible constraints, in the builder's order.
  if (settings.constraints != BenchConstraints::none) {
    const LinkMaterial rigid{LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    auto node = [&](uint32_t c, uint32_t r) { return first + r * cloth.columns + c; };
    for (uint32_t r = 0; r < cloth.rows; ++r) {
      for (uint32_t c = 0; c < cloth.columns; ++c) {
        if (c + 1 < cloth.columns)
          add_link(model, node(c, r), node(c + 1, r), rigid, "bench structural constraint");
        if (r + 1 < cloth.rows)
          add_link(model, node(c, r), node(c, r + 1), rigid, "bench structural constraint");
        if (constrains_shear(settings.constraints) && c + 1 < cloth.columns && r + 1 < cloth.rows) {
          add_link(model, node(c, r), node(c + 1, r + 1), rigid, "bench shear constraint");
          add_link(model, node(c + 1, r), node(c, r + 1), rigid, "bench shear constraint");
        }
      }
    }
  }

  model.environment.air_drag = 0.002f * m;
  model.solver.integrator = settings.integrator;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = settings.substeps;
  model.solver.relaxation_sweeps = settings.sweeps;
  model.solver.verlet_damping = 0.002f;
  return model;
}

GpuFootprint bench_cloth_footprint(const BenchSceneSettings& settings) {
  const ClothGridCounts counts = count_cloth_grid(settings.grid.columns, settings.grid.rows);
  GpuFootprint footprint;
  footprint.particles = counts.particles;
  footprint.spring_refs = 2 * (counts.structural + counts.shear + counts.bend);
  if (settings.constraints != BenchConstraints::none) footprint.constraints = counts.structural;
  if (constrains_shear(settings.constraints)) footprint.constraints += counts.shear;
  footprint.lambdas = footprint.constraints;
  return footprint;
}

std::string describe_bench_cloth(const BenchSceneSettings& s) {
  std::string text =
      "cloth grid hanging from 2 pinned corners; springs on structural, shear and "
      "bend links; ";
  text += s.constraints == BenchConstraints::none
              ? std::string("no distance constraints")
              : std::string(constraints_name(s.constraints)) + " links also distance constraints";
  text += "; gravity, air drag, no colliders; " + std::string(integrator_option_name(s.integrator)) +
          ", " + std::to_string(s.substeps) + " substeps x " + std::to_string(s.sweeps) +
          " relaxation sweeps per frame of 1/60 s";
  return text;
}

}  // namespace weft
