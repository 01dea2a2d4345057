#include "app/scene/scene_source.h"

#include "app/scene/scene_file.h"
#include "app/scene/scene_origin.h"

namespace weft {

Scene default_scene(const DefaultSceneOptions& options) {
  Scene scene;
  scene.title = "weft's default cloth over a sphere";
  scene.frames = 120;
  SceneSystem system;
  system.name = "default";
  system.model = make_default_scene(options);
  SceneObject cloth;
  cloth.name = "cloth";
  cloth.kind = SceneObjectKind::cloth;
  cloth.particle_count = system.model.particle_count();
  cloth.columns = options.columns;
  cloth.rows = options.rows;
  // What a scene file would say of it, for writing it as one (scene_writer.h).
  cloth.material = *find_cloth_material(options.material);
  cloth.cloth = default_cloth(options);
  cloth.cloth->pinned.clear();  // the model's inverse masses say which nodes are pinned
  cloth.pin_shapes.corners = {"first_row_first_column", "first_row_last_column"};
  system.objects.push_back(cloth);
  scene.systems.push_back(std::move(system));
  centre_scene(scene);  // simulated about its middle, as a scene file is
  return scene;
}

Scene load_scene_or_default(const std::filesystem::path& path,
                            const DefaultSceneOptions& defaults) {
  return path.empty() ? default_scene(defaults) : load_scene(path);
}

}  // namespace weft
