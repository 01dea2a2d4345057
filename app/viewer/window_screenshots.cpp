#include "app/viewer/window_screenshots.h"

#include <cstring>

#include "app/export/output_file.h"
#include "app/export/video_file.h"
#include "app/render/png_file.h"
#include "engine/barriers.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/image_readback.h"

namespace weft {

WindowScreenshots::WindowScreenshots(Device& device, uint32_t slots)
    : device_(device), buffers_(slots), in_flight_(slots) {}

WindowScreenshots::~WindowScreenshots() = default;

std::string WindowScreenshots::start_recording(std::string path, VkExtent2D window, double fps) {
  const Replace replace = path.empty() ? Replace::never : Replace::any;
  if (path.empty()) {
    // The first free number: an earlier run's recordings are kept.
    std::error_code error;
    do {
      path = "weft-recording-" + std::to_string(video_counter_++) + ".mp4";
    } while (std::filesystem::symlink_status(path, error).type() !=
             std::filesystem::file_type::not_found);
  }
  close_video();  // one still finishing: done now
  VideoSettings settings;
  settings.width = window.width & ~1u;
  settings.height = window.height & ~1u;
  settings.input_rate = fps;
  settings.fps = fps;
  video_ = std::make_unique<VideoFile>(path, settings, replace);
  video_extent_ = {settings.width, settings.height};
  recording_ = true;
  return path;
}

std::optional<std::string> WindowScreenshots::take_video_note() {
  std::optional<std::string> note = std::move(video_note_);
  video_note_.reset();
  return note;
}

void WindowScreenshots::close_video() {
  if (!video_) return;
  std::unique_ptr<VideoFile> video = std::move(video_);
  recording_ = false;
  try {
    video->finish();
    video_note_ =
        "video " + video->target().string() + ": " + std::to_string(video->frames()) + " frames";
  } catch (const ExportError& error) {
    video_note_ = error.what();
    failed_ = true;
  }
}

void WindowScreenshots::finish_recording() {
  close_video();
}

void WindowScreenshots::add_to_video(const std::vector<uint8_t>& rgba, VkExtent2D extent) {
  if (!video_) return;
  // The window's size, rounded down to even sides, must stay what it was.
  if ((extent.width & ~1u) != video_extent_.width ||
      (extent.height & ~1u) != video_extent_.height) {
    close_video();
    video_note_ = *video_note_ + " (the window changed size: recording stopped)";
    return;
  }
  try {
    if (extent.width == video_extent_.width) {
      video_->add(rgba.data(), size_t{video_extent_.width} * video_extent_.height * 4);
      return;
    }
    std::vector<uint8_t> cropped(size_t{video_extent_.width} * video_extent_.height * 4);
    for (uint32_t y = 0; y < video_extent_.height; ++y) {
      std::memcpy(cropped.data() + size_t{y} * video_extent_.width * 4,
                  rgba.data() + size_t{y} * extent.width * 4, size_t{video_extent_.width} * 4);
    }
    video_->add(cropped.data(), cropped.size());
  } catch (const ExportError& error) {
    video_.reset();
    recording_ = false;
    video_note_ = error.what();
    failed_ = true;
  }
}

void WindowScreenshots::request(std::string path) {
  requested_ = std::move(path);
}

void WindowScreenshots::record(VkCommandBuffer cmd, uint32_t slot, VkImage image, VkExtent2D extent,
                               VkFormat format) {
  DebugLabel label(device_, cmd, "screenshot copy");
  const VkDeviceSize bytes =
      VkDeviceSize{extent.width} * extent.height * readback_bytes_per_pixel(format);
  if (buffers_[slot].size() < bytes) {
    buffers_[slot] = make_readback_buffer(device_, extent, format,
                                          "screenshot readback " + std::to_string(slot));
  }
  image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT);
  record_image_to_buffer(cmd, image, extent, buffers_[slot]);
  image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE,
                VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE);
  in_flight_[slot] = Shot{requested_, recording_, extent, format};
  requested_.reset();
}

std::optional<std::string> WindowScreenshots::collect(uint32_t slot) {
  if (!in_flight_[slot]) return std::nullopt;
  const Shot shot = *in_flight_[slot];
  in_flight_[slot].reset();
  const std::vector<uint8_t> rgba = rgba_pixels(buffers_[slot], shot.extent, shot.format);
  if (shot.video) add_to_video(rgba, shot.extent);
  if (!recording_ && video_) {
    bool more = false;
    for (const std::optional<Shot>& other : in_flight_)
      more = more || (other && other->video);
    if (!more) close_video();
  }
  if (!shot.path) return std::nullopt;
  const Picture picture{shot.extent.width, shot.extent.height, rgba};
  const auto png = [&](std::ostream& out) { encode_png(out, picture); };
  try {
    if (shot.path->empty()) {
      return write_numbered_file(
                 [](uint32_t n) { return "weft-screenshot-" + std::to_string(n) + ".png"; },
                 counter_, png)
          .string();
    }
    OutputOptions options;
    options.create_folders = true;
    if (write_output_file(*shot.path, png, options).replaced) {
      video_note_ = "screenshot " + *shot.path + " replaced the file that was there";
    }
    return *shot.path;
  } catch (const ExportError& error) {
    video_note_ = error.what();
    failed_ = true;
    return std::nullopt;
  }
}

}  // namespace weft
