#include "app/sweep/sweep_spec.h"

#include <cstdio>
#include <sstream>

#include <toml++/toml.h>

#include "app/scene/scene_error.h"
#include "app/scene/table_reader.h"
#include "app/scene/text_file.h"

namespace weft {

namespace {

constexpr uint64_t kMaxCases = 100000;
constexpr uint64_t kMaxSpecBytes = 1 << 20;

std::string toml_text(const toml::node& node) {
  std::ostringstream text;
  node.visit([&](const auto& value) { text << value; });
  return text.str();
}

// A relative path from the spec's folder, unless it names a scene weft ships that is not there.
std::string relative_to(const std::filesystem::path& folder, const std::string& path,
                        bool keep_if_missing) {
  const std::filesystem::path given(path);
  if (given.is_absolute()) return path;
  std::error_code error;
  const std::filesystem::path near = std::filesystem::absolute(folder / given, error);
  if (error) return path;
  if (keep_if_missing && !std::filesystem::exists(near, error)) return path;
  return near.lexically_normal().string();
}

}  // namespace

SweepSpec load_sweep_spec(const std::filesystem::path& file) {
  const std::string name = file.string();
  const TextFile text = read_text_file(file, kMaxSpecBytes);
  if (text.status != TextFile::Status::read) {
    throw SceneError({name, 0, 0}, "", "",
                     text.status == TextFile::Status::missing
                         ? "sweep spec not found"
                         : "sweep spec cannot be read: " + text.reason);
  }
  toml::table document;
  try {
    document = toml::parse(text.text, name);
  } catch (const toml::parse_error& error) {
    throw SceneError({name, static_cast<uint32_t>(error.source().begin.line), 0}, "", "",
                     "TOML syntax error: " + std::string(error.description()));
  }
  const TableReader root(document, "", name,
                         {"scene", "output", "frames", "device", "set", "grid"});
  SweepSpec spec;
  const std::filesystem::path folder = file.parent_path();
  spec.scene = relative_to(folder, root.required_string("scene"), true);
  spec.output = relative_to(folder, root.required_string("output"), false);
  spec.frames = uint32_t(root.integer("frames", 1, 10000000).value_or(0));
  spec.cpu = root.choice("device", {"cpu", "gpu"}).value_or("gpu") == "cpu";
  if (const toml::table* fixed = document["set"].as_table()) {
    for (auto&& [key, value] : *fixed)
      spec.fixed.emplace_back(std::string(key.str()), toml_text(value));
  }
  const toml::table* grid = document["grid"].as_table();
  if (!grid || grid->empty()) root.fail("grid", "missing; a sweep needs [grid] keys with lists");
  uint64_t cases = 1;
  for (auto&& [key, value] : *grid) {
    const toml::array* values = value.as_array();
    if (!values || values->empty()) {
      root.fail("grid", "'" + std::string(key.str()) + "' must be a list of the values to sweep");
    }
    spec.grid_keys.emplace_back(key.str());
    spec.grid_values.emplace_back();
    for (const toml::node& item : *values)
      spec.grid_values.back().push_back(toml_text(item));
    cases *= values->size();
    if (cases > kMaxCases) {
      root.fail("grid", "more than " + std::to_string(kMaxCases) + " cases: split the sweep");
    }
  }
  return spec;
}

uint64_t sweep_case_count(const SweepSpec& spec) {
  uint64_t cases = 1;
  for (const auto& values : spec.grid_values)
    cases *= values.size();
  return cases;
}

std::vector<std::string> sweep_case_values(const SweepSpec& spec, uint64_t index) {
  std::vector<std::string> values(spec.grid_keys.size());
  for (size_t k = spec.grid_keys.size(); k-- > 0;) {
    const uint64_t count = spec.grid_values[k].size();
    values[k] = spec.grid_values[k][index % count];
    index /= count;
  }
  return values;
}

std::filesystem::path sweep_summary_file(const SweepSpec& spec, uint64_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "case-%04llu.json", static_cast<unsigned long long>(index));
  return spec.output / name;
}

std::vector<std::string> sweep_case_command(const SweepSpec& spec, uint64_t index,
                                            const std::string& weft) {
  std::vector<std::string> command = {weft, "run", spec.scene, "--quiet"};
  // A sweep runs its cases side by side, one core each: one thread per case.
  if (spec.cpu) command.insert(command.end(), {"--cpu", "--threads", "1"});
  if (spec.frames != 0) {
    command.push_back("--frames");
    command.push_back(std::to_string(spec.frames));
  }
  for (const auto& [key, value] : spec.fixed) {
    command.push_back("--set");
    command.push_back(key + "=" + value);
  }
  const std::vector<std::string> values = sweep_case_values(spec, index);
  for (size_t k = 0; k < values.size(); ++k) {
    command.push_back("--set");
    command.push_back(spec.grid_keys[k] + "=" + values[k]);
  }
  command.push_back("--summary-json");
  command.push_back(sweep_summary_file(spec, index).string());
  return command;
}

}  // namespace weft
