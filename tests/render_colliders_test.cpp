// The colliders in an offscreen picture (the graphics pass `weft run --screenshot` and the viewer
// share), judged by regions as a person would: each sphere, capsule, box, mesh and plane shows
// its lit blue-grey where the camera puts it, against the background it
// would leave there if it were not drawn; and a collider on a scripted path is drawn where the
// solver moved it, not where it started.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "sim/model/collider_path.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "tests/support/picture_regions.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr VkExtent2D kExtent{400, 300};

// A collider's lit blue-grey, as the viewer draws the spheres too: grey within a few levels
// (blue a little above red), far from the background's dark slate.
bool is_collider_color(const uint8_t* p) {
  return p[2] >= p[0] && p[2] - p[0] < 40 && luma(p) > 70.0f && !is_content_color(p);
}

// How many collider-coloured pixels a 9 x 9 box around the projection of `point` holds.
uint32_t collider_pixels_at(const Picture& picture, const OrbitCamera& camera,
                            const glm::vec3& point) {
  const glm::vec3 at = camera.project(point, glm::vec2(kExtent.width, kExtent.height));
  return count_pixels_in(picture.rgba, picture.width, picture.height,
                         {at.x - 4, at.y - 4, at.x + 5, at.y + 5}, is_collider_color);
}

Collider capsule_at(const glm::vec3& centre) {
  Collider c;
  c.shape = ColliderShape::capsule;
  c.pose.position = centre;
  c.pose.rotation = rotation_from_degrees({0.0f, 0.0f, 90.0f});  // along x
  c.radius = 0.2f;
  c.half_length = 0.25f;
  return c;
}

Collider box_at(const glm::vec3& centre) {
  Collider c;
  c.shape = ColliderShape::box;
  c.pose.position = centre;
  c.pose.rotation = rotation_from_degrees({0.0f, 30.0f, 0.0f});
  c.half_extents = {0.25f, 0.25f, 0.25f};
  return c;
}

// An octahedron of radius 0.3 m: closed, so seen from any side.
Collider mesh_at(const glm::vec3& centre) {
  Collider c;
  c.shape = ColliderShape::mesh;
  c.pose.position = centre;
  c.margin = 0.005f;
  const float r = 0.3f;
  const glm::vec3 tip[2] = {{0, r, 0}, {0, -r, 0}};
  const glm::vec3 rim[4] = {{r, 0, 0}, {0, 0, r}, {-r, 0, 0}, {0, 0, -r}};
  for (const glm::vec3& t : tip)
    for (int k = 0; k < 4; ++k)
      c.triangles.insert(c.triangles.end(), {t, rim[k], rim[(k + 1) % 4]});
  return c;
}

// A scene with nothing else to draw but a particle far behind (the model needs one) and no
// ground: wherever a collider is not drawn, the picture shows the background.
Model scene_of(std::vector<Collider> colliders) {
  Model model;
  model.add_particle({0.0f, 0.0f, -3.0f}, 1.0f);
  model.environment.gravity = glm::vec3(0.0f);
  model.environment.ground.mode = GroundMode::none;
  model.environment.colliders = std::move(colliders);
  return model;
}

class RenderCollidersTest : public VulkanTest {};

TEST_F(RenderCollidersTest, CapsulesBoxesMeshesAndPlanesAreDrawnWhereTheyAre) {
  const glm::vec3 capsule(-1.2f, 0.0f, 0.0f), box(0.0f, 0.0f, 0.0f), mesh(1.2f, 0.0f, 0.0f);
  const Model solids = scene_of({capsule_at(capsule), box_at(box), mesh_at(mesh)});
  Collider plane;  // facing up, below where the solids were: the camera looks down on it
  plane.shape = ColliderShape::plane;
  plane.pose.position = {0.0f, -0.8f, 0.0f};
  Model planes = scene_of({plane});
  planes.positions[0] = glm::vec3(0.0f);  // the patch is centred where the plane nears the scene
  const Model empty = scene_of({});
  const OrbitCamera camera = default_camera(solids, kExtent);
  auto picture_of = [&](const Model& model) {
    GpuSolver solver(device(), model);
    return render_offscreen(device(), solver, model, camera, kExtent);
  };
  const Picture drawn = picture_of(solids);
  const Picture patch = picture_of(planes);
  const Picture nothing = picture_of(empty);
  // Where the camera sees the plane between the solids' place and the camera.
  const glm::vec3 toward_camera = glm::normalize(glm::vec3(camera.eye().x, 0.0f, camera.eye().z));
  const glm::vec3 on_plane = plane.pose.position + 0.6f * toward_camera;
  for (const auto& [name, picture, at] :
       {std::tuple<std::string, const Picture*, glm::vec3>{"capsule", &drawn, capsule},
        {"box", &drawn, box},
        {"mesh", &drawn, mesh},
        {"plane", &patch, on_plane}}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(collider_pixels_at(nothing, camera, at), 0u);    // the background there
    EXPECT_GE(collider_pixels_at(*picture, camera, at), 70u);  // of 81
  }
}

// A sphere collider of radius 0.4 m seen from 3 m: blue-grey at its centre and 0.3 m from it
// across the view, the background 0.5 m from it (sphere.vert draws it at its own size).
TEST_F(RenderCollidersTest, ASphereIsDrawnAtItsSize) {
  Model model = scene_of({});
  Model empty = model;
  model.environment.spheres.push_back({{0.0f, 0.0f, 0.0f}, 0.4f});
  OrbitCamera camera;
  camera.look_at({0.0f, 0.0f, 3.0f}, {0.0f, 0.0f, 0.0f}, 0.6f);
  auto picture_of = [&](const Model& m) {
    GpuSolver solver(device(), m);
    return render_offscreen(device(), solver, m, camera, kExtent);
  };
  const Picture drawn = picture_of(model);
  const Picture nothing = picture_of(empty);
  for (const glm::vec3 at : {glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f)}) {
    EXPECT_EQ(collider_pixels_at(nothing, camera, at), 0u) << at.x;  // the background there
    EXPECT_GE(collider_pixels_at(drawn, camera, at), 70u) << at.x;   // of 81
  }
  EXPECT_EQ(collider_pixels_at(drawn, camera, {0.5f, 0.0f, 0.0f}), 0u);
}

// A box that moves 1.5 m along x in its first second, with a capsule standing still.
Model moving_box_scene() {
  Collider moving = box_at({-0.8f, 0.0f, 0.0f});
  moving.path.keyframes = {{0.0, {{-0.8f, 0.0f, 0.0f}, moving.pose.rotation}},
                           {1.0, {{0.7f, 0.0f, 0.0f}, moving.pose.rotation}}};
  Model model = scene_of({moving, capsule_at({0.0f, 0.0f, 0.9f})});
  model.solver.frame_dt = 1.0f / 60.0f;
  return model;
}

TEST_F(RenderCollidersTest, AColliderOnAPathIsDrawnWhereTheSolverMovedIt) {
  const Model model = moving_box_scene();
  GpuSolver solver(device(), model);
  const OrbitCamera camera =
      framing_camera(Bounds{{-1.2f, -0.5f, -1.0f}, {1.2f, 0.5f, 1.2f}}, kExtent);
  EXPECT_GE(collider_pixels_at(render_offscreen(device(), solver, model, camera, kExtent), camera,
                               {-0.8f, 0.0f, 0.0f}),
            70u);
  solver.step_frames(60);  // one second: the end of its path
  const Picture moved = render_offscreen(device(), solver, model, camera, kExtent);
  EXPECT_GE(collider_pixels_at(moved, camera, {0.7f, 0.0f, 0.0f}), 70u);
  EXPECT_EQ(collider_pixels_at(moved, camera, {-0.8f, 0.0f, 0.0f}), 0u);
  EXPECT_GE(collider_pixels_at(moved, camera, {0.0f, 0.0f, 0.9f}), 70u);  // the capsule stays
}

// The CPU reference drawn through Vulkan (`weft run` and `weft view` on a CPU device): the GPU
// solver that draws its state poses the colliders at the reference's time. (Positions alone left
// the box where it started.)
TEST_F(RenderCollidersTest, AColliderOnAPathIsDrawnWhereTheCpuReferenceMovedIt) {
  const Model model = moving_box_scene();
  CpuSolver<float> reference(model);
  GpuSolver drawn(device(), model);
  for (int frame = 0; frame < 60; ++frame)
    reference.step_frame();
  drawn.upload_drawn_state(reference.state(), reference.simulated_time(), model.solver.frame_dt);
  const OrbitCamera camera =
      framing_camera(Bounds{{-1.2f, -0.5f, -1.0f}, {1.2f, 0.5f, 1.2f}}, kExtent);
  const Picture moved = render_offscreen(device(), drawn, model, camera, kExtent);
  EXPECT_GE(collider_pixels_at(moved, camera, {0.7f, 0.0f, 0.0f}), 70u);
  EXPECT_EQ(collider_pixels_at(moved, camera, {-0.8f, 0.0f, 0.0f}), 0u);
  EXPECT_GE(collider_pixels_at(moved, camera, {0.0f, 0.0f, 0.9f}), 70u);
}

}  // namespace
}  // namespace weft::test
