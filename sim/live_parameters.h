// Live edits of a running simulation (the viewer's panel): the environment, the solver settings
// and the links' materials change while the topology and the particles' state stay. Both
// solvers apply an edit through these functions, so they stay mirrored.
#pragma once

namespace weft {

struct Model;
struct PackedModel;

// Validates `model` and checks that it has the packed model's shape: as many particles,
// springs, constraints, anchors and spheres (only the counts are compared). Throws ModelError.
void check_same_shape(const PackedModel& packed, const Model& model);

// Takes the model's environment and solver settings: gravity, wind, drag, ground, colliders,
// contact friction, spring damping model, integrator, substeps, sweeps, Verlet damping. A
// running drag keeps its anchor.
void apply_parameters(PackedModel& packed, const Model& model);

// Takes the springs' and constraints' materials: stiffness, damping, compliance, rest length.
void apply_link_materials(PackedModel& packed, const Model& model);

}  // namespace weft
