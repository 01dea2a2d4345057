// The temporary files weft writes before a rename puts them in place (output_file.h, and the
// video ffmpeg encodes, video_file.h). Each is created in the target's own folder (a rename cannot
// cross file systems) with O_CREAT | O_EXCL | O_NOFOLLOW under a name nobody can guess, so that
// nothing planted there can redirect the write, and is known to the signal handler (interrupt.h),
// which removes it when a second Ctrl-C ends weft at once.
//
// A weft killed outright (SIGKILL, the out-of-memory killer) cannot remove anything: its names
// hold its process id, and the next weft that writes into the same folder removes the ones
// whose process is gone (only regular files and folders of the same user, never a link).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace weft {

class TemporaryFileRecord;

class TemporaryFile {
 public:
  // Creates the file in the open folder `directory` (`folder` is its path), named after the
  // target's name; `mode` is the new file's permission bits (those of the file it will replace,
  // or 0666 less the umask). Throws ExportError naming `target`.
  TemporaryFile(int directory, const std::filesystem::path& folder,
                const std::filesystem::path& target, mode_t mode);
  ~TemporaryFile();  // closes it, and removes it unless it was renamed into place
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  int fd() const { return fd_; }
  const std::string& name() const { return name_; }  // inside the folder
  std::filesystem::path path() const { return folder_ / name_; }
  // Closes the descriptor; throws ExportError naming the target when that reports an error
  // (where a full disk may surface).
  void close();
  // The file is in place under its final name: nothing to remove any more.
  void renamed();

 private:
  int directory_;
  std::filesystem::path folder_;
  std::filesystem::path target_;
  std::string name_;  // empty once renamed
  int fd_ = -1;
  std::unique_ptr<TemporaryFileRecord> record_;
};

// A folder of weft's own beside a target, for a file another program writes under a name of its
// choosing (RenderDoc's capture): created exclusively and for its owner only, under a temporary
// file's name, so that nothing can be planted in it. Removed with the files in it (or, after a
// SIGKILL, by the next weft that writes beside it).
class TemporaryFolder {
 public:
  // Throws ExportError naming `target`.
  explicit TemporaryFolder(const std::filesystem::path& target);
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  int parent_ = -1;  // the target's folder, open
  std::string name_;
  std::filesystem::path path_;
};

// Whether `name` is a temporary file's name, and if so the process id of the weft that made it.
bool temporary_file_owner(std::string_view name, pid_t& pid);

// Removes from the open folder what a weft that was killed left there, files and the folders of
// TemporaryFolder (once per folder per run).
void remove_stale_temporaries(int directory);

// 16 hex digits nobody can guess.
std::string random_hex_suffix();

}  // namespace weft
