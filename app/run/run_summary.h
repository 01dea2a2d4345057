// The closing report of `weft run`: per system and for the whole scene, the simulated and wall
// time, the largest strain seen, the final energy and whether it blew up.
#pragma once

#include <cstdio>
#include <string>

#include "app/scene/scene_systems.h"
#include "app/run/scene_run.h"

namespace weft {

void print_run_summary(std::FILE* out, const Scene& scene, const std::string& solver,
                       const RunOutcome& outcome);

}  // namespace weft
