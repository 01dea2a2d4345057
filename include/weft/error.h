// What weft's library throws. Every message says what is wrong and where (a scene file's
// file:line and key, an override, a path).
#pragma once

#include <stdexcept>
#include <string>

namespace weft::api {

// Bad input: a scene file or text, an override, a parameter key or value, a system index.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// What the machine could not do: no Vulkan device, a file that could not be written.
class MachineError : public std::runtime_error {
 public:
  explicit MachineError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace weft::api
