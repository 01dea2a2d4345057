// The viewer panel's colours (app/viewer/panel_style.h): every text colour stands out at least
// 4.5:1 (WCAG 2 AA for normal text) against every background it is drawn on, and the ratio
// itself is WCAG's.
#include <gtest/gtest.h>

#include <imgui.h>

#include "app/viewer/panel_style.h"
#include "tests/support/headless_imgui.h"

namespace weft::test {
namespace {

TEST(PanelStyleTest, ContrastRatioIsWcags) {
  // WCAG's own end points and a known pair: #777777 on white is 4.48:1.
  EXPECT_NEAR(contrast_ratio(ImVec4(0, 0, 0, 1), ImVec4(1, 1, 1, 1)), 21.0, 1e-6);
  EXPECT_NEAR(contrast_ratio(ImVec4(1, 1, 1, 1), ImVec4(1, 1, 1, 1)), 1.0, 1e-6);
  const float grey = 0x77 / 255.0f;
  EXPECT_NEAR(contrast_ratio(ImVec4(grey, grey, grey, 1), ImVec4(1, 1, 1, 1)), 4.48, 0.01);
}

TEST(PanelStyleTest, EveryTextColourMeetsAaOnEveryBackground) {
  HeadlessImGui imgui;
  apply_panel_style();
  const std::vector<PanelContrast> contrasts = panel_contrasts();
  ASSERT_GE(contrasts.size(), 10u);
  for (const PanelContrast& contrast : contrasts) {
    EXPECT_GE(contrast.ratio, 4.5) << contrast.what;
  }
}

TEST(PanelStyleTest, ImGuisOwnDarkStyleWouldFail) {
  // The check can fail: ImGui's default dark style, translucent, puts white text on a blue
  // (0.26, 0.59, 0.98) hovered button at about 3:1.
  HeadlessImGui imgui;
  ImGui::StyleColorsDark();
  bool any_below = false;
  for (const PanelContrast& contrast : panel_contrasts())
    any_below = any_below || contrast.ratio < 4.5;
  EXPECT_TRUE(any_below);
}

}  // namespace
}  // namespace weft::test
