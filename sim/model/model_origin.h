// Where a model sits in the world. A float has 24 bits: a metre from the origin its positions
// step by 6e-8 m, at 100 m by 7.6e-6 m, more than a substep's fall or a link's correction at many
// substeps. A model simulated in a frame near its own particles keeps the fine steps wherever it
// is in the world; what a user reads or writes (exports, saved scenes, the panel) is put back in
// world coordinates with Model::origin.
#pragma once

#include <span>
#include <vector>

#include <glm/ext/vector_double3.hpp>
#include <glm/vec3.hpp>

#include "sim/model/model.h"

namespace weft {

// Re-expresses every position of the model (particles, spheres, colliders, their paths' poses and
// the ground's height) relative to `origin` (m, world), which becomes model.origin. Positions
// within a factor of two of their distance to the new origin move exactly.
void move_origin(Model& model, const glm::dvec3& origin);

// The middle of the particles' bounds in the world, each coordinate rounded to a whole metre, so
// that moving a model there loses nothing of positions near it. Requires particles.
glm::dvec3 centre_of_particles(std::span<const Model* const> models);

// A position in the model's frame, in the world.
glm::vec3 world_position(const Model& model, const glm::vec3& position);
std::vector<glm::vec3> world_positions(const Model& model, std::span<const glm::vec3> positions);
// A position in the world, in the model's frame.
glm::vec3 model_position(const Model& model, const glm::dvec3& world);

}  // namespace weft
