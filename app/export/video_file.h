// An MP4 file made by ffmpeg from pictures handed over one at a time (`weft run --video`, the
// viewer's recording): raw RGBA frames go down a pipe to an ffmpeg process that encodes them
// (H.264, yuv420p, which every player reads) into a temporary file beside the target, renamed
// over it once ffmpeg has finished well. A run that fails or is interrupted leaves no video.
//
// The temporary file is weft's (output_file.h: created exclusively under a random name); ffmpeg
// writes it through the descriptor weft hands it (/proc/self/fd/3), so it never opens a name of
// its own, and never reads the target's name, which could look like one of its protocols
// ("pipe:1/x.mp4"). Its messages go to an anonymous memory file, not to a file in the folder.
// It runs in its own process group (a Ctrl-C at the terminal is weft's to handle), dies with weft
// (PR_SET_PDEATHSIG), and is killed by a signal that ends weft at once (interrupt.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <sys/types.h>

namespace weft {

class ChildProcessRecord;
class PreparedFile;
enum class Replace;

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
  // start. `replace`: which file at the target may be replaced (output_file.h).
  VideoFile(std::filesystem::path target, const VideoSettings& settings, Replace replace);
  ~VideoFile();  // without finish(): stops ffmpeg and removes the temporary file
  VideoFile(const VideoFile&) = delete;
  VideoFile& operator=(const VideoFile&) = delete;

  // One picture: width * height * 4 bytes, RGBA, top row first.
  void add(const uint8_t* rgba, size_t bytes);
  // Waits for ffmpeg and puts the file in place; throws ExportError with ffmpeg's complaint.
  // Returns whether it replaced a file.
  bool finish();

  uint64_t frames() const { return frames_; }
  const std::filesystem::path& target() const { return target_; }

 private:
  void abandon();

  std::string ffmpeg_complaint();
  std::filesystem::path temporary_path() const;

  std::filesystem::path target_;
  std::unique_ptr<PreparedFile> temporary_;
  int log_ = -1;  // ffmpeg's standard error, a memory file
  VideoSettings settings_;
  int pipe_ = -1;
  pid_t ffmpeg_ = -1;
  std::unique_ptr<ChildProcessRecord> child_;
  uint64_t frames_ = 0;
};

}  // namespace weft
