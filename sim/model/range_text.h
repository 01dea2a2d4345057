// How weft writes a range's bounds for people (docs/scenes.md's tables, `weft materials`,
// `weft settings`): 0, 10, 1.2, and a power of ten far from 1 as 1e-7 or 1e12.
#pragma once

#include <string>

namespace weft {

std::string bound_text(double value);

// A range as docs/scenes.md's tables give it: "finite" (no bounds), ">= 0", "> 0", "[1e-07, 1]",
// "integer in [1, 100000]". `max` a string's own text ("`static_friction`") where given; an
// infinite or huge (>= 1e300) bound is none.
std::string range_text(double min, double max, bool min_inclusive, bool max_inclusive, bool integer,
                       const std::string& max_text = "");

}  // namespace weft
