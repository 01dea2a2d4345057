#include "app/viewer/panel_settings.h"

#include <imgui.h>

#include <vector>

#include <glm/vec3.hpp>

namespace weft {

namespace {

// The control of one setting; true when it changed `value`.
bool draw_control(PanelWidgets& ui, const SettingKey& setting, const std::string& label,
                  const PanelSlider& slider, SettingValue& value) {
  switch (setting.kind) {
    case SettingKind::number: {
      float v = static_cast<float>(std::get<double>(value));
      const ImGuiSliderFlags flags = slider.logarithmic ? ImGuiSliderFlags_Logarithmic : 0;
      if (!ui.slider(label.c_str(), v, static_cast<float>(slider.min),
                     static_cast<float>(slider.max), slider.format, flags)) {
        return false;
      }
      value = static_cast<double>(v);
      return true;
    }
    case SettingKind::integer: {
      int v = static_cast<int>(std::get<double>(value));
      if (!ui.slider(label.c_str(), v, static_cast<int>(slider.min),
                     static_cast<int>(slider.max))) {
        return false;
      }
      value = static_cast<double>(v);
      return true;
    }
    case SettingKind::vec3: {
      glm::vec3 v = std::get<glm::vec3>(value);
      // A two-thousandth of the span per pixel dragged: gravity's 100 m/s^2 in steps of 0.05.
      const float speed = static_cast<float>((slider.max - slider.min) / 2000.0);
      if (!ui.drag3(label.c_str(), &v.x, speed, static_cast<float>(slider.min),
                    static_cast<float>(slider.max))) {
        return false;
      }
      value = v;
      return true;
    }
    case SettingKind::boolean: {
      bool v = std::get<bool>(value);
      if (!ui.checkbox(label.c_str(), v)) return false;
      value = v;
      return true;
    }
    case SettingKind::choice: {
      const std::vector<std::string_view> words = setting.choices();
      std::vector<const char*> items;
      int index = 0;
      for (std::string_view word : words) {
        if (word == std::get<std::string_view>(value)) index = static_cast<int>(items.size());
        items.push_back(word.data());  // from a string literal: null-terminated
      }
      if (!ui.combo(label.c_str(), index, items)) return false;
      value = words[static_cast<size_t>(index)];
      return true;
    }
    case SettingKind::table: break;
  }
  return false;
}

}  // namespace

std::string setting_label(const SettingKey& setting) {
  std::string label;
  if (setting.table == "environment.ground") label = "ground.";
  label += std::string(setting.key);
  if (setting.unit != "-" && setting.unit != "bool") {
    label += " (" + std::string(setting.unit) + ")";
  }
  return label;
}

void draw_live_settings(PanelWidgets& ui, std::string_view table, Model& model, bool& changed) {
  for (const SettingKey& entry : setting_keys()) {
    const SettingKey* setting = &entry;
    if (setting->table != table || !setting->live ||
        (setting->applies && !setting->applies(model.environment))) {
      continue;
    }
    // A coordinate is shown where it is in the world; the model holds it in its own frame.
    SettingValue value = world_value(*setting, model);
    PanelSlider span = slider_span(*setting, model.solver, model.environment);
    const double shift = world_shift(*setting, model);
    span.min += shift;
    span.max += shift;
    const bool edited = draw_control(ui, *setting, setting_label(*setting), span, value);
    if (ImGui::IsItemHovered()) {
      const std::string range = describe_setting_range(*setting);
      ImGui::SetTooltip("%s%s%s", std::string(setting->meaning).c_str(),
                        range.empty() ? "" : "; a scene may give ", range.c_str());
    }
    if (!edited) continue;
    if (shift != 0.0) value = std::get<double>(value) - shift;
    setting->set(model.solver, model.environment, value);
    changed = true;
  }
}

}  // namespace weft
