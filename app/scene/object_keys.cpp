#include "app/scene/object_keys.h"

#include <array>
#include <cmath>
#include <stdexcept>

#include "sim/model/range_text.h"

namespace weft {

namespace {

using K = ObjectKeyKind;

// The objects' tables in docs/scenes.md's order (the colliders' are in collider_keys.cpp);
// within a table, the keys in the order of its rows.
const std::array<ObjectKey, 43> kObjectKeys = {{
    // Every object
    {.table = "objects",
     .key = "name",
     .unit = "string",
     .default_text = "kind + number (`rope1`, `cloth2`)",
     .range_text = "1-64 of `A-Z a-z 0-9 _ -`, not starting with a digit or `-`",
     .meaning = "unique in the scene; names the object in messages and exports",
     .takers = "particle, rope, cloth, mesh"},
    {.table = "objects",
     .key = "system",
     .unit = "string",
     .default_text = "the only system",
     .range_text = "a `[[system]]`'s name",
     .meaning = "which `[[system]]` it belongs to",
     .takers = "particle, rope, cloth, mesh"},
    {.table = "objects",
     .key = "color",
     .kind = K::vec3,
     .unit = "-",
     .min = 0.0,
     .max = 1.0,
     .default_text = "the next colour of a palette of six",
     .range_text = "[r, g, b], each in [0, 1] (sRGB)",
     .meaning = "the fabric's front (`[[cloth]]`, `[[mesh]]`) or the rope's colour (`[[rope]]`); a "
                "cloth's back is drawn paler and greyer (half way to a warm grey)",
     .takers = "rope, cloth, mesh"},
    {.table = "objects",
     .key = "check_size",
     .kind = K::number,
     .unit = "m",
     .min = 0.0,
     .max = 100.0,
     .default_text = "0 (a plain fabric)",
     .meaning = "a check woven into the fabric, squares this wide in the cloth's own rest "
                "coordinates (along a grid's rows and columns), in two tones of its colour: it "
                "moves with the cloth and shows how it folds, stretches and shears; drawing only",
     .takers = "cloth, mesh"},
    {.table = "objects",
     .key = "pin",
     .unit = "table",
     .default_text = "none",
     .range_text = "`{ nodes, corners, region }`: see Pins, below",
     .meaning = "which nodes never move",
     .takers = "rope, cloth, mesh"},
    // Links
    {.table = "link",
     .key = "kind",
     .unit = "-",
     .default_text = "`\"spring\"` if `stiffness` is given, `\"constraint\"` if `compliance` is",
     .range_text = "`\"spring\"`, `\"constraint\"`, `\"spring_and_constraint\"`, `\"none\"`",
     .meaning = "a force element, a position element (XPBD distance constraint), both on the "
                "same link (the spring's elastic response with the constraint capping the "
                "stretch), or nothing"},
    {.table = "link",
     .key = "stiffness",
     .kind = K::number,
     .unit = "N/m",
     .min = 0.0,
     .default_text = "required for springs",
     .meaning = "ks (springs, and spring_and_constraint)"},
    {.table = "link",
     .key = "damping",
     .kind = K::number,
     .unit = "N s/m",
     .min = 0.0,
     .default_text = "0",
     .meaning = "kd (springs, and spring_and_constraint; see `spring_damping`)"},
    {.table = "link",
     .key = "compliance",
     .kind = K::number,
     .unit = "m/N",
     .min = 0.0,
     .default_text = "0",
     .meaning = "inverse stiffness (constraints, and spring_and_constraint); 0 is inextensible"},
    // Pins
    {.table = "pin",
     .key = "nodes",
     .unit = "-",
     .default_text = "none",
     .range_text = "array of node indices",
     .meaning = "rope: 0 .. nodes - 1; cloth: row * columns + column; mesh: OBJ vertex order, "
                "from 0"},
    {.table = "pin",
     .key = "corners",
     .unit = "-",
     .default_text = "none",
     .range_text = "`\"all\"` or array of `\"first_row_first_column\"`, "
                   "`\"first_row_last_column\"`, `\"last_row_first_column\"`, "
                   "`\"last_row_last_column\"`",
     .meaning = "cloth only; row 0 is at `origin`, columns run along `width_axis`"},
    {.table = "pin",
     .key = "region",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "none",
     .range_text = "`{ min = [x, y, z], max = [x, y, z] }`, finite",
     .meaning = "every node inside the box (bounds included); a box that pins nothing is an "
                "error"},
    // Mass: exactly one of
    {.table = "mass",
     .key = "node_mass",
     .kind = K::number,
     .unit = "kg",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "-",
     .meaning = "every node",
     .takers = "rope"},
    {.table = "mass",
     .key = "particle_mass",
     .kind = K::number,
     .unit = "kg",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "-",
     .meaning = "every node",
     .takers = "cloth, mesh"},
    {.table = "mass",
     .key = "total_mass",
     .kind = K::number,
     .unit = "kg",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "-",
     .meaning = "spread evenly over the nodes (cloth and mesh: by area, as `areal_density`)",
     .takers = "rope, cloth, mesh"},
    {.table = "mass",
     .key = "areal_density",
     .kind = K::number,
     .unit = "kg/m^2",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "-",
     .meaning = "each node weighs its share of the surface",
     .takers = "cloth, mesh"},
    // [[particle]]
    {.table = "particle",
     .key = "position",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "required",
     .meaning = "where it starts"},
    {.table = "particle",
     .key = "velocity",
     .kind = K::vec3,
     .unit = "m/s",
     .default_text = "[0, 0, 0]",
     .meaning = "its velocity at the start"},
    {.table = "particle",
     .key = "mass",
     .kind = K::number,
     .unit = "kg",
     .min = 1e-30,
     .max = 1e30,
     .default_text = "required unless pinned",
     .meaning = "its mass"},
    {.table = "particle",
     .key = "pinned",
     .unit = "bool",
     .default_text = "false",
     .meaning = "a pinned particle never moves (and takes no mass)"},
    // [[rope]]
    {.table = "rope",
     .key = "start",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "required",
     .meaning = "the first node"},
    {.table = "rope",
     .key = "end",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "required",
     .range_text = "finite, not `start`",
     .meaning = "the last node"},
    {.table = "rope",
     .key = "nodes",
     .kind = K::integer,
     .unit = "-",
     .min = 2,
     .max = 1 << 30,
     .default_text = "required",
     .meaning = "evenly spaced, both ends included"},
    {.table = "rope",
     .key = "segment",
     .unit = "link",
     .default_text = "required",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "between consecutive nodes"},
    // [[cloth]]
    {.table = "cloth",
     .key = "origin",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "[0, 0, 0]",
     .meaning = "node (column 0, row 0)"},
    {.table = "cloth",
     .key = "width_axis",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "[1, 0, 0]",
     .range_text = "finite, not parallel to `height_axis`",
     .meaning = "from node (0, 0) to (columns - 1, 0)"},
    {.table = "cloth",
     .key = "height_axis",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "[0, 0, 1]",
     .range_text = "finite, not parallel to `width_axis`",
     .meaning = "from node (0, 0) to (0, rows - 1)"},
    {.table = "cloth",
     .key = "columns",
     .kind = K::integer,
     .unit = "-",
     .min = 2,
     .max = 65536,
     .default_text = "required",
     .meaning = "nodes along `width_axis`"},
    {.table = "cloth",
     .key = "rows",
     .kind = K::integer,
     .unit = "-",
     .min = 2,
     .max = 65536,
     .default_text = "required",
     .meaning = "nodes along `height_axis`"},
    {.table = "cloth",
     .key = "material",
     .unit = "name or table",
     .default_text = "none",
     .range_text = "see [Materials](#materials)",
     .meaning = "the cloth's material in physical units; replaces the link tables and the mass "
                "keys"},
    {.table = "cloth",
     .key = "structural",
     .unit = "link",
     .default_text = "required without `material`",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "to the right and lower neighbours"},
    {.table = "cloth",
     .key = "shear",
     .unit = "link",
     .default_text = "none",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "both diagonals of every cell"},
    {.table = "cloth",
     .key = "bend",
     .unit = "link",
     .default_text = "none",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "to the neighbour two along each axis"},
    {.table = "cloth",
     .key = "thickness",
     .kind = K::number,
     .unit = "m",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "the spacing (the smaller step)",
     .range_text = "> 0, no wider than the cloth, no more than the rest distance of any two "
                   "particles that share no triangle",
     .meaning = "how far apart two particles that share no triangle are kept by self-collision "
                "(two objects: the mean of their thicknesses), and twice how far every particle "
                "stays off the ground and the colliders (one layer rests half its thickness "
                "above what it lies on, so the triangles between particles stay out of a curved "
                "collider too)"},
    // [[mesh]]
    {.table = "mesh",
     .key = "file",
     .unit = "path",
     .default_text = "required",
     .range_text = "inside the scene's folder",
     .meaning = "relative to the scene file's folder; absolute paths, `..` and symbolic links "
                "that lead out of the folder are refused"},
    {.table = "mesh",
     .key = "scale",
     .kind = K::number,
     .unit = "-",
     .default_text = "1",
     .range_text = "number or [x, y, z], no zero",
     .meaning = "applied first"},
    {.table = "mesh",
     .key = "rotate",
     .kind = K::vec3,
     .unit = "degrees",
     .default_text = "[0, 0, 0]",
     .meaning = "about x, then y, then z"},
    {.table = "mesh",
     .key = "translate",
     .kind = K::vec3,
     .unit = "m",
     .default_text = "[0, 0, 0]",
     .meaning = "applied last"},
    {.table = "mesh",
     .key = "repair",
     .unit = "bool",
     .default_text = "true",
     .meaning = "weld vertices at identical positions, drop zero-area and repeated triangles and "
                "unused vertices (reported as a note); false refuses such a mesh"},
    {.table = "mesh",
     .key = "material",
     .unit = "name or table",
     .default_text = "none",
     .range_text = "see [Materials](#materials); not one that tears",
     .meaning = "replaces `edge`, `bend` and the mass keys; one that tears (`break_strain`) is "
                "refused: only a `[[cloth]]` grid tears"},
    {.table = "mesh",
     .key = "edge",
     .unit = "link",
     .default_text = "required without `material`",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "along every triangle edge"},
    {.table = "mesh",
     .key = "bend",
     .unit = "link",
     .default_text = "none",
     .range_text = "see [Links](#links-segment-structural-shear-bend-edge)",
     .meaning = "across every interior edge (between the two opposite vertices)"},
    {.table = "mesh",
     .key = "thickness",
     .kind = K::number,
     .unit = "m",
     .min = 0.0,
     .min_inclusive = false,
     .default_text = "the median edge length",
     .range_text = "as for `[[cloth]]`",
     .meaning = "as for `[[cloth]]`"},
}};

std::string_view kind_table(SceneObjectKind kind) {
  switch (kind) {
    case SceneObjectKind::particle: return "particle";
    case SceneObjectKind::rope: return "rope";
    case SceneObjectKind::cloth: return "cloth";
    case SceneObjectKind::mesh: return "mesh";
  }
  return "";
}

std::vector<std::string> names_of(const std::vector<const ObjectKey*>& entries) {
  std::vector<std::string> names;
  for (const ObjectKey* entry : entries)
    names.emplace_back(entry->key);
  return names;
}

}  // namespace

NumberRange ObjectKey::range() const {
  // Units are literals: their views end where the literal does.
  return {min, max, min_inclusive, true, unit == "-" ? "" : unit.data()};
}

std::span<const ObjectKey> object_keys() {
  static const std::vector<ObjectKey> all = [] {
    std::vector<ObjectKey> keys(collider_keys().begin(), collider_keys().end());
    keys.insert(keys.end(), kObjectKeys.begin(), kObjectKeys.end());
    return keys;
  }();
  return all;
}

std::vector<const ObjectKey*> object_keys_of(std::string_view table) {
  std::vector<const ObjectKey*> out;
  for (const ObjectKey& entry : object_keys()) {
    if (entry.table == table) out.push_back(&entry);
  }
  return out;
}

const ObjectKey& object_key(std::string_view table, std::string_view key) {
  for (const ObjectKey& entry : object_keys()) {
    if (entry.table == table && entry.key == key) return entry;
  }
  throw std::logic_error("no key '" + std::string(key) + "' in the object table '" +
                         std::string(table) + "'");
}

bool takes_key(const ObjectKey& entry, std::string_view who) {
  if (entry.takers == "all") return true;
  std::string_view rest = entry.takers;
  while (!rest.empty()) {
    const size_t comma = rest.find(", ");
    if (rest.substr(0, comma) == who) return true;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 2);
  }
  return false;
}

std::vector<const ObjectKey*> object_kind_keys(SceneObjectKind kind) {
  const std::string_view name = kind_table(kind);
  std::vector<const ObjectKey*> keys = object_keys_of(name);
  for (std::string_view shared : {"objects", "mass"}) {
    for (const ObjectKey* entry : object_keys_of(shared)) {
      if (takes_key(*entry, name)) keys.push_back(entry);
    }
  }
  return keys;
}

std::vector<std::string> object_kind_key_names(SceneObjectKind kind) {
  return names_of(object_kind_keys(kind));
}

std::vector<std::string> object_table_key_names(std::string_view table) {
  return names_of(object_keys_of(table));
}

std::string describe_object_range(const ObjectKey& entry) {
  if (!entry.range_text.empty() || entry.kind == ObjectKeyKind::other) {
    return std::string(entry.range_text);
  }
  return range_text(entry.min, entry.max, entry.min_inclusive, true,
                    entry.kind == ObjectKeyKind::integer);
}

std::string object_keys_markdown(std::string_view table) {
  const bool shapes = table == "environment.collider";
  const bool kinds = table == "objects" || table == "mass";
  std::string text = "| key |";
  text += shapes ? " shapes |" : kinds ? " objects |" : "";
  text += " unit | default | range | meaning |\n";
  text += shapes || kinds ? "|---|---|---|---|---|---|\n" : "|---|---|---|---|---|\n";
  auto cell = [](std::string_view content) {
    return content.empty() ? std::string(" |") : " " + std::string(content) + " |";
  };
  for (const ObjectKey* entry : object_keys_of(table)) {
    text += "| `" + std::string(entry->key) + "` |";
    if (shapes || kinds) text += cell(entry->takers);
    text += cell(entry->unit) + cell(entry->default_text) + cell(describe_object_range(*entry)) +
            cell(entry->meaning) + "\n";
  }
  return text;
}

}  // namespace weft
