// The viewer's panel (app/viewer/control_panel.h) drawn by Dear ImGui without a window, at the
// viewer's default size on a CPU device: every label fits, nothing moves when a status line
// appears, and the input script's values reach the scene through the panel's widgets.
#include <gtest/gtest.h>

#include <filesystem>

#include <optional>

#include <imgui.h>

#include "app/viewer/control_panel.h"
#include "app/viewer/panel_style.h"
#include "app/viewer/viewer_presets.h"
#include "app/viewer/viewer_scene.h"
#include "tests/support/headless_imgui.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

class ControlPanelTest : public VulkanTest {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    if (IsSkipped()) return;
    imgui_.emplace();
    apply_panel_style();  // the viewer's: its padding and font decide what fits
    SceneChoice choice;
    choice.columns = choice.rows = 8;
    scene_ = std::make_unique<ViewerScene>(
        device(), choose_render_formats(device(), VK_FORMAT_B8G8R8A8_UNORM), 2, choice,
        make_viewer_scene(choice), 0);
    stats_.frame_done(0.0);
  }
  void TearDown() override {
    imgui_.reset();
    scene_.reset();
    VulkanTest::TearDown();
  }

  // One frame of the panel with every section open.
  PanelRequests draw(PanelInfo info) {
    info.stats = &stats_;
    info.device_name = device().name();
    info.layout = &layout_;
    info.open_all_sections = true;
    layout_ = {};
    ImGui::NewFrame();
    const PanelRequests requests = draw_control_panel(*scene_, settings_, info);
    ImGui::Render();
    return requests;
  }

  std::optional<HeadlessImGui> imgui_;
  std::unique_ptr<ViewerScene> scene_;
  ViewerSettings settings_;
  FrameStats stats_;
  PanelLayout layout_;
};

TEST_F(ControlPanelTest, EveryLabelFitsAtTheDefaultWindowSize) {
  draw({});
  draw({});  // the second frame has the sizes ImGui measured in the first
  EXPECT_GT(layout_.label_positions.size(), 25u);  // every section was drawn
  // The cloth's material, in its own figures (panel_material.h).
  EXPECT_TRUE(layout_.label_positions.count("stretch_stiffness (N/m)"));
  EXPECT_TRUE(layout_.label_positions.count("bending_stiffness (N m)"));
  EXPECT_TRUE(layout_.clipped_labels.empty())
      << layout_.clipped_labels.size() << " clipped, the first: " << layout_.clipped_labels[0];
}

TEST_F(ControlPanelTest, TheEnergyAndStrainPlotsFitThePanel) {
  RunHistory history;
  Energy energy;
  for (int frame = 0; frame < 30; ++frame) {
    history.add_strain(frame / 60.0, 0.001f * static_cast<float>(frame));
    energy.kinetic = 0.01 * frame;
    if (frame % 10 == 0) history.add_energy(frame / 60.0, energy);
  }
  settings_.measure_energy = true;
  PanelInfo info;
  info.history = &history;
  draw(info);
  draw(info);
  for (const char* label : {"max strain (%)", "measure energy", "kinetic energy (J)",
                            "elastic energy (J)", "total energy (J)"}) {
    EXPECT_TRUE(layout_.label_positions.count(label)) << label;
  }
  EXPECT_TRUE(layout_.clipped_labels.empty()) << layout_.clipped_labels[0];
  settings_.measure_energy = false;  // then only the strain, which costs nothing to watch
  draw(info);
  EXPECT_TRUE(layout_.label_positions.count("max strain (%)"));
  EXPECT_FALSE(layout_.label_positions.count("kinetic energy (J)"));
}

TEST_F(ControlPanelTest, ThePanelFitsItsWindowAndLeavesMostOfItToTheScene) {
  for (int frame = 0; frame < 3; ++frame)
    draw({});  // every section open: the tallest the panel gets
  const ImVec2 window = ImGui::GetIO().DisplaySize;
  EXPECT_GT(layout_.panel_size.y, 100.0f);
  EXPECT_LE(layout_.panel_size.y, window.y - 20.0f);  // what does not fit scrolls inside it
  EXPECT_LE(layout_.panel_size.x, 0.4f * window.x);
}

TEST_F(ControlPanelTest, EveryPresetsNameFitsThePresetList) {
  draw({});
  // The list spans the panel inside its padding and scrollbar, less its arrow button.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = PanelWidgets::panel_width() - 2.0f * style.WindowPadding.x -
                     style.ScrollbarSize - ImGui::GetFrameHeight() - 2.0f * style.FramePadding.x;
  for (const Preset& preset : presets())
    EXPECT_LE(ImGui::CalcTextSize(preset.name).x, room) << preset.name;
}

TEST_F(ControlPanelTest, NothingMovesWhenAStatusLineAppears) {
  draw({});
  draw({});
  const auto before = layout_.label_positions;
  PanelInfo busy;
  busy.last_screenshot = "/home/someone/pictures/weft-screenshot-12.png";
  busy.message = "that pin is an anchor: move it with the arrows";
  draw(busy);
  for (const auto& [label, at] : before) {
    ASSERT_TRUE(layout_.label_positions.count(label)) << label;
    EXPECT_EQ(layout_.label_positions[label].y, at.y) << label;
  }
}

TEST_F(ControlPanelTest, ScriptedValuesGoThroughTheWidgetsOfTheirLabels) {
  PanelEdits edits;
  edits.add({"Gravity (m/s^2)", {"0", "-3", "0.5"}, "5 set \"Gravity (m/s^2)\" 0 -3 0.5"});
  edits.add({"substeps", {"12"}, "5 set substeps 12"});
  edits.add({"shadows", {"off"}, "5 set shadows off"});
  edits.add({"integrator", {"semi_implicit_euler"}, "5 set integrator semi_implicit_euler"});
  edits.add({"reset", {}, "5 click reset"});
  PanelInfo info;
  info.edits = &edits;
  const PanelRequests requests = draw(info);
  EXPECT_TRUE(edits.finish_frame().empty());
  const Model& model = scene_->edited().model;
  EXPECT_EQ(model.environment.gravity, glm::vec3(0.0f, -3.0f, 0.5f));
  EXPECT_EQ(model.solver.substeps, 12u);
  EXPECT_EQ(model.solver.integrator, Integrator::semi_implicit_euler);
  EXPECT_FALSE(settings_.draw.shadows);
  EXPECT_TRUE(requests.parameters_changed);
  EXPECT_TRUE(requests.reset);
}

TEST_F(ControlPanelTest, AValueThePanelRefusesOrLacksIsAnError) {
  PanelEdits edits;
  edits.add({"substeps", {"100"}, "5 set substeps 100"});
  edits.add({"gravity (m/s^2)", {"0", "-3"}, "6 set gravity (m/s^2) 0 -3"});
  edits.add({"warp factor", {"9"}, "7 set \"warp factor\" 9"});
  PanelInfo info;
  info.edits = &edits;
  draw(info);
  const std::vector<std::string> errors = edits.finish_frame();
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_NE(errors[0].find("substeps takes a whole number from 1 to 64"), std::string::npos)
      << errors[0];
  EXPECT_NE(errors[1].find("takes 3 numbers"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("no value labelled 'warp factor'"), std::string::npos) << errors[2];
  EXPECT_EQ(scene_->edited().model.solver.substeps, 16u);  // unchanged
}

// The knobs on links a scene gave by their own tables show for such a scene (a rope of springs)
// and not for a cloth made of a material, which has its figures instead.
TEST_F(ControlPanelTest, TheLinkKnobsShowForLinksOfTheirOwnTablesOnly) {
  draw({});
  EXPECT_TRUE(layout_.label_positions.count("stretch_stiffness (N/m)"));
  EXPECT_FALSE(layout_.label_positions.count("spring stiffness x"));
  SceneChoice rope;
  rope.file = std::filesystem::path(WEFT_SCENES_DIR) / "nehe40_rope.toml";
  scene_->rebuild(rope);
  draw({});
  EXPECT_TRUE(layout_.label_positions.count("spring stiffness x"));
  EXPECT_TRUE(layout_.label_positions.count("added compliance (m/N)"));
}

// The break strain is a material figure like the others (panel_material.h): a slider for a cloth
// that tears, none for one that does not (a running cloth cannot start tearing).
TEST_F(ControlPanelTest, AClothThatTearsHasABreakStrainSliderAndOnlyThen) {
  PanelEdits edits;
  edits.add({"break_strain", {"0.05"}, "5 set break_strain 0.05"});
  PanelInfo info;
  info.edits = &edits;
  draw(info);  // cotton: it cannot tear, and a live edit cannot make it
  std::vector<std::string> errors = edits.finish_frame();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("no value labelled 'break_strain'"), std::string::npos) << errors[0];

  SceneChoice paper;
  paper.preset = 6;  // Paper
  paper.columns = paper.rows = 8;
  scene_->rebuild(paper);
  ASSERT_FLOAT_EQ(scene_->edited().model.grids.at(0).break_strain, 0.02f);
  edits.add({"break_strain", {"0.05"}, "5 set break_strain 0.05"});
  const PanelRequests requests = draw(info);
  errors = edits.finish_frame();
  EXPECT_TRUE(errors.empty()) << errors.front();
  EXPECT_TRUE(layout_.label_positions.count("break_strain"));
  EXPECT_TRUE(requests.material_figures_changed);
  scene_->apply_material_figures();  // the solver takes it: the cloth tears, at another strain
  EXPECT_FLOAT_EQ(scene_->edited().model.grids.at(0).break_strain, 0.05f);
  EXPECT_FLOAT_EQ(*scene_->edited().material_objects.at(0).running.break_strain, 0.05f);

  // Out of the slider's range (0 would stop the cloth tearing): refused.
  edits.add({"break_strain", {"0"}, "6 set break_strain 0"});
  draw(info);
  errors = edits.finish_frame();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("out of range"), std::string::npos) << errors[0];
}

}  // namespace
}  // namespace weft::test
