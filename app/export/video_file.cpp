#include "app/export/video_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/export/output_checks.h"
#include "app/export/output_file.h"

extern char** environ;

namespace weft {

std::optional<std::filesystem::path> find_program(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::stringstream directories(path);
  std::string directory;
  while (std::getline(directories, directory, ':')) {
    if (directory.empty()) directory = ".";
    const std::filesystem::path candidate = std::filesystem::path(directory) / program;
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error) &&
        ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return std::nullopt;
}

std::filesystem::path require_ffmpeg() {
  std::optional<std::filesystem::path> ffmpeg = find_program("ffmpeg");
  if (!ffmpeg) {
    throw ExportError(
        "a video needs ffmpeg, which is not on PATH (Debian and Ubuntu: apt-get install ffmpeg)");
  }
  return *ffmpeg;
}

std::optional<std::string> video_size_problem(uint32_t width, uint32_t height) {
  if (width < 16 || height < 16 || width > 8192 || height > 8192) {
    return "each side must be from 16 to 8192 pixels";
  }
  if (width % 2 != 0 || height % 2 != 0) {
    return "both sides must be even (H.264 video stores colour at half size)";
  }
  return std::nullopt;
}

VideoFile::VideoFile(std::filesystem::path target, const VideoSettings& settings)
    : target_(std::move(target)), settings_(settings) {
  if (std::optional<std::string> problem = video_size_problem(settings.width, settings.height)) {
    throw ExportError("cannot make a video of " + std::to_string(settings.width) + "x" +
                      std::to_string(settings.height) + ": " + *problem);
  }
  const std::filesystem::path ffmpeg = require_ffmpeg();
  // Missing folders are created, as for every file weft writes.
  if (auto problem = output_file_problem(target_, true)) {
    throw ExportError("cannot write " + target_.string() + ": " + *problem);
  }
  const std::filesystem::path directory =
      target_.parent_path().empty() ? std::filesystem::path(".") : target_.parent_path();
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    throw ExportError("cannot create the folder " + directory.string() + ": " + error.message());
  }
  const std::string stem = "." + target_.filename().string() + ".tmp-" + std::to_string(::getpid());
  temporary_ = directory / (stem + ".mp4");
  log_ = directory / (stem + ".log");

  int fds[2];
  if (::pipe(fds) != 0) {
    throw ExportError(std::string("cannot start ffmpeg: ") + std::strerror(errno));
  }
  char size[32];
  std::snprintf(size, sizeof size, "%ux%u", settings.width, settings.height);
  char input_rate[32];
  std::snprintf(input_rate, sizeof input_rate, "%.9g", settings.input_rate);
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.9g", settings.fps);
  std::vector<std::string> arguments = {ffmpeg.string(),
                                        "-hide_banner",
                                        "-loglevel",
                                        "error",
                                        "-nostdin",
                                        "-y",
                                        "-f",
                                        "rawvideo",
                                        "-pix_fmt",
                                        "rgba",
                                        "-s",
                                        size,
                                        "-framerate",
                                        input_rate,
                                        "-i",
                                        "pipe:0",
                                        "-r",
                                        fps,
                                        "-c:v",
                                        "libx264",
                                        "-preset",
                                        "medium",
                                        "-crf",
                                        "23",
                                        "-pix_fmt",
                                        "yuv420p",
                                        "-movflags",
                                        "+faststart",
                                        "-f",
                                        "mp4",
                                        temporary_.string()};
  std::vector<char*> argv;
  for (std::string& a : arguments)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  const int spawned =
      ::posix_spawn(&ffmpeg_, ffmpeg.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[0]);
  if (spawned != 0) {
    ::close(fds[1]);
    ffmpeg_ = -1;
    throw ExportError("cannot start " + ffmpeg.string() + ": " + std::strerror(spawned));
  }
  pipe_ = fds[1];
  // A write to an ffmpeg that has quit must fail with EPIPE, not end weft.
  std::signal(SIGPIPE, SIG_IGN);
}

VideoFile::~VideoFile() {
  abandon();
}

void VideoFile::abandon() {
  if (pipe_ >= 0) {
    ::close(pipe_);
    pipe_ = -1;
  }
  if (ffmpeg_ > 0) {
    ::kill(ffmpeg_, SIGTERM);
    int status = 0;
    ::waitpid(ffmpeg_, &status, 0);
    ffmpeg_ = -1;
  }
  std::error_code ignored;
  if (!temporary_.empty()) std::filesystem::remove(temporary_, ignored);
  if (!log_.empty()) std::filesystem::remove(log_, ignored);
}

void VideoFile::add(const uint8_t* rgba, size_t bytes) {
  if (pipe_ < 0) throw ExportError("the video " + target_.string() + " is already closed");
  if (bytes != size_t{settings_.width} * settings_.height * 4) {
    throw ExportError("a video picture of the wrong size");
  }
  size_t done = 0;
  while (done < bytes) {
    const ssize_t n = ::write(pipe_, rgba + done, bytes - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string reason = std::strerror(errno);
      finish();  // collects ffmpeg's own complaint, which says more than EPIPE
      throw ExportError("ffmpeg stopped taking pictures for " + target_.string() + ": " + reason);
    }
    done += static_cast<size_t>(n);
  }
  ++frames_;
}

void VideoFile::finish() {
  if (pipe_ < 0 && ffmpeg_ < 0) return;
  ::close(pipe_);
  pipe_ = -1;
  int status = 0;
  while (::waitpid(ffmpeg_, &status, 0) < 0 && errno == EINTR) {
  }
  ffmpeg_ = -1;
  std::string complaint;
  {
    std::ifstream log(log_);
    std::getline(log, complaint);
  }
  std::error_code ignored;
  std::filesystem::remove(log_, ignored);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || frames_ == 0) {
    std::filesystem::remove(temporary_, ignored);
    throw ExportError("ffmpeg could not make " + target_.string() + ": " +
                      (frames_ == 0        ? std::string("no picture was drawn")
                       : complaint.empty() ? std::string("it failed")
                                           : complaint));
  }
  std::error_code error;
  std::filesystem::rename(temporary_, target_, error);
  if (error) {
    std::filesystem::remove(temporary_, ignored);
    throw ExportError("cannot rename " + temporary_.string() + " to " + target_.string() + ": " +
                      error.message());
  }
  temporary_.clear();
}

}  // namespace weft
