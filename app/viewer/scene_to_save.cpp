#include "app/viewer/scene_to_save.h"

#include <cctype>
#include <filesystem>

#include "app/export/output_file.h"
#include "app/export/saved_scene.h"
#include "app/scene/toml_text.h"
#include "app/viewer/viewer_presets.h"

namespace weft {

namespace {

// The panel's knobs on the link tables that build an object, as apply_link_knobs puts them on
// its elements; an object made of a material keeps its figures, which the knobs leave alone.
void apply_knobs(SceneObject& object, const LinkKnobs& knobs) {
  if (object.material) return;
  if (object.rope) object.rope->segment = with_knobs(object.rope->segment, knobs);
  if (object.cloth) {
    object.cloth->structural = with_knobs(object.cloth->structural, knobs);
    object.cloth->shear = with_knobs(object.cloth->shear, knobs);
    object.cloth->bend = with_knobs(object.cloth->bend, knobs);
  }
  if (object.mesh) {
    object.mesh->edge = with_knobs(object.mesh->edge, knobs);
    object.mesh->bend = with_knobs(object.mesh->bend, knobs);
  }
}

}  // namespace

Scene scene_to_save(const ViewerScene& viewer) {
  return scene_to_save(viewer.scene(), viewer.systems());
}

Scene scene_to_save(const Scene& loaded, const std::vector<ViewerScene::System>& systems) {
  Scene scene = loaded;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const ViewerScene::System& live = systems.at(s);
    Model& model = scene.systems[s].model;
    model.solver = live.model.solver;
    model.environment = live.model.environment;
    // Pins by hand. The scene's own pins are anchors in the viewer (the arrows move them), and
    // are pinned in both; the scene's anchors are its own, not the viewer's.
    model.inverse_masses = live.model.inverse_masses;
    // The link materials as edited ([[spring]] tables are written from these).
    model.springs = live.model.springs;
    model.constraints = live.model.constraints;
    model.grids = live.model.grids;
    for (SceneObject& object : scene.systems[s].objects) {
      for (const MaterialObject& edited : live.material_objects) {
        if (edited.name != object.name) continue;
        object.material = edited.running;  // its figures as it runs, and what they build
        if (object.cloth) apply_cloth_material(edited.running, *object.cloth);
        if (object.mesh) apply_cloth_material(edited.running, *object.mesh);
      }
      apply_knobs(object, live.knobs);
    }
  }
  return scene;
}

std::string scene_name(const ViewerScene& scene) {
  const SceneChoice& choice = scene.choice();
  if (!choice.file.empty()) return choice.file.stem().string();
  std::string name = presets()[choice.preset].name;  // "Cloth on a sphere": cloth_on_a_sphere
  for (char& c : name)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

SaveOutcome save_viewer_scene(const ViewerScene& viewer, const std::string& save_to,
                              const SceneCamera& camera) {
  SaveOutcome outcome;
  try {
    Scene scene = scene_to_save(viewer);
    scene.camera = camera;
    const std::filesystem::path path = save_to.empty()
                                           ? unused_scene_path(scene, "", scene_name(viewer))
                                           : std::filesystem::path(save_to);
    const SavedScene saved =
        save_scene(scene, path, save_to.empty() ? Replace::never : Replace::any);
    outcome.saved = true;
    outcome.message = "saved the scene to " + saved.file.string();
    if (!saved.meshes.empty()) {
      outcome.message += " with " + std::to_string(saved.meshes.size()) +
                         (saved.meshes.size() == 1 ? " mesh" : " meshes") + " beside it";
    }
    for (size_t k = 0; k < saved.replaced.size(); ++k) {
      outcome.message += (k == 0 ? " (replacing " : ", ") + saved.replaced[k].string();
      if (k + 1 == saved.replaced.size()) outcome.message += ")";
    }
    outcome.notes = saved.notes;
  } catch (const SceneWriteError& error) {
    outcome.message = std::string("cannot save the scene: ") + error.what();
  } catch (const ExportError& error) {
    outcome.message = std::string("cannot save the scene: ") + error.what();
  }
  return outcome;
}

}  // namespace weft
