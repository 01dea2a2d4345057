// Screenshots of the window (the P key, scripts): the swapchain image, UI included, copied into
// a host buffer of that frame's slot after the UI pass and written as PNG once the slot comes
// round again, so taking one does not stall the frame loop. Recording (the M key) does the same
// every frame and hands the pictures to an MP4 video (ffmpeg) instead.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/buffer.h"

namespace weft {

class Device;
class VideoFile;

class WindowScreenshots {
 public:
  WindowScreenshots(Device& device, uint32_t slots);
  ~WindowScreenshots();

  // Takes the next frame; an empty path picks weft-screenshot-N.png in the working folder, the
  // first N whose name is free: a screenshot never replaces a file it was not named after.
  void request(std::string path);
  bool requested() const { return requested_.has_value() || recording_; }

  // Every frame from the next into `path` (empty: weft-recording-N.mp4, the first N whose name
  // is free), at `fps` pictures per second, the window's size rounded down to even sides. Throws
  // ExportError (no ffmpeg, a folder that cannot be written). Returns the path.
  std::string start_recording(std::string path, VkExtent2D window, double fps);
  // No more frames; the video is finished once the frames in flight are collected.
  void stop_recording() { recording_ = false; }
  bool recording() const { return recording_; }
  // Once per finished (or failed) recording: what became of it, for the user.
  std::optional<std::string> take_video_note();
  // After the last frame (every slot collected): finishes a recording still open.
  void finish_recording();
  // Records the copy of `image` (in COLOR_ATTACHMENT_OPTIMAL, just drawn) and leaves it in
  // PRESENT_SRC_KHR. Only call when requested().
  void record(VkCommandBuffer cmd, uint32_t slot, VkImage image, VkExtent2D extent,
              VkFormat format);
  // Writes the PNG recorded in this slot, once its frame has finished; returns its path. A PNG
  // that cannot be written (a full disk) is a note (take_video_note) and makes failed() true.
  std::optional<std::string> collect(uint32_t slot);
  // Whether a screenshot or a recording could not be written.
  bool failed() const { return failed_; }

 private:
  struct Shot {
    std::optional<std::string> path;  // none: for the video only; empty: a numbered name
    bool video = false;
    VkExtent2D extent{};
    VkFormat format = VK_FORMAT_UNDEFINED;
  };
  void add_to_video(const std::vector<uint8_t>& rgba, VkExtent2D extent);
  void close_video();
  Device& device_;
  std::vector<Buffer> buffers_;
  std::vector<std::optional<Shot>> in_flight_;
  std::optional<std::string> requested_;
  uint32_t counter_ = 1;
  bool recording_ = false;
  std::unique_ptr<VideoFile> video_;
  VkExtent2D video_extent_{};
  uint32_t video_counter_ = 1;
  std::optional<std::string> video_note_;
  bool failed_ = false;
};

}  // namespace weft
