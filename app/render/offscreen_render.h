// The graphics pass without a window: the solvers' current state drawn into an offscreen image
// by the same ClothRenderer the viewer uses, then read back. `weft run --screenshot` and the
// rendering tests use it.
#pragma once

#include <span>
#include <string>

#include "app/render/camera.h"
#include "app/render/cloth_renderer.h"
#include "app/render/png_file.h"

namespace weft {

class Device;
class GpuSolver;

// One system of a scene as the graphics pass draws it: a GPU solver and the model it was built
// from (its triangles, links and pins).
struct DrawnSystem {
  const GpuSolver* solver = nullptr;
  const Model* model = nullptr;
};

// The colour the scene pass clears to, for a target of this format (encoded for UNORM ones,
// whose shaders encode too).
VkClearColorValue background_color(VkFormat target);

// The camera a scene is first seen from: framing every system's particles and colliders.
OrbitCamera default_camera(const Model& model);
OrbitCamera default_camera(std::span<const DrawnSystem> systems);

// Draws one frame of the systems' state (waits for the GPU) and returns the picture.
Picture render_offscreen(Device& device, std::span<const DrawnSystem> systems,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings = {});
Picture render_offscreen(Device& device, const GpuSolver& solver, const Model& model,
                         const OrbitCamera& camera, VkExtent2D extent,
                         const DrawSettings& settings = {});

// `weft run --screenshot PATH`: the default camera, written as PNG.
void save_screenshot(Device& device, std::span<const DrawnSystem> systems, const std::string& path,
                     VkExtent2D extent = {1280, 720});

}  // namespace weft
