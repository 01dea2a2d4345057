#include "sim/model/material_figures.h"

#include <array>
#include <limits>

#include "sim/model/range_text.h"

namespace weft {

namespace {

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

// A figure a material may leave out, as the table reads it.
std::optional<double> widened(const std::optional<float>& figure) {
  if (!figure) return std::nullopt;
  return *figure;
}

// Bounds keep every compliance and mass a material gives a float the solver can use. A link
// stretched 10 times beyond its rest length is a blow-up (docs/scenes.md, Blow-ups) before it
// could break.
const std::array<MaterialFigure, 9> kFigures = {{
    {"areal_density", "kg/m^2", 1e-6, 1e3, true, true, false, "required", "mass per area", "", "",
     [](const ClothMaterial& m) -> std::optional<double> { return m.areal_density; },
     [](ClothMaterial& m, double v) { m.areal_density = float(v); }},
    {"stretch_stiffness", "N/m", 1e-3, 1e12, true, true, false, "required",
     "force per metre of width per unit strain", "", "",
     [](const ClothMaterial& m) -> std::optional<double> { return m.stretch_stiffness; },
     [](ClothMaterial& m, double v) { m.stretch_stiffness = float(v); }},
    {"shear_stiffness", "N/m", 1e-3, 1e12, true, true, false, "required",
     "resistance of the weave to shearing", "", "",
     [](const ClothMaterial& m) -> std::optional<double> { return m.shear_stiffness; },
     [](ClothMaterial& m, double v) { m.shear_stiffness = float(v); }},
    {"compression_stiffness", "N/m", 1e-3, 1e12, true, false, false, "`stretch_stiffness`",
     "how hard its links push back while shorter than at rest", "", "",
     [](const ClothMaterial& m) { return widened(m.compression_stiffness); },
     [](ClothMaterial& m, double v) { m.compression_stiffness = float(v); }},
    {"bending_stiffness", "N m", 0.0, 1e6, true, false, true, "0 (no bending)",
     "moment per metre of width per unit curvature", "", "",
     [](const ClothMaterial& m) -> std::optional<double> { return m.bending_stiffness; },
     [](ClothMaterial& m, double v) { m.bending_stiffness = float(v); }},
    {"max_stretch", "", 0.0, 10.0, true, false, true, "none (no limit)",
     "the most the cloth ever stretches (0.002: 0.2%): tethers, strain limits", "", "",
     [](const ClothMaterial& m) { return widened(m.max_stretch); },
     [](ClothMaterial& m, double v) { m.max_stretch = float(v); }},
    {"break_strain", "", 0.0, 10.0, false, false, true, "none (never tears)",
     "its links break this far beyond their rest length (0.08: 8%): the cloth tears", "", "",
     [](const ClothMaterial& m) { return widened(m.break_strain); },
     [](ClothMaterial& m, double v) { m.break_strain = float(v); }},
    {"static_friction", "", 0.0, kNoLimit, true, false, false,
     "none (the colliders' or `[environment]`'s)",
     "Coulomb coefficient of its contacts at rest, with colliders and the ground", "", "",
     [](const ClothMaterial& m) -> std::optional<double> {
       if (!m.friction) return std::nullopt;
       return m.friction->static_friction;
     },
     // The kinetic coefficient is the static one until the scene gives its own (it comes next).
     [](ClothMaterial& m, double v) {
       m.friction = ContactFriction{float(v), float(v)};
     }},
    {"kinetic_friction", "", 0.0, kNoLimit, true, false, false, "its `static_friction`",
     "Coulomb coefficient of its contacts while sliding", "static_friction", "static_friction",
     [](const ClothMaterial& m) -> std::optional<double> {
       if (!m.friction) return std::nullopt;
       return m.friction->kinetic_friction;
     },
     [](ClothMaterial& m, double v) {
       if (m.friction) m.friction->kinetic_friction = float(v);
     }},
}};

}  // namespace

std::span<const MaterialFigure> material_figures() {
  return kFigures;
}

const MaterialFigure* find_material_figure(std::string_view key) {
  for (const MaterialFigure& figure : kFigures) {
    if (figure.key == key) return &figure;
  }
  return nullptr;
}

ClothMaterial material_without_figures() {
  ClothMaterial material;
  material.bending_stiffness = 0.0f;
  material.max_stretch.reset();
  return material;
}

std::string describe_range(const MaterialFigure& figure) {
  const std::string min = bound_text(figure.min);
  if (!figure.at_most_key.empty()) {
    return (figure.min_inclusive ? "[" : "(") + min + ", `" + std::string(figure.at_most_key) +
           "`]";
  }
  if (figure.max == kNoLimit) return (figure.min_inclusive ? ">= " : "> ") + min;
  return (figure.min_inclusive ? "[" : "(") + min + ", " + bound_text(figure.max) + "]";
}

std::string describe_absence(const MaterialFigure& figure) {
  std::string text(figure.when_absent);
  if (!figure.requires_key.empty()) {
    text += "; needs `" + std::string(figure.requires_key) + "` beside it";
  }
  return text;
}

bool has_figure(const MaterialFigure& figure, const ClothMaterial& material) {
  const std::optional<double> value = figure.get(material);
  return value && *value != 0.0;
}

bool same_figures(const ClothMaterial& a, const ClothMaterial& b) {
  for (const MaterialFigure& figure : kFigures) {
    if (figure.get(a) != figure.get(b)) return false;
  }
  return true;
}

}  // namespace weft
