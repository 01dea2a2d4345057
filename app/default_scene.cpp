#include "app/default_scene.h"

#include "sim/cloth_grid.h"

namespace weft {

Model make_default_scene(const DefaultSceneOptions& options) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = options.columns;
  cloth.rows = options.rows;
  cloth.origin = {-1.0f, 1.5f, -1.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};
  // 0.5 kg of cloth in all, whatever the resolution, so every grid behaves alike.
  cloth.particle_mass = 0.5f / static_cast<float>(options.columns * options.rows);
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 1e-6f};
  // Bending as soft springs; their stiffness scales with particle mass so the ratio k/m, which
  // decides stability, does not change with resolution.
  cloth.bend = {LinkKind::spring, 2000.0f * cloth.particle_mass, 0.5f * cloth.particle_mass, 0.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  add_cloth_grid(model, cloth);

  model.environment.air_drag = 0.002f * cloth.particle_mass;
  model.environment.ground.mode = GroundMode::projection;
  model.environment.ground.height = -0.6f;
  model.environment.spheres.push_back({{0.0f, 0.3f, 0.2f}, 0.5f});
  model.environment.contact_friction = 0.3f;

  model.solver.integrator = options.integrator;
  model.solver.frame_dt = 1.0f / 60.0f;
  model.solver.substeps = 16;
  model.solver.relaxation_sweeps = 8;
  model.solver.damping_rate = 1.92f;  // 1/s: d = 0.002 per substep at 16 substeps of 1/60 s
  return model;
}

}  // namespace weft
