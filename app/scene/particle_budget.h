// The most particles one scene may have on this machine, whoever asks: a scene file, `weft run
// --columns/--rows` or `weft view --grid`. Checked before anything is allocated, so that a grid
// too large fails at once with a message that says what fits, not with std::bad_alloc (or the
// kernel's OOM killer) after a minute of building.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace weft {

// weft's own cap: 16 M particles, whatever the machine (far beyond any cloth weft is meant for;
// 4096 x 4096 fits exactly).
constexpr uint64_t kMaxSceneParticles = uint64_t{1} << 24;

// Host memory a particle costs while a scene is built and run: its state in the model, packed
// and in the solver, and about 12 link entries in each of the model, the adjacency and the
// colouring. Measured peaks at 1024 x 1024: 430 B (links listed, CPU reference).
constexpr uint64_t kHostBytesPerParticle = 512;

struct ParticleBudget {
  uint64_t max_particles = kMaxSceneParticles;
  std::string limited_by = "weft's limit";  // or "the 1.2 GiB of memory available (MemAvailable)"
};

// From the memory this process may still use (sim/model/host_memory.h); 0 means unknown.
ParticleBudget particle_budget(uint64_t available_bytes, const std::string& memory_limited_by);
// The same, for this machine now.
ParticleBudget particle_budget();

// Why a columns x rows grid does not fit `budget` (what fits, and why), or nothing when it does.
std::optional<std::string> grid_budget_problem(uint64_t columns, uint64_t rows,
                                               const ParticleBudget& budget);

}  // namespace weft
