#include "tests/support/vulkan_fixture.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace weft::test {

namespace {

struct SharedContext {
  std::unique_ptr<Instance> instance;
  std::unique_ptr<Device> device;
  std::string unavailable;  // why Vulkan cannot be used here, if it cannot
};

SharedContext& shared_context() {
  static SharedContext context = [] {
    SharedContext c;
    try {
      InstanceOptions options;
      options.validation = true;
      c.instance = std::make_unique<Instance>(options);
      c.device = std::make_unique<Device>(*c.instance, DeviceOptions{});
      std::printf("[ weft     ] Vulkan device: %s\n", c.device->name().c_str());
    } catch (const std::exception& error) {
      c.device.reset();
      c.instance.reset();
      c.unavailable = error.what();
    }
    return c;
  }();
  return context;
}

bool vulkan_required() {
  const char* value = std::getenv("WEFT_REQUIRE_VULKAN");
  return value && std::strcmp(value, "1") == 0;
}

}  // namespace

void VulkanTest::SetUp() {
  SharedContext& context = shared_context();
  if (!context.device) {
    if (vulkan_required())
      FAIL() << "Vulkan is required (WEFT_REQUIRE_VULKAN=1): " << context.unavailable;
    GTEST_SKIP() << "no usable Vulkan device with validation: " << context.unavailable;
  }
  context.instance->take_validation_errors();  // start clean
}

void VulkanTest::TearDown() {
  SharedContext& context = shared_context();
  if (!context.instance) return;
  context.device->wait_idle();
  for (const std::string& message : context.instance->take_validation_errors()) {
    ADD_FAILURE() << "Vulkan validation error: " << message;
  }
}

Device& VulkanTest::device() {
  return *shared_context().device;
}
Instance& VulkanTest::instance() {
  return *shared_context().instance;
}

}  // namespace weft::test
