// The viewer's "save scene" (Ctrl+S, the panel's button): the scene it shows, written as a scene
// file that `weft run` and `weft view` load (app/export/saved_scene.h). What is saved is the
// scene as loaded or built with the panel's edits (solver, environment, colliders, link
// materials) and the pins edited by hand, in its initial state: particles where the scene starts
// them, not where the simulation has taken them, and a particle pinned by hand pinned there.
#pragma once

#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "app/viewer/viewer_scene.h"

namespace weft {

// The scene with the viewer's edits. Throws SceneWriteError for an edit no scene file can state
// (the panel's added compliance on a cloth whose links come from its material).
Scene scene_to_save(const ViewerScene& scene);
// The same from the scene as loaded and the viewer's systems, one per system of the scene (their
// models, materials and pins by hand; their solvers are not needed).
Scene scene_to_save(const Scene& scene, const std::vector<ViewerScene::System>& systems);

// The name a saved scene takes by default: the scene file's, or the preset's.
std::string scene_name(const ViewerScene& scene);

struct SaveOutcome {
  bool saved = false;
  std::string message;             // for the status line: what was written, or why not
  std::vector<std::string> notes;  // what the file leaves out, and why that changes nothing
};

// Saves to `save_to` (`weft view --save-to`), or to "<name>-saved.toml" in the working directory
// under a name no file has yet, with the viewer's `camera` as its [camera]. Never throws: the
// outcome says what happened.
SaveOutcome save_viewer_scene(const ViewerScene& scene, const std::string& save_to,
                              const SceneCamera& camera);

}  // namespace weft
