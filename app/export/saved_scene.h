// A scene saved as a scene file (app/scene/scene_writer.h), with the meshes it names beside it:
// the viewer's "save scene". Like every output of weft (output_file.h) the files are written
// complete or not at all: each goes to a temporary file first, and they are renamed into place
// only once every one of them is written. Before that, the text is loaded back as a scene: what
// would not load is never written. Missing folders are created.
//
// The meshes are named after the scene file and the scene's objects, names the user did not
// give: a file of such a name is replaced only when weft wrote it as a saved scene's mesh (its
// first line says so), and every file replaced is named in the outcome.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/export/output_file.h"
#include "app/scene/scene_systems.h"

namespace weft {

struct SavedScene {
  std::filesystem::path file;
  std::vector<std::filesystem::path> meshes;    // written beside it
  std::vector<std::string> notes;               // what the file leaves out, and why (SceneText)
  std::vector<std::filesystem::path> replaced;  // files that were there before, now replaced
};

// Throws SceneWriteError (what a scene file cannot say, or a text that would not load) or
// ExportError (a path that cannot be written: a folder, a device, a full disk, a file beside it
// that weft did not write). `replace`: whether the scene file itself may replace a file
// (Replace::any when the user named it, Replace::never for a name weft chose).
SavedScene save_scene(const Scene& scene, const std::filesystem::path& file,
                      Replace replace = Replace::any);

// "<name>-saved.toml" in `folder`, or "<name>-saved-2.toml", -3, ...: the first whose file and
// meshes are not there yet, so that saving never replaces a file unasked. `name` is made a
// file name: characters other than letters, digits, '_' and '-' become '_'.
std::filesystem::path unused_scene_path(const Scene& scene, const std::filesystem::path& folder,
                                        const std::string& name);

}  // namespace weft
