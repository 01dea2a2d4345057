// What weft throws when a model, a parameter or a topology description cannot be simulated: the
// message says which element, which value, and what was expected.
#pragma once

#include <stdexcept>
#include <string>

namespace weft {

class ModelError : public std::runtime_error {
 public:
  explicit ModelError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace weft
