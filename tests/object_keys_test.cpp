// The object keys (app/scene/object_keys.h) are one list that the scene reader and docs/scenes.md
// follow: each table of the page is its table, word for word, the reader takes exactly the keys it
// lists, and a number beyond its range is refused at its own name while its bound is accepted.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "app/scene/object_keys.h"
#include "app/scene/scene_error.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

// The lines of the first markdown table after the heading that starts with `heading`.
std::string documented_table(const std::string& heading) {
  std::ifstream file(std::filesystem::path(WEFT_SCENES_DIR).parent_path() / "docs" / "scenes.md");
  std::string line, table;
  bool in_section = false;
  while (std::getline(file, line)) {
    if (line.rfind("#", 0) == 0) {
      if (!table.empty()) break;
      in_section = line.rfind(heading, 0) == 0;
    } else if (in_section && line.rfind("|", 0) == 0) {
      table += line + "\n";
    } else if (!table.empty()) {
      break;
    }
  }
  return table;
}

TEST(ObjectKeys, DocsTablesAreTheKeyTables) {
  const std::map<std::string, std::string> headings = {
      {"objects", "## Objects"},
      {"link", "### Links"},
      {"pin", "### Pins"},
      {"mass", "### Mass"},
      {"particle", "### `[[particle]]`"},
      {"rope", "### `[[rope]]`"},
      {"cloth", "### `[[cloth]]`"},
      {"mesh", "### `[[mesh]]`"},
      {"environment.sphere", "### `[[environment.sphere]]`"},
      {"environment.collider", "### `[[environment.collider]]`"},
  };
  size_t tables = 0;
  for (const ObjectKey& entry : object_keys()) {
    ASSERT_TRUE(headings.count(std::string(entry.table))) << entry.table;
  }
  for (const auto& [table, heading] : headings) {
    SCOPED_TRACE(heading);
    EXPECT_EQ(documented_table(heading), object_keys_markdown(table));
    ++tables;
  }
  EXPECT_EQ(tables, 10u);
}

// The keys a scene reader's table takes, from its message for a key it does not know.
std::string refusal(const std::string& text, const std::map<std::string, std::string>& meshes) {
  try {
    parse_scene_text(text, meshes);
  } catch (const SceneError& error) {
    return error.what();
  }
  return "";
}

TEST(ObjectKeys, TheReaderTakesTheKeysOfEachKind) {
  const std::map<SceneObjectKind, std::string> kinds = {{SceneObjectKind::particle, "particle"},
                                                        {SceneObjectKind::rope, "rope"},
                                                        {SceneObjectKind::cloth, "cloth"},
                                                        {SceneObjectKind::mesh, "mesh"}};
  for (const auto& [kind, name] : kinds) {
    SCOPED_TRACE(name);
    std::vector<std::string> expected;
    for (const ObjectKey* entry : object_kind_keys(kind))
      expected.emplace_back(entry->key);
    const std::string message = refusal("[[" + name + "]]\nnot_a_key = 1\n", {});
    for (const std::string& key : expected)
      EXPECT_NE(message.find("'" + key + "'"), std::string::npos) << key << " in " << message;
    EXPECT_NE(message.find("not_a_key"), std::string::npos) << message;
  }
}

// A scene whose object of `entry`'s table gives `value` to its key; everything else it needs is
// given and valid.
std::string scene_giving(const ObjectKey& entry, const std::string& value) {
  const std::string key(entry.key);
  const std::string given = key + " = " + value + "\n";
  auto with = [&](std::map<std::string, std::string> keys, const std::string& header) {
    if (entry.table == "mass") {  // the mass key replaces the object's
      for (const char* mass : {"node_mass", "particle_mass", "total_mass", "areal_density"})
        keys.erase(mass);
    }
    keys.erase(key);
    std::string text = header + "\n" + given;
    for (const auto& [k, v] : keys)
      text += k + " = " + v + "\n";
    return text;
  };
  const std::map<std::string, std::string> rope = {{"start", "[0, 0, 0]"},
                                                   {"end", "[1, 0, 0]"},
                                                   {"nodes", "3"},
                                                   {"total_mass", "1"},
                                                   {"segment", "{ stiffness = 1 }"}};
  const std::map<std::string, std::string> cloth = {
      {"columns", "3"}, {"rows", "3"}, {"total_mass", "1"}, {"structural", "{ compliance = 0 }"}};
  if (entry.table == "particle")
    return with({{"position", "[0, 0, 0]"}, {"mass", "1"}}, "[[particle]]");
  if (entry.table == "rope") return with(rope, "[[rope]]");
  if (entry.table == "cloth" || entry.table == "objects") return with(cloth, "[[cloth]]");
  if (entry.table == "mass")
    return with(takes_key(entry, "rope") ? rope : cloth,
                takes_key(entry, "rope") ? "[[rope]]" : "[[cloth]]");
  if (entry.table == "mesh") {
    return with({{"file", "\"m.obj\""}, {"total_mass", "1"}, {"edge", "{ compliance = 0 }"}},
                "[[mesh]]");
  }
  if (entry.table == "link") {
    std::map<std::string, std::string> keys = rope;
    keys["segment"] =
        "{ kind = \"spring_and_constraint\", stiffness = 1, " + key + " = " + value + " }";
    std::string text = "[[rope]]\n";
    for (const auto& [k, v] : keys)
      text += k + " = " + v + "\n";
    return text;
  }
  const std::string particle = "[[particle]]\nposition = [0, 0, 0]\nmass = 1\n";
  if (entry.table == "environment.sphere") {
    return with({{"center", "[0, 0, 0]"}, {"radius", "1"}}, "[[environment.sphere]]") + particle;
  }
  // A collider of the first shape that takes the key, with what that shape needs.
  const std::map<std::string, std::map<std::string, std::string>> shapes = {
      {"plane", {}},
      {"capsule", {{"radius", "1"}}},
      {"box", {{"size", "[1, 1, 1]"}}},
      {"mesh", {{"file", "\"m.obj\""}}}};
  for (const char* shape : {"capsule", "box", "mesh", "plane"}) {
    if (!takes_key(entry, shape)) continue;
    std::map<std::string, std::string> keys = shapes.at(shape);
    keys["shape"] = std::string("\"") + shape + "\"";
    return with(keys, "[[environment.collider]]") + particle;
  }
  return "";
}

std::string number_text(double value, bool whole) {
  return whole ? std::to_string(static_cast<int64_t>(value)) : toml_number(value);
}

// Each number just outside its bounds is refused at its key, and a bound it may have is accepted.
TEST(ObjectKeys, EachNumberOutsideItsRangeIsRefusedAtItsKey) {
  const std::map<std::string, std::string> meshes = {
      {"m.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nv 1 0 1\nf 1 2 3\nf 2 4 3\n"}};
  size_t checked = 0;
  for (const ObjectKey& entry : object_keys()) {
    if (entry.kind == ObjectKeyKind::other) continue;
    SCOPED_TRACE(std::string(entry.table) + "." + std::string(entry.key));
    const bool whole = entry.kind == ObjectKeyKind::integer;
    auto text = [&](double v) {
      const std::string n = number_text(v, whole);
      return entry.kind == ObjectKeyKind::vec3 ? "[" + n + ", " + n + ", " + n + "]" : n;
    };
    std::vector<double> outside;
    if (entry.min > -1e299) outside.push_back(entry.min - 1.0);
    if (entry.min > -1e299 && !entry.min_inclusive) outside.push_back(entry.min);
    if (entry.max < 1e299) outside.push_back(entry.max + std::max(1.0, std::abs(entry.max)));
    for (double value : outside) {
      const std::string message = refusal(scene_giving(entry, text(value)), meshes);
      EXPECT_NE(message.find(std::string(entry.key)), std::string::npos)
          << "given " << value << ": " << (message.empty() ? "accepted" : message);
      ++checked;
    }
    // A bound it may have (kept inside what the rest of the scene allows: the particle mass of a
    // 3 x 3 cloth, a collider's extent).
    if (entry.min > -1e299 && entry.min_inclusive && entry.key != "mass") {
      const std::string message = refusal(scene_giving(entry, text(entry.min)), meshes);
      EXPECT_EQ(message.find("must be"), std::string::npos) << message;
    }
    if (entry.max < 1e299 && entry.max < 1e6) {
      EXPECT_EQ(refusal(scene_giving(entry, text(entry.max)), meshes), "");
    }
  }
  EXPECT_GT(checked, 25u);
}

}  // namespace
}  // namespace weft::test
