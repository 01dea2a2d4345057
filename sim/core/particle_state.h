// The per-particle arrays a solver advances, in the GPU's layout (vec4: xyz + one spare lane).
// The CPU reference uses float to match the GPU bit for bit where it can, and double for the
// physics tests that compare against analytic results.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace weft {

template <typename Real>
struct ParticleState {
  using vec4 = glm::vec<4, Real>;
  std::vector<vec4> positions;   // xyz: m; w: inverse mass (1/kg), 0 = pinned
  std::vector<vec4> previous;    // xyz: position at the start of the substep
  std::vector<vec4> velocities;  // xyz: m/s (Euler integrators)
  std::vector<vec4> forces;      // xyz: N, this substep
  // Per particle: its torn links (shaders/link_state_layout.h), and how many links have torn so
  // far.
  std::vector<uint32_t> link_state;
  uint32_t torn_links = 0;
  // What the solver modules keep from pass to pass besides the particles (XPBD multipliers),
  // one array per state buffer a module declares, in the order of the solver's module list.
  std::vector<std::vector<Real>> module_arrays;
};

// Every particle's velocity. Verlet keeps none: it is the last substep's displacement over its
// length dt, as the passes themselves derive it (velocity_of in the shaders).
template <typename Real>
std::vector<glm::vec<3, Real>> particle_velocities(const ParticleState<Real>& state, bool verlet,
                                                   float dt) {
  std::vector<glm::vec<3, Real>> v(state.positions.size());
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = verlet ? (glm::vec<3, Real>(state.positions[i]) - glm::vec<3, Real>(state.previous[i])) /
                        Real(dt)
                  : glm::vec<3, Real>(state.velocities[i]);
  }
  return v;
}

}  // namespace weft
