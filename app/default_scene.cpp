#include "app/default_scene.h"

#include <algorithm>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"

namespace weft {

ClothGridDesc default_cloth(const DefaultSceneOptions& options) {
  ClothGridDesc cloth;
  cloth.columns = options.columns;
  cloth.rows = options.rows;
  cloth.origin = {-1.0f, 1.5f, -1.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  // Cotton in physical units: the same cloth at every resolution (cloth_material.h).
  apply_cloth_material(*find_cloth_material(options.material), cloth);
  return cloth;
}

Model make_default_scene(const DefaultSceneOptions& options) {
  Model model;
  const ClothGridDesc cloth = default_cloth(options);
  const uint32_t first = add_cloth_grid(model, cloth);
  // Its thickness, as a scene file's cloth gets by default: the spacing (the smaller step).
  const float spacing = std::min(glm::length(cloth.width_axis) / float(cloth.columns - 1),
                                 glm::length(cloth.height_axis) / float(cloth.rows - 1));
  model.contact_groups.push_back({first, model.particle_count() - first, spacing});

  model.environment.air_drag = 0.002f * mean_node_mass(cloth);
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
