// The key light's shadow map: the depth of the scene's systems seen from the light through an
// orthographic projection aimed at the scene's bounds, drawn each frame from the solvers'
// positions buffers (no CPU round trip), and the descriptor set through which the ground samples
// it. The light's view changes only when the bounds do (aim), so the parameters the ground reads
// are written then, not every frame.
#pragma once

#include <cstdint>

#include "app/render/render_mesh.h"
#include "app/render/system_renderer.h"
#include "engine/buffer.h"
#include "engine/device_handle.h"
#include "engine/image.h"

namespace weft {

class Device;

class ShadowMap {
 public:
  ShadowMap(const Device& device, uint32_t size);

  // A depth format the device can draw into and sample with depth comparison.
  static VkFormat choose_format(const Device& device);
  VkFormat format() const { return image_.desc().format; }
  uint32_t size() const { return image_.desc().extent.width; }

  // Points the light at a box: the map covers everything inside it, and the shadows it casts
  // on the ground wherever they land.
  void aim(const Bounds& bounds);
  // Shadows off: the ground reads nothing and the map need not be drawn.
  void set_enabled(bool enabled);
  bool enabled() const { return enabled_; }
  // The light's view for the shadow casters' draws.
  const SceneView& light_view() const { return light_; }

  // Records, outside any pass, the write of what aim() and set_enabled() changed (nothing when
  // they changed nothing).
  void record_update(VkCommandBuffer cmd);
  // Records the start of the depth-only pass that draws the casters, and its end, after which
  // the ground's fragment shaders may sample the map.
  void begin(VkCommandBuffer cmd) const;
  void end(VkCommandBuffer cmd) const;

  VkDescriptorSetLayout set_layout() const { return set_layout_.get(); }
  VkDescriptorSet set() const { return set_; }

 private:
  const Device& device_;
  Image image_;
  DeviceHandle<VkSampler> sampler_;
  Buffer params_;
  DeviceHandle<VkDescriptorSetLayout> set_layout_;
  DeviceHandle<VkDescriptorPool> pool_;
  VkDescriptorSet set_ = VK_NULL_HANDLE;  // freed with the pool
  SceneView light_;
  bool enabled_ = true;
  bool dirty_ = true;
};

}  // namespace weft
