// The base of every test that touches Vulkan: one instance (validation layer with
// synchronization validation, always) and one device per test program, and a check after every
// test that the validation layer reported no error. Without a usable Vulkan device the test is
// skipped with the reason, unless WEFT_REQUIRE_VULKAN=1 (as in CI) makes that a failure.
#pragma once

#include <gtest/gtest.h>

#include "engine/device.h"
#include "engine/instance.h"

namespace weft::test {

class VulkanTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  Device& device();
  Instance& instance();
};

}  // namespace weft::test
