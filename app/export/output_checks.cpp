#include "app/export/output_checks.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace weft {

namespace {

namespace fs = std::filesystem;

// Write and search permission for the effective user (root passes, but not on a read-only file
// system).
std::optional<std::string> writable_problem(const fs::path& folder) {
  if (::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
    return "cannot write into the folder " + folder.string() + ": " + std::strerror(errno);
  }
  return std::nullopt;
}

std::optional<std::string> folder_problem(const fs::path& folder, bool create) {
  struct stat info {};
  if (::stat(folder.c_str(), &info) == 0) {
    if (!S_ISDIR(info.st_mode)) return folder.string() + " is not a folder";
    return writable_problem(folder);
  }
  if (errno != ENOENT)
    return "cannot use the folder " + folder.string() + ": " + std::strerror(errno);
  if (!create) {
    return "the folder " + folder.string() + " does not exist";
  }
  // The nearest folder that exists must let weft create the rest below it.
  fs::path existing = folder;
  while (existing.has_parent_path() && existing.parent_path() != existing) {
    existing = existing.parent_path();
    if (::stat(existing.c_str(), &info) == 0) {
      if (!S_ISDIR(info.st_mode)) {
        return "cannot create the folder " + folder.string() + ": " + existing.string() +
               " is not a folder";
      }
      if (auto problem = writable_problem(existing)) {
        return "cannot create the folder " + folder.string() + ": " + *problem;
      }
      return std::nullopt;
    }
  }
  return writable_problem(".");  // a relative path whose first part is missing
}

}  // namespace

std::optional<std::string> output_file_problem(const fs::path& target, bool create_folders) {
  OutputOptions options;
  options.create_folders = create_folders;
  return output_file_problem(target, options);
}

std::optional<std::string> output_file_problem(const fs::path& target,
                                               const OutputOptions& options) {
  if (target.empty()) return "the file name is empty";
  const bool in_place = options.streams_in_place && options.replace == Replace::any;
  switch (in_place ? output_kind(target) : OutputKind::file) {
    case OutputKind::standard_output: return std::nullopt;
    case OutputKind::stream:
      if (::access(target.c_str(), W_OK) != 0)
        return std::string("cannot write: ") + std::strerror(errno);
      return std::nullopt;
    case OutputKind::folder: return "it is a folder; expected a file name";
    case OutputKind::unsupported:
      return "it is a block device or a socket; weft writes files, FIFOs and character devices";
    case OutputKind::file: break;
  }
  const fs::path name = target.filename();
  if (name.empty() || name == "." || name == "..") return "it names a folder; expected a file name";
  if (auto problem = replace_problem(target, options)) return problem;
  return folder_problem(target.has_parent_path() ? target.parent_path() : fs::path("."),
                        options.create_folders);
}

std::optional<std::string> output_folder_problem(const fs::path& folder) {
  if (folder.empty()) return "the folder name is empty";
  if (folder == "-") return "standard output cannot hold a folder of files";
  return folder_problem(folder, true);
}

}  // namespace weft
