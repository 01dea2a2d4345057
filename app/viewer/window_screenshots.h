// Screenshots of the window (the P key, scripts): the swapchain image, UI included, copied into
// a host buffer of that frame's slot after the UI pass and written as PNG once the slot comes
// round again, so taking one does not stall the frame loop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/buffer.h"

namespace weft {

class Device;

class WindowScreenshots {
 public:
  WindowScreenshots(Device& device, uint32_t slots);

  // Takes the next frame; an empty path picks weft-screenshot-N.png in the working folder.
  void request(std::string path);
  bool requested() const { return !requested_.empty(); }
  // Records the copy of `image` (in COLOR_ATTACHMENT_OPTIMAL, just drawn) and leaves it in
  // PRESENT_SRC_KHR. Only call when requested().
  void record(VkCommandBuffer cmd, uint32_t slot, VkImage image, VkExtent2D extent,
              VkFormat format);
  // Writes the PNG recorded in this slot, once its frame has finished; returns its path.
  std::optional<std::string> collect(uint32_t slot);

 private:
  struct Shot {
    std::string path;
    VkExtent2D extent{};
    VkFormat format = VK_FORMAT_UNDEFINED;
  };
  Device& device_;
  std::vector<Buffer> buffers_;
  std::vector<std::optional<Shot>> in_flight_;
  std::string requested_;
  uint32_t counter_ = 0;
};

}  // namespace weft
