#include "app/bench/bench_scene.h"

#include <algorithm>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"

namespace weft {

namespace {

bool constrains_shear(BenchConstraints constraints) {
  return constraints == BenchConstraints::structural_and_shear ||
         constraints == BenchConstraints::material;
}

void set_bench_environment(const BenchSceneSettings& settings, float particle_mass, Model& model) {
  model.environment.air_drag = 0.002f * particle_mass;
  model.solver.integrator = settings.integrator;
  model.solver.variant = settings.variant;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = settings.substeps;
  model.solver.relaxation_sweeps = settings.sweeps;
  model.solver.damping_rate = 1.92f;  // 1/s
  if (settings.self_collision) {
    // The spacing: every pair of particles that share no triangle is further apart at rest.
    const float spacing =
        std::min(2.0f / float(settings.grid.columns - 1), 2.0f / float(settings.grid.rows - 1));
    model.environment.self_collision = true;
    model.contact_groups.push_back({0, model.particle_count(), spacing});
  }
}

}  // namespace

Model make_bench_cloth(const BenchSceneSettings& settings) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = settings.grid.columns;
  cloth.rows = settings.grid.rows;
  cloth.origin = {-1.0f, 1.5f, -1.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  cloth.list_links = settings.variant != SolverVariant::grid;
  if (settings.constraints == BenchConstraints::material) {
    const ClothMaterial& cotton = *find_cloth_material("cotton");
    apply_cloth_material(cotton, cloth);
    add_cloth_grid(model, cloth);
    set_bench_environment(settings, mean_node_mass(cloth), model);
    return model;
  }
  const float m = 0.5f / static_cast<float>(uint64_t{cloth.columns} * cloth.rows);
  cloth.particle_mass = m;
  // Stiffness and damping scale with the particle mass, so k/m (which decides stability) is the
  // same at every resolution and every grid runs the same physics. Constrained links keep their
  // springs and are also inextensible distance constraints for the relaxation sweeps.
  const bool structural_constrained = settings.constraints != BenchConstraints::none;
  const bool shear_constrained = constrains_shear(settings.constraints);
  cloth.structural = {structural_constrained ? LinkKind::spring_and_constraint : LinkKind::spring,
                      4000.0f * m, 0.5f * m, 0.0f};
  cloth.shear = {shear_constrained ? LinkKind::spring_and_constraint : LinkKind::spring,
                 2000.0f * m, 0.5f * m, 0.0f};
  cloth.bend = {LinkKind::spring, 1000.0f * m, 0.5f * m, 0.0f};
  add_cloth_grid(model, cloth);
  set_bench_environment(settings, m, model);
  return model;
}

BenchClothLinks count_bench_cloth_links(const BenchSceneSettings& settings) {
  const ClothGridCounts counts = count_cloth_grid(settings.grid.columns, settings.grid.rows);
  BenchClothLinks links;
  if (settings.constraints != BenchConstraints::material)
    links.springs = counts.structural + counts.shear + counts.bend;
  if (settings.constraints != BenchConstraints::none) links.constraints = counts.structural;
  if (constrains_shear(settings.constraints)) links.constraints += counts.shear;
  return links;
}

std::vector<GpuBufferSize> bench_cloth_particle_buffers(const BenchSceneSettings& settings) {
  return particle_buffer_sizes(uint64_t{settings.grid.columns} * settings.grid.rows);
}

std::string describe_bench_cloth(const BenchSceneSettings& s) {
  std::string text = "cloth grid hanging from 2 pinned corners; ";
  text +=
      s.constraints == BenchConstraints::material
          ? std::string("cotton (XPBD structural and shear links, bending, tethers, strain limits)")
          : "springs on structural, shear and bend links; " +
                (s.constraints == BenchConstraints::none
                     ? std::string("no distance constraints")
                     : std::string(constraints_name(s.constraints)) +
                           " links also distance constraints");
  if (s.self_collision) text += "; self-collision (thickness: the spacing)";
  text += "; gravity, air drag, no colliders; " +
          std::string(key_of(kIntegratorKeys, s.integrator)) + ", " + std::to_string(s.substeps) +
          " substeps x " + std::to_string(s.sweeps) + " relaxation sweeps per frame of 1/60 s";
  return text;
}

}  // namespace weft
