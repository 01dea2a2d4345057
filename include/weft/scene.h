// A scene: what a scene file describes (docs/scenes.md gives every key), read and checked, ready
// to simulate. Overrides are "KEY=VALUE" strings checked exactly as the same key in the file
// (solver.substeps=16, environment.wind=[4, 0, 0], cloth.material=silk), as `weft run --set`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace weft::api {

class Scene {
 public:
  // A scene file; a relative path that is not here but names a scene weft ships
  // ("scenes/flag_in_wind.toml") is read from where weft is installed. InputError when the file
  // or an override is wrong.
  static Scene from_file(const std::string& path, const std::vector<std::string>& overrides = {});
  // Scene text; `name` is what messages call it, `mesh_folder` where the OBJ files it names are.
  static Scene from_string(const std::string& toml, const std::vector<std::string>& overrides = {},
                           const std::string& name = "scene.toml",
                           const std::string& mesh_folder = ".");

  Scene(const Scene& other);
  Scene(Scene&& other) noexcept;
  Scene& operator=(const Scene& other);
  Scene& operator=(Scene&& other) noexcept;
  ~Scene();

  // A key's value as TOML text ("8", "[0.0, -9.81, 0.0]", "'silk'"), as the file and the overrides
  // give it. A key of [solver], [environment] or [environment.ground] that neither gives has
  // the value the scene runs with (its default, docs/scenes.md) where every system runs with the
  // same; any other key that neither gives, nothing.
  std::optional<std::string> get(const std::string& key) const;
  // The scene read again with one more override; InputError (and the scene unchanged) when the
  // key or value is wrong.
  void set(const std::string& key, const std::string& value);
  const std::vector<std::string>& overrides() const;

  std::string title() const;
  uint32_t frames() const;  // [scene] frames: what `weft run` simulates
  double frame_dt() const;  // s
  size_t system_count() const;
  std::string system_name(size_t system) const;
  size_t particle_count(size_t system) const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  explicit Scene(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace weft::api
