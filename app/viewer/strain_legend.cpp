#include "app/viewer/strain_legend.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/vec3.hpp>
#include <imgui.h>

#include "app/viewer/panel_widgets.h"
#include "shaders/shared_types.h"

namespace weft {

namespace {

float encode(float linear) {
  const float c = std::clamp(linear, 0.0f, 1.0f);
  return c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.0f / 2.4f) - 0.055f;
}

ImU32 ui_color(const glm::vec3& linear, bool encode_srgb) {
  const glm::vec3 c =
      encode_srgb ? glm::vec3(encode(linear.r), encode(linear.g), encode(linear.b)) : linear;
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

}  // namespace

void draw_strain_legend(float strain_scale, bool encode_srgb) {
  const ImU32 compressed = ui_color(glm::vec3(WEFT_STRAIN_COLOR_COMPRESSED), encode_srgb);
  const ImU32 rest = ui_color(glm::vec3(WEFT_STRAIN_COLOR_REST), encode_srgb);
  const ImU32 stretched = ui_color(glm::vec3(WEFT_STRAIN_COLOR_STRETCHED), encode_srgb);
  const float width = PanelWidgets::kControlWidth;
  const float height = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float middle = at.x + 0.5f * width;
  draw->AddRectFilledMultiColor(at, ImVec2(middle, at.y + height), compressed, rest, rest,
                                compressed);
  draw->AddRectFilledMultiColor(ImVec2(middle, at.y), ImVec2(at.x + width, at.y + height), rest,
                                stretched, stretched, rest);
  // The strains the ends and the middle stand for, written over the bar.
  char low[32], high[32];
  std::snprintf(low, sizeof low, "-%.2g%%", 100.0 * strain_scale);
  std::snprintf(high, sizeof high, "+%.2g%%", 100.0 * strain_scale);
  const ImU32 ink = IM_COL32(255, 255, 255, 255);
  draw->AddText(ImVec2(at.x + 3.0f, at.y), ink, low);
  draw->AddText(ImVec2(middle - 0.5f * ImGui::CalcTextSize("0").x, at.y), IM_COL32(0, 0, 0, 255),
                "0");
  draw->AddText(ImVec2(at.x + width - 3.0f - ImGui::CalcTextSize(high).x, at.y), ink, high);
  ImGui::Dummy(ImVec2(width, height));
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted("strain colours");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("springs view: blue compressed, grey at rest, red stretched");
  }
}

}  // namespace weft
