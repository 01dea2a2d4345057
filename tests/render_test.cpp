// The graphics pass on the GPU, with validation: normals from compute_normals.comp against their
// CPU mirror, and offscreen pictures: the default scene's cloth where the camera says it is, the
// background elsewhere, the springs view coloured by strain, the key light's shadow on the
// ground, particles and ropes drawn as spheres and thick lines, and pins as round markers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "app/default_scene.h"
#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "app/render/render_mesh.h"
#include "app/render/system_renderer.h"
#include "engine/device.h"
#include "sim/model/cloth_grid.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/rope.h"
#include "tests/support/picture_regions.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr VkExtent2D kExtent{320, 200};

Model small_default_scene() {
  DefaultSceneOptions options;
  options.columns = 16;
  options.rows = 16;
  return make_default_scene(options);
}

class RenderTest : public VulkanTest {};

TEST_F(RenderTest, GpuNormalsMatchTheirCpuMirror) {
  const Model model = cloth_scene(Integrator::verlet);
  GpuSolver solver(device(), model);
  // A crumpled state, so that every normal is different.
  solver.upload_state(perturbed_state(model, 1e-3f, 7));
  const RenderFormats formats = choose_render_formats(device(), VK_FORMAT_R8G8B8A8_SRGB);
  const DrawnSystem system{&solver, &model};
  SceneRenderer renderer(device(), std::span<const DrawnSystem>(&system, 1), formats);
  device().submit_and_wait(
      [&](VkCommandBuffer cmd) { renderer.record_prepare(cmd, DrawSettings{}); });

  std::vector<glm::vec4> gpu(model.particle_count());
  download_from_buffer(device(), renderer.system(0).normals(), gpu.data(), gpu.size() * 16);
  const ParticleState<float> state = solver.download_state();
  std::vector<glm::vec3> positions(state.positions.begin(), state.positions.end());
  const std::vector<glm::vec3> cpu =
      vertex_normals(positions, build_corner_adjacency(model.particle_count(), model.triangles));
  for (size_t i = 0; i < cpu.size(); ++i) {
    EXPECT_LT(glm::distance(glm::vec3(gpu[i]), cpu[i]), 1e-5f) << "vertex " << i;
  }
}

TEST_F(RenderTest, TheClothIsDrawnWhereTheCameraPutsIt) {
  const Model model = small_default_scene();
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  const Picture picture = render_offscreen(device(), solver, model, camera, kExtent);

  // The cloth starts flat: its four corners bound where it must appear.
  PixelBox expected{1e9f, 1e9f, -1e9f, -1e9f};
  const glm::vec2 viewport(kExtent.width, kExtent.height);
  for (uint32_t corner : {0u, 15u, 240u, 255u}) {
    const glm::vec3 p = camera.project(model.positions[corner], viewport);
    expected = {std::min(expected.x0, p.x), std::min(expected.y0, p.y), std::max(expected.x1, p.x),
                std::max(expected.y1, p.y)};
  }
  const ClothPixels cloth = find_cloth(picture.rgba, picture.width, picture.height);
  // A flat quad fills about half its bounding box; the whole picture has far more pixels.
  const float box_area = (expected.x1 - expected.x0) * (expected.y1 - expected.y0);
  EXPECT_GT(cloth.count, 0.3f * box_area);
  EXPECT_LT(cloth.count, 0.7f * box_area);
  // Every cloth pixel is inside the box (give or take the edge's antialiasing).
  EXPECT_GE(cloth.bounds.x0, expected.x0 - 2);
  EXPECT_GE(cloth.bounds.y0, expected.y0 - 2);
  EXPECT_LE(cloth.bounds.x1, expected.x1 + 2);
  EXPECT_LE(cloth.bounds.y1, expected.y1 + 2);
  // Above the cloth, at the top of the picture, is the background: the clear colour.
  const uint8_t* corner = &picture.rgba[0];
  EXPECT_LT(corner[0], 90);
  EXPECT_NEAR(corner[0], corner[1], 12);
  EXPECT_FALSE(is_cloth_color(corner));
}

TEST_F(RenderTest, TheSpringsViewColoursStretchedLinksRed) {
  const Model model = small_default_scene();
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  DrawSettings springs;
  springs.springs_view = true;
  const auto count_red = [&](const Picture& picture) {
    uint32_t red = 0;
    for (size_t i = 0; i < picture.rgba.size(); i += 4) {
      const uint8_t* p = &picture.rgba[i];
      if (p[0] > 180 && p[0] > p[1] + 100 && p[0] > p[2] + 100) ++red;
    }
    return red;
  };
  const uint32_t at_rest =
      count_red(render_offscreen(device(), solver, model, camera, kExtent, springs));
  // Stretch the whole cloth by 5% about its first corner: every link is 5% too long.
  ParticleState<float> state = solver.download_state();
  const glm::vec3 origin(state.positions[0]);
  for (glm::vec4& p : state.positions) {
    p = glm::vec4(origin + 1.05f * (glm::vec3(p) - origin), p.w);
  }
  solver.upload_state(state);
  const uint32_t stretched =
      count_red(render_offscreen(device(), solver, model, camera, kExtent, springs));
  EXPECT_EQ(at_rest, 0u);
  EXPECT_GT(stretched, 2000u);
}

// Where a point of the world lands on the ground along the key light: its shadow.
glm::vec3 shadow_on_ground(const glm::vec3& p, float ground) {
  const glm::vec3 to_light = key_light_direction();
  return p - to_light * ((p.y - ground) / to_light.y);
}

TEST_F(RenderTest, TheKeyLightsShadowDarkensTheGroundUnderTheCloth) {
  // The flat cloth 2.1 m above the ground, alone: its shadow is the cloth moved along the light.
  Model model = small_default_scene();
  model.environment.spheres.clear();
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  DrawSettings without;
  without.shadows = false;
  const Picture lit = render_offscreen(device(), solver, model, camera, kExtent, without);
  const Picture shadowed = render_offscreen(device(), solver, model, camera, kExtent);

  // The ground where each particle's shadow falls, where it is in view and not behind the cloth.
  const glm::vec2 viewport(kExtent.width, kExtent.height);
  const float ground = model.environment.ground.height;
  double lit_sum = 0.0, shadowed_sum = 0.0;
  uint32_t samples = 0;
  for (const glm::vec3& p : model.positions) {
    const glm::vec3 at = camera.project(shadow_on_ground(p, ground), viewport);
    if (at.x < 0 || at.y < 0 || at.x >= kExtent.width || at.y >= kExtent.height) continue;
    const size_t i = (size_t(at.y) * kExtent.width + size_t(at.x)) * 4;
    if (!is_grey(&lit.rgba[i]) || !is_grey(&shadowed.rgba[i])) continue;
    lit_sum += luma(&lit.rgba[i]);
    shadowed_sum += luma(&shadowed.rgba[i]);
    ++samples;
  }
  ASSERT_GT(samples, 20u) << "too little of the shadow is in view to judge it";
  // Encoded in sRGB, the key light's share of the ground's light is a smaller share of its
  // brightness: 15% darker is a shadow a person sees at once.
  EXPECT_LT(shadowed_sum, 0.85 * lit_sum)
      << "mean ground brightness " << lit_sum / samples << " lit, " << shadowed_sum / samples
      << " in the cloth's shadow";

  // Far from it (the bottom right corner of the picture) the ground is as bright either way.
  double lit_corner = 0.0, shadowed_corner = 0.0;
  for (uint32_t y = kExtent.height - 20; y < kExtent.height; ++y) {
    for (uint32_t x = kExtent.width - 40; x < kExtent.width; ++x) {
      const size_t i = (size_t(y) * kExtent.width + x) * 4;
      lit_corner += luma(&lit.rgba[i]);
      shadowed_corner += luma(&shadowed.rgba[i]);
    }
  }
  EXPECT_NEAR(shadowed_corner / lit_corner, 1.0, 0.01);
}

// A cloth lying on the ground, exactly at its height, seen from far off and low: every pixel of
// it is the cloth's, none the ground's showing through (they would fight for depth without the
// cloth's pull towards the eye, render_bindings.glsl: pulled_to_eye).
TEST_F(RenderTest, AClothLyingOnTheGroundCoversIt) {
  Model model;
  ClothGridDesc cloth;
  cloth.origin = {-1.0f, 0.0f, -1.0f};
  cloth.width_axis = {2.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 2.0f};  // its face up
  cloth.columns = cloth.rows = 16;
  cloth.particle_mass = 0.01f;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  add_cloth_grid(model, cloth);
  model.environment.ground.mode = GroundMode::projection;
  model.environment.ground.height = 0.0f;
  GpuSolver solver(device(), model);
  for (const float distance : {3.0f, 12.0f, 40.0f}) {
    OrbitCamera camera;
    camera.look_at({0.0f, 0.12f * distance, distance}, {0.0f, 0.0f, 0.0f}, 0.35f);
    const Picture picture = render_offscreen(device(), solver, model, camera, kExtent);
    // Where each node inside the cloth's border lands: the cloth's colour.
    const glm::vec2 viewport(kExtent.width, kExtent.height);
    uint32_t seen = 0, ground = 0;
    for (uint32_t r = 2; r + 2 < cloth.rows; ++r) {
      for (uint32_t c = 2; c + 2 < cloth.columns; ++c) {
        const glm::vec3 at = camera.project(model.positions[r * cloth.columns + c], viewport);
        const size_t i = (size_t(at.y) * kExtent.width + size_t(at.x)) * 4;
        ++seen;
        if (!is_cloth_color(&picture.rgba[i])) ++ground;
      }
    }
    EXPECT_EQ(ground, 0u) << "of " << seen << " nodes seen from " << distance << " m";
  }
}

// A free particle above the ground casts its round shadow (shadow_disc.frag cuts the disc out of
// its square) where the key light puts it.
TEST_F(RenderTest, AFreeParticleCastsAShadow) {
  Model model;
  model.add_particle({0.0f, 0.3f, 0.0f}, 1.0f);
  model.add_particle({0.6f, 0.3f, 0.0f}, 1.0f);
  model.environment.ground.mode = GroundMode::projection;
  model.environment.ground.height = 0.0f;
  GpuSolver solver(device(), model);
  OrbitCamera camera;
  camera.look_at({0.3f, 1.2f, 1.2f}, {0.3f, 0.0f, 0.0f}, 0.6f);
  DrawSettings without;
  without.shadows = false;
  const Picture lit = render_offscreen(device(), solver, model, camera, kExtent, without);
  const Picture shadowed = render_offscreen(device(), solver, model, camera, kExtent);
  const glm::vec2 viewport(kExtent.width, kExtent.height);
  for (const glm::vec3& p : model.positions) {
    const glm::vec3 at = camera.project(shadow_on_ground(p, 0.0f), viewport);
    const size_t i = (size_t(at.y) * kExtent.width + size_t(at.x)) * 4;
    ASSERT_TRUE(is_grey(&lit.rgba[i])) << "the shadow's place is hidden";
    EXPECT_LT(luma(&shadowed.rgba[i]), 0.85f * luma(&lit.rgba[i]));
  }
}

TEST_F(RenderTest, FreeParticlesAreSpheresAndRopesThickLines) {
  // A rope of five nodes hanging from its first, and two particles of no link or triangle.
  Model model;
  RopeDesc rope;
  rope.start = {-1.0f, 1.0f, 0.0f};
  rope.end = {1.0f, 1.0f, 0.0f};
  rope.node_count = 5;
  rope.segment.stiffness = 100.0f;
  rope.pinned = {0};
  add_rope(model, rope);
  const uint32_t lone = model.add_particle({-0.8f, 0.0f, 0.0f}, 1.0f);
  model.add_particle({0.8f, 0.0f, 0.0f}, 1.0f);
  GpuSolver solver(device(), model);
  const OrbitCamera camera = default_camera(model, kExtent);
  const Picture picture = render_offscreen(device(), solver, model, camera, kExtent);
  const glm::vec2 viewport(kExtent.width, kExtent.height);

  // Each lone particle is a teal disc at its place.
  for (uint32_t p : {lone, lone + 1}) {
    const glm::vec3 at = camera.project(model.positions[p], viewport);
    const uint32_t teal =
        count_pixels_in(picture.rgba, kExtent.width, kExtent.height,
                        {at.x - 4, at.y - 4, at.x + 4, at.y + 4}, is_particle_color);
    EXPECT_GE(teal, 12u) << "particle " << p << " at " << at.x << ", " << at.y;
  }
  // Halfway along each segment, the rope's cord colour, several pixels wide.
  for (uint32_t k = 0; k + 1 < rope.node_count; ++k) {
    const glm::vec3 at =
        camera.project(0.5f * (model.positions[k] + model.positions[k + 1]), viewport);
    const uint32_t cord = count_pixels_in(picture.rgba, kExtent.width, kExtent.height,
                                          {at.x - 3, at.y - 3, at.x + 3, at.y + 3}, is_cloth_color);
    EXPECT_GE(cord, 9u) << "segment " << k;
  }
  // The two lone particles and the rope's four free nodes are separate teal blobs (the pinned
  // node has its marker instead).
  EXPECT_GE(count_blobs(picture.rgba, kExtent.width, kExtent.height, is_particle_color, 4), 6u);
}

// A particle linked to nothing keeps a hundredth of the picture's height as its radius, however
// far away it is: seen from 60 m its 1 cm sphere would be a fifth of a pixel, and the 3-pixel
// floor of a rope's nodes would leave a speck in a run framed over a long flight.
TEST_F(RenderTest, ALoneParticleFarAwayStaysAHundredthOfThePictureAcross) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 1.0f);
  model.add_particle({3.0f, 0.0f, 0.0f}, 1.0f);  // 48 px to the right
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.ground.mode = GroundMode::none;
  GpuSolver solver(device(), model);
  constexpr VkExtent2D kTall{400, 600};
  OrbitCamera camera;
  camera.look_at({0.0f, 0.0f, 60.0f}, {0.0f, 0.0f, 0.0f}, 0.6f);
  const Picture picture = render_offscreen(device(), solver, model, camera, kTall);
  uint32_t left = kTall.width, right = 0, top = kTall.height, bottom = 0;
  for (uint32_t y = 0; y < kTall.height; ++y) {
    for (uint32_t x = 0; x < kTall.width / 2 + 24; ++x) {  // the middle, not the other particle
      if (!is_particle_color(&picture.rgba[(size_t(y) * kTall.width + x) * 4])) continue;
      left = std::min(left, x), right = std::max(right, x);
      top = std::min(top, y), bottom = std::max(bottom, y);
    }
  }
  ASSERT_LE(left, right) << "no particle drawn";
  const float diameter = 2.0f * 0.01f * float(kTall.height);  // 12 px
  EXPECT_NEAR(float(right - left + 1), diameter, 3.0f) << "px";
  EXPECT_NEAR(float(bottom - top + 1), diameter, 3.0f) << "px";
}

// A pinned particle's marker seen from 0.3 m: a round magenta disc (marker.frag cuts it out of
// its square) as wide as the style's marker radius makes it. The scene's two particles span 1 m,
// so markers are 1.2 cm (render_style), about 13 pixels at this distance; far more than the
// 3-pixel floor.
TEST_F(RenderTest, APinIsARoundMarkerOfItsRadius) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 0.0f);  // pinned
  model.add_particle({1.0f, 0.0f, 0.0f}, 1.0f);  // off the picture: it sets the scene's size
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.ground.mode = GroundMode::none;
  GpuSolver solver(device(), model);
  OrbitCamera camera;
  camera.look_at({0.0f, 0.0f, 0.3f}, {0.0f, 0.0f, 0.0f}, 0.6f);
  const Picture picture = render_offscreen(device(), solver, model, camera, kExtent);
  auto is_magenta = [](const uint8_t* p) { return p[0] > p[1] + 60 && p[2] > p[1] + 20; };
  uint32_t count = 0, left = kExtent.width, right = 0, top = kExtent.height, bottom = 0;
  for (uint32_t y = 0; y < kExtent.height; ++y) {
    for (uint32_t x = 0; x < kExtent.width; ++x) {
      if (!is_magenta(&picture.rgba[(size_t(y) * kExtent.width + x) * 4])) continue;
      ++count;
      left = std::min(left, x), right = std::max(right, x);
      top = std::min(top, y), bottom = std::max(bottom, y);
    }
  }
  ASSERT_GT(count, 0u) << "no marker drawn";
  const float width = float(right - left + 1), height = float(bottom - top + 1);
  const float pixel = 2.0f * 0.3f * std::tan(0.3f) / float(kExtent.height);  // m at 0.3 m
  const float diameter = 2.0f * render_style(model, 1.0f).marker_radius / pixel;
  EXPECT_NEAR(width, diameter, 3.0f) << "px";
  EXPECT_NEAR(height, diameter, 3.0f) << "px";
  // A disc fills pi/4 of its bounding square; a square all of it. Outside the disc, at the
  // square's corners, the background shows (the colour of the picture's own corner).
  EXPECT_NEAR(float(count) / (width * height), 0.785f, 0.06f);
  auto rgb_at = [&](uint32_t x, uint32_t y) {
    const uint8_t* p = &picture.rgba[(size_t(y) * kExtent.width + x) * 4];
    return glm::ivec3(p[0], p[1], p[2]);
  };
  const glm::ivec3 background = rgb_at(0, 0);
  for (const glm::uvec2 corner :
       {glm::uvec2(left + 1, top + 1), glm::uvec2(right - 1, top + 1),
        glm::uvec2(left + 1, bottom - 1), glm::uvec2(right - 1, bottom - 1)}) {
    const glm::ivec3 d = glm::abs(rgb_at(corner.x, corner.y) - background);
    EXPECT_LE(std::max({d.x, d.y, d.z}), 4) << "at " << corner.x << ", " << corner.y;
  }
}

}  // namespace
}  // namespace weft::test
