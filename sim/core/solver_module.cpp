#include "sim/core/solver_module.h"

namespace weft {

Step make_step(const SolverModule& module, const PassInfo& pass, uint32_t substep, uint32_t sweep,
               uint32_t part) {
  Step step;
  step.module = module.index;
  step.pass = &pass;
  step.substep = substep;
  step.sweep = sweep;
  step.part = part;
  return step;
}

}  // namespace weft
