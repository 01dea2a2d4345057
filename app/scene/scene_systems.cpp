#include "app/scene/scene_systems.h"

namespace weft {

uint64_t Scene::particle_count() const {
  uint64_t total = 0;
  for (const SceneSystem& system : systems)
    total += system.model.particle_count();
  return total;
}

const char* object_kind_name(SceneObjectKind kind) {
  switch (kind) {
    case SceneObjectKind::particle: return "particle";
    case SceneObjectKind::rope: return "rope";
    case SceneObjectKind::cloth: return "cloth";
    case SceneObjectKind::mesh: return "mesh";
  }
  return "object";
}

}  // namespace weft
