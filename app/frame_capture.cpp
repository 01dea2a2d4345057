#include "app/frame_capture.h"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include <CLI/CLI.hpp>

#include "app/cli_numbers.h"
#include "app/export/output_file.h"

namespace weft {

namespace {

RenderDocLoad load_policy(const FrameCaptureOptions& options) {
  return options.frame || options.load_renderdoc ? RenderDocLoad::load_if_absent
                                                 : RenderDocLoad::attach_only;
}

// Checks what can be checked before RenderDoc is loaded, so that a mistyped frame costs nothing.
const FrameCaptureOptions& checked(const FrameCaptureOptions& options, uint32_t frames_to_run) {
  if (options.frame && frames_to_run > 0 && *options.frame >= frames_to_run) {
    throw std::runtime_error("--capture-frame " + std::to_string(*options.frame) +
                             " is beyond the run: frames count from 0 and this run has " +
                             std::to_string(frames_to_run) + " (raise --frames)");
  }
  return options;
}

}  // namespace

void add_frame_capture_options(CLI::App& command, FrameCaptureOptions& options) {
  command
      .add_option("--capture-frame", options.frame,
                  "Capture frame N (0 = the first) in RenderDoc, with no window; needs "
                  "librenderdoc (or launch weft from qrenderdoc / renderdoccmd capture)")
      ->transform(decimal_in_range(0, 0xffffffffu));
  command
      .add_option("--capture-file", options.file,
                  "Where the capture goes (default: weft_frameN.rdc in the current folder, or "
                  "RenderDoc's own path when RenderDoc launched weft)")
      ->needs("--capture-frame");
}

FrameCapture::FrameCapture(const FrameCaptureOptions& options, uint32_t frames_to_run)
    : options_(checked(options, frames_to_run)), renderdoc_(load_policy(options)) {
  if (!options_.frame && !options_.load_renderdoc) return;
  if (!renderdoc_.available()) {
    const std::string what =
        options_.frame ? "capture frame " + std::to_string(*options_.frame) : "load RenderDoc";
    throw std::runtime_error("cannot " + what + ": " + renderdoc_.unavailable_reason());
  }
  if (!options_.frame) return;
  if (options_.file.empty() && !renderdoc_.injected()) {
    options_.file = "weft_frame" + std::to_string(*options_.frame) + ".rdc";
  }
  if (!options_.file.empty()) {
    // RenderDoc writes "<template>_frameN.rdc" by a name of its own: in a folder of weft's own
    // beside the target (nothing can be planted there, and the move crosses no file system),
    // from where weft puts it at the path asked for, as it puts every output.
    capture_folder_ = std::make_unique<TemporaryFolder>(options_.file);
    renderdoc_.set_path_template((capture_folder_->path() / "capture").string());
  }
}

void FrameCapture::begin_frame(uint32_t frame) {
  const bool wanted = next_requested_ || (options_.frame && *options_.frame == frame);
  if (!wanted || capturing_ || !renderdoc_.available()) return;
  next_requested_ = false;
  capturing_ = true;
  capturing_frame_ = frame;
  renderdoc_.start_frame();
}

std::optional<std::string> FrameCapture::end_frame() {
  if (!capturing_) return std::nullopt;
  capturing_ = false;
  std::optional<std::string> path = renderdoc_.end_frame();
  if (!path) {
    throw std::runtime_error("RenderDoc wrote no capture of frame " +
                             std::to_string(capturing_frame_) +
                             " (its log, RenderDoc's temp folder, may say why)");
  }
  if (!options_.file.empty() && *path != options_.file) {
    move_output_file(*path, options_.file);
    path = options_.file;
  }
  std::printf("capture:         %s (frame %u)\n", path->c_str(), capturing_frame_);
  std::fflush(stdout);
  written_ = path;
  return path;
}

void FrameCapture::step_frames(uint32_t first, uint32_t count,
                               const std::function<void(uint32_t)>& step) {
  const uint32_t end = first + count;
  if (!options_.frame || *options_.frame < first || *options_.frame >= end) {
    if (count > 0) step(count);
    return;
  }
  const uint32_t captured = *options_.frame;
  if (captured > first) step(captured - first);
  begin_frame(captured);
  step(1);
  end_frame();
  if (end > captured + 1) step(end - captured - 1);
}

}  // namespace weft
