#include "app/scene/particle_budget.h"

#include <cmath>

#include "app/scene/text_file.h"
#include "sim/model/host_memory.h"

namespace weft {

ParticleBudget particle_budget(uint64_t available_bytes, const std::string& memory_limited_by) {
  ParticleBudget budget;
  if (available_bytes == 0) return budget;
  const uint64_t fit = available_bytes / kHostBytesPerParticle;
  if (fit < budget.max_particles) {
    budget.max_particles = fit;
    budget.limited_by = "what fits in the " + describe_bytes(available_bytes) +
                        " of memory this process may use (" + memory_limited_by + "), at about " +
                        std::to_string(kHostBytesPerParticle) + " bytes per particle";
  }
  return budget;
}

ParticleBudget particle_budget() {
  const HostMemory memory = available_host_memory();
  return particle_budget(memory.available_bytes, memory.limited_by);
}

std::optional<std::string> grid_budget_problem(uint64_t columns, uint64_t rows,
                                               const ParticleBudget& budget) {
  const uint64_t count = columns * rows;  // both at most 65536: no overflow
  if (count <= budget.max_particles) return std::nullopt;
  const auto side = static_cast<uint64_t>(std::sqrt(static_cast<double>(budget.max_particles)));
  return "a " + std::to_string(columns) + " x " + std::to_string(rows) + " grid has " +
         std::to_string(count) + " particles; at most " + std::to_string(budget.max_particles) +
         " fit (" + budget.limited_by + "), e.g. " + std::to_string(side) + " x " +
         std::to_string(side);
}

}  // namespace weft
