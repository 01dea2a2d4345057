#include "app/viewer/panel_widgets.h"

#include <cfloat>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace weft {

namespace {

// A finite number: "nan" and "inf" are words strtof takes, not values a panel entry can hold.
std::optional<float> parse_number(const std::string& text) {
  char* end = nullptr;
  const float value = std::strtof(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string range_text(double lo, double hi) {
  char text[96];
  std::snprintf(text, sizeof text, "%g to %g", lo, hi);
  return text;
}

}  // namespace

float PanelWidgets::panel_width() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return 2.0f * style.WindowPadding.x + kControlWidth + style.ItemInnerSpacing.x + kLabelColumn +
         style.ScrollbarSize;
}

std::optional<PanelWidgets::Numbers> PanelWidgets::scripted_numbers(const char* label,
                                                                    size_t count) {
  std::optional<PanelEdit> edit = edits_.take(label);
  if (!edit) return std::nullopt;
  std::vector<float> numbers;
  for (const std::string& text : edit->values) {
    const std::optional<float> number = parse_number(text);
    if (!number) {
      edits_.refuse(*edit, "'" + text + "' is not a finite number");
      return std::nullopt;
    }
    numbers.push_back(*number);
  }
  if (numbers.size() != count) {
    edits_.refuse(*edit, std::string(visible_label(label)) + " takes " + std::to_string(count) +
                             (count == 1 ? " number" : " numbers"));
    return std::nullopt;
  }
  return Numbers{std::move(*edit), std::move(numbers)};
}

void PanelWidgets::note(const char* label) {
  if (!layout_) return;
  const std::string shown(visible_label(label));
  const ImVec2 window = ImGui::GetWindowPos();
  const ImVec2 item = ImGui::GetItemRectMin();
  layout_->label_positions[shown] = ImVec2(item.x - window.x, item.y - window.y);
  // The item's rectangle spans the control and its label; the window clips what passes its
  // content region (a scrollbar, when one shows, takes its room from the right).
  const float right_edge = window.x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x > right_edge + 0.5f) layout_->clipped_labels.push_back(shown);
}

bool PanelWidgets::slider(const char* label, float& value, float lo, float hi, const char* format,
                          ImGuiSliderFlags flags) {
  bool changed = false;
  edit_ended_ = false;
  if (const std::optional<Numbers> set = scripted_numbers(label, 1)) {
    const float number = set->values[0];
    if (number < lo || number > hi) {
      edits_.refuse(set->edit, "out of range: " + std::string(visible_label(label)) +
                                   " goes from " + range_text(lo, hi));
    } else {
      value = number;
      changed = edit_ended_ = true;
    }
  }
  ImGui::SetNextItemWidth(kControlWidth);
  changed |= ImGui::SliderFloat(label, &value, lo, hi, format, flags);
  edit_ended_ |= ImGui::IsItemDeactivatedAfterEdit();
  note(label);
  return changed;
}

bool PanelWidgets::slider(const char* label, int& value, int lo, int hi) {
  bool changed = false;
  edit_ended_ = false;
  if (const std::optional<Numbers> set = scripted_numbers(label, 1)) {
    const int number = static_cast<int>(set->values[0]);
    if (static_cast<float>(number) != set->values[0] || number < lo || number > hi) {
      edits_.refuse(set->edit, std::string(visible_label(label)) + " takes a whole number from " +
                                   range_text(static_cast<float>(lo), static_cast<float>(hi)));
    } else {
      value = number;
      changed = edit_ended_ = true;
    }
  }
  ImGui::SetNextItemWidth(kControlWidth);
  changed |= ImGui::SliderInt(label, &value, lo, hi);
  edit_ended_ |= ImGui::IsItemDeactivatedAfterEdit();
  note(label);
  return changed;
}

bool PanelWidgets::drag3(const char* label, float* value, float speed, float lo, float hi) {
  bool changed = false;
  if (const std::optional<Numbers> set = scripted_numbers(label, 3)) {
    const bool bounded = lo < hi;
    if (bounded && std::any_of(set->values.begin(), set->values.end(),
                               [&](float v) { return v < lo || v > hi; })) {
      edits_.refuse(set->edit, "out of range: " + std::string(visible_label(label)) +
                                   " goes from " + range_text(lo, hi));
    } else {
      std::copy(set->values.begin(), set->values.end(), value);
      changed = true;
    }
  }
  ImGui::SetNextItemWidth(kControlWidth);
  changed |= ImGui::DragFloat3(label, value, speed, lo, hi);
  note(label);
  return changed;
}

bool PanelWidgets::checkbox(const char* label, bool& value) {
  bool changed = false;
  if (std::optional<PanelEdit> edit = edits_.take(label)) {
    const std::string word = edit->values.size() == 1 ? lower(edit->values[0]) : "";
    if (word == "on" || word == "true" || word == "1") {
      value = true;
      changed = true;
    } else if (word == "off" || word == "false" || word == "0") {
      value = false;
      changed = true;
    } else {
      edits_.refuse(*edit, "a switch takes on or off");
    }
  }
  changed |= ImGui::Checkbox(label, &value);
  note(label);
  return changed;
}

bool PanelWidgets::combo(const char* label, int& index, std::span<const char* const> items) {
  bool changed = false;
  if (std::optional<PanelEdit> edit = edits_.take(label)) {
    std::string wanted;
    for (const std::string& word : edit->values)
      wanted += (wanted.empty() ? "" : " ") + lower(word);
    const std::optional<float> number = parse_number(wanted);
    int chosen = -1;
    for (size_t i = 0; i < items.size(); ++i) {
      if (lower(items[i]) == wanted || (number && *number == static_cast<float>(i))) {
        chosen = static_cast<int>(i);
      }
    }
    if (chosen < 0) {
      edits_.refuse(*edit, "no such item in " + std::string(visible_label(label)));
    } else {
      index = chosen;
      changed = true;
    }
  }
  ImGui::SetNextItemWidth(kControlWidth);
  changed |= ImGui::Combo(label, &index, items.data(), static_cast<int>(items.size()));
  note(label);
  return changed;
}

bool PanelWidgets::grid_size(const char* label, int* columns_rows, int lo, int hi) {
  bool changed = false;
  if (const std::optional<Numbers> set = scripted_numbers(label, 2)) {
    columns_rows[0] = std::clamp(static_cast<int>(set->values[0]), lo, hi);
    columns_rows[1] = std::clamp(static_cast<int>(set->values[1]), lo, hi);
    changed = true;
  }
  ImGui::SetNextItemWidth(kControlWidth);
  changed |= ImGui::InputInt2(label, columns_rows);
  columns_rows[0] = std::clamp(columns_rows[0], lo, hi);
  columns_rows[1] = std::clamp(columns_rows[1], lo, hi);
  note(label);
  return changed;
}

bool PanelWidgets::button(const char* label) {
  bool clicked = false;
  if (std::optional<PanelEdit> edit = edits_.take(label)) {
    if (edit->values.empty()) {
      clicked = true;
    } else {
      edits_.refuse(*edit, std::string(visible_label(label)) + " is a button: click it");
    }
  }
  clicked |= ImGui::Button(label);
  note(label);
  return clicked;
}

void PanelWidgets::plot(const char* label, std::span<const float> values, const char* overlay) {
  constexpr float kHeight = 40.0f;
  ImGui::SetNextItemWidth(kControlWidth);
  ImGui::PlotLines(label, values.data(), static_cast<int>(values.size()), 0, overlay, FLT_MAX,
                   FLT_MAX, ImVec2(kControlWidth, kHeight));
  note(label);
}

}  // namespace weft
