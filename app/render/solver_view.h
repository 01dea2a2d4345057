// Everything the drawing reads from a GPU solver, in one place: the buffers it draws from and the
// few settings that change what is drawn (the colliders, the ground). When the solver changes how
// it exposes its state, only this file follows.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/model/gpu_types.h"
#include "shaders/colliders_layout.h"

namespace weft {

class Buffer;
class GpuSolver;

// xyz: position (m), w: inverse mass; one vec4 per particle, written by the solver's passes.
const Buffer& positions_of(const GpuSolver& solver);
uint32_t particle_count_of(const GpuSolver& solver);
// Per particle, its torn links (shaders/link_state_layout.h), written by the solver's tearing
// passes.
const Buffer& link_state_of(const GpuSolver& solver);

// xyz: centre (m), w: radius (m); one vec4 per sphere collider, as the solver holds them now.
const Buffer& spheres_of(const GpuSolver& solver);
uint32_t sphere_count_of(const GpuSolver& solver);

// The planes, capsules, boxes and meshes (gpu::ColliderShape, their pose at the end of the frame
// the solver ran last), and the meshes' corners (three vec4 per triangle, local), in the solver's
// buffers; and the shapes as the CPU holds them, which have the same kinds and mesh triangles
// from the start (a live edit keeps both).
const Buffer& collider_shapes_of(const GpuSolver& solver);
const Buffer& collider_triangles_of(const GpuSolver& solver);
const std::vector<gpu::ColliderShape>& collider_shapes_now(const GpuSolver& solver);
// xyz: centre (m), w: radius (m) of each sphere, at the end of the frame the solver ran last.
const std::vector<glm::vec4>& spheres_now(const GpuSolver& solver);

// The ground's height (m) as the solver holds it now, or nothing when it has no ground.
std::optional<float> ground_height_of(const GpuSolver& solver);

}  // namespace weft
