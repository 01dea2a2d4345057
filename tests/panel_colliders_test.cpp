// The panel's collider controls (app/viewer/panel_colliders.h) drawn by Dear ImGui without a
// window, with values set by their labels as the input script sets them: an edited box moves
// the contact on both solvers alike; every kind shows the controls of its size, and its pose
// unless a path moves it; the rotation's degrees go back and forth to a rotation; and positions,
// the ground's height among them, are shown and taken in the world, not the model's frame.
#include <gtest/gtest.h>

#include <optional>

#include <imgui.h>

#include "app/viewer/panel_colliders.h"
#include "app/viewer/panel_settings.h"
#include "sim/model/collider_path.h"
#include "sim/model/model_origin.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "tests/support/headless_imgui.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class PanelCollidersTest : public VulkanTest {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    if (IsSkipped()) return;
    imgui_.emplace();
  }
  void TearDown() override {
    imgui_.reset();
    VulkanTest::TearDown();
  }

  // One frame of the panel's controls that `controls` draws, taking these scripted values;
  // returns whether they edited something, and fails the test on a value no widget took.
  template <typename Controls>
  bool draw_frame(std::vector<PanelEdit> values, Controls&& controls) {
    PanelEdits edits;
    for (PanelEdit& value : values)
      edits.add(std::move(value));
    ImGui::NewFrame();
    ImGui::Begin("panel");
    PanelWidgets ui(edits, &layout_);
    bool changed = false;
    layout_ = {};
    controls(ui, changed);
    ImGui::End();
    ImGui::Render();
    for (const std::string& error : edits.finish_frame())
      ADD_FAILURE() << error;
    return changed;
  }

  // The collider controls.
  bool draw(Environment& environment, std::vector<PanelEdit> values,
            const glm::dvec3& origin = glm::dvec3(0.0)) {
    return draw_frame(std::move(values), [&](PanelWidgets& ui, bool& changed) {
      draw_colliders(ui, environment, origin, changed);
    });
  }

  // The ground's live settings (panel_settings.h).
  bool draw_ground(Model& model, std::vector<PanelEdit> values) {
    return draw_frame(std::move(values), [&](PanelWidgets& ui, bool& changed) {
      draw_live_settings(ui, "environment.ground", model, changed);
    });
  }

  std::optional<HeadlessImGui> imgui_;
  PanelLayout layout_;
};

// A particle on a box 0.6 m wide, 0.6 m tall and 0.2 m deep, centred at the origin; it falls
// under gravity, with damping strong enough that it comes to rest within a second.
Model particle_on_a_box() {
  Model model;
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.solver.integrator = Integrator::verlet;
  model.solver.substeps = 4;
  model.solver.damping_rate = 30.0f;  // 1/s
  Collider box;
  box.shape = ColliderShape::box;
  box.half_extents = {0.3f, 0.3f, 0.1f};
  model.environment.colliders.push_back(box);
  model.add_particle({0.05f, 0.3f, 0.0f}, 1.0f);  // on its top face
  return model;
}

TEST_F(PanelCollidersTest, AnEditedBoxMovesTheContactOnBothSolvers) {
  Model model = particle_on_a_box();
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  // Each edit lowers the box's top; the particle falls onto it and rests there on both solvers.
  const auto edit_and_settle = [&](std::vector<PanelEdit> values) {
    EXPECT_TRUE(draw(model.environment, std::move(values)));
    cpu.set_parameters(model);
    gpu.set_parameters(model);
    for (int frame = 0; frame < 90; ++frame)
      cpu.step_frame();
    gpu.step_frames(90);
    const float on_cpu = cpu.state().positions[0].y;
    EXPECT_NEAR(gpu.download_state().positions[0].y, on_cpu, 1e-5f) << "the solvers disagree";
    return on_cpu;
  };
  // Lowered by 0.1 m: the top at 0.2 m.
  EXPECT_NEAR(edit_and_settle({{"box 1 center (m)", {"0", "-0.1", "0"}, "set centre"}}), 0.2f,
              1e-5f);
  // Turned 90 degrees about x: its depth is now its height, the top 0.1 m above its centre.
  EXPECT_NEAR(edit_and_settle({{"box 1 rotate (degrees)", {"90", "0", "0"}, "set rotation"}}), 0.0f,
              1e-5f);
  // Half as deep: the top 0.05 m above its centre.
  EXPECT_NEAR(edit_and_settle({{"box 1 size (m)", {"0.6", "0.6", "0.1"}, "set size"}}), -0.05f,
              1e-5f);
}

TEST_F(PanelCollidersTest, EveryKindShowsItsSizeAndItsPoseUnlessAPathMovesIt) {
  Environment e;
  e.spheres.push_back({{0.0f, 1.0f, 0.0f}, 0.3f});
  Collider plane;
  plane.shape = ColliderShape::plane;
  Collider capsule;
  capsule.shape = ColliderShape::capsule;
  capsule.radius = 0.1f;
  capsule.half_length = 0.2f;
  Collider moving_box;
  moving_box.shape = ColliderShape::box;
  moving_box.half_extents = glm::vec3(0.1f);
  moving_box.path.keyframes = {{0.0, {}}, {1.0, {{1.0f, 0.0f, 0.0f}}}};
  Collider mesh;
  mesh.shape = ColliderShape::mesh;
  mesh.margin = 0.01f;
  mesh.triangles = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}};
  e.colliders = {plane, capsule, moving_box, mesh};
  EXPECT_FALSE(draw(e, {}));  // nothing edited, nothing changed
  for (const char* label :
       {"sphere 1 center (m)", "sphere 1 radius (m)", "plane 1 normal", "plane 1 offset (m)",
        "capsule 1 center (m)", "capsule 1 rotate (degrees)", "capsule 1 radius (m)",
        "capsule 1 length (m)", "box 1 size (m)", "mesh 1 center (m)", "mesh 1 rotate (degrees)",
        "mesh 1 margin (m)"}) {
    EXPECT_TRUE(layout_.label_positions.count(label)) << label;
  }
  EXPECT_FALSE(layout_.label_positions.count("box 1 center (m)"));  // its path moves it
  // The plane tilted and moved: +y turned to the new normal, its point at the offset.
  EXPECT_TRUE(draw(e, {{"plane 1 normal", {"0", "1", "1"}, "set normal"},
                       {"plane 1 offset (m)", {"0.5"}, "set offset"}}));
  const glm::vec3 normal = glm::normalize(glm::vec3(0.0f, 1.0f, 1.0f));
  EXPECT_LT(glm::distance(e.colliders[0].pose.rotation * glm::vec3(0, 1, 0), normal), 1e-5f);
  EXPECT_LT(glm::distance(e.colliders[0].pose.position, 0.5f * normal), 1e-5f);
  // A capsule's length is the scene file's: twice its half length.
  EXPECT_TRUE(draw(e, {{"capsule 1 length (m)", {"1"}, "set length"}}));
  EXPECT_FLOAT_EQ(e.colliders[1].half_length, 0.5f);
}

// A scene far from the world's origin is simulated in a frame near its particles (Model::origin):
// the panel shows and takes positions in the world, the model keeps them in its frame.
TEST_F(PanelCollidersTest, PositionsAreShownAndTakenInTheWorld) {
  const glm::dvec3 origin(0.0, 100.0, 0.0);
  Environment e;
  e.spheres.push_back({{0.0f, 1.0f, 0.0f}, 0.3f});  // at y = 101 in the world
  Collider plane;
  plane.shape = ColliderShape::plane;
  e.colliders = {plane};
  // Moved to y = 99.5 in the world: 0.5 m below the frame's origin.
  EXPECT_TRUE(draw(e, {{"sphere 1 center (m)", {"0", "99.5", "0"}, "set centre"}}, origin));
  EXPECT_LT(glm::distance(e.spheres[0].center, glm::vec3(0.0f, -0.5f, 0.0f)), 1e-5f);
  // A level plane at y = 98 in the world: 2 m below the frame's origin.
  EXPECT_TRUE(draw(e, {{"plane 1 offset (m)", {"98"}, "set offset"}}, origin));
  EXPECT_LT(glm::distance(e.colliders[0].pose.position, glm::vec3(0.0f, -2.0f, 0.0f)), 1e-5f);
}

// The ground's height likewise: a plane at y = 99.5 in the world, 0.5 m below the frame's origin.
TEST_F(PanelCollidersTest, TheGroundsHeightIsShownAndTakenInTheWorld) {
  Model model;
  model.add_particle({0.0f, 0.0f, 0.0f}, 1.0f);
  model.environment.ground = {GroundMode::projection, 99.5f};
  move_origin(model, glm::dvec3(0.0, 100.0, 0.0));
  ASSERT_EQ(model.environment.ground.height, -0.5f);
  EXPECT_TRUE(draw_ground(model, {{"ground.height (m)", {"99"}, "set height"}}));
  EXPECT_EQ(model.environment.ground.height, -1.0f);
}

TEST(PanelDegrees, AreTheAnglesOfTheRotationTheyMake) {
  for (const glm::vec3 degrees : {glm::vec3(0.0f), glm::vec3(30.0f, -45.0f, 170.0f),
                                  glm::vec3(-120.0f, 10.0f, 0.0f), glm::vec3(0.0f, 89.0f, 5.0f)}) {
    const glm::vec3 back = degrees_from_rotation(rotation_from_degrees(degrees));
    EXPECT_LT(glm::distance(back, degrees), 1e-2f)
        << degrees.x << " " << degrees.y << " " << degrees.z;
  }
  // About y by 90 degrees, x and z turn about the same axis: another set of angles, the same
  // rotation.
  const glm::quat q = rotation_from_degrees({20.0f, 90.0f, 30.0f});
  const glm::quat back = rotation_from_degrees(degrees_from_rotation(q));
  EXPECT_GT(std::abs(glm::dot(q, back)), 1.0f - 1e-5f);
}

}  // namespace
}  // namespace weft::test
