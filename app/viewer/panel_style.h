// The panel's colours: opaque, so that what is drawn behind it never lowers the contrast of its
// text, and every text colour at least 4.5:1 against every background it is drawn on (WCAG 2 AA
// for normal text), which panel_contrasts() lists for the tests. The colours and their ratios
// (text #f2f2f2 from 5.2:1 on a pressed button to 16:1 on the window) are in docs/viewer.md.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

namespace weft {

// The warning colour of the panel's status lines (a blow-up, a refused value).
inline const ImVec4 kPanelWarning(1.0f, 0.45f, 0.35f, 1.0f);

// Sets ImGui's style for the viewer: ImGui's dark colours made opaque and lighter where text
// would not stand out.
void apply_panel_style();

// WCAG 2's contrast ratio of two opaque sRGB colours: (L1 + 0.05) / (L2 + 0.05), from 1 to 21.
double contrast_ratio(const ImVec4& a, const ImVec4& b);

// Each text colour of the current style against each background it is drawn on (a translucent
// background composited over the window's), with its ratio.
struct PanelContrast {
  std::string what;
  double ratio = 0.0;
};
std::vector<PanelContrast> panel_contrasts();

}  // namespace weft
