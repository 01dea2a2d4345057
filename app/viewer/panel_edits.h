// Panel values set by their labels, from the input script's `set` and `click`: each waits until
// the panel draws the widget of that label, which takes it as if it had been typed in. What no
// widget took, or a widget refused, becomes an error for the viewer to report.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace weft {

struct PanelEdit {
  std::string label;
  std::vector<std::string> values;  // empty for a click
  std::string entry;                // the script entry, for messages
};

class PanelEdits {
 public:
  void add(PanelEdit edit) { pending_.push_back(std::move(edit)); }
  bool pending() const { return !pending_.empty(); }

  // The widget labelled `label` (as shown: case aside, and without ImGui's "##" suffix) takes
  // its edit, if one waits.
  std::optional<PanelEdit> take(std::string_view label);
  // A widget refuses the value it took.
  void refuse(const PanelEdit& edit, const std::string& why);

  // After the panel has drawn every section: the edits no widget took are errors too. Returns
  // (and forgets) the errors so far.
  std::vector<std::string> finish_frame();

 private:
  std::vector<PanelEdit> pending_;
  std::vector<std::string> errors_;
};

// The label a widget shows: what comes before "##".
std::string_view visible_label(std::string_view label);
// Whether two labels are the same, case aside.
bool same_label(std::string_view a, std::string_view b);

}  // namespace weft
