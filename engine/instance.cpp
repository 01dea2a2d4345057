#include "engine/instance.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "engine/check.h"

namespace weft {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

bool has_layer(const char* name) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateInstanceLayerProperties(&count, nullptr));
  std::vector<VkLayerProperties> layers(count);
  VK_CHECK(vkEnumerateInstanceLayerProperties(&count, layers.data()));
  return std::any_of(layers.begin(), layers.end(), [&](const VkLayerProperties& l) {
    return std::strcmp(l.layerName, name) == 0;
  });
}

bool has_extension(const char* name) {
  uint32_t count = 0;
  VK_CHECK(vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr));
  std::vector<VkExtensionProperties> extensions(count);
  VK_CHECK(vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data()));
  return std::any_of(extensions.begin(), extensions.end(), [&](const VkExtensionProperties& e) {
    return std::strcmp(e.extensionName, name) == 0;
  });
}

}  // namespace

struct Instance::Messages {
  std::mutex mutex;
  std::vector<std::string> errors;
  bool print_warnings = false;
};

static VKAPI_ATTR VkBool32 VKAPI_CALL on_debug_message(
    VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT /*types*/,
    const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  auto* messages = static_cast<Instance::Messages*>(user);
  const char* text = data && data->pMessage ? data->pMessage : "(no message)";
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    std::fprintf(stderr, "weft: Vulkan validation error: %s\n", text);
    std::lock_guard lock(messages->mutex);
    messages->errors.emplace_back(text);
  } else if (messages->print_warnings) {
    std::fprintf(stderr, "weft: Vulkan validation warning: %s\n", text);
  }
  return VK_FALSE;  // never abort the call: the test decides what an error means
}

Instance::Instance(const InstanceOptions& options) : messages_(std::make_unique<Messages>()) {
  messages_->print_warnings = options.print_validation_warnings;
  if (volkInitialize() != VK_SUCCESS) {
    throw std::runtime_error(
        "weft: cannot load the Vulkan loader (libvulkan.so.1); install it with "
        "'apt-get install libvulkan1 mesa-vulkan-drivers' or your GPU driver");
  }
  if (volkGetInstanceVersion() < VK_API_VERSION_1_3) {
    throw std::runtime_error("weft: the Vulkan loader supports only Vulkan " +
                             std::to_string(VK_API_VERSION_MAJOR(volkGetInstanceVersion())) + "." +
                             std::to_string(VK_API_VERSION_MINOR(volkGetInstanceVersion())) +
                             "; weft needs 1.3");
  }

  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  for (const std::string& e : options.extensions)
    extensions.push_back(e.c_str());
  debug_utils_ = has_extension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (debug_utils_) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  validation_ = options.validation;
  if (validation_) {
    if (!has_layer(kValidationLayer)) {
      throw std::runtime_error(std::string("weft: validation was requested but the layer ") +
                               kValidationLayer +
                               " is not installed (apt-get install vulkan-validationlayers)");
    }
    if (!debug_utils_) {
      throw std::runtime_error(
          "weft: validation needs VK_EXT_debug_utils to report errors, and the loader lacks it");
    }
    layers.push_back(kValidationLayer);
  }

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "weft";
  app.pEngineName = "weft";
  app.apiVersion = VK_API_VERSION_1_3;

  VkDebugUtilsMessengerCreateInfoEXT messenger_info{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger_info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                   VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger_info.pfnUserCallback = on_debug_message;
  messenger_info.pUserData = messages_.get();

  // Synchronization validation is off by default in the layer; weft's tests rely on it.
  const VkValidationFeatureEnableEXT enabled_features[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enabled_features;
  features.pNext = &messenger_info;  // also report what happens inside vkCreateInstance

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  if (validation_) info.pNext = &features;

  VK_CHECK(vkCreateInstance(&info, nullptr, &instance_));
  volkLoadInstanceOnly(instance_);

  if (validation_) {
    VK_CHECK(vkCreateDebugUtilsMessengerEXT(instance_, &messenger_info, nullptr, &messenger_));
  }
}

Instance::~Instance() {
  if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
  if (instance_) vkDestroyInstance(instance_, nullptr);
}

int Instance::validation_error_count() const {
  std::lock_guard lock(messages_->mutex);
  return static_cast<int>(messages_->errors.size());
}

std::vector<std::string> Instance::take_validation_errors() {
  std::lock_guard lock(messages_->mutex);
  return std::exchange(messages_->errors, {});
}

bool Instance::validation_requested_by_environment() {
  const char* value = std::getenv("WEFT_VALIDATION");
  return value && std::strcmp(value, "0") != 0 && *value != '\0';
}

}  // namespace weft
