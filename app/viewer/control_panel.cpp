#include "app/viewer/control_panel.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/viewer/key_bindings.h"
#include "app/viewer/presets.h"

namespace weft {

namespace {

const ImVec4 kWarning(1.0f, 0.35f, 0.25f, 1.0f);

// Marks the frame's parameters as edited when the last widget changed.
bool edited(bool changed, bool& flag) {
  if (changed) flag = true;
  return changed;
}

void draw_stats(ViewerScene& scene, const PanelInfo& info) {
  const FrameStats& stats = *info.stats;
  ImGui::Text("%.1f frames/s   %.2f ms/frame", stats.fps(), stats.frame_ms());
  ImGui::TextDisabled("%s", info.device_name.c_str());
  uint64_t particles = 0, springs = 0, constraints = 0;
  for (const ViewerScene::System& system : scene.systems()) {
    particles += system.model.particle_count();
    springs += system.model.springs.size();
    constraints += system.model.constraints.size();
  }
  ImGui::Text("%llu particles, %llu springs, %llu constraints",
              static_cast<unsigned long long>(particles), static_cast<unsigned long long>(springs),
              static_cast<unsigned long long>(constraints));
  ImGui::Text(
      "simulated %.2f s (%llu frames)",
      static_cast<double>(scene.frames_simulated) * scene.systems().front().model.solver.frame_dt,
      static_cast<unsigned long long>(scene.frames_simulated));
  ImGui::Text("max strain %.3f%%", 100.0 * stats.health().max_stretch);
  if (stats.blow_up()) {
    ImGui::TextColored(kWarning, "BLOW-UP: %s", stats.blow_up()->c_str());
    ImGui::TextColored(kWarning, "More substeps, stiffer damping or R to reset.");
  }
  if (!info.message.empty()) ImGui::TextColored(kWarning, "%s", info.message.c_str());
  if (!info.last_screenshot.empty()) ImGui::TextDisabled("saved %s", info.last_screenshot.c_str());
}

void draw_gpu_times(const FrameStats& stats) {
  if (!stats.timings()) {
    ImGui::TextDisabled("waiting for the GPU's timestamps");
    return;
  }
  const FrameTimings& t = *stats.timings();
  ImGui::Text("GPU frame: %.3f ms", t.total_ms);
  if (ImGui::BeginTable("passes", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    for (const auto& [pass, ms] : t.sections) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(pass->name);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f ms", ms);
    }
    ImGui::EndTable();
  }
}

void draw_scene(ViewerScene& scene, ViewerSettings& settings, PanelRequests& requests) {
  const SceneChoice& current = scene.choice();
  const auto list = presets();
  const bool from_file = !current.file.empty();
  const std::string shown = from_file ? scene.title() + " (file)" : list[current.preset].name;
  if (ImGui::BeginCombo("preset", shown.c_str())) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (ImGui::Selectable(list[i].name, !from_file && i == current.preset) &&
          (from_file || i != current.preset)) {
        SceneChoice choice = current;
        choice.file.clear();
        choice.preset = i;
        requests.rebuild = choice;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", list[i].description);
    }
    ImGui::EndCombo();
  }
  if (!from_file) {
    if (settings.grid_columns == 0) settings.grid_columns = static_cast<int>(current.columns);
    if (settings.grid_rows == 0) settings.grid_rows = static_cast<int>(current.rows);
    ImGui::SetNextItemWidth(140);
    ImGui::InputInt2("grid", &settings.grid_columns);
    settings.grid_columns = std::clamp(settings.grid_columns, 2, 4096);
    settings.grid_rows = std::clamp(settings.grid_rows, 2, 4096);
    ImGui::SameLine();
    if (ImGui::Button("rebuild")) {
      SceneChoice choice = current;
      choice.columns = static_cast<uint32_t>(settings.grid_columns);
      choice.rows = static_cast<uint32_t>(settings.grid_rows);
      requests.rebuild = choice;
    }
  }
  if (scene.systems().size() > 1) {
    // The solver, environment and material sections below edit this system.
    if (ImGui::BeginCombo("edit system", scene.edited().name.c_str())) {
      for (size_t i = 0; i < scene.systems().size(); ++i) {
        if (ImGui::Selectable(scene.systems()[i].name.c_str(), i == scene.selected)) {
          scene.selected = i;
        }
      }
      ImGui::EndCombo();
    }
  }
  if (ImGui::Button(settings.paused ? "resume" : "pause")) settings.paused = !settings.paused;
  ImGui::SameLine();
  if (ImGui::Button("step")) settings.step_once = true;
  ImGui::SameLine();
  if (ImGui::Button("reset")) requests.reset = true;
  ImGui::SliderFloat("anchor speed (m/s)", &settings.anchor_speed, 0.1f, 5.0f);
}

void draw_solver(Model& model, bool& changed) {
  SolverSettings& s = model.solver;
  const char* integrators[] = {"explicit Euler", "semi-implicit Euler", "Verlet"};
  int integrator = static_cast<int>(s.integrator);
  if (edited(ImGui::Combo("integrator", &integrator, integrators, 3), changed)) {
    s.integrator = static_cast<Integrator>(integrator);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Verlet to Euler starts the Euler velocities from rest");
  }
  int substeps = static_cast<int>(s.substeps);
  if (edited(ImGui::SliderInt("substeps", &substeps, 1, 64), changed)) s.substeps = substeps;
  int sweeps = static_cast<int>(s.relaxation_sweeps);
  if (edited(ImGui::SliderInt("relaxation sweeps", &sweeps, 0, 32), changed)) {
    s.relaxation_sweeps = sweeps;
  }
  float hz = 1.0f / s.frame_dt;
  if (edited(ImGui::SliderFloat("frame rate of sim (Hz)", &hz, 15.0f, 240.0f, "%.0f"), changed)) {
    s.frame_dt = 1.0f / hz;
  }
  edited(ImGui::SliderFloat("damping (1/s)", &s.damping_rate, 0.0f, 50.0f, "%.2f",
                            ImGuiSliderFlags_Logarithmic),
         changed);
}

void draw_environment(Model& model, bool& changed) {
  Environment& e = model.environment;
  edited(ImGui::DragFloat3("gravity (m/s^2)", &e.gravity.x, 0.05f, -50.0f, 50.0f), changed);
  edited(ImGui::DragFloat3("wind (m/s)", &e.wind.x, 0.05f, -30.0f, 30.0f), changed);
  edited(ImGui::SliderFloat("air drag (N s/m)", &e.air_drag, 0.0f, 0.01f, "%.2e",
                            ImGuiSliderFlags_Logarithmic),
         changed);
  const char* damping[] = {"axial (Witkin, GLUT lab)", "relative (NeHe)"};
  int spring_damping = static_cast<int>(e.spring_damping);
  if (edited(ImGui::Combo("spring damping", &spring_damping, damping, 2), changed)) {
    e.spring_damping = static_cast<SpringDamping>(spring_damping);
  }
  const char* grounds[] = {"none", "NeHe forces", "projection"};
  int ground = static_cast<int>(e.ground.mode);
  if (edited(ImGui::Combo("ground", &ground, grounds, 3), changed)) {
    e.ground.mode = static_cast<GroundMode>(ground);
  }
  edited(ImGui::SliderFloat("ground height (m)", &e.ground.height, -3.0f, 2.0f), changed);
  if (e.ground.mode == GroundMode::force) {
    edited(ImGui::SliderFloat("repulsion (N/m)", &e.ground.repulsion, 0.0f, 1.0f, "%.2e",
                              ImGuiSliderFlags_Logarithmic),
           changed);
    edited(ImGui::SliderFloat("ground friction (N s/m)", &e.ground.friction, 0.0f, 0.01f, "%.2e",
                              ImGuiSliderFlags_Logarithmic),
           changed);
    edited(ImGui::SliderFloat("absorption (N s/m)", &e.ground.absorption, 0.0f, 0.1f, "%.2e",
                              ImGuiSliderFlags_Logarithmic),
           changed);
  }
  edited(ImGui::SliderFloat("contact friction", &e.contact_friction, 0.0f, 1.0f), changed);
  for (size_t i = 0; i < e.spheres.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    edited(ImGui::DragFloat3("sphere centre (m)", &e.spheres[i].center.x, 0.01f), changed);
    edited(ImGui::SliderFloat("sphere radius (m)", &e.spheres[i].radius, 0.05f, 2.0f), changed);
    ImGui::PopID();
  }
}

void draw_materials(Materials& m, bool& changed) {
  // Link materials are uploaded when an edit ends, not while a slider is being dragged.
  ImGui::SliderFloat("spring stiffness x", &m.spring_stiffness_scale, 0.01f, 100.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SliderFloat("spring damping x", &m.spring_damping_scale, 0.01f, 100.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SliderFloat("constraint compliance + (m/N)", &m.added_compliance, 0.0f, 1e-2f, "%.1e",
                     ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::IsItemDeactivatedAfterEdit();
}

void draw_view(ViewerSettings& settings, PanelRequests& requests) {
  ImGui::Checkbox("springs view (S)", &settings.draw.springs_view);
  ImGui::SameLine();
  ImGui::Checkbox("widen (W)", &settings.draw.widen_by_strain);
  ImGui::SliderFloat("strain at full colour", &settings.draw.strain_scale, 1e-4f, 0.5f, "%.4f",
                     ImGuiSliderFlags_Logarithmic);
  ImGui::Checkbox("pins", &settings.draw.show_markers);
  ImGui::SameLine();
  ImGui::Checkbox("vsync (V)", &settings.vsync);
  if (ImGui::Button("screenshot (P)")) requests.screenshot = true;
  ImGui::SameLine();
  if (ImGui::Button("RenderDoc capture (K)")) requests.capture = true;
  ImGui::SameLine();
  if (ImGui::Button("reset camera (C)")) requests.reset_camera = true;
}

}  // namespace

PanelRequests draw_control_panel(ViewerScene& scene, ViewerSettings& settings,
                                 const PanelInfo& info) {
  PanelRequests requests;
  settings.time_passes = false;
  if (!settings.show_panel) return requests;
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(370, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("weft", &settings.show_panel)) {
    ImGui::End();
    return requests;
  }
  draw_stats(scene, info);
  // Every simulation pass is timed only while this section is open.
  settings.time_passes = ImGui::CollapsingHeader("GPU time per pass");
  if (settings.time_passes) draw_gpu_times(*info.stats);
  if (ImGui::CollapsingHeader("Scene", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_scene(scene, settings, requests);
  }
  if (ImGui::CollapsingHeader("Solver")) {
    draw_solver(scene.edited().model, requests.parameters_changed);
  }
  if (ImGui::CollapsingHeader("Environment")) {
    draw_environment(scene.edited().model, requests.parameters_changed);
  }
  if (ImGui::CollapsingHeader("Materials")) {
    draw_materials(scene.edited().materials, requests.materials_changed);
  }
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
    draw_view(settings, requests);
  }
  ImGui::End();
  return requests;
}

void draw_help_overlay(ViewerSettings& settings) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImVec2 corner(viewport->WorkPos.x + viewport->WorkSize.x - 10.0f,
                      viewport->WorkPos.y + 10.0f);
  ImGui::SetNextWindowPos(corner, ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.7f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (!ImGui::Begin("help", nullptr, flags)) {
    ImGui::End();
    return;
  }
  if (!settings.show_help) {
    ImGui::TextUnformatted("H: help");
    ImGui::End();
    return;
  }
  if (ImGui::BeginTable("keys", 2)) {
    const char* last_description = "";
    for (const KeyBinding& b : key_bindings()) {
      if (std::string_view(b.description) == last_description) continue;  // "+" twice
      last_description = b.description;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(b.key_name);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(b.description);
    }
    for (const auto& list : {held_key_help(), mouse_help()}) {
      for (const HeldKeyHelp& h : list) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.keys);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(h.description);
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace weft
