#include "app/settings/settings_command.h"

#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/object_keys.h"
#include "app/scene/safe_text.h"
#include "sim/model/setting_keys.h"

namespace weft {

namespace {

// "`\"verlet\"`" -> "\"verlet\"", "see [Paths](#paths)" -> "see Paths": docs/scenes.md's
// backquotes and links are for the page, not the terminal.
std::string plain(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t close = text[i] == '[' ? text.find(']', i) : std::string_view::npos;
    if (close != std::string_view::npos && text.compare(close, 2, "](") == 0 &&
        text.find(')', close) != std::string_view::npos) {  // a link: its words alone
      out += plain(text.substr(i + 1, close - i - 1));
      i = text.find(')', close);
    } else if (text[i] != '`') {
      out += text[i];
    }
  }
  return out;
}

const std::vector<std::string> kSettingTables = {"solver", "environment", "environment.ground"};
const std::vector<std::string> kObjectTables = {"particle",
                                                "rope",
                                                "cloth",
                                                "mesh",
                                                "link",
                                                "pin",
                                                "environment.sphere",
                                                "environment.collider"};

void print_row(std::string_view key, std::string_view unit, std::string_view default_text,
               std::string_view range) {
  std::printf("  %-19s %-7s %-21s %s\n", std::string(key).c_str(), std::string(unit).c_str(),
              plain(default_text).c_str(), plain(range).c_str());
}

void print_settings(const std::string& table) {
  std::printf("[%s]\n", table.c_str());
  print_row("key", "unit", "default", "range");
  for (const SettingKey* setting : setting_keys_of(table)) {
    print_row(setting->key, setting->unit, setting->default_text, describe_setting_range(*setting));
    std::printf("  %-19s %s%s\n", "", std::string(setting->meaning).c_str(),
                setting->live ? "; live in the viewer" : "");
  }
}

// An object's table with the keys it shares with others; a link, pin or collider table alone.
void print_objects(const std::string& table) {
  std::vector<const ObjectKey*> keys = object_keys_of(table);
  for (SceneObjectKind kind : {SceneObjectKind::particle, SceneObjectKind::rope,
                               SceneObjectKind::cloth, SceneObjectKind::mesh}) {
    if (table == object_kind_name(kind)) keys = object_kind_keys(kind);
  }
  const bool object = table != "link" && table != "pin";
  std::printf(object ? "[[%s]]\n" : "%s = { ... }\n", table.c_str());
  print_row("key", "unit", "default", "range");
  for (const ObjectKey* entry : keys) {
    print_row(entry->key, entry->unit, entry->default_text, describe_object_range(*entry));
    const std::string shapes =
        table == "environment.collider" ? " (shapes: " + std::string(entry->takers) + ")" : "";
    std::printf("  %-19s %s%s\n", "", plain(entry->meaning).c_str(), shapes.c_str());
  }
}

}  // namespace

CLI::App* add_settings_command(CLI::App& app, std::string& table) {
  CLI::App* settings = app.add_subcommand(
      "settings", "List the keys of a scene's tables with units, defaults and ranges");
  settings->add_option("table", table,
                       "one table: solver, environment, environment.ground, particle, rope, "
                       "cloth, mesh, link, pin, environment.sphere or environment.collider "
                       "(default: [solver] and [environment])");
  settings->footer(R"(A scene file sets [solver], [environment] and [environment.ground] (or
[system.solver] and [system.environment] for one system); on the command line:
  weft run SCENE --set solver.substeps=24 --set environment.wind=[4,0,0]
Examples:
  weft settings                the keys --set takes
  weft settings cloth          every key of a [[cloth]]
  weft settings environment.collider
What each key does in full: docs/scenes.md)");
  return settings;
}

int settings_command(const std::string& table) {
  if (table.empty()) {
    for (const std::string& name : kSettingTables) {
      if (name != kSettingTables.front()) std::printf("\n");
      print_settings(name);
    }
    std::printf(
        "\nObjects and colliders: weft settings particle, rope, cloth, mesh, link, pin,\n"
        "environment.sphere or environment.collider\n");
    return 0;
  }
  for (const std::string& name : kSettingTables) {
    if (table == name) {
      print_settings(name);
      return 0;
    }
  }
  for (const std::string& name : kObjectTables) {
    if (table == name) {
      print_objects(name);
      return 0;
    }
  }
  std::vector<std::string> all = kSettingTables;
  all.insert(all.end(), kObjectTables.begin(), kObjectTables.end());
  std::string message = "weft: settings: no table '" + quoted_input(table) + "'; ";
  if (auto near = closest_match(table, all)) {
    message += "did you mean '" + *near + "'?";
  } else {
    message += "expected " + quoted_list(all);
  }
  std::fprintf(stderr, "%s\n", message.c_str());
  return 2;
}

}  // namespace weft
