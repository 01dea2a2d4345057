// Checks that a model can be simulated before anything is allocated for it: every value finite
// and in range, every index in bounds. Throws ModelError naming the first offending element.
#pragma once

namespace weft {

struct Model;

void validate_model(const Model& model);

}  // namespace weft
