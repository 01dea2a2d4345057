// [[spring]], [[anchor]] and [[event]]: the parts of a scene that name particles of its objects,
// as "name" (an object of one particle) or "name[i]" (particle i of the object; for a mesh, i
// counts the OBJ file's vertices from 0).
#include <algorithm>
#include <charconv>

#include <glm/geometric.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/mesh_repair.h"
#include "app/scene/scene_draft.h"

namespace weft {

namespace {

struct ParticleRef {
  size_t system = 0;
  uint32_t particle = 0;  // in the system's model
};

ParticleRef resolve_reference(const SceneDraft& draft, const TableReader& table,
                              std::string_view key) {
  const std::string text = table.required_string(key);
  std::string name = text;
  std::optional<uint64_t> index;
  if (const size_t open = text.find('['); open != std::string::npos) {
    const std::string_view digits = std::string_view(text).substr(open + 1, text.size() - open - 2);
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (text.back() != ']' || digits.empty() || error != std::errc() ||
        end != digits.data() + digits.size()) {
      table.fail(key, "'" + text.substr(0, 80) +
                          "' is not a particle reference; write 'name' or 'name[index]'");
    }
    name = text.substr(0, open);
    index = value;
  }
  const auto found = draft.objects.find(name);
  if (found == draft.objects.end()) {
    std::vector<std::string> names;
    for (const auto& [known, place] : draft.objects)
      names.push_back(known);
    std::string message = "no object is named '" + name.substr(0, 64) + "'";
    if (auto suggestion = closest_match(name, names))
      message += "; did you mean '" + *suggestion + "'?";
    table.fail(key, message);
  }
  const ObjectPlace& place = found->second;
  const SceneObject& object = draft.systems[place.system].system.objects[place.object];
  const uint64_t count =
      place.vertex_to_particle.empty() ? object.particle_count : place.vertex_to_particle.size();
  if (!index) {
    if (object.particle_count != 1) {
      table.fail(key, "'" + name + "' has " + std::to_string(object.particle_count) +
                          " particles; name one as '" + name + "[i]' with i from 0 to " +
                          std::to_string(count - 1));
    }
    index = 0;
  }
  if (draft.resized_cloth && object.columns != 0) {
    // The node numbered i at the scene's resolution is another place of the cloth at --columns
    // and --rows: refused, as pins by node number are, rather than silently moved.
    table.fail(key, "'" + text.substr(0, 80) +
                        "' names a node of the cloth by number, which does not carry over to "
                        "--columns and --rows; run the scene at its own resolution");
  }
  if (*index >= count) {
    table.fail(key, "'" + name + "' has no particle " + std::to_string(*index) +
                        "; i runs from 0 to " + std::to_string(count - 1));
  }
  uint32_t local = static_cast<uint32_t>(*index);
  if (!place.vertex_to_particle.empty()) {
    local = place.vertex_to_particle[local];
    if (local == RepairedMesh::kDropped) {
      table.fail(key, "vertex " + std::to_string(*index) + " of '" + name +
                          "' was dropped by the mesh repair (no face uses it)");
    }
  }
  return {place.system, object.first_particle + local};
}

std::string describe(const SceneDraft& draft, size_t system) {
  return "'" + draft.systems[system].system.name + "'";
}

}  // namespace

void add_scene_spring(SceneDraft& draft, const TableReader& table) {
  const ParticleRef a = resolve_reference(draft, table, "a");
  const ParticleRef b = resolve_reference(draft, table, "b");
  if (a.system != b.system) {
    table.fail("b", "the ends are in different systems (" + describe(draft, a.system) + " and " +
                        describe(draft, b.system) +
                        "); a spring must join particles of one system");
  }
  if (a.particle == b.particle) table.fail("b", "a spring cannot join a particle to itself");
  Model& model = draft.systems[a.system].system.model;
  Spring spring;
  spring.a = a.particle;
  spring.b = b.particle;
  spring.stiffness = float(table.required_number("stiffness", NumberRange::at_least(0, "N/m")));
  spring.damping = float(table.number_or("damping", 0.0, NumberRange::at_least(0, "N s/m")));
  // Rest length 0 is allowed on purpose: NeHe lesson 39's F = -k (x - c) is exactly that.
  spring.rest_length = float(table.number_or(
      "rest_length", glm::distance(model.positions[a.particle], model.positions[b.particle]),
      NumberRange::at_least(0, "m")));
  model.springs.push_back(spring);
}

void add_scene_anchor(SceneDraft& draft, const TableReader& table) {
  const ParticleRef target = resolve_reference(draft, table, "particle");
  Model& model = draft.systems[target.system].system.model;
  for (const Anchor& existing : model.anchors) {
    if (existing.particle == target.particle) {
      table.fail("particle", "this particle already has an anchor");
    }
  }
  Anchor anchor;
  anchor.particle = target.particle;
  anchor.velocity = table.vec3("velocity", NumberRange::any("m/s")).value_or(glm::vec3(0));
  anchor.keep_above_ground = table.boolean("keep_above_ground").value_or(false);
  model.inverse_masses[target.particle] = 0.0f;  // an anchor moves its particle: it is pinned
  model.anchors.push_back(anchor);
}

void add_scene_event(SceneDraft& draft, const TableReader& table) {
  SceneEvent event;
  event.frame = uint32_t(table.required_integer("frame", 0, 0xffffffffll));
  const ParticleRef target = resolve_reference(draft, table, "particle");
  SceneSystem& system = draft.systems[target.system].system;
  const std::optional<std::string> kind = table.at_most_one_of({"force", "anchor_velocity"});
  if (!kind) table.fail("force", "missing; an event sets either force or anchor_velocity");
  if (*kind == "force") {
    event.kind = SceneEvent::Kind::force;
    event.particle = target.particle;
    event.value = *table.vec3("force", NumberRange::any("N"));
    if (system.model.inverse_masses[target.particle] == 0.0f) {
      table.fail("particle", "this particle is pinned, so a force would not move it");
    }
  } else {
    event.kind = SceneEvent::Kind::anchor_velocity;
    event.value = *table.vec3("anchor_velocity", NumberRange::any("m/s"));
    const auto& anchors = system.model.anchors;
    const auto found = std::find_if(anchors.begin(), anchors.end(), [&](const Anchor& anchor) {
      return anchor.particle == target.particle;
    });
    if (found == anchors.end()) {
      table.fail("particle", "this particle has no [[anchor]]; anchor_velocity moves an anchor");
    }
    event.anchor = static_cast<uint32_t>(found - anchors.begin());
  }
  system.events.push_back(event);
}

}  // namespace weft
