#include "app/viewer/control_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/viewer/draw_quality.h"
#include "app/viewer/key_bindings.h"
#include "app/viewer/panel_colliders.h"
#include "app/viewer/panel_material.h"
#include "app/viewer/panel_settings.h"
#include "app/viewer/panel_style.h"
#include "app/viewer/viewer_presets.h"
#include "app/viewer/strain_legend.h"
#include "sim/model/model.h"

namespace weft {

namespace {

const ImVec4 kWarning = kPanelWarning;
constexpr float kPanelMargin = 10.0f;  // px between the panel and the window's edges
// The status area's lines: always this many, so the sections below never move.
constexpr int kStatusLines = 2;

// The file name of a path (the status line has no room for folders; the tooltip shows them).
const char* file_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return path.c_str() + (slash == std::string::npos ? 0 : slash + 1);
}

void draw_status(const FrameStats& stats, const PanelInfo& info) {
  int lines = 0;
  if (stats.blow_up()) {
    ImGui::TextColored(kWarning, "BLOW-UP: %s", stats.blow_up()->c_str());
    ImGui::TextColored(kWarning, "More substeps, stiffer damping or R to reset.");
    lines = 2;
  }
  if (lines < kStatusLines && !info.message.empty()) {
    ImGui::TextColored(kWarning, "%s", info.message.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.message.c_str());
    ++lines;
  }
  if (lines < kStatusLines && !info.last_screenshot.empty()) {
    ImGui::TextDisabled("saved %s", file_name(info.last_screenshot));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.last_screenshot.c_str());
    ++lines;
  }
  for (; lines < kStatusLines; ++lines)
    ImGui::TextUnformatted("");
}

void draw_stats(ViewerScene& scene, const PanelInfo& info) {
  const FrameStats& stats = *info.stats;
  ImGui::Text("%.1f frames/s   %.2f ms/frame", stats.fps(), stats.frame_ms());
  ImGui::TextDisabled("%s", info.device_name.c_str());
  ImGui::TextDisabled("simulating %s", info.simulator.c_str());
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
  ImGui::Text("max strain %.3f%%", 100.0 * stats.health().largest_stretch);
  const bool tears =
      std::any_of(scene.systems().begin(), scene.systems().end(),
                  [](const ViewerScene::System& system) { return model_tears(system.model); });
  if (tears) ImGui::Text("torn links: %u", stats.health().torn_links);
  draw_status(stats, info);
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

// The largest strain and, while asked (it costs a read-back of the state), the energy over the
// last seconds of simulated time. Gravitational energy is measured from the origin, so only its
// changes mean anything: the total shows them.
void draw_history(PanelWidgets& ui, ViewerSettings& settings, const RunHistory& history) {
  char overlay[64];
  std::vector<float> values;
  for (const RunHistory::StrainSample& sample : history.strains())
    values.push_back(100.0f * sample.max_strain);
  if (!values.empty()) std::snprintf(overlay, sizeof overlay, "%.3f%%", values.back());
  ui.plot("max strain (%)", values, values.empty() ? "waiting for a frame" : overlay);
  ui.checkbox("measure energy", settings.measure_energy);
  if (!settings.measure_energy) return;
  if (history.energies().empty()) {
    ImGui::TextDisabled("measuring the energy");
    return;
  }
  const auto plot_energy = [&](const char* label, double (*part)(const Energy&)) {
    values.clear();
    for (const RunHistory::EnergySample& sample : history.energies())
      values.push_back(static_cast<float>(part(sample.energy)));
    std::snprintf(overlay, sizeof overlay, "%.4g J", values.back());
    ui.plot(label, values, overlay);
  };
  plot_energy("kinetic energy (J)", [](const Energy& e) { return e.kinetic; });
  plot_energy("elastic energy (J)", [](const Energy& e) { return e.elastic; });
  plot_energy("total energy (J)", [](const Energy& e) { return e.total(); });
  ImGui::TextDisabled("the last %.0f s simulated", RunHistory::kSeconds);
}

// The preset list, by name or number from the script too.
void draw_preset_choice(PanelWidgets& ui, ViewerScene& scene, PanelRequests& requests) {
  const SceneChoice& current = scene.choice();
  const auto list = presets();
  const bool from_file = !current.file.empty();
  const auto choose = [&](size_t i) {
    SceneChoice choice = current;
    choice.file.clear();
    choice.preset = i;
    requests.rebuild = choice;
  };
  if (std::optional<PanelEdit> edit = ui.edits().take("preset")) {
    std::string wanted;
    for (const std::string& word : edit->values)
      wanted += (wanted.empty() ? "" : " ") + word;
    bool found = false;
    for (size_t i = 0; i < list.size(); ++i) {
      if (wanted == std::to_string(i) || same_label(wanted, list[i].name)) {
        choose(i);
        found = true;
      }
    }
    if (!found) ui.edits().refuse(*edit, "no preset '" + wanted + "'");
  }
  // A scene file's title may be long: it is written out in full above the list, which then
  // shows the file's name; the list spans the panel, so that no preset's name is cut.
  if (from_file) ImGui::TextWrapped("%s", scene.title().c_str());
  const std::string shown =
      from_file ? "file " + current.file.filename().string() : list[current.preset].name;
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##preset", shown.c_str())) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (ImGui::Selectable(list[i].name, !from_file && i == current.preset) &&
          (from_file || i != current.preset)) {
        choose(i);
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", list[i].description);
    }
    ImGui::EndCombo();
  }
}

void draw_scene(PanelWidgets& ui, ViewerScene& scene, ViewerSettings& settings,
                PanelRequests& requests) {
  const SceneChoice& current = scene.choice();
  draw_preset_choice(ui, scene, requests);
  if (current.file.empty()) {
    if (settings.grid_columns == 0) settings.grid_columns = static_cast<int>(current.columns);
    if (settings.grid_rows == 0) settings.grid_rows = static_cast<int>(current.rows);
    int grid[2] = {settings.grid_columns, settings.grid_rows};
    ui.grid_size("grid (columns, rows)", grid, 2, 4096);
    settings.grid_columns = grid[0];
    settings.grid_rows = grid[1];
    if (ui.button("rebuild")) {
      SceneChoice choice = current;
      choice.columns = static_cast<uint32_t>(settings.grid_columns);
      choice.rows = static_cast<uint32_t>(settings.grid_rows);
      requests.rebuild = choice;
    }
  }
  if (scene.systems().size() > 1) {
    // The solver, environment and material sections below edit this system.
    int selected = static_cast<int>(scene.selected);
    std::vector<const char*> names;
    for (const ViewerScene::System& system : scene.systems())
      names.push_back(system.name.c_str());
    if (ui.combo("edit system", selected, names)) scene.selected = static_cast<size_t>(selected);
  }
  if (ui.button(settings.paused ? "resume" : "pause")) settings.paused = !settings.paused;
  ImGui::SameLine();
  if (ui.button("step")) settings.step_once = true;
  ImGui::SameLine();
  if (ui.button("reset")) requests.reset = true;
  ui.slider("anchor speed (m/s)", settings.anchor_speed, 0.1f, 5.0f);
}

// The scene with its edits and pins by hand, as a scene file (scene_to_save.h).
void draw_save_scene(PanelWidgets& ui, PanelRequests& requests) {
  if (ui.button("save scene (Ctrl+S)")) requests.save_scene = true;
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "Writes the scene as it starts, with the edits and pins made here, as a scene file: "
        "to weft view --save-to FILE, or to a new NAME-saved.toml in the current folder");
  }
}

void draw_solver(PanelWidgets& ui, Model& model, bool& changed) {
  draw_live_settings(ui, "solver", model, changed);
}

void draw_environment(PanelWidgets& ui, Model& model, bool& changed) {
  draw_live_settings(ui, "environment", model, changed);
  draw_live_settings(ui, "environment.ground", model, changed);
  draw_colliders(ui, model.environment, model.origin, changed);
}

// For links a scene gave by their own tables, not by a material's figures.
void draw_link_knobs(PanelWidgets& ui, LinkKnobs& m, bool& changed) {
  // Link materials are uploaded when an edit ends, not while a slider is being dragged.
  ui.slider("spring stiffness x", m.spring_stiffness_scale, 0.01f, 100.0f, "%.2f",
            ImGuiSliderFlags_Logarithmic);
  changed |= ui.edit_ended();
  ui.slider("spring damping x", m.spring_damping_scale, 0.01f, 100.0f, "%.2f",
            ImGuiSliderFlags_Logarithmic);
  changed |= ui.edit_ended();
  ui.slider("added compliance (m/N)", m.added_compliance, 0.0f, 1e-2f, "%.1e",
            ImGuiSliderFlags_Logarithmic);
  changed |= ui.edit_ended();
}

void draw_view(PanelWidgets& ui, ViewerSettings& settings, const PanelInfo& info,
               PanelRequests& requests) {
  ui.checkbox("springs view (S)", settings.draw.springs_view);
  ui.checkbox("widen by strain (W)", settings.draw.widen_by_strain);
  ui.slider("strain at full colour", settings.draw.strain_scale, 1e-4f, 0.5f, "%.4f",
            ImGuiSliderFlags_Logarithmic);
  draw_strain_legend(settings.draw.strain_scale, info.encode_srgb);
  ui.checkbox("pins", settings.draw.show_markers);
  ui.checkbox("shadows", settings.draw.shadows);
  ui.checkbox("vsync (V)", settings.vsync);
  ui.checkbox("adapt drawing to speed", settings.adapt_drawing);
  ui.slider("drawing level", settings.draw_level, 0, kDrawQualityLevels - 1);
  if (!info.drawing.empty()) ImGui::TextDisabled("drawn with %s", info.drawing.c_str());
  if (ui.button("screenshot (P)")) requests.screenshot = true;
  ImGui::SameLine();
  if (ui.button("reset camera (C)")) requests.reset_camera = true;
  if (ui.button("RenderDoc capture (K)")) requests.capture = true;
}

// A header that opens by itself while scripted values wait (they may be in it).
bool section(const char* name, const PanelInfo& info, bool open_at_start = false) {
  if (info.open_all_sections || (info.edits && info.edits->pending())) {
    ImGui::SetNextItemOpen(true);
  }
  return ImGui::CollapsingHeader(name, open_at_start ? ImGuiTreeNodeFlags_DefaultOpen : 0);
}

}  // namespace

PanelRequests draw_control_panel(ViewerScene& scene, ViewerSettings& settings,
                                 const PanelInfo& info) {
  PanelRequests requests;
  settings.time_passes = false;
  PanelEdits no_edits;
  PanelEdits& edits = info.edits ? *info.edits : no_edits;
  // Hidden, the panel still shows for the frame a script sets one of its values.
  if (!settings.show_panel && !edits.pending()) return requests;
  ImGui::SetNextWindowPos(ImVec2(kPanelMargin, kPanelMargin), ImGuiCond_FirstUseEver);
  // As wide as its label column needs, as tall as what is open in it, and never taller than the
  // window: what does not fit then scrolls inside it.
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowSizeConstraints(
      ImVec2(PanelWidgets::panel_width(), 100.0f),
      ImVec2(PanelWidgets::panel_width(),
             std::max(100.0f, viewport->WorkSize.y - 2.0f * kPanelMargin)));
  if (edits.pending()) ImGui::SetNextWindowCollapsed(false);
  bool* open = settings.show_panel ? &settings.show_panel : nullptr;
  if (!ImGui::Begin("weft", open,
                    ImGuiWindowFlags_AlwaysVerticalScrollbar | ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::End();
    return requests;
  }
  PanelWidgets ui(edits, info.layout);
  draw_stats(scene, info);
  // Every simulation pass is timed only while this section is open.
  settings.time_passes = ImGui::CollapsingHeader("GPU time per pass");
  if (settings.time_passes) draw_gpu_times(*info.stats);
  if (section("Energy and strain", info) && info.history) {
    draw_history(ui, settings, *info.history);
  }
  if (section("Scene", info, true)) {
    draw_scene(ui, scene, settings, requests);
    draw_save_scene(ui, requests);
  }
  if (section("Solver", info)) draw_solver(ui, scene.edited().model, requests.parameters_changed);
  if (section("Environment", info)) {
    draw_environment(ui, scene.edited().model, requests.parameters_changed);
  }
  if (section("Materials", info)) {
    draw_material_figures(ui, scene.edited(), requests.material_figures_changed);
    if (scene.edited().links_of_its_own) {
      draw_link_knobs(ui, scene.edited().knobs, requests.link_knobs_changed);
    }
  }
  if (section("View", info)) draw_view(ui, settings, info, requests);
  requests.panel_right = ImGui::GetWindowPos().x + ImGui::GetWindowSize().x;
  if (info.layout) info.layout->panel_size = ImGui::GetWindowSize();
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
  // The knife changes what a left drag does: say so while it is on.
  if (settings.knife) ImGui::TextUnformatted("knife on: left drag cuts (X: off)");
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
