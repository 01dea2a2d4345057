#include "sim/core/module_registry.h"

#include "sim/modules/adjacency_springs.h"
#include "sim/modules/aerodynamics.h"
#include "sim/modules/anchors.h"
#include "sim/modules/bending.h"
#include "sim/modules/colliders.h"
#include "sim/modules/coloured_distance.h"
#include "sim/modules/external_forces.h"
#include "sim/modules/grid_bending.h"
#include "sim/modules/grid_jacobi.h"
#include "sim/modules/grid_springs.h"
#include "sim/modules/knife.h"
#include "sim/modules/particle_integration.h"
#include "sim/modules/self_collision.h"
#include "sim/modules/strain_limits.h"
#include "sim/modules/tearing.h"
#include "sim/modules/tethers.h"

namespace weft {

namespace {

using Factory = std::unique_ptr<SolverModule> (*)(const ModuleContext&);

template <typename Module>
std::unique_ptr<SolverModule> make(const ModuleContext& context) {
  return std::make_unique<Module>(context);
}

// Within a stage, steps run in this order: the force gathers write every particle's force
// before the air and one-shot forces add to it; constraints are relaxed before contacts are
// resolved; bending is solved before the sweeps, so that they end a substep with the links at their
// lengths; the tethers bring the cloth back within reach of its pins before the strain limits
// even out what that leaves between neighbours, and self-collision, in the same stage, comes
// after them. One line per kind of element.
// clang-format off
constexpr Factory kModules[] = {
    make<AdjacencySprings>,
    make<GridSprings>,
    make<Aerodynamics>,
    make<ExternalForces>,
    make<ParticleIntegration>,
    make<Anchors>,
    make<Knife>,
    make<Bending>,
    make<GridBending>,
    make<ColouredDistance>,
    make<GridJacobi>,
    make<Tethers>,
    make<StrainLimits>,
    make<Tearing>,
    make<SelfCollision>,
    make<Colliders>,
};
// clang-format on

}  // namespace

std::vector<std::unique_ptr<SolverModule>> build_modules(const ModuleContext& context) {
  std::vector<std::unique_ptr<SolverModule>> modules;
  for (Factory factory : kModules) {
    std::unique_ptr<SolverModule> module = factory(context);
    if (module->needed()) modules.push_back(std::move(module));
  }
  return modules;
}

}  // namespace weft
