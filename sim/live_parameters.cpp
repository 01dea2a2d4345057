#include "sim/live_parameters.h"

#include <string>

#include "sim/model_error.h"
#include "sim/model_validation.h"
#include "sim/packed_model.h"

namespace weft {

namespace {

void require_same(size_t packed, size_t model, const char* what) {
  if (packed != model) {
    throw ModelError(std::string("a live edit cannot change the number of ") + what + " (" +
                     std::to_string(packed) + " running, " + std::to_string(model) +
                     " edited); rebuild the simulation instead");
  }
}

}  // namespace

void check_same_shape(const PackedModel& packed, const Model& model) {
  validate_model(model);
  require_same(packed.particle_count(), model.particle_count(), "particles");
  require_same(packed.springs.refs.size(), model.springs.size() * 2, "springs");
  require_same(packed.constraints.constraints.size(), model.constraints.size(), "constraints");
  require_same(packed.model_anchor_count(), model.anchors.size(), "anchors");
  require_same(packed.spheres.size(), model.environment.spheres.size(), "spheres");
}

void apply_parameters(PackedModel& packed, const Model& model) {
  check_same_shape(packed, model);
  gpu::SimParams params = make_sim_params(model);
  // What the solvers manage frame by frame stays theirs.
  params.anchor_count = packed.params.anchor_count;
  params.external_force_count = packed.params.external_force_count;
  packed.params = params;
  packed.solver = model.solver;
  for (size_t s = 0; s < packed.spheres.size(); ++s) {
    const Sphere& sphere = model.environment.spheres[s];
    packed.spheres[s] = glm::vec4(sphere.center, sphere.radius);
  }
}

void apply_link_materials(PackedModel& packed, const Model& model) {
  check_same_shape(packed, model);
  // Same links in the same order: the adjacency and the colouring come out in the same order,
  // so the XPBD multipliers stay with their constraints.
  packed.springs = build_spring_adjacency(model.particle_count(), model.springs);
  packed.constraints = color_constraints(model.particle_count(), model.constraints);
}

}  // namespace weft
