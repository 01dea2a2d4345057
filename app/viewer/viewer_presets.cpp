#include "app/viewer/viewer_presets.h"

#include <array>
#include <stdexcept>
#include <unordered_set>

#include "app/default_scene.h"
#include "app/scene/scene_origin.h"
#include "app/scene/scene_source.h"
#include "sim/model/cloth_grid.h"

namespace weft {

namespace {

const std::array kPresets{
    Preset{"Cloth on a sphere",
           "the default scene: cotton pinned at two corners, drapes over a sphere", "cotton"},
    Preset{"Silk", "light, bends easily, little air drag: folds finely and swings long", "silk",
           glm::vec3(0.88f, 0.80f, 0.62f)},  // raw silk
    Preset{"Denim", "heavy twill, forty times stiffer in bending: holds broad folds", "denim",
           glm::vec3(0.20f, 0.30f, 0.52f)},  // indigo
    Preset{"Rubber sheet", "stretches freely with no limit, and bends like a 0.5 mm sheet",
           "rubber", glm::vec3(0.30f, 0.32f, 0.34f)},
    Preset{"Curtain in the wind", "the whole top edge pinned, a steady wind, no sphere", "cotton",
           glm::vec3(0.72f, 0.22f, 0.24f)},  // a red curtain
    Preset{"NeHe ground",
           "one pinned corner, NeHe's ground forces (repulsion, friction, "
           "absorption) instead of projection, and self-collision",
           "cotton"},
    Preset{"Paper",
           "a sheet of 80 g/m^2 paper on a table, held along its far edge: it tears beyond 2% "
           "strain, so pull it away with the mouse, or cut it with the knife (Alt + left drag)",
           "paper", glm::vec3(0.92f, 0.91f, 0.86f)},
};

// Pins exactly the particles listed; every other node of the cloth gets its own mass back.
void pin_only(Model& model, const ClothGridDesc& cloth,
              const std::unordered_set<uint32_t>& pinned) {
  for (uint32_t i = 0; i < model.particle_count(); ++i) {
    model.inverse_masses[i] =
        pinned.count(i) ? 0.0f
                        : 1.0f / cloth_node_mass(cloth, i % cloth.columns, i / cloth.columns);
  }
}

}  // namespace

std::span<const Preset> presets() {
  return kPresets;
}

Scene preset_scene(size_t index, uint32_t columns, uint32_t rows) {
  if (index >= kPresets.size()) throw std::out_of_range("no such preset");
  DefaultSceneOptions options;
  options.columns = columns;
  options.rows = rows;
  options.material = kPresets[index].material;
  // Built in the world's coordinates, then simulated about its middle.
  Scene scene = scene_in_world(default_scene(options));
  scene.title = kPresets[index].name;
  scene.description = kPresets[index].description;
  scene.systems.front().name = "cloth";
  scene.systems.front().objects.front().color = kPresets[index].color;
  Model& model = scene.systems.front().model;
  const ClothGridDesc cloth = default_cloth(options);
  const float m = mean_node_mass(cloth);
  switch (index) {
    case 1:  // silk
      model.environment.air_drag *= 0.25f;
      break;
    case 4: {  // curtain
      std::unordered_set<uint32_t> top_row;
      for (uint32_t c = 0; c < columns; ++c)
        top_row.insert(c);
      pin_only(model, cloth, top_row);
      model.environment.spheres.clear();
      // Drag of 1 N s/m per kg: a 4 m/s wind pushes with 4 m/s^2 against gravity's 9.81.
      model.environment.wind = {0.5f, 0.0f, 4.0f};
      model.environment.air_drag = 1.0f * m;
      // Hung by its whole edge it blows back nearly flat: a check shows it is cloth, and how it
      // curls.
      scene.systems.front().objects.front().check_size = 0.1f;
      break;
    }
    case 5: {  // NeHe lesson 40's ground model, scaled from its 0.05 kg masses to this cloth's
      pin_only(model, cloth, {0u});
      model.environment.spheres.clear();
      const float scale = m / 0.05f;
      model.environment.ground = {GroundMode::force, -0.6f, 100.0f * scale, 0.2f * scale,
                                  2.0f * scale};
      // It collapses onto the ground in folds: without self-collision they pass through one
      // another and its back shows through its face.
      model.environment.self_collision = true;
      break;
    }
    case 6: {  // paper, lying on the ground: hung, it would tear under its own weight
      std::unordered_set<uint32_t> far_edge;
      for (uint32_t c = 0; c < columns; ++c)
        far_edge.insert(c);
      pin_only(model, cloth, far_edge);
      model.environment.spheres.clear();
      // 5 mm below where it rests: contact keeps it half its thickness above the table.
      model.environment.ground.height =
          model.positions.front().y - 0.5f * model.contact_groups.front().thickness - 0.005f;
      break;
    }
    default: break;
  }
  centre_scene(scene);  // simulated about its middle, as a scene file is
  return scene;
}

void anchor_pins(Model& model) {
  std::unordered_set<uint32_t> anchored;
  for (const Anchor& a : model.anchors)
    anchored.insert(a.particle);
  for (uint32_t i = 0; i < model.particle_count(); ++i) {
    if (model.inverse_masses[i] == 0.0f && !anchored.count(i)) {
      model.anchors.push_back({i, glm::vec3(0.0f), true});
    }
  }
}

}  // namespace weft
