// The CPU reference of every GPU compute pass: one plain function per shader, with the shader's
// name and the same arithmetic in the same order (shaders/<name>.comp). The loops over particles
// or constraints stand for the GPU's threads; within one pass no iteration reads what another
// writes, except where the shader's colouring guarantees it (relax_distance).
#pragma once

#include <span>
#include <vector>

#include "sim/gpu_types.h"
#include "sim/health.h"
#include "sim/particle_state.h"
#include "sim/spring_adjacency.h"

namespace weft::cpu {

template <typename Real>
void accumulate_forces(const gpu::SimParams& params, const SpringAdjacency& springs,
                       ParticleState<Real>& state);

template <typename Real>
void apply_external_forces(const gpu::SimParams& params, std::span<const gpu::ExternalForce> forces,
                           ParticleState<Real>& state);

template <typename Real>
void integrate(const gpu::SimParams& params, ParticleState<Real>& state);

template <typename Real>
void drive_anchors(const gpu::SimParams& params, std::span<const gpu::Anchor> anchors,
                   ParticleState<Real>& state);

template <typename Real>
void relax_distance(const gpu::SimParams& params,
                    const std::vector<gpu::DistanceConstraint>& constraints,
                    const gpu::RelaxPush& relax, ParticleState<Real>& state);

template <typename Real>
void collide(const gpu::SimParams& params, std::span<const glm::vec4> spheres,
             ParticleState<Real>& state);

template <typename Real>
HealthReport measure_health(const gpu::SimParams& params, const SpringAdjacency& springs,
                            const std::vector<gpu::DistanceConstraint>& constraints,
                            const ParticleState<Real>& state);

}  // namespace weft::cpu
