// The viewer's "save scene" with edits (app/viewer/scene_to_save.h), on the CPU: scenes edited
// as the viewer edits them (panel values, material knobs, pins by hand, on its models with the
// scene's pins made anchors) and saved load back as the edited state itself: the viewer's
// models, less the anchors the viewer added, field by field and frame by frame. And the
// built-in presets save as the scenes they are.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include <glm/geometric.hpp>

#include "app/export/saved_scene.h"
#include "app/scene/scene_colors.h"
#include "app/scene/scene_file.h"
#include "app/scene/toml_text.h"
#include "app/viewer/hand_pins.h"
#include "app/viewer/viewer_presets.h"
#include "app/viewer/scene_to_save.h"
#include "sim/model/material_figures.h"
#include "sim/model/model_error.h"
#include "tests/support/presets.h"
#include "tests/support/saved_scene_checks.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

// The viewer's systems for a scene, as the viewer adopts them (without solvers).
std::vector<ViewerScene::System> viewer_systems(const Scene& scene) {
  std::vector<ViewerScene::System> systems;
  for (const SceneSystem& s : scene.systems)
    systems.push_back(ViewerScene::adopt_system(s));
  return systems;
}

// Pins by hand as ViewerScene::set_pinned makes them: anchors' particles are left alone, a freed
// particle gets the mass the scene gave it.
void pin_by_hand(ViewerScene::System& system, uint32_t particle, bool pinned) {
  for (const Anchor& anchor : system.model.anchors) {
    if (anchor.particle == particle) return;
  }
  const float w = pinned ? 0.0f : freed_inverse_mass(system.scene_inverse_masses, particle);
  system.model.inverse_masses[particle] = w;
  system.base.inverse_masses[particle] = w;
}

// What the saved scene must load as: the viewer's model with the scene's own anchors.
Model expected_model(const ViewerScene::System& live, const SceneSystem& loaded) {
  Model model = live.model;
  model.anchors = loaded.model.anchors;
  return model;
}

struct Edit {
  const char* preset;
  bool materials_have_figures;  // a cloth with a material: the knobs leave it alone
};

void PrintTo(const Edit& edit, std::ostream* out) {
  *out << edit.preset;
}

class SavedEditsTest : public ::testing::TestWithParam<Edit> {};

std::string edit_test_name(const ::testing::TestParamInfo<Edit>& param) {
  return param.param.preset;
}

TEST_P(SavedEditsTest, SaveTheEditedState) {
  const Edit edit = GetParam();
  const Scene loaded = load_scene(preset_path(edit.preset));
  std::vector<ViewerScene::System> systems = viewer_systems(loaded);
  for (ViewerScene::System& system : systems) {
    Model& model = system.model;
    // The panel's solver and environment values.
    model.solver.substeps = 7;
    model.solver.relaxation_sweeps = 3;
    model.solver.integrator = Integrator::semi_implicit_euler;
    model.solver.damping_rate = 0.75f;
    model.environment.gravity = {0.1f, -3.3f, 0.2f};
    model.environment.wind = {1.5f, 0.0f, -0.7f};
    model.environment.air_drag = 0.0031f;
    model.environment.ground.height = -0.37f;
    model.environment.contact_friction = 0.61f;
    for (Sphere& sphere : model.environment.spheres) {
      sphere.center += glm::vec3(0.13f, -0.05f, 0.02f);
      sphere.radius *= 1.1f;
    }
    // The material knobs, applied as the panel applies them when an edit ends.
    system.knobs.spring_stiffness_scale = 2.5f;
    system.knobs.spring_damping_scale = 0.3f;
    system.knobs.added_compliance = 1.5e-4f;
    apply_link_knobs(system.base, system.knobs, system.material_objects, model);
    EXPECT_EQ(system.links_of_its_own, !edit.materials_have_figures);
    // Pins by hand: every seventh particle pinned, then one of them freed again.
    for (uint32_t i = 1; i < model.particle_count(); i += 7)
      pin_by_hand(system, i, true);
    if (model.particle_count() > 8) pin_by_hand(system, 8, false);
  }

  const Scene scene = scene_to_save(loaded, systems);
  const fs::path file = fresh_directory(std::string("saved_edits_") + edit.preset) / "edited.toml";
  save_scene(scene, file);
  const Scene reloaded = load_scene(file);
  ASSERT_EQ(reloaded.systems.size(), systems.size());
  for (size_t s = 0; s < systems.size(); ++s) {
    const Model expected = expected_model(systems[s], loaded.systems[s]);
    const SceneSystem& got = reloaded.systems[s];
    EXPECT_TRUE(models_equal(expected, got.model)) << got.name;
    EXPECT_TRUE(same_frames(expected, systems[s].events, got.model, got.events, 2)) << got.name;
    // The edits are there: this is no round trip of the scene as loaded.
    EXPECT_EQ(got.model.solver.substeps, 7u);
    EXPECT_EQ(got.model.environment.gravity, glm::vec3(0.1f, -3.3f, 0.2f));
    EXPECT_EQ(got.model.inverse_masses[1], 0.0f);
  }
}

INSTANTIATE_TEST_SUITE_P(Scenes, SavedEditsTest,
                         ::testing::Values(Edit{"witkin_particles", false},
                                           Edit{"nehe40_rope", false},
                                           Edit{"games101_ropes", false}, Edit{"glut_cloth", false},
                                           Edit{"moving_colliders", false},
                                           Edit{"mesh_drape", true}, Edit{"flag_in_wind", true}),
                         edit_test_name);

// The knobs are for links a scene gave by their own tables: a cloth made of a material keeps the
// links its figures give it (the panel does not show them then), and its scene saves as it runs.
TEST(SavedEdits, TheKnobsLeaveAClothOfAMaterialAsItsFiguresBuildIt) {
  const Scene loaded = load_scene(preset_path("hanging_cloth"));
  std::vector<ViewerScene::System> systems = viewer_systems(loaded);
  ViewerScene::System& system = systems[0];
  EXPECT_FALSE(system.links_of_its_own);
  system.knobs.spring_stiffness_scale = 3.0f;
  system.knobs.added_compliance = 1e-3f;
  apply_link_knobs(system.base, system.knobs, system.material_objects, system.model);
  EXPECT_TRUE(models_equal(system.base, system.model));
  const fs::path file = fresh_directory("saved_knobs_on_a_material") / "cloth.toml";
  save_scene(scene_to_save(loaded, systems), file);
  const Scene reloaded = load_scene(file);
  EXPECT_TRUE(models_equal(expected_model(system, loaded.systems[0]), reloaded.systems[0].model));
}

// The panel's break strain reaches the material of a cloth that tears and its saved scene; a
// cloth that does not tear cannot be given one.
TEST(SavedEdits, TheBreakStrainIsSavedWithTheMaterial) {
  const Scene paper = preset_scene(6, 12, 10);  // Paper: tears at 2%
  std::vector<ViewerScene::System> systems = viewer_systems(paper);
  systems[0].material_objects.at(0).edited.break_strain = 0.05f;
  ViewerScene::apply_material_figures(systems[0]);
  const fs::path file = fresh_directory("saved_break_strain") / "paper.toml";
  save_scene(scene_to_save(paper, systems), file);
  const Scene reloaded = load_scene(file);
  EXPECT_EQ(reloaded.systems.at(0).model.grids.at(0).break_strain, 0.05f);

  const Scene cotton = preset_scene(0, 12, 10);
  systems = viewer_systems(cotton);
  systems[0].material_objects.at(0).edited.break_strain = 0.05f;
  EXPECT_THROW(ViewerScene::apply_material_figures(systems[0]), ModelError);
  save_scene(scene_to_save(cotton, systems), file);
  EXPECT_EQ(load_scene(file).systems.at(0).model.grids.at(0).break_strain, 0.0f);
}

// A material's figures edited in the panel are saved as the material's, and the saved scene
// loads as the edited cloth: the same model (masses, links, grids) and the same frames; a
// particle pinned by hand gets the new material's mass back when freed.
TEST(SavedEdits, MaterialFiguresEditedAreSavedAsTheMaterial) {
  for (const char* preset : {"hanging_cloth", "mesh_drape"}) {
    SCOPED_TRACE(preset);
    const Scene loaded = load_scene(preset_path(preset));
    std::vector<ViewerScene::System> systems = viewer_systems(loaded);
    ViewerScene::System& system = systems.at(0);
    ASSERT_FALSE(system.material_objects.empty());
    pin_by_hand(system, 5, true);
    MaterialObject& object = system.material_objects[0];
    object.edited.areal_density *= 1.5f;
    object.edited.stretch_stiffness *= 3.0f;
    object.edited.shear_stiffness *= 0.5f;
    object.edited.bending_stiffness *= 4.0f;
    object.edited.max_stretch = 0.01f;
    object.edited.friction = ContactFriction{0.9f, 0.6f};
    const auto masses = ViewerScene::apply_material_figures(system);
    EXPECT_FALSE(masses.empty());
    pin_by_hand(system, 5, false);
    const fs::path file = fresh_directory("saved_figures") / "figures.toml";
    save_scene(scene_to_save(loaded, systems), file);
    const Scene reloaded = load_scene(file);
    const std::optional<ClothMaterial>& saved = reloaded.systems.at(0).objects.at(0).material;
    ASSERT_TRUE(saved.has_value());
    EXPECT_TRUE(same_figures(*saved, object.running));
    const Model expected = expected_model(system, loaded.systems[0]);
    const Model& got = reloaded.systems[0].model;
    EXPECT_TRUE(models_equal(expected, got));
    EXPECT_TRUE(same_frames(expected, system.events, got, reloaded.systems[0].events, 2));
  }
}

// Figures a running cloth cannot take are refused, the panel's value put back.
TEST(SavedEdits, MaterialFiguresARunningClothCannotTakeAreRefused) {
  const Scene loaded = load_scene(preset_path("hanging_cloth"));
  std::vector<ViewerScene::System> systems = viewer_systems(loaded);
  MaterialObject& object = systems.at(0).material_objects.at(0);
  object.edited.max_stretch.reset();  // a running cloth keeps its tethers
  EXPECT_THROW(ViewerScene::apply_material_figures(systems[0]), ModelError);
  EXPECT_TRUE(same_figures(object.edited, object.running));
}

// The built-in presets save as scenes: the same model (its cloth's thickness, which keeps it off
// colliders, included) and the same frames.
TEST(SavedEdits, BuiltInPresetsSaveAsScenes) {
  for (size_t p = 0; p < presets().size(); ++p) {
    const Scene preset = preset_scene(p, 12, 10);
    const fs::path file = fresh_directory("saved_builtin") / "preset.toml";
    save_scene(scene_to_save(preset, viewer_systems(preset)), file);
    Scene reloaded = load_scene(file);
    ASSERT_EQ(reloaded.systems.size(), 1u);
    Model& model = reloaded.systems[0].model;
    ASSERT_EQ(model.contact_groups.size(), 1u);
    EXPECT_EQ(model.environment.self_collision, preset.systems[0].model.environment.self_collision);
    EXPECT_TRUE(models_equal(preset.systems[0].model, model)) << presets()[p].name;
    EXPECT_TRUE(same_frames(preset.systems[0].model, {}, model, {}, 2)) << presets()[p].name;
    EXPECT_EQ(reloaded.systems[0].name, "cloth");
    EXPECT_EQ(reloaded.title, presets()[p].name);
    // Drawn in the same colour, saved as the cloth's `color` where the preset has one.
    EXPECT_EQ(reloaded.systems[0].objects.at(0).color.has_value(), presets()[p].color.has_value());
    const glm::vec3 drawn = object_colors(preset).at(0).at(0).color;
    const glm::vec3 reloaded_drawn = object_colors(reloaded).at(0).at(0).color;
    EXPECT_LT(glm::distance(drawn, reloaded_drawn), 1e-5f) << presets()[p].name;
  }
}

// Each material's preset is drawn in a colour of its own, so that switching from one to another
// shows at a glance which cloth is which.
TEST(SavedEdits, EachMaterialsPresetHasAColourOfItsOwn) {
  std::map<std::string, glm::vec3> colour_of;
  for (size_t p = 0; p < presets().size(); ++p) {
    const glm::vec3 drawn = object_colors(preset_scene(p, 12, 10)).at(0).at(0).color;
    const std::string material = presets()[p].material;
    for (const auto& [other, colour] : colour_of) {
      if (other != material) {
        EXPECT_GT(glm::distance(drawn, colour), 0.1f) << material << " looks like " << other;
      }
    }
    colour_of.emplace(material, drawn);
  }
  EXPECT_EQ(colour_of.size(), 5u);  // cotton, silk, denim, rubber, paper
}

}  // namespace
}  // namespace weft::test
