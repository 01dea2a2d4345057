#include "app/viewer/panel_material.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "sim/model/material_figures.h"

namespace weft {

namespace {

std::string label_of(const MaterialFigure& figure) {
  std::string label(figure.key);
  if (!figure.unit.empty()) label += " (" + std::string(figure.unit) + ")";
  return label;
}

// A hundredth to a hundred times the scene's value, within the figure's range.
void slider_range(const MaterialFigure& figure, float built, float& lo, float& hi) {
  const float least = figure.min_inclusive ? float(figure.min)
                                           : std::nextafter(float(figure.min), float(figure.max));
  lo = std::max(built / 100.0f, least);
  hi = std::min(built * 100.0f, float(figure.max));
}

}  // namespace

void draw_material_figures(PanelWidgets& ui, ViewerScene::System& system, bool& changed) {
  if (system.material_objects.empty()) return;
  if (system.material_objects.size() > 1) {
    std::vector<const char*> names;
    for (const MaterialObject& object : system.material_objects)
      names.push_back(object.name.c_str());
    int index = static_cast<int>(system.edited_material);
    if (ui.combo("material of", index, names)) system.edited_material = static_cast<size_t>(index);
  }
  MaterialObject& object = system.material_objects.at(
      std::min(system.edited_material, system.material_objects.size() - 1));
  for (const MaterialFigure& figure : material_figures()) {
    const std::optional<double> value = figure.get(object.edited);
    const std::optional<double> built = figure.get(object.built);
    const std::string label = label_of(figure);
    // A running cloth keeps the elements it was built with: no bending where it had none, no
    // tethers or tearing where it had no limit or break strain (sim/model/material_edit.h).
    if (!value) {
      ImGui::TextDisabled("%s: %s", std::string(figure.key).c_str(),
                          describe_absence(figure).c_str());
      continue;
    }
    if (!built || !(*built > 0.0)) {
      ImGui::TextDisabled("%s %g (set in the scene file)", label.c_str(), *value);
      continue;
    }
    float shown = float(*value);
    float lo = 0.0f, hi = 0.0f;
    slider_range(figure, float(*built), lo, hi);
    if (ui.slider(label.c_str(), shown, lo, hi, "%.3g", ImGuiSliderFlags_Logarithmic)) {
      figure.set(object.edited, std::clamp(shown, lo, hi));
    }
    changed |= ui.edit_ended();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(figure.meaning).c_str());
  }
}

}  // namespace weft
