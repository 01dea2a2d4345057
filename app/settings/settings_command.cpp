#include "app/settings/settings_command.h"

#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "sim/model/setting_keys.h"

namespace weft {

namespace {

// "`\"verlet\"`" -> "\"verlet\"": docs/scenes.md's backquotes are for the page, not the terminal.
std::string plain(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c != '`') out += c;
  }
  return out;
}

}  // namespace

CLI::App* add_settings_command(CLI::App& app) {
  CLI::App* settings = app.add_subcommand(
      "settings", "List the keys of a scene's [solver] and [environment] with units and ranges");
  settings->footer(R"(A scene file sets them in [solver], [environment] and [environment.ground]
(or [system.solver] and [system.environment] for one system); on the command line:
  weft run SCENE --set solver.substeps=24 --set environment.wind=[4,0,0]
Colliders ([[environment.sphere]], [[environment.collider]]) and what each key does in full:
docs/scenes.md)");
  return settings;
}

int settings_command() {
  std::string table;
  for (const SettingKey& setting : setting_keys()) {
    if (setting.table != table) {
      table = setting.table;
      std::printf("%s[%s]\n", table == "solver" ? "" : "\n", table.c_str());
      std::printf("  %-19s %-7s %-21s %s\n", "key", "unit", "default", "range");
    }
    std::printf("  %-19s %-7s %-21s %s\n", std::string(setting.key).c_str(),
                std::string(setting.unit).c_str(), plain(setting.default_text).c_str(),
                plain(describe_setting_range(setting)).c_str());
    std::printf("  %-19s %s%s\n", "", std::string(setting.meaning).c_str(),
                setting.live ? "; live in the viewer" : "");
  }
  return 0;
}

}  // namespace weft
