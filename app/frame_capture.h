// Capturing one frame in RenderDoc from weft's own commands: `weft run --capture-frame N
// [--capture-file PATH]` headless, and the viewer's capture key. Wraps RenderDocCapture
// (engine/renderdoc_capture.h) with what a command needs: its options, the check that RenderDoc
// is there when a capture was asked for, and the bracketing of exactly one frame's submissions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/export/temporary_file.h"
#include "engine/renderdoc_capture.h"

namespace CLI {
class App;
}

namespace weft {

struct FrameCaptureOptions {
  std::optional<uint32_t> frame;  // --capture-frame N: frames count from 0
  std::string file;               // --capture-file PATH (.rdc); empty: weft_frameN.rdc
  // Load librenderdoc even with no frame to capture, so that request_next() works later (what a
  // viewer flag such as --renderdoc sets); throws like --capture-frame when RenderDoc is missing.
  bool load_renderdoc = false;
};

// Adds --capture-frame and --capture-file to a command.
void add_frame_capture_options(CLI::App& command, FrameCaptureOptions& options);

class FrameCapture {
 public:
  // Create before the Vulkan instance. With a frame to capture (or load_renderdoc), loads
  // RenderDoc and throws with the install hint when it is missing, or when the frame lies beyond
  // `frames_to_run` (0: no limit). Without either, only attaches to a RenderDoc that launched weft
  // (qrenderdoc), so request_next() captures only when RenderDoc is there: check available().
  FrameCapture(const FrameCaptureOptions& options, uint32_t frames_to_run);

  // RenderDoc is in the process: request_next() will work.
  bool available() const { return renderdoc_.available(); }
  const RenderDocCapture& renderdoc() const { return renderdoc_; }

  // The viewer's key: capture the next frame begun with begin_frame().
  void request_next() { next_requested_ = true; }

  // Around one frame's submissions (compute and graphics, and its present): begin_frame() starts
  // a capture when this frame is the one asked for; end_frame() ends it, moves the file to
  // --capture-file if given, prints "capture: PATH" and returns the path.
  void begin_frame(uint32_t frame);
  std::optional<std::string> end_frame();

  // Headless runners that submit frames in batches: runs frames [first, first + count) through
  // step(n), which submits n frames and waits for them, splitting the batch so that the captured
  // frame is submitted alone between begin_frame() and end_frame().
  void step_frames(uint32_t first, uint32_t count, const std::function<void(uint32_t)>& step);

  // The path of the capture written, once there is one.
  const std::optional<std::string>& written() const { return written_; }

 private:
  FrameCaptureOptions options_;
  RenderDocCapture renderdoc_;
  bool next_requested_ = false;
  bool capturing_ = false;
  uint32_t capturing_frame_ = 0;
  std::optional<std::string> written_;
  // Where RenderDoc writes the capture before weft puts it at --capture-file.
  std::unique_ptr<TemporaryFolder> capture_folder_;
};

}  // namespace weft
