// The keys of a scene file's objects ([[particle]], [[rope]], [[cloth]], [[mesh]]), of their
// link and pin tables, and of its colliders ([[environment.sphere]], [[environment.collider]]),
// one entry each: its unit, default and range, a line of meaning, and for a number the range the
// reader holds it to. The reader takes an object's keys and its numbers' ranges from here,
// `weft settings cloth` prints them, and docs/scenes.md's tables are these tables (a test holds
// each to object_keys_markdown). A new key of an object is one entry here and the lines that read
// and write it. ([solver] and [environment] are sim/model/setting_keys.h's.)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/scene/scene_systems.h"
#include "app/scene/table_reader.h"

namespace weft {

enum class ObjectKeyKind {
  number,   // a real number held to [min, max]
  integer,  // a whole number held to [min, max]
  vec3,     // [x, y, z], each held to [min, max]
  other,    // a string, a switch, a link or pin table, a path: range_text says what
};

struct ObjectKey {
  // The table it belongs to: "objects" (every object's), "link", "pin", "mass", "particle",
  // "rope", "cloth", "mesh", "environment.sphere" or "environment.collider".
  std::string_view table;
  std::string_view key;
  ObjectKeyKind kind = ObjectKeyKind::other;
  std::string_view unit;  // "-" for none; a type ("bool", "link", "string") where it has none
  double min = -1e300;
  double max = 1e300;
  bool min_inclusive = true;
  std::string_view default_text;  // as docs/scenes.md gives it
  // The range as docs/scenes.md gives it, where the bounds alone do not say it (the reader
  // checks more than them: "not parallel to `height_axis`"); empty: from the bounds.
  std::string_view range_text;
  std::string_view meaning;
  // Tables shared by several kinds ("objects", "mass"): the objects that take the key; a
  // collider's key: the shapes that take it ("all" for every shape).
  std::string_view takers;

  // What the reader holds a number, an integer or each component of a vector to.
  NumberRange range() const;
};

// In docs/scenes.md's order: the colliders' tables, then the objects'.
std::span<const ObjectKey> object_keys();
// The colliders' entries alone (collider_keys.cpp).
std::span<const ObjectKey> collider_keys();
std::vector<const ObjectKey*> object_keys_of(std::string_view table);
// The entry; a key the table does not have is a mistake in weft (std::logic_error).
const ObjectKey& object_key(std::string_view table, std::string_view key);
// Whether `takers` ("rope, cloth, mesh", "capsule, box, mesh", "all") names `who`.
bool takes_key(const ObjectKey& entry, std::string_view who);

// The keys a table of this kind of object takes: its own, every object's it takes, its mass
// keys and `pin`, in that order.
std::vector<const ObjectKey*> object_kind_keys(SceneObjectKind kind);
std::vector<std::string> object_kind_key_names(SceneObjectKind kind);
// The range the reader holds a number of this key to.
inline NumberRange key_range(std::string_view table, std::string_view key) {
  return object_key(table, key).range();
}

// A required integer key of `table`, held to its entry's bounds.
inline int64_t required_integer_key(const TableReader& reader, std::string_view table,
                                    std::string_view key) {
  const ObjectKey& entry = object_key(table, key);
  return reader.required_integer(key, int64_t(entry.min), int64_t(entry.max));
}

// The keys of "link", "pin", "environment.sphere" or "environment.collider".
std::vector<std::string> object_table_key_names(std::string_view table);

// The range cell: "> 0", "integer in [2, 65536]", "finite", or range_text.
std::string describe_object_range(const ObjectKey& entry);
// The table as docs/scenes.md has it: a header row (with a "shapes" column for colliders) and a
// row per key.
std::string object_keys_markdown(std::string_view table);

}  // namespace weft
