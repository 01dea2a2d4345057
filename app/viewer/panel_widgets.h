// The panel's widgets: each control is the same width with its label to its right, so that the
// labels line up in one column the panel is sized for, and each takes a value the input script
// sets by its label (PanelEdits) through the same path as a value typed in. For tests, the
// widgets can note where each label was drawn and which did not fit the panel.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/viewer/panel_edits.h"

namespace weft {

// Where the panel drew its labels (tests: is the layout stable, does every label fit).
struct PanelLayout {
  std::map<std::string, ImVec2> label_positions;  // top-left of each widget, in the window
  std::vector<std::string> clipped_labels;        // labels that reach past the panel's edge
  ImVec2 panel_size{0.0f, 0.0f};                  // the panel's window, as drawn
};

class PanelWidgets {
 public:
  // The controls' width and the label column's, in pixels at the current font.
  static constexpr float kControlWidth = 180.0f;
  static constexpr float kLabelColumn = 180.0f;
  // The panel's width: padding, control, spacing, label column, and room for a scrollbar
  // whether or not one shows, so that nothing moves when it appears.
  static float panel_width();

  PanelWidgets(PanelEdits& edits, PanelLayout* layout) : edits_(edits), layout_(layout) {}

  bool slider(const char* label, float& value, float lo, float hi, const char* format = "%.3f",
              ImGuiSliderFlags flags = 0);
  bool slider(const char* label, int& value, int lo, int hi);
  bool drag3(const char* label, float* value, float speed, float lo = 0.0f, float hi = 0.0f);
  bool checkbox(const char* label, bool& value);
  bool combo(const char* label, int& index, std::span<const char* const> items);
  bool grid_size(const char* label, int* columns_rows, int lo, int hi);
  bool button(const char* label);
  // A line plot of `values`, oldest first, with `overlay` written over it.
  void plot(const char* label, std::span<const float> values, const char* overlay);

  PanelEdits& edits() { return edits_; }

  // Whether the last slider's edit ended this frame: released, typed in, or set by the script.
  // Costly edits (link materials) are applied only then.
  bool edit_ended() const { return edit_ended_; }

 private:
  // A scripted edit for `label` with its values as numbers: `count` of them, or it is refused.
  struct Numbers {
    PanelEdit edit;
    std::vector<float> values;
  };
  std::optional<Numbers> scripted_numbers(const char* label, size_t count);
  void note(const char* label);

  PanelEdits& edits_;
  PanelLayout* layout_;
  bool edit_ended_ = false;
};

}  // namespace weft
