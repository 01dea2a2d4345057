// An MP4 file made by ffmpeg from pictures handed over one at a time (`weft run --video`, the
// viewer's recording): raw RGBA frames go down a pipe to an ffmpeg process that encodes them
// (H.264, yuv420p, which every player reads) into a temporary file beside the target, renamed
// over it once ffmpeg has finished well. A run that fails or is interrupted leaves no video.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <sys/types.h>

namespace weft {

// The full path of `program` found on PATH, if it is there and executable.
std::optional<std::filesystem::path> find_program(const std::string& program);

// Throws ExportError, naming what to install, when ffmpeg is not on PATH. Callers ask before
// simulating anything.
std::filesystem::path require_ffmpeg();

struct VideoSettings {
  uint32_t width = 1280;  // even: H.264 in yuv420p halves both sides for colour
  uint32_t height = 720;
  double input_rate = 30.0;  // pictures per second of simulated time
  double fps = 30.0;         // of the file; ffmpeg repeats or drops pictures to get there
};

// Why `width` x `height` cannot be a video's size, or nothing when it can.
std::optional<std::string> video_size_problem(uint32_t width, uint32_t height);

class VideoFile {
 public:
  // Starts ffmpeg; throws ExportError when the directory cannot be written or ffmpeg will not
  // start.
  VideoFile(std::filesystem::path target, const VideoSettings& settings);
  ~VideoFile();  // without finish(): stops ffmpeg and removes the temporary file
  VideoFile(const VideoFile&) = delete;
  VideoFile& operator=(const VideoFile&) = delete;

  // One picture: width * height * 4 bytes, RGBA, top row first.
  void add(const uint8_t* rgba, size_t bytes);
  // Waits for ffmpeg and puts the file in place; throws ExportError with ffmpeg's complaint.
  void finish();

  uint64_t frames() const { return frames_; }
  const std::filesystem::path& target() const { return target_; }

 private:
  void abandon();

  std::filesystem::path target_;
  std::filesystem::path temporary_;
  std::filesystem::path log_;
  VideoSettings settings_;
  int pipe_ = -1;
  pid_t ffmpeg_ = -1;
  uint64_t frames_ = 0;
};

}  // namespace weft
