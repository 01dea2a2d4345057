// weft::api::Scene: a scene file or text read by weft's scene reader, with its overrides.
#include <sstream>

#include "app/scene/data_folder.h"
#include "app/scene/particle_budget.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_overrides.h"
#include "app/scene/scene_writer.h"
#include "app/scene/text_file.h"
#include "lib/scene_impl.h"
#include "lib/translate_errors.h"

namespace weft::api {

namespace {

void read(Scene::Impl& impl) {
  SceneParseOptions options;
  options.file = impl.name;
  options.base_directory = impl.mesh_folder;
  options.particle_budget = particle_budget();
  options.overrides = impl.overrides;
  impl.scene = translate_errors([&] { return parse_scene(impl.text, options); });
  impl.scene.source = impl.source;
}

// The node a dotted key names, as an override of it would reach it (scene_overrides.h).
const toml::node* find_key(const toml::table& document, const std::string& key) {
  const toml::node* node = &document;
  std::istringstream parts(key);
  std::string part;
  while (node && std::getline(parts, part, '.')) {
    if (const toml::array* array = node->as_array(); array && array->is_array_of_tables()) {
      const bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
      if (index) {
        node = array->get(std::stoul(part));
        continue;
      }
      if (array->size() != 1) return nullptr;
      node = array->get(0);
    }
    const toml::table* table = node->as_table();
    node = table ? table->get(part) : nullptr;
  }
  return node;
}

// A key of [solver], [environment] or [environment.ground] that the file leaves out: the value
// the scene runs with (sim/model/setting_keys.h), where every system runs with the same.
std::optional<std::string> running_setting(const weft::Scene& scene, const std::string& key) {
  const size_t dot = key.rfind('.');
  if (dot == std::string::npos || scene.systems.empty()) return std::nullopt;
  const SettingKey* setting = find_setting_key(key.substr(0, dot), key.substr(dot + 1));
  if (!setting || !setting->get) return std::nullopt;
  const auto value_in = [&](const SceneSystem& system) {
    return world_value(*setting, system.model);
  };
  const SettingValue value = value_in(scene.systems.front());
  for (const SceneSystem& system : scene.systems) {
    if (value_in(system) != value) return std::nullopt;
  }
  return setting_toml(*setting, value);
}

}  // namespace

Scene::Scene(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Scene::Scene(const Scene& other) : impl_(std::make_unique<Impl>(*other.impl_)) {}
Scene::Scene(Scene&& other) noexcept = default;
Scene& Scene::operator=(const Scene& other) {
  if (this != &other) impl_ = std::make_unique<Impl>(*other.impl_);
  return *this;
}
Scene& Scene::operator=(Scene&& other) noexcept = default;
Scene::~Scene() = default;

Scene Scene::from_file(const std::string& path, const std::vector<std::string>& overrides) {
  const std::filesystem::path file = shipped_scene(path).value_or(path);
  const TextFile text = read_text_file(file, kMaxSceneFileBytes);
  // The scene reader's own message for a file that cannot be read.
  if (text.status != TextFile::Status::read) translate_errors([&] { return load_scene(file); });
  auto impl = std::make_unique<Impl>();
  impl->text = text.text;
  impl->name = file.string();
  impl->mesh_folder = file.parent_path();
  impl->source = file;
  impl->overrides = overrides;
  read(*impl);
  return Scene(std::move(impl));
}

Scene Scene::from_string(const std::string& toml, const std::vector<std::string>& overrides,
                         const std::string& name, const std::string& mesh_folder) {
  auto impl = std::make_unique<Impl>();
  impl->text = toml;
  impl->name = name;
  impl->mesh_folder = mesh_folder;
  impl->overrides = overrides;
  read(*impl);
  return Scene(std::move(impl));
}

std::optional<std::string> Scene::get(const std::string& key) const {
  return translate_errors([&]() -> std::optional<std::string> {
    toml::table document = toml::parse(impl_->text, impl_->name);
    apply_scene_overrides(document, impl_->overrides);
    const toml::node* node = find_key(document, key);
    if (!node) return running_setting(impl_->scene, key);
    std::ostringstream text;
    node->visit([&](const auto& value) { text << value; });
    return text.str();
  });
}

void Scene::set(const std::string& key, const std::string& value) {
  Impl changed = *impl_;
  changed.overrides.push_back(key + "=" + value);
  read(changed);
  *impl_ = std::move(changed);
}

const std::vector<std::string>& Scene::overrides() const {
  return impl_->overrides;
}
std::string Scene::title() const {
  return impl_->scene.title;
}
uint32_t Scene::frames() const {
  return impl_->scene.frames;
}
double Scene::frame_dt() const {
  return impl_->scene.frame_dt();
}
size_t Scene::system_count() const {
  return impl_->scene.systems.size();
}
std::string Scene::system_name(size_t system) const {
  if (system >= system_count()) {
    throw InputError("no system " + std::to_string(system) + ": the scene has " +
                     std::to_string(system_count()));
  }
  return impl_->scene.systems[system].name;
}
size_t Scene::particle_count(size_t system) const {
  system_name(system);  // checks the index
  return impl_->scene.systems[system].model.particle_count();
}

}  // namespace weft::api
