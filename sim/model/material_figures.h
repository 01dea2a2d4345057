// The figures of a cloth material (cloth_material.h), one entry each: the key a scene file gives
// it by, its unit and range, what it means, what a material given by its figures alone has
// without it, and how to read and write it on a ClothMaterial. The scene reader and writer, the
// named materials' comparison, `weft materials` and the check of docs/scenes.md's table all walk
// this list, so a new figure is one entry here and its use in the solver.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sim/model/cloth_material.h"

namespace weft {

struct MaterialFigure {
  std::string_view key;   // in a scene's material table
  std::string_view unit;  // "" for a ratio
  double min = 0.0;       // the range a scene may give
  double max = 0.0;
  bool min_inclusive = true;
  bool required = false;  // without a preset, a scene must give it
  // A running cloth keeps the elements it was built with: it takes a change of the figure, but
  // not one that gives it or takes it away (none or 0: sim/model/material_edit.h).
  bool presence_fixed = false;
  std::string_view when_absent;   // what a material of figures alone has without it
  std::string_view meaning;       // one line for users
  std::string_view requires_key;  // another figure that must be given beside it, or ""
  std::string_view at_most_key;   // another figure it may not exceed, or ""
  // The figure on a material (none: the material does not have it), and setting it.
  std::optional<double> (*get)(const ClothMaterial& material) = nullptr;
  void (*set)(ClothMaterial& material, double value) = nullptr;
};

// In the order scene files and docs/scenes.md list them.
std::span<const MaterialFigure> material_figures();
const MaterialFigure* find_material_figure(std::string_view key);

// What a material given by its figures alone starts from, before them: no bending, no stretch
// limit, no break strain, no friction of its own.
ClothMaterial material_without_figures();

// The range and the absence as docs/scenes.md's table and `weft materials` give them:
// "[1e-6, 1e3]", "(0, 10]", ">= 0", "[0, `static_friction`]"; "its `static_friction`; needs
// `static_friction` beside it".
std::string describe_range(const MaterialFigure& figure);
std::string describe_absence(const MaterialFigure& figure);

// Whether the material has the figure: given, and not 0.
bool has_figure(const MaterialFigure& figure, const ClothMaterial& material);

// Whether two materials have the same figures, every one of them.
bool same_figures(const ClothMaterial& a, const ClothMaterial& b);

}  // namespace weft
