#include "app/scene/scene_material.h"

#include <string>
#include <vector>

#include "app/scene/closest_match.h"
#include "app/scene/scene_draft.h"
#include "app/scene/table_reader.h"

namespace weft {

namespace {

const std::vector<std::string> kFigureKeys = {
    "preset",      "areal_density", "stretch_stiffness",     "shear_stiffness", "bending_stiffness",
    "max_stretch", "break_strain",  "compression_stiffness", "static_friction", "kinetic_friction"};

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
  std::optional<TableReader> table = object.table("material", kFigureKeys);
  if (!table) {
    object.fail("material", "expected the name of a material (" + quoted_list(material_names()) +
                                ") or a table of figures");
  }
  ClothMaterial material;
  const bool preset = table->has("preset");
  if (preset) {
    material = named_material(*table, "preset", *table->string("preset"));
  } else {
    material.max_stretch.reset();
    material.bending_stiffness = 0.0f;
  }
  auto figure = [&](const char* key, float& value, const NumberRange& range) {
    if (auto given = preset ? table->number(key, range)
                            : std::optional<double>(table->required_number(key, range))) {
      value = float(*given);
    }
  };
  // Bounds keep every compliance and mass the material gives a float the solver can use.
  figure("areal_density", material.areal_density, NumberRange::between(1e-6, 1e3, "kg/m^2"));
  figure("stretch_stiffness", material.stretch_stiffness, NumberRange::between(1e-3, 1e12, "N/m"));
  figure("shear_stiffness", material.shear_stiffness, NumberRange::between(1e-3, 1e12, "N/m"));
  if (auto compression =
          table->number("compression_stiffness", NumberRange::between(1e-3, 1e12, "N/m"))) {
    material.compression_stiffness = float(*compression);
  }
  if (auto bending = table->number("bending_stiffness", NumberRange::between(0, 1e6, "N m"))) {
    material.bending_stiffness = float(*bending);
  }
  if (auto stretch = table->number("max_stretch", NumberRange::between(0, 10, ""))) {
    material.max_stretch = float(*stretch);
  }
  // A link stretched 10 times beyond its rest length is a blow-up (docs/scenes.md, Blow-ups)
  // before it could break; a strain too small for a float would read as "never tears".
  if (auto strain = table->number("break_strain", {0, 10, false, true, ""})) {
    if (!(float(*strain) > 0.0f)) {
      table->fail("break_strain", "is too small for a float, got " + format_number(*strain));
    }
    material.break_strain = float(*strain);
  }
  // Named materials have none: a table of figures gives them.
  if (auto friction = read_contact_friction(*table, "material")) material.friction = friction;
  return material;
}

void refuse_tearing_material(const TableReader& object, const ClothMaterial& material) {
  if (!material.break_strain) return;
  const std::string cannot =
      "a [[mesh]] cannot tear: tearing needs a cloth grid (a [[cloth]] table); ";
  std::string name;
  if (const toml::node* node = object.node("material"); node && node->is_table()) {
    const TableReader table = *object.table("material", kFigureKeys);
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
