#include "app/scene/scene_material.h"

#include <string>
#include <vector>

#include "app/scene/closest_match.h"
#include "app/scene/scene_draft.h"
#include "app/scene/table_reader.h"
#include "sim/model/material_figures.h"

namespace weft {

namespace {

// The keys of a material table: its preset, and every figure (sim/model/material_figures.h).
std::vector<std::string> figure_keys() {
  std::vector<std::string> keys = {"preset"};
  for (const MaterialFigure& figure : material_figures())
    keys.emplace_back(figure.key);
  return keys;
}

NumberRange range_of(const MaterialFigure& figure) {
  return {figure.min, figure.max, figure.min_inclusive, true, figure.unit.data()};
}

std::vector<std::string> material_names() {
  std::vector<std::string> names;
  for (const NamedClothMaterial& named : cloth_materials())
    names.push_back(named.name);
  return names;
}

ClothMaterial named_material(const TableReader& table, std::string_view key,
                             const std::string& name) {
  if (const ClothMaterial* material = find_cloth_material(name)) return *material;
  std::string message = "no material is called '" + name + "'";
  if (auto close = closest_match(name, material_names()))
    message += "; did you mean '" + *close + "'?";
  table.fail(key,
             message + "; expected " + quoted_list(material_names()) + ", or a table of figures");
}

}  // namespace

std::optional<ClothMaterial> read_cloth_material(const TableReader& object,
                                                 std::initializer_list<const char*> replaced) {
  const toml::node* node = object.node("material");
  if (!node) return std::nullopt;
  for (const char* key : replaced) {
    if (object.has(key)) {
      object.fail(key,
                  "the object's material sets its mass and links; remove this key, or "
                  "the material");
    }
  }
  if (node->is_string()) return named_material(object, "material", *object.string("material"));
  std::optional<TableReader> table = object.table("material", figure_keys());
  if (!table) {
    object.fail("material", "expected the name of a material (" + quoted_list(material_names()) +
                                ") or a table of figures");
  }
  const bool preset = table->has("preset");
  ClothMaterial material = preset ? named_material(*table, "preset", *table->string("preset"))
                                  : material_without_figures();
  for (const MaterialFigure& figure : material_figures()) {
    const std::string key(figure.key);
    const std::optional<double> given =
        figure.required && !preset
            ? std::optional<double>(table->required_number(key, range_of(figure)))
            : table->number(key, range_of(figure));
    if (!given) continue;
    if (!figure.min_inclusive && !(float(*given) > float(figure.min))) {
      table->fail(key, "is too small for a float, got " + format_number(*given));
    }
    if (!figure.requires_key.empty() && !table->has(std::string(figure.requires_key))) {
      table->fail(key, "needs this material's " + std::string(figure.requires_key) + " as well");
    }
    if (!figure.at_most_key.empty()) {
      const std::optional<double> limit = find_material_figure(figure.at_most_key)->get(material);
      if (limit && *given > *limit) {
        table->fail(key, "must be at most " + std::string(figure.at_most_key) + " (" +
                             format_number(*limit) + "), got " + format_number(*given));
      }
    }
    figure.set(material, *given);
  }
  return material;
}

void refuse_tearing_material(const TableReader& object, const ClothMaterial& material) {
  if (!material.break_strain) return;
  const std::string cannot =
      "a [[mesh]] cannot tear: tearing needs a cloth grid (a [[cloth]] table); ";
  std::string name;
  if (const toml::node* node = object.node("material"); node && node->is_table()) {
    const TableReader table = *object.table("material", figure_keys());
    if (table.has("break_strain")) {
      table.fail("break_strain", cannot + "remove break_strain, or make the object a [[cloth]]");
    }
    name = table.string("preset").value_or("");
  } else {
    name = object.string("material").value_or("");
  }
  object.fail("material", "'" + name + "' tears at a strain of " +
                              format_number(*material.break_strain) + ", and " + cannot +
                              "give the material's figures without break_strain, or make the "
                              "object a [[cloth]]");
}

}  // namespace weft
