// The settings' keys (sim/model/setting_keys.h) are one list that the scene reader and
// docs/scenes.md follow: each key is documented with the unit, default and range the reader holds
// it to, a key beyond its range is refused at its own name, and a documented default is what a
// scene without the key gets.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/scene/scene_error.h"
#include "sim/model/setting_keys.h"
#include "tests/support/markdown_table.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

// The first four cells (key, unit, default, range) of the rows of docs/scenes.md's table under
// the heading that names `table` ("## `[solver]`", "### `[environment.ground]`: ...").
std::vector<std::vector<std::string>> documented_rows(const std::string& table) {
  std::ifstream file(std::filesystem::path(WEFT_SCENES_DIR).parent_path() / "docs" / "scenes.md");
  const std::string heading = "`[" + table + "]`";
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool in_section = false;
  while (std::getline(file, line)) {
    if (line.rfind("#", 0) == 0) {
      const size_t at = line.find(' ');
      in_section = at != std::string::npos && line.compare(at + 1, heading.size(), heading) == 0;
    }
    if (in_section && line.rfind("| `", 0) == 0) {
      std::vector<std::string> cell = cells(line);
      cell.resize(4);
      rows.push_back(cell);
    }
  }
  return rows;
}

TEST(SettingKeys, DocsTablesListEveryKeyWithItsUnitDefaultAndRange) {
  for (const char* table : {"solver", "environment", "environment.ground"}) {
    SCOPED_TRACE(table);
    std::vector<std::vector<std::string>> expected;
    for (const SettingKey* setting : setting_keys_of(table)) {
      expected.push_back({"`" + std::string(setting->key) + "`", std::string(setting->unit),
                          std::string(setting->default_text), describe_setting_range(*setting)});
    }
    EXPECT_EQ(documented_rows(table), expected);
  }
}

// The scene text that gives `value` to the key (a ground key inside its own table).
std::string scene_with(const SettingKey& setting, const std::string& value) {
  std::string text = "[" + std::string(setting.table) + "]\n";
  if (setting.table == "environment.ground" && setting.key != "mode") text += "mode = \"force\"\n";
  if (setting.key == "kinetic_friction") {
    text += "static_friction = 0.5\n";  // the key it may not exceed
  }
  text += std::string(setting.key) + " = " + value + "\n";
  return text + "[[particle]]\nposition = [0, 0, 0]\nmass = 1\n";
}

std::string number_text(double value) {
  return toml_number(value);
}

// Each number just outside its range is refused at its key; its bound, where it may have it, is
// accepted.
TEST(SettingKeys, EachNumberOutsideItsRangeIsRefusedAtItsKey) {
  size_t checked = 0;
  for (const SettingKey& setting : setting_keys()) {
    if (setting.kind != SettingKind::number && setting.kind != SettingKind::integer) continue;
    SCOPED_TRACE(std::string(setting.key));
    const bool integer = setting.kind == SettingKind::integer;
    auto text = [&](double v) { return integer ? std::to_string(int64_t(v)) : number_text(v); };
    std::vector<double> outside;
    if (std::isfinite(setting.min)) outside.push_back(setting.min - 1.0);
    if (std::isfinite(setting.min) && !setting.min_inclusive) outside.push_back(setting.min);
    if (std::isfinite(setting.max)) outside.push_back(setting.max + 1.0);
    if (std::isfinite(setting.max) && !setting.max_inclusive) outside.push_back(setting.max);
    if (!setting.at_most_key.empty()) outside.push_back(0.75);  // above static_friction's 0.5
    for (double value : outside) {
      try {
        parse_scene_text(scene_with(setting, text(value)));
        ADD_FAILURE() << "accepted " << value;
      } catch (const SceneError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find(std::string(setting.key)), std::string::npos) << message;
      }
    }
    if (std::isfinite(setting.min) && setting.min_inclusive && setting.at_most_key.empty()) {
      EXPECT_NO_THROW(parse_scene_text(scene_with(setting, text(setting.min))));
    }
    checked += outside.size();
  }
  EXPECT_GT(checked, 20u);
}

// A documented default as the entry's value: "1/60", "[0, -9.81, 0]", "`\"verlet\"`", "false",
// or another key's name ("`static_friction`"), whose value it is.
SettingValue documented_default(const SettingKey& setting, const Model& model) {
  std::string text(setting.default_text);
  if (text.size() > 2 && text.front() == '`' && text[1] != '"') {
    const SettingKey& other = *find_setting_key(setting.table, text.substr(1, text.size() - 2));
    return other.get(model.solver, model.environment);
  }
  switch (setting.kind) {
    case SettingKind::choice:
      for (std::string_view word : setting.choices()) {
        if (text == "`\"" + std::string(word) + "\"`") return word;
      }
      ADD_FAILURE() << text << " is not one of the words";
      return std::string_view{};
    case SettingKind::boolean: return text == "true";
    case SettingKind::vec3: {
      glm::vec3 v;
      EXPECT_EQ(std::sscanf(text.c_str(), "[%f, %f, %f]", &v.x, &v.y, &v.z), 3) << text;
      return v;
    }
    default: {
      const size_t slash = text.find('/');
      if (slash == std::string::npos) return std::stod(text);
      return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
    }
  }
}

// A value for the key other than its default, inside its range, as a scene file spells it.
SettingValue another_value(const SettingKey& setting, const SettingValue& documented) {
  switch (setting.kind) {
    case SettingKind::choice:
      for (std::string_view word : setting.choices()) {
        if (SettingValue(word) != documented) return word;
      }
      return std::string_view{};
    case SettingKind::boolean: return true;
    case SettingKind::vec3: return glm::vec3(1.5f, -2.5f, 3.5f);
    default:
      if (!setting.at_most_key.empty()) return setting.min + 0.25;  // under scene_with's 0.5
      return std::isfinite(setting.max)   ? setting.max
             : std::isfinite(setting.min) ? setting.min + 3.0
                                          : 3.0;
  }
}

std::string value_text(const SettingKey& setting, const SettingValue& value) {
  switch (setting.kind) {
    case SettingKind::choice: return "\"" + std::string(std::get<std::string_view>(value)) + "\"";
    case SettingKind::boolean: return std::get<bool>(value) ? "true" : "false";
    case SettingKind::vec3: {
      const glm::vec3 v = std::get<glm::vec3>(value);
      return "[" + number_text(v.x) + ", " + number_text(v.y) + ", " + number_text(v.z) + "]";
    }
    case SettingKind::integer: return std::to_string(int64_t(std::get<double>(value)));
    default: return number_text(std::get<double>(value));
  }
}

// Numbers compared as the float the settings hold.
bool same_value(const SettingValue& a, const SettingValue& b) {
  if (std::holds_alternative<double>(a) && std::holds_alternative<double>(b)) {
    return float(std::get<double>(a)) == float(std::get<double>(b));
  }
  return a == b;
}

// Each documented default is what a system without the key has, and a value given in a scene
// lands where the entry reads it: the reader and writer go through the same entries.
TEST(SettingKeys, DocumentedDefaultsAreTheSettingsOfASceneWithoutTheKey) {
  const Scene bare = parse_scene_text("[[particle]]\nposition = [0, 0, 0]\nmass = 1\n");
  const Model& model = bare.systems.at(0).model;
  size_t checked = 0;
  for (const SettingKey& setting : setting_keys()) {
    if (!setting.get) continue;
    SCOPED_TRACE(std::string(setting.key));
    const SettingValue documented = documented_default(setting, model);
    EXPECT_TRUE(same_value(documented, setting.get(model.solver, model.environment)));
    const SettingValue given = another_value(setting, documented);
    EXPECT_FALSE(same_value(given, documented));
    const Scene scene = parse_scene_text(scene_with(setting, value_text(setting, given)));
    const Model& read = scene.systems.at(0).model;
    EXPECT_TRUE(same_value(setting.get(read.solver, read.environment), given));
    ++checked;
  }
  EXPECT_GT(checked, 20u);
}

}  // namespace
}  // namespace weft::test
