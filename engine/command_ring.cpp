#include "engine/command_ring.h"

#include <stdexcept>

#include "engine/check.h"
#include "engine/device.h"

namespace weft {

CommandRing::CommandRing(const Device& device, uint32_t size, const std::string& name)
    : device_(device), name_(name), used_(size, false) {
  if (size == 0) throw std::invalid_argument("CommandRing needs at least one slot");
  for (uint32_t i = 0; i < size; ++i) {
    commands_.push_back(device.allocate_command_buffer());
    VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    info.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    VkFence fence = VK_NULL_HANDLE;
    VK_CHECK(vkCreateFence(device.handle(), &info, nullptr, &fence));
    device.set_name(VK_OBJECT_TYPE_FENCE, fence, name + " fence " + std::to_string(i));
    fences_.emplace_back(device.handle(), fence, vkDestroyFence);
  }
}

CommandRing::~CommandRing() {
  std::vector<VkFence> fences;
  for (const auto& f : fences_)
    fences.push_back(f.get());
  // Teardown: a failure here leaves nothing better to do than to go on destroying.
  vkWaitForFences(device_.handle(), static_cast<uint32_t>(fences.size()), fences.data(), VK_TRUE,
                  UINT64_MAX);
  vkFreeCommandBuffers(device_.handle(), device_.command_pool(),
                       static_cast<uint32_t>(commands_.size()), commands_.data());
}

VkCommandBuffer CommandRing::begin() {
  if (recording_) throw std::logic_error("CommandRing::begin called twice without submit");
  current_ = next_;
  next_ = (next_ + 1) % size();
  VkFence fence = fences_[current_].get();
  VK_CHECK(vkWaitForFences(device_.handle(), 1, &fence, VK_TRUE, UINT64_MAX));
  VK_CHECK(vkResetCommandBuffer(commands_[current_], 0));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(commands_[current_], &begin));
  // Named at every begin, not once at allocation: a RenderDoc capture (1.24) keeps only the names
  // set on a command buffer while its frame is being captured.
  device_.set_name(VK_OBJECT_TYPE_COMMAND_BUFFER, commands_[current_],
                   name_ + " commands " + std::to_string(current_));
  recording_ = true;
  return commands_[current_];
}

void CommandRing::submit(VkSemaphore wait, VkPipelineStageFlags2 wait_stage, VkSemaphore signal) {
  if (!recording_) throw std::logic_error("CommandRing::submit called without begin");
  recording_ = false;
  VkCommandBuffer cmd = commands_[current_];
  VK_CHECK(vkEndCommandBuffer(cmd));
  VkFence fence = fences_[current_].get();
  VK_CHECK(vkResetFences(device_.handle(), 1, &fence));

  VkCommandBufferSubmitInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  cmd_info.commandBuffer = cmd;
  VkSemaphoreSubmitInfo wait_info{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  wait_info.semaphore = wait;
  wait_info.stageMask = wait_stage;
  VkSemaphoreSubmitInfo signal_info{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal_info.semaphore = signal;
  signal_info.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &cmd_info;
  submit.waitSemaphoreInfoCount = wait ? 1 : 0;
  submit.pWaitSemaphoreInfos = &wait_info;
  submit.signalSemaphoreInfoCount = signal ? 1 : 0;
  submit.pSignalSemaphoreInfos = &signal_info;
  VK_CHECK(vkQueueSubmit2(device_.queue(), 1, &submit, fence));
  used_[current_] = true;
}

void CommandRing::wait_all() {
  std::vector<VkFence> fences;
  for (const auto& f : fences_)
    fences.push_back(f.get());
  VK_CHECK(vkWaitForFences(device_.handle(), static_cast<uint32_t>(fences.size()), fences.data(),
                           VK_TRUE, UINT64_MAX));
}

}  // namespace weft
