#include "app/viewer/panel_style.h"

#include <algorithm>
#include <cmath>

namespace weft {

namespace {

double relative_luminance(const ImVec4& c) {
  const auto linear = [](float v) {
    return v <= 0.04045f ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(c.x) + 0.7152 * linear(c.y) + 0.0722 * linear(c.z);
}

// `over` drawn with its alpha onto the opaque `under`.
ImVec4 composite(const ImVec4& over, const ImVec4& under) {
  const float a = over.w;
  return ImVec4(over.x * a + under.x * (1.0f - a), over.y * a + under.y * (1.0f - a),
                over.z * a + under.z * (1.0f - a), 1.0f);
}

}  // namespace

void apply_panel_style() {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 4.0f;
  style.Alpha = 1.0f;
  ImVec4* colors = style.Colors;
  colors[ImGuiCol_WindowBg] = ImVec4(0.08f, 0.09f, 0.11f, 1.0f);
  colors[ImGuiCol_PopupBg] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
  colors[ImGuiCol_Text] = ImVec4(0.95f, 0.95f, 0.95f, 1.0f);
  // The device line, the last screenshot, a value not yet measured.
  colors[ImGuiCol_TextDisabled] = ImVec4(0.68f, 0.70f, 0.74f, 1.0f);
  // Headers, buttons and fields: darker blues than ImGui's, so white text stands out on them.
  colors[ImGuiCol_Header] = ImVec4(0.16f, 0.29f, 0.48f, 1.0f);
  colors[ImGuiCol_HeaderHovered] = ImVec4(0.20f, 0.36f, 0.60f, 1.0f);
  colors[ImGuiCol_HeaderActive] = ImVec4(0.22f, 0.40f, 0.66f, 1.0f);
  colors[ImGuiCol_Button] = ImVec4(0.16f, 0.29f, 0.48f, 1.0f);
  colors[ImGuiCol_ButtonHovered] = ImVec4(0.20f, 0.36f, 0.60f, 1.0f);
  colors[ImGuiCol_ButtonActive] = ImVec4(0.22f, 0.40f, 0.66f, 1.0f);
  colors[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.21f, 0.30f, 1.0f);
  colors[ImGuiCol_FrameBgHovered] = ImVec4(0.20f, 0.27f, 0.38f, 1.0f);
  colors[ImGuiCol_FrameBgActive] = ImVec4(0.22f, 0.30f, 0.42f, 1.0f);
  // The slider's grab sits under its value's text.
  colors[ImGuiCol_SliderGrab] = ImVec4(0.20f, 0.36f, 0.60f, 1.0f);
  colors[ImGuiCol_SliderGrabActive] = ImVec4(0.22f, 0.40f, 0.66f, 1.0f);
  colors[ImGuiCol_TitleBg] = ImVec4(0.12f, 0.16f, 0.24f, 1.0f);
  colors[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.24f, 0.38f, 1.0f);
  colors[ImGuiCol_TitleBgCollapsed] = ImVec4(0.12f, 0.16f, 0.24f, 1.0f);
}

double contrast_ratio(const ImVec4& a, const ImVec4& b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::vector<PanelContrast> panel_contrasts() {
  const ImVec4* colors = ImGui::GetStyle().Colors;
  const ImVec4 window = composite(colors[ImGuiCol_WindowBg], ImVec4(0, 0, 0, 1));
  struct Background {
    const char* name;
    ImGuiCol color;
  };
  const Background backgrounds[] = {
      {"window", ImGuiCol_WindowBg},
      {"popup", ImGuiCol_PopupBg},
      {"title", ImGuiCol_TitleBgActive},
      {"header", ImGuiCol_Header},
      {"hovered header", ImGuiCol_HeaderHovered},
      {"button", ImGuiCol_Button},
      {"hovered button", ImGuiCol_ButtonHovered},
      {"pressed button", ImGuiCol_ButtonActive},
      {"field", ImGuiCol_FrameBg},
      {"slider grab", ImGuiCol_SliderGrab},
      {"held slider grab", ImGuiCol_SliderGrabActive},
      {"hovered field", ImGuiCol_FrameBgHovered},
  };
  std::vector<PanelContrast> contrasts;
  for (const Background& background : backgrounds) {
    const ImVec4 under = composite(colors[background.color], window);
    contrasts.push_back(
        {std::string("text on ") + background.name, contrast_ratio(colors[ImGuiCol_Text], under)});
  }
  contrasts.push_back(
      {"dim text on window", contrast_ratio(colors[ImGuiCol_TextDisabled], window)});
  contrasts.push_back({"warning on window", contrast_ratio(kPanelWarning, window)});
  return contrasts;
}

}  // namespace weft
