// A torn cloth is drawn open: after a knife's cut on the GPU solver, the index buffer the cloth is
// drawn from collapses exactly the triangles that lost an edge (the CPU's intact_triangles), and
// the GPU normals are those of the triangles left, as their CPU mirror computes them.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "app/render/offscreen_render.h"
#include "app/render/render_mesh.h"
#include "app/render/scene_renderer.h"
#include "app/render/system_renderer.h"
#include "engine/device.h"
#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/link_state.h"
#include "tests/support/picture_regions.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class RenderTornTest : public VulkanTest {};

TEST_F(RenderTornTest, TheDrawnClothOpensWhereTheKnifeCut) {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-0.5f, 1.5f, 0.0f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.6f, 0.3f};
  cloth.columns = 9;
  cloth.rows = 7;
  apply_cloth_material(*find_cloth_material("paper"), cloth);
  cloth.pinned = {0, 8};
  add_cloth_grid(model, cloth);
  GpuSolver solver(device(), model);
  // Every link between rows 2 and 3 but the two at the left edge: the lower part hangs by a strip.
  std::vector<LinkCut> cuts;
  for (uint32_t c = 1; c < cloth.columns; ++c) {
    const uint32_t i = 2 * cloth.columns + c;
    cuts.push_back({i, 2});                             // down
    cuts.push_back({i, 6});                             // down-left
    if (c + 1 < cloth.columns) cuts.push_back({i, 4});  // down-right
  }
  solver.cut_links(cuts);
  solver.step_frames(3);

  const RenderFormats formats = choose_render_formats(device(), VK_FORMAT_R8G8B8A8_SRGB);
  const DrawnSystem system{&solver, &model};
  SceneRenderer renderer(device(), std::span<const DrawnSystem>(&system, 1), formats);
  device().submit_and_wait(
      [&](VkCommandBuffer cmd) { renderer.record_prepare(cmd, DrawSettings{}); });

  const std::vector<uint32_t> state = solver.download_link_state();
  std::vector<uint32_t> drawn(model.triangles.size() * 3);
  download_from_buffer(device(), renderer.system(0).drawn_indices(), drawn.data(),
                       drawn.size() * 4);
  uint32_t collapsed = 0;
  for (size_t t = 0; t < model.triangles.size(); ++t) {
    const glm::uvec3 whole = model.triangles[t];
    const glm::uvec3 d(drawn[3 * t], drawn[3 * t + 1], drawn[3 * t + 2]);
    if (triangle_torn(model, whole, state)) {
      EXPECT_EQ(d, glm::uvec3(whole.x)) << "triangle " << t << " lost an edge but is drawn";
      ++collapsed;
    } else {
      EXPECT_EQ(d, whole) << "triangle " << t << " is whole but not drawn as it is";
    }
  }
  // The cut opened both triangles of the 7 cells it crossed whole, and both of the cell beside
  // the strip: it cut that cell's right edge, and a cell that lost an edge loses its diagonals
  // (the tearing pass breaks them), so neither triangle keeps its three edges.
  EXPECT_EQ(collapsed, 2u * (cloth.columns - 1));

  std::vector<glm::vec4> gpu(model.particle_count());
  download_from_buffer(device(), renderer.system(0).normals(), gpu.data(), gpu.size() * 16);
  const ParticleState<float> after = solver.download_state();
  const std::vector<glm::vec3> positions(after.positions.begin(), after.positions.end());
  const std::vector<glm::uvec3> intact = intact_triangles(model, state);
  const std::vector<glm::vec3> cpu =
      vertex_normals(positions, build_corner_adjacency(model.particle_count(), intact));
  for (size_t i = 0; i < cpu.size(); ++i)
    EXPECT_LT(glm::distance(glm::vec3(gpu[i]), cpu[i]), 1e-5f) << "vertex " << i;
}

// A cut drawn as the knife made it: each side of a cut link keeps its part of the link up to a
// little short of where it parts (torn_cloth.vert), so the cloth opens in a narrow slit there,
// the middle of the links or where the stroke crossed them, and not in a band of missing cells.
TEST_F(RenderTornTest, TheCutOpensWhereTheStrokeCrossedTheLinks) {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-0.5f, 1.0f, 0.0f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, -0.6f, 0.0f};  // 0.1 m between rows and columns; its face to +z
  cloth.columns = 11;
  cloth.rows = 7;
  apply_cloth_material(*find_cloth_material("paper"), cloth);
  cloth.pinned = {0, 10};
  add_cloth_grid(model, cloth);
  model.environment.gravity = glm::vec3(0.0f);  // nothing moves: the slit stays as cut
  GpuSolver solver(device(), model);
  // Every link between rows 3 and 4.
  std::vector<LinkCut> cuts;
  for (uint32_t c = 0; c < cloth.columns; ++c) {
    const uint32_t i = 3 * cloth.columns + c;
    cuts.push_back({i, 2});                             // down
    if (c > 0) cuts.push_back({i, 6});                  // down-left
    if (c + 1 < cloth.columns) cuts.push_back({i, 4});  // down-right
  }
  solver.cut_links(cuts);
  solver.step_frames(1);

  const VkExtent2D extent{640, 400};
  OrbitCamera camera;
  camera.look_at({0.0f, 0.68f, 1.2f}, {0.0f, 0.68f, 0.0f}, 0.6f);
  const glm::vec2 viewport(extent.width, extent.height);
  const DrawnSystem system{&solver, &model};
  OffscreenPictures pictures(device(), std::span<const DrawnSystem>(&system, 1), extent);
  const float row3 = 1.0f - 0.3f;
  // Whether the cloth is drawn at height y (m), at points across the middle of the cloth.
  const auto cloth_at = [&](const Picture& picture, float y) {
    uint32_t cloth_pixels = 0, points = 0;
    for (float x = -0.27f; x < 0.3f; x += 0.05f) {
      const glm::vec3 at = camera.project({x, y, 0.0f}, viewport);
      const size_t i = (size_t(at.y) * extent.width + size_t(at.x)) * 4;
      cloth_pixels += is_cloth_color(&picture.rgba[i]) ? 1 : 0;
      ++points;
    }
    return static_cast<float>(cloth_pixels) / static_cast<float>(points);
  };
  // Parted at their middles (0.05 m below row 3): open there; the pieces reach close to it.
  const Picture middle = pictures.draw(camera);
  EXPECT_EQ(cloth_at(middle, row3 - 0.05f), 0.0f);
  EXPECT_EQ(cloth_at(middle, row3 - 0.025f), 1.0f);
  EXPECT_EQ(cloth_at(middle, row3 - 0.075f), 1.0f);
  // The knife's stroke crossed them a quarter of the way down: the slit moves up there.
  pictures.renderer().set_link_parts(0, cuts, std::vector<float>(cuts.size(), 0.25f));
  const Picture stroke = pictures.draw(camera);
  EXPECT_EQ(cloth_at(stroke, row3 - 0.025f), 0.0f);
  EXPECT_EQ(cloth_at(stroke, row3 - 0.05f), 1.0f);
  EXPECT_EQ(cloth_at(stroke, row3 - 0.08f), 1.0f);
}

}  // namespace
}  // namespace weft::test
