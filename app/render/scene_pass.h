// The scene pass with its anti-aliasing, the same for the window and for headless pictures:
// 4x MSAA resolved into the target where the device multisamples cheaply (GPUs), and otherwise
// one sample followed by FXAA into the target (lavapipe shades and stores every sample on the
// CPU: 4x MSAA costs it about four times the frame).
#pragma once

#include <memory>
#include <string>

#include "app/render/fxaa_pass.h"
#include "engine/render_targets.h"

namespace weft {

class Device;

enum class AntiAliasing { msaa, fxaa };

// MSAA on GPUs that offer 4 samples, FXAA on CPU devices and anywhere else.
AntiAliasing choose_anti_aliasing(const Device& device);
const char* anti_aliasing_name(AntiAliasing aa);

class ScenePass {
 public:
  ScenePass(const Device& device, VkFormat target_format, VkExtent2D extent, AntiAliasing aa);

  // What the scene's pipelines draw into (their formats and sample count).
  const RenderFormats& formats() const { return targets_.formats(); }
  VkExtent2D extent() const { return targets_.extent(); }
  AntiAliasing anti_aliasing() const { return fxaa_ ? AntiAliasing::fxaa : AntiAliasing::msaa; }

  // Begins the scene's rendering, cleared; `target` (of the target format and this extent) is
  // in COLOR_ATTACHMENT_OPTIMAL and receives the picture by the end of end().
  void begin(VkCommandBuffer cmd, VkImageView target, const VkClearColorValue& clear) const;
  // Ends the scene's rendering and, with FXAA, filters it into the target.
  void end(VkCommandBuffer cmd, VkImageView target) const;

 private:
  RenderTargets targets_;
  std::unique_ptr<FxaaPass> fxaa_;
};

}  // namespace weft
