#include "app/viewer/panel_edits.h"

#include <algorithm>
#include <cctype>

namespace weft {

bool same_label(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view visible_label(std::string_view label) {
  return label.substr(0, label.find("##"));
}

std::optional<PanelEdit> PanelEdits::take(std::string_view label) {
  if (pending_.empty()) return std::nullopt;
  const std::string_view shown = visible_label(label);
  const auto found = std::find_if(pending_.begin(), pending_.end(),
                                  [&](const PanelEdit& e) { return same_label(e.label, shown); });
  if (found == pending_.end()) return std::nullopt;
  PanelEdit edit = std::move(*found);
  pending_.erase(found);
  return edit;
}

void PanelEdits::refuse(const PanelEdit& edit, const std::string& why) {
  errors_.push_back("input script entry '" + edit.entry + "': " + why);
}

std::vector<std::string> PanelEdits::finish_frame() {
  for (const PanelEdit& edit : pending_) {
    errors_.push_back("input script entry '" + edit.entry + "': the panel has no " +
                      (edit.values.empty() ? "button" : "value") + " labelled '" + edit.label +
                      "' (docs/viewer.md lists them)");
  }
  pending_.clear();
  std::vector<std::string> errors;
  errors.swap(errors_);
  return errors;
}

}  // namespace weft
