// The kinds of element both solvers know, in the order their steps run within a stage.
#pragma once

#include <memory>
#include <vector>

#include "sim/core/solver_module.h"

namespace weft {

// One module per kind of element the model has (modules whose kind it lacks are left out).
std::vector<std::unique_ptr<SolverModule>> build_modules(const ModuleContext& context);

}  // namespace weft
