// The Vulkan instance: loads the loader through volk, turns on the validation layer (with
// synchronization validation) when asked, and counts the validation errors it reports, so that a
// test can fail on any of them.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "engine/vulkan.h"

namespace weft {

struct InstanceOptions {
  // VK_LAYER_KHRONOS_validation with synchronization validation; an error if the layer is missing.
  bool validation = false;
  // Instance extensions a caller needs on top of weft's own (GLFW's surface extensions).
  std::vector<std::string> extensions;
  // Print validation warnings too (errors are always printed and counted).
  bool print_validation_warnings = false;
};

class Instance {
 public:
  explicit Instance(const InstanceOptions& options);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  bool validation_enabled() const { return validation_; }
  // VK_EXT_debug_utils is loaded: object names and command labels reach RenderDoc and validation.
  bool debug_utils_enabled() const { return debug_utils_; }

  // Validation errors reported since creation (or since the last take_validation_errors call).
  int validation_error_count() const;
  // The messages behind validation_error_count, clearing both.
  std::vector<std::string> take_validation_errors();

  // Whether weft wants validation by default in this process: WEFT_VALIDATION=1 in the environment.
  static bool validation_requested_by_environment();

  struct Messages;  // what the debug messenger collected; opaque outside instance.cpp

 private:
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  bool validation_ = false;
  bool debug_utils_ = false;
  std::unique_ptr<Messages> messages_;
};

}  // namespace weft
