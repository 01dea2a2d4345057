#include "app/viewer/viewer.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

#include "app/export/interrupt.h"
#include "app/render/framing.h"
#include "app/render/offscreen_render.h"
#include "app/scene/safe_text.h"
#include "app/scene/scene_origin.h"
#include "app/viewer/control_panel.h"
#include "app/viewer/draw_quality.h"
#include "app/viewer/imgui_layer.h"
#include "app/viewer/knife_stroke.h"
#include "app/viewer/scaled_scene.h"
#include "app/viewer/solver_choice.h"
#include "app/viewer/panel_widgets.h"
#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/image.h"
#include "sim/core/energy.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

Viewer::Viewer(const ViewOptions& options) : options_(options) {
  // A scene file and a script are read before any window opens: bad ones are reported at once.
  std::optional<Scene> file_scene;
  if (!options.scene.empty()) file_scene = make_viewer_scene({options.scene});
  if (!options.script.empty()) script_ = parse_input_script(read_input_script(options.script));
  capture_ = std::make_unique<FrameCapture>(options.capture, static_cast<uint32_t>(options.frames));
  const bool sized = options.width > 0 && options.height > 0;
  window_ =
      std::make_unique<Window>("weft", sized ? options.width : 1024, sized ? options.height : 640);
  InstanceOptions instance_options;
  instance_options.validation =
      options.gpu.validation || Instance::validation_requested_by_environment();
  instance_options.extensions = Window::required_instance_extensions();
  context_.instance = std::make_unique<Instance>(instance_options);
  DeviceOptions device_options;
  device_options.selector = options.gpu.device_selector;
  device_options.extensions = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
  device_options.present_surface = window_->create_surface(context_.instance->handle());
  context_.device = std::make_unique<Device>(*context_.instance, device_options);
  Device& device = *context_.device;
  // A CPU device fills pixels slowly: it keeps the smaller window unless told otherwise.
  if (!sized && device.properties().deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) {
    window_->set_size(1280, 800);
  }

  swapchain_ = std::make_unique<Swapchain>(device, device_options.present_surface, options.vsync);
  ring_ = std::make_unique<CommandRing>(device, kFramesInFlight, "frame");
  for (uint32_t s = 0; s < kFramesInFlight; ++s) {
    acquired_.push_back(create_semaphore(device, "image acquired " + std::to_string(s)));
  }
  formats_ = choose_render_formats(device, swapchain_->format());
  if (!recreate_swapchain()) throw NoDisplayError("the window has no area to draw into");

  const unsigned cpu_threads = choose_cpu_threads(options, device);
  if (cpu_threads > 0 && !options.use_cpu) {
    std::printf(
        "viewer: the Vulkan device, %s, is a CPU: simulating on the CPU reference, which "
        "is faster there (--gpu: on the device)\n",
        escape_unsafe_characters(device.name()).c_str());
  }
  if (cpu_threads == 0 && options.cpu_threads != 0) {
    std::printf(
        "viewer: --threads sets the CPU reference's threads, and the simulation is on "
        "the device: add --cpu to use them\n");
  }
  simulator_ = simulator_name(cpu_threads);

  SceneChoice choice = default_scene_choice(device, cpu_threads > 0);
  if (options.columns > 0) {
    choice.columns = options.columns;
    choice.rows = options.rows;
  }
  choice.preset = options.preset;
  choice.file = options.scene;
  scene_ = std::make_unique<ViewerScene>(
      device, formats_, kFramesInFlight, choice,
      file_scene ? std::move(*file_scene) : make_viewer_scene(choice), cpu_threads);
  timer_ = std::make_unique<PassTimer>(device, kFramesInFlight);
  timed_.assign(kFramesInFlight, false);
  screenshots_ = std::make_unique<WindowScreenshots>(device, kFramesInFlight);

  settings_.vsync = options.vsync;
  settings_.show_panel = !options.hide_panel;
  // A script's screenshots must not depend on how fast the machine is: it turns adapting on
  // itself when it wants it (`set "adapt drawing to speed" on`).
  settings_.adapt_drawing = options.script.empty();
  // The window's callbacks first: ImGui's backend chains onto them.
  window_->set_listener(this);
  ui_ = std::make_unique<ImGuiLayer>(*window_, *context_.instance, device, *swapchain_,
                                     kFramesInFlight);
  if (settings_.show_panel) panel_right_ = PanelWidgets::panel_width() + 20.0f;  // until drawn
  frame_camera();
  window_->set_title(window_title());
}

VkExtent2D Viewer::scene_area() const {
  // The window beside the panel, where the scene is centred (OrbitCamera::set_lens_shift).
  const VkExtent2D extent = swapchain_->extent();
  const float widest = 0.6f * static_cast<float>(extent.width);
  const auto panel = static_cast<uint32_t>(std::clamp(panel_right_, 0.0f, widest));
  return {extent.width - panel, extent.height};
}

void Viewer::frame_camera() {
  // A scene that says where to look from (its [camera], or a camera saved with it) starts there.
  const std::optional<SceneCamera>& chosen = scene_->scene().camera;
  camera_ = chosen ? chosen_camera(camera_in_frame(*chosen, scene_origin(scene_->scene())))
                   : framing_camera(scene_->renderer().expected_bounds(), scene_area());
}

void Viewer::reframe_camera() {
  // The GPU must be idle: the positions are read back (apply_pending_scene_changes waits).
  const Bounds bounds = expected_and_current_bounds(*context_.device, scene_->drawn());
  camera_ = framing_camera(bounds, scene_area());
  scene_->renderer().aim_shadow(bounds);
}

std::string Viewer::window_title() const {
  uint64_t particles = 0;
  for (const ViewerScene::System& system : scene_->systems())
    particles += system.model.particle_count();
  return "weft - " + scene_->title() + " (" + std::to_string(particles) + " particles) on " +
         context_.device->name();
}

Viewer::~Viewer() {
  if (ring_) ring_->wait_all();
  window_->set_listener(nullptr);
}

bool Viewer::recreate_swapchain() {
  if (!swapchain_->recreate(window_->framebuffer_size())) return false;
  ++swapchain_builds_;
  std::printf("viewer: swapchain %ux%u, %u images, %s, %ux MSAA\n", swapchain_->extent().width,
              swapchain_->extent().height, swapchain_->image_count(),
              swapchain_->vsync() ? "vsync" : "no vsync", static_cast<unsigned>(formats_.samples));
  make_targets();
  if (ui_) ui_->on_swapchain_recreated(*swapchain_);
  return true;
}

glm::vec2 Viewer::viewport() const {
  const VkExtent2D extent = swapchain_->extent();
  return {static_cast<float>(extent.width), static_cast<float>(extent.height)};
}

int Viewer::run() {
  while (!window_->should_close() && !interrupt_requested() &&
         (options_.frames == 0 || frame_ < options_.frames)) {
    window_->poll_events();
    apply_script();
    if (settings_.vsync != swapchain_->vsync()) swapchain_->set_vsync(settings_.vsync);
    // Some window systems never report a resize as out of date: compare the sizes too.
    const VkExtent2D size = window_->framebuffer_size();
    const bool resized =
        size.width != swapchain_->extent().width || size.height != swapchain_->extent().height;
    if ((swapchain_->stale() || resized) && !recreate_swapchain()) {
      glfwWaitEventsTimeout(0.05);  // minimised: nothing to draw until it comes back
      continue;
    }
    draw_frame();
  }
  ring_->wait_all();
  screenshots_->stop_recording();
  for (uint32_t s = 0; s < kFramesInFlight; ++s)
    collect(s);
  screenshots_->finish_recording();
  if (std::optional<std::string> note = screenshots_->take_video_note())
    std::printf("%s\n", escape_unsafe_characters(*note).c_str());
  uint64_t particles = 0;
  for (const ViewerScene::System& system : scene_->systems())
    particles += system.model.particle_count();
  std::printf(
      "viewer: %llu frames, %.1f frames/s on average (%s, %llu particles, %s); %u grabs, "
      "%u swapchains, last %ux%u; pinned by hand: %u, freed by hand: %u\n",
      static_cast<unsigned long long>(stats_.frames()), stats_.average_fps(),
      scene_->title().c_str(), static_cast<unsigned long long>(particles),
      context_.device->name().c_str(), grabs_, swapchain_builds_, swapchain_->extent().width,
      swapchain_->extent().height, pinned_by_hand_, freed_by_hand_);
  bool tearable = false;
  for (const ViewerScene::System& system : scene_->systems())
    tearable = tearable || any_tearable(system.model.grids);
  if (tearable) {
    std::printf("viewer: torn links: %u, cut by the knife: %llu\n", stats_.health().torn_links,
                static_cast<unsigned long long>(cut_by_knife_));
  }
  if (!history_.energies().empty()) {
    const Energy& last = history_.energies().back().energy;
    std::printf(
        "viewer: energy measured %llu times, the last: kinetic %.6g J, elastic %.6g J, "
        "total %.6g J\n",
        static_cast<unsigned long long>(energy_samples_), last.kinetic, last.elastic, last.total());
  }
  if (const std::optional<FrameTimings>& timings = stats_.timings()) {
    std::printf("viewer: GPU time of the last timed frame: %.2f ms:", timings->total_ms);
    for (const auto& [pass, ms] : timings->sections)
      std::printf(" %s %.2f;", pass->name, ms);
    std::printf("\n");
  }
  if (script_failed_) return 2;
  if (screenshots_->failed()) return 1;  // a screenshot or a recording was not written
  return validation_exit_status(context_);
}

void Viewer::draw_frame() {
  // A RenderDoc capture holds this frame's recording, submission and present.
  capture_->begin_frame(static_cast<uint32_t>(frame_));
  VkCommandBuffer cmd = ring_->begin();
  const uint32_t slot = ring_->current_slot();
  collect(slot);
  sample_energy();
  const std::optional<uint32_t> image = swapchain_->acquire(acquired_[slot].get());
  if (!image) {
    ring_->submit();  // nothing recorded: keeps the slot's fence in step
    capture_->end_frame();
    return;
  }
  ui_->new_frame();
  build_ui();
  apply_pending_scene_changes();
  update_anchors();
  update_mouse();
  record_frame(cmd, slot, *image);
  ring_->submit(acquired_[slot].get(), VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                swapchain_->render_finished(*image));
  swapchain_->present(*image);
  if (std::optional<std::string> path = capture_->end_frame()) message_ = "captured " + *path;
  const double now = seconds_now();
  stats_.frame_done(now);
  adapt_drawing(now);
  ++frame_;
}

void Viewer::collect(uint32_t slot) {
  // Every system answered the same pick: the particle nearest the camera wins.
  std::optional<PickAnswer> best;
  std::optional<HealthReport> worst;
  for (size_t s = 0; s < scene_->systems().size(); ++s) {
    ViewerScene::System& system = scene_->systems()[s];
    if (std::optional<PickAnswer> answer = system.picker->collect(slot)) {
      answer->system = s;
      const auto distance = [&](const PickAnswer& a) {
        return glm::distance(a.position, camera_.eye());
      };
      if (!best || (answer->particle && (!best->particle || distance(*answer) < distance(*best)))) {
        best = answer;
      }
    }
    if (std::optional<HealthReport> health = system.health->collect(slot)) {
      if (!worst) worst = HealthReport{};
      worst->largest_stretch = std::max(worst->largest_stretch, health->largest_stretch);
      worst->nonfinite_count += health->nonfinite_count;
      worst->first_nonfinite = std::min(worst->first_nonfinite, health->first_nonfinite);
      worst->torn_links += health->torn_links;  // the sum over systems, not the worst
    }
  }
  if (best) {
    const bool draggable = best->particle && !scene_->is_anchored(best->system, *best->particle);
    if (best->particle && !draggable) message_ = "that pin is an anchor: move it with the arrows";
    mouse_.on_pick_answer(*best, draggable);
  }
  if (worst) {
    stats_.set_health(*worst);
    history_.add_strain(simulated_seconds(), worst->largest_stretch);
  }
  if (timed_[slot]) {
    if (std::optional<FrameTimings> timings = timer_->read(slot)) stats_.set_timings(*timings);
    timed_[slot] = false;
  }
  if (std::optional<std::string> path = screenshots_->collect(slot)) {
    last_screenshot_ = *path;
    std::printf("screenshot: %s\n", escape_unsafe_characters(*path).c_str());
  }
  if (std::optional<std::string> note = screenshots_->take_video_note()) {
    message_ = *note;
    std::printf("%s\n", escape_unsafe_characters(*note).c_str());
  }
}

// The energy for the panel's plots, while asked: every system's state read back (the CPU waits
// for the GPU), a few times a second and within a tenth of the viewer's time.
void Viewer::sample_energy() {
  constexpr double kInterval = 0.25;  // s
  const double now = seconds_now();
  if (!settings_.measure_energy || now - last_energy_sample_ < kInterval) return;
  if (!energy_budget_.allows()) return;
  const auto began = std::chrono::steady_clock::now();
  Energy sum;
  for (ViewerScene::System& system : scene_->systems()) {
    const Energy energy = system.simulation->measure_energy();
    sum.kinetic += energy.kinetic;
    sum.gravitational += energy.gravitational;
    sum.elastic += energy.elastic;
  }
  energy_budget_.spend_since(began);
  last_energy_sample_ = now;
  ++energy_samples_;
  history_.add_energy(simulated_seconds(), sum);
}

double Viewer::simulated_seconds() const {
  return static_cast<double>(scene_->frames_simulated) *
         scene_->systems().front().model.solver.frame_dt;
}

void Viewer::build_ui() {
  PanelInfo info;
  info.device_name = context_.device->name();
  info.simulator = simulator_;
  info.stats = &stats_;
  info.last_screenshot = last_screenshot_;
  info.message = message_;
  info.encode_srgb = !is_srgb_format(swapchain_->format());
  info.edits = &panel_edits_;
  info.history = &history_;
  info.drawing = drawing();
  const PanelRequests requests = draw_control_panel(*scene_, settings_, info);
  panel_right_ = settings_.show_panel ? requests.panel_right : 0.0f;
  camera_.set_lens_shift(panel_right_ / std::max(viewport().x, 1.0f));
  for (const std::string& error : panel_edits_.finish_frame()) {
    // A script that cannot do what it says would test nothing: stop and say why.
    std::fprintf(stderr, "weft view: %s\n", escape_unsafe_characters(error).c_str());
    script_failed_ = true;
    window_->request_close();
  }
  draw_help_overlay(settings_);
  if (requests.reset) reset_requested_ = true;
  if (requests.rebuild) rebuild_requested_ = requests.rebuild;
  if (requests.screenshot) do_action(Action::screenshot);
  if (requests.capture) do_action(Action::capture);
  if (requests.reset_camera) do_action(Action::reset_camera);
  if (requests.save_scene) do_action(Action::save_scene);
  if (const std::vector<glm::vec2>& stroke = mouse_.stroke_in_progress(); stroke.size() >= 2) {
    // The knife's stroke: what will be cut on release.
    std::vector<ImVec2> points;
    for (glm::vec2 p : stroke)
      points.emplace_back(p.x, p.y);
    ImGui::GetForegroundDrawList()->AddPolyline(points.data(), static_cast<int>(points.size()),
                                                IM_COL32(255, 220, 40, 230), 0, 2.0f);
  }
  if (std::optional<MouseController::PinBox> box = mouse_.box_in_progress()) {
    // The box a Ctrl-drag draws: what will be pinned on release.
    ImDrawList* overlay = ImGui::GetForegroundDrawList();
    const ImVec2 a(box->from.x, box->from.y), b(box->to.x, box->to.y);
    overlay->AddRectFilled(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)),
                           ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)),
                           IM_COL32(230, 60, 200, 40));
    overlay->AddRect(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)),
                     ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)), IM_COL32(230, 60, 200, 220),
                     0.0f, 0, 2.0f);
  }
  try {
    if (requests.parameters_changed) scene_->apply_parameters();
    if (requests.link_knobs_changed) scene_->apply_link_knobs();
    if (requests.material_figures_changed) scene_->apply_material_figures();
  } catch (const ModelError& error) {
    message_ = error.what();  // a value the solver refuses: say so, keep running
  }
}

void Viewer::apply_pending_scene_changes() {
  if (!reset_requested_ && !rebuild_requested_ && !reframe_requested_) return;
  // The old buffers may still be in use by the frame in flight (and a reframe reads them).
  ring_->wait_all();
  if (reframe_requested_ && !reset_requested_ && !rebuild_requested_) {
    reframe_requested_ = false;
    reframe_camera();
    return;
  }
  reframe_requested_ = false;
  if (rebuild_requested_) {
    scene_->rebuild(*rebuild_requested_);
    frame_camera();
    settings_.grid_columns = settings_.grid_rows = 0;
    window_->set_title(window_title());
  } else {
    scene_->reset();
  }
  mouse_.cancel();
  dragged_.reset();
  stats_.set_health({});
  history_.clear();
  message_.clear();
  reset_requested_ = false;
  rebuild_requested_.reset();
}

void Viewer::record_frame(VkCommandBuffer cmd, uint32_t slot, uint32_t image) {
  // The frame's main parts are always timed; the simulation pass by pass only when asked.
  PassTimer* timer = timer_->supported() ? timer_.get() : nullptr;
  PassTimer* pass_timer = settings_.time_passes ? timer : nullptr;
  if (timer) timer->begin(cmd, slot);
  timed_[slot] = timer != nullptr;
  // The frame's sections besides the simulation's passes.
  static const PassInfo kSimulation{"simulation", ""};
  static const PassInfo kWatch{"blow-up watch", ""};
  static const PassInfo kPicking{"picking", "pick.comp"};
  static const PassInfo kNormals{"normals, shadow map", "compute_normals.comp"};
  static const PassInfo kDraw{"draw", ""};
  static const PassInfo kUi{"UI", ""};
  const auto mark = [&](const PassInfo& section) {
    if (timer) timer->mark(cmd, section);
  };
  if (!settings_.paused || settings_.step_once) {
    scene_->apply_events();
    for (ViewerScene::System& system : scene_->systems()) {
      system.simulation->record_frame(cmd, pass_timer);
      if (!pass_timer) mark(kSimulation);
      system.health->watch(cmd, slot, *system.simulation);
      mark(kWatch);
    }
    ++scene_->frames_simulated;
    settings_.step_once = false;
  }
  for (ViewerScene::System& system : scene_->systems())
    system.picker->record(cmd, slot);
  mark(kPicking);
  scene_->renderer().record_prepare(cmd, settings_.draw);
  mark(kNormals);

  // The image's old contents are not needed; waiting on the acquire semaphore (at this stage)
  // comes before the transition.
  const VkImage target = swapchain_->image(image);
  if (!scaled_) {
    image_barrier(cmd, target, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_NONE,
                  VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                  VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT);
  }
  SceneView view;
  view.view_projection = camera_.view_projection(viewport());
  view.eye = camera_.eye();
  view.extent = scaled_ ? scaled_->extent() : swapchain_->extent();
  const VkClearColorValue background = background_color(swapchain_->format());
  if (scaled_) {
    scaled_->begin(cmd, background);
  } else {
    targets_->begin(cmd, swapchain_->view(image), background);
  }
  {
    DebugLabel label(*context_.device, cmd, "scene");
    scene_->renderer().record_draw(cmd, view, settings_.draw);
  }
  if (scaled_) {
    scaled_->end_and_blit(cmd, target, swapchain_->extent());
  } else {
    targets_->end(cmd);
  }
  scene_->renderer().record_after_draw(cmd);
  mark(kDraw);
  ui_->record(cmd, image, swapchain_->extent());
  mark(kUi);

  if (screenshots_->requested() && swapchain_->can_read_back()) {
    screenshots_->record(cmd, slot, target, swapchain_->extent(), swapchain_->format());
  } else {
    image_barrier(cmd, target, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                  VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_NONE,
                  VK_ACCESS_2_NONE);
  }
}

}  // namespace weft
