#include "app/materials/materials_command.h"

#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "app/scene/table_reader.h"
#include "sim/model/cloth_material.h"
#include "sim/model/material_figures.h"

namespace weft {

namespace {

// `areal_density = 0.15, stretch_stiffness = 1000, ...`: the figures the material has.
std::string figures_as_toml(const ClothMaterial& material) {
  std::string text;
  for (const MaterialFigure& figure : material_figures()) {
    const std::optional<double> value = figure.get(material);
    if (!value) continue;
    if (!text.empty()) text += ", ";
    text += std::string(figure.key) + " = " + format_number(float(*value));
  }
  return text;
}

}  // namespace

CLI::App* add_materials_command(CLI::App& app) {
  CLI::App* materials = app.add_subcommand(
      "materials", "List the figures of a cloth material and the named materials with theirs");
  materials->footer(R"(A [[cloth]] or [[mesh]] takes material = "NAME", or a table of figures:
  material = { preset = "denim", bending_stiffness = 2e-5 }
  material = { areal_density = 0.2, stretch_stiffness = 800, shear_stiffness = 30 }
Sources of the named materials and how weft uses each figure: docs/scenes.md, Materials)");
  return materials;
}

int materials_command() {
  std::printf("Figures of a material (keys of its table in a scene file):\n");
  std::printf("  %-22s %-7s %-24s %s\n", "key", "unit", "range", "without a preset");
  for (const MaterialFigure& figure : material_figures()) {
    const std::string unit = figure.unit.empty() ? "-" : std::string(figure.unit);
    std::printf("  %-22s %-7s %-24s %s\n", std::string(figure.key).c_str(), unit.c_str(),
                describe_range(figure).c_str(), describe_absence(figure).c_str());
    std::printf("  %-22s %s\n", "", std::string(figure.meaning).c_str());
  }
  std::printf("\nNamed materials (material = \"NAME\"):\n");
  for (const NamedClothMaterial& named : cloth_materials()) {
    std::printf("  %-8s %s\n  %-8s { %s }\n", named.name, named.description, "",
                figures_as_toml(named.material).c_str());
  }
  return 0;
}

}  // namespace weft
