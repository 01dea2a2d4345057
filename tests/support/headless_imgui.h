// An ImGui context with no window for the panel's tests: the viewer's window size on a CPU
// device, one frame of 1/60 s, no ini file, and the font atlas built so that frames can be drawn.
#pragma once

#include <imgui.h>

namespace weft::test {

class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1024.0f, 640.0f);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
};

}  // namespace weft::test
