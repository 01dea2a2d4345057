// Reading a rendered colour image back to the CPU without stalling the GPU: a copy recorded
// into the frame's command buffer, into a host-visible buffer read once that frame's fence has
// signalled. Screenshots of the window and of the headless pass both use it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/buffer.h"

namespace weft {

class Device;

// Bytes per pixel of the formats a readback accepts: 8-bit RGBA or BGRA, UNORM or SRGB.
// Throws for any other format.
uint32_t readback_bytes_per_pixel(VkFormat format);

// A host-visible buffer large enough for a whole image of this size and format.
Buffer make_readback_buffer(const Device& device, VkExtent2D extent, VkFormat format,
                            const std::string& name);

// Records a copy of the whole colour image (in TRANSFER_SRC_OPTIMAL, written by earlier
// commands) into `buffer` as tightly packed rows, top row first, visible to the host once the
// command buffer has finished.
void record_image_to_buffer(VkCommandBuffer cmd, VkImage image, VkExtent2D extent,
                            const Buffer& buffer);

// The pixels of a finished readback as 8-bit RGBA, top row first (BGRA is swizzled).
std::vector<uint8_t> rgba_pixels(const Buffer& buffer, VkExtent2D extent, VkFormat format);

}  // namespace weft
