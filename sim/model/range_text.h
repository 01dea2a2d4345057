// How weft writes a range's bounds for people (docs/scenes.md's tables, `weft materials`,
// `weft settings`): 0, 10, 1.2, and a power of ten far from 1 as 1e-7 or 1e12.
#pragma once

#include <string>

namespace weft {

std::string bound_text(double value);

}  // namespace weft
