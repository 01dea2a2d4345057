#include "app/cli_suggestions.h"

#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/scene/closest_match.h"
#include "app/scene/safe_text.h"

namespace weft {

namespace {

std::vector<std::string> long_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames())
      names.push_back("--" + name);
  }
  return names;
}

const CLI::App* command_named(const CLI::App& app, const std::string& name) {
  for (const CLI::App* command : app.get_subcommands({})) {
    if (command->get_name() == name) return command;
  }
  return nullptr;
}

}  // namespace

std::string command_list(const CLI::App& app) {
  std::string text = "weft needs a command:\n";
  for (const CLI::App* command : app.get_subcommands({})) {
    std::string name = command->get_name();
    name.resize(std::max<size_t>(name.size(), 7), ' ');
    text += "  weft " + name + command->get_description() + "\n";
  }
  return text + "weft COMMAND --help says more of each; weft --help lists the options of weft";
}

std::optional<std::string> unknown_option_message(const CLI::App& app, int argc, char** argv) {
  if (argc < 3) return std::nullopt;
  const CLI::App* command = command_named(app, argv[1]);
  if (!command) return std::nullopt;
  const std::vector<std::string> names = long_names(*command);
  for (int i = 2; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;  // what follows is not options
    if (word.size() < 3 || word.substr(0, 2) != "--") continue;
    const std::string option(word.substr(0, word.find('=')));
    if (std::find(names.begin(), names.end(), option) != names.end()) continue;
    std::string message =
        "weft " + command->get_name() + " has no option '" + quoted_input(option) + "'";
    if (auto suggestion = closest_match(option, names)) {
      message += "; did you mean '" + *suggestion + "'?";
    }
    return message + " (weft " + command->get_name() + " --help lists them)";
  }
  return std::nullopt;
}

}  // namespace weft
