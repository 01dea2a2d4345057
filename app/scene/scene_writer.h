// A Scene written back as a scene file (docs/scenes.md), so that loading it builds the same
// systems, particle for particle and value for value: the viewer's "save scene". The file
// describes the scene's initial state, with the parameters and pins its models hold now.
//
// What it writes and how:
// - every system by name, with its solver and environment (colliders with their paths);
// - every object in its system's order (which numbers the particles), from the description that
//   built it (SceneObject::rope, cloth, mesh) and the model: its mass per particle, links or
//   material (by name while it is a named one unchanged, else its figures);
// - pins from the model's inverse masses: the corners and region the file gave while everything
//   they pin is still pinned, and every other pinned node by number (anchors pin their own);
// - meshes (objects' "<stem>-<object>.obj", collider meshes' "<stem>.collider<k>.obj", with
//   "-<system>" after the stem when there are several systems) as OBJ text to be written beside
//   the scene, as simulated (repaired, in the file's own frame; the placement keys stay in the
//   scene): the saved scene holds what ran whatever becomes of the original files, and loads
//   from any folder (a scene names files inside its own folder);
// - [[spring]], [[anchor]] and [[event]] tables, naming particles as "name[i]".
// - the camera and the drape test ([camera], [drape_test]) as the scene holds them.
// Floats are written in the fewest digits that read back as the same float (toml_text.h).
#pragma once

#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "app/scene/toml_text.h"
#include "sim/model/setting_keys.h"

namespace weft {

// The first line of every mesh a saved scene writes beside it: weft replaces a file of a mesh's
// name only when it starts so (app/export/output_file.h, Replace::weft_files).
inline constexpr const char* kSavedMeshFirstLine = "# weft: a mesh of a saved scene\n";

// A setting's value as a scene file spells it ("16", "[0.0, -9.81, 0.0]", "\"verlet\"", "true").
std::string setting_toml(const SettingKey& setting, const SettingValue& value);

struct SceneText {
  struct Mesh {
    std::string file;  // its name, beside the scene file, starting with the stem
    std::string obj;   // the OBJ file's text
  };
  std::string toml;
  std::vector<Mesh> meshes;
  // What the scene had that its file leaves out, and why it changes nothing (a one-shot force on
  // a particle pinned since, which would not move it).
  std::vector<std::string> notes;
};

// `stem`: the saved scene's file name without ".toml", which names the meshes beside it. Throws
// SceneWriteError for what a scene file cannot say (an object built without a description, a
// particle with a mass of its own inside a rope, cloth or mesh, systems that disagree on
// frame_dt).
SceneText write_scene_text(const Scene& scene, const std::string& stem);

}  // namespace weft
