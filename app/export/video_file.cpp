#include "app/export/video_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/export/interrupt.h"
#include "app/export/output_checks.h"
#include "app/export/output_file.h"
#include "app/scene/safe_text.h"

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

namespace {

// The name ffmpeg writes: the descriptor it inherits as 3, where /proc shows descriptors;
// otherwise the temporary file's own name, absolute and marked as a file so that no part of it
// reads as a protocol.
std::string ffmpeg_output_name(const std::filesystem::path& temporary) {
  if (::access("/proc/self/fd", X_OK) == 0) return "/proc/self/fd/3";
  return "file:" + std::filesystem::absolute(temporary).string();
}

}  // namespace

VideoFile::VideoFile(std::filesystem::path target, const VideoSettings& settings, Replace replace)
    : target_(std::move(target)), settings_(settings) {
  if (std::optional<std::string> problem = video_size_problem(settings.width, settings.height)) {
    throw ExportError("cannot make a video of " + std::to_string(settings.width) + "x" +
                      std::to_string(settings.height) + ": " + *problem);
  }
  const std::filesystem::path ffmpeg = require_ffmpeg();
  // Missing folders are created, as for every file weft writes.
  OutputOptions options;
  options.streams_in_place = false;
  options.create_folders = true;
  options.replace = replace;
  if (auto problem = output_file_problem(target_, options)) {
    throw ExportError("cannot write " + target_.string() + ": " + *problem);
  }
  temporary_ = std::make_unique<PreparedFile>(prepare_output_file(target_, {}, options));
  log_ = ::memfd_create("weft-ffmpeg-messages", MFD_CLOEXEC);
  if (log_ < 0) throw ExportError(std::string("cannot start ffmpeg: ") + std::strerror(errno));

  char size[32];
  std::snprintf(size, sizeof size, "%ux%u", settings.width, settings.height);
  char input_rate[32];
  std::snprintf(input_rate, sizeof input_rate, "%.9g", settings.input_rate);
  char fps[32];
  std::snprintf(fps, sizeof fps, "%.9g", settings.fps);
  // -y: the output is weft's own temporary file, already there and empty.
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
                                        ffmpeg_output_name(temporary_path())};
  std::vector<char*> argv;
  for (std::string& a : arguments)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  int frames[2];
  int exec_error[2];  // the child's errno if exec fails; closed by a successful exec
  if (::pipe2(frames, O_CLOEXEC) != 0) {
    throw ExportError(std::string("cannot start ffmpeg: ") + std::strerror(errno));
  }
  if (::pipe2(exec_error, O_CLOEXEC) != 0) {
    const int error = errno;
    ::close(frames[0]);
    ::close(frames[1]);
    throw ExportError(std::string("cannot start ffmpeg: ") + std::strerror(error));
  }
  const pid_t parent = ::getpid();
  const int output = temporary_->fd();
  ffmpeg_ = ::fork();
  if (ffmpeg_ == 0) {
    // The child: async-signal-safe calls only until exec.
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // weft is already gone
    if (::dup2(frames[0], STDIN_FILENO) < 0 || ::dup2(log_, STDERR_FILENO) < 0 ||
        ::dup2(output, 3) < 0) {
      ::_exit(127);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::execv(ffmpeg.c_str(), argv.data());
    const int error = errno;
    const ssize_t ignored = ::write(exec_error[1], &error, sizeof error);
    (void)ignored;
    ::_exit(127);
  }
  const int fork_error = errno;
  ::close(frames[0]);
  ::close(exec_error[1]);
  if (ffmpeg_ < 0) {
    ::close(frames[1]);
    ::close(exec_error[0]);
    throw ExportError("cannot start " + ffmpeg.string() + ": " + std::strerror(fork_error));
  }
  child_ = std::make_unique<ChildProcessRecord>(ffmpeg_);
  pipe_ = frames[1];
  int error = 0;
  ssize_t got = 0;
  do {
    got = ::read(exec_error[0], &error, sizeof error);
  } while (got < 0 && errno == EINTR);
  ::close(exec_error[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    abandon();
    throw ExportError("cannot start " + ffmpeg.string() + ": " + std::strerror(error));
  }
  // A write to an ffmpeg that has quit must fail with EPIPE, not end weft.
  std::signal(SIGPIPE, SIG_IGN);
}

VideoFile::~VideoFile() {
  abandon();
}

std::filesystem::path VideoFile::temporary_path() const {
  return temporary_->temporary_path();
}

void VideoFile::abandon() {
  if (pipe_ >= 0) {
    ::close(pipe_);
    pipe_ = -1;
  }
  if (ffmpeg_ > 0) {
    ::kill(ffmpeg_, SIGKILL);
    int status = 0;
    while (::waitpid(ffmpeg_, &status, 0) < 0 && errno == EINTR) {
    }
    ffmpeg_ = -1;
  }
  child_.reset();
  temporary_.reset();  // removes the temporary file
  if (log_ >= 0) {
    ::close(log_);
    log_ = -1;
  }
}

void VideoFile::add(const uint8_t* rgba, size_t bytes) {
  if (pipe_ < 0) throw ExportError("the video " + target_.string() + " is already closed");
  if (bytes != size_t{settings_.width} * settings_.height * 4) {
    throw ExportError("a video picture of the wrong size");
  }
  size_t done = 0;
  while (done < bytes) {
    const ssize_t n = ::write(pipe_, rgba + done, bytes - done);
    if (n < 0 && errno == EINTR && !interrupt_requested()) continue;
    if (n <= 0) {
      const std::string reason = std::strerror(errno);
      if (interrupt_requested()) {
        abandon();
        throw WriteInterrupted("cannot write " + target_.string() + ": interrupted by " +
                               interrupt_signal_name(interrupt_signal()));
      }
      try {
        finish();  // collects ffmpeg's own complaint, which says more than EPIPE
      } catch (const ExportError& error) {
        throw ExportError("ffmpeg stopped taking pictures for " + target_.string() + ": " +
                          error.what());
      }
      throw ExportError("ffmpeg stopped taking pictures for " + target_.string() + ": " + reason);
    }
    done += static_cast<size_t>(n);
  }
  ++frames_;
}

std::string VideoFile::ffmpeg_complaint() {
  char text[4096];
  ssize_t got = ::pread(log_, text, sizeof text - 1, 0);
  if (got < 0) got = 0;
  text[got] = '\0';
  std::string first(text);
  const size_t end = first.find('\n');
  if (end != std::string::npos) first.resize(end);
  return escape_unsafe_characters(first);
}

bool VideoFile::finish() {
  if (pipe_ < 0 && ffmpeg_ < 0) throw ExportError("the video " + target_.string() + " is closed");
  ::close(pipe_);
  pipe_ = -1;
  int status = 0;
  while (::waitpid(ffmpeg_, &status, 0) < 0 && errno == EINTR) {
  }
  ffmpeg_ = -1;
  child_.reset();
  const std::string complaint = ffmpeg_complaint();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || frames_ == 0) {
    abandon();
    throw ExportError("ffmpeg could not make " + target_.string() + ": " +
                      (frames_ == 0        ? std::string("no picture was drawn")
                       : complaint.empty() ? std::string("it failed")
                                           : complaint));
  }
  const WrittenFile written = temporary_->commit();
  abandon();
  return written.replaced;
}

}  // namespace weft
