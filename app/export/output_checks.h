// Whether an output can be written where the user asked, checked before a run starts: a missing
// folder, a folder without write permission or a folder where a file name belongs should cost
// nothing, not the whole simulation. (The write itself still checks every byte: a disk may fill
// up meanwhile.)
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "app/export/output_file.h"

namespace weft {

// What stands in the way of write_output_file(target) (output_file.h), or nothing. With
// `create_folders`, missing folders are fine where they can be created.
std::optional<std::string> output_file_problem(const std::filesystem::path& target,
                                               bool create_folders);
// The same for a target written with `options` (which file may be replaced, among them).
std::optional<std::string> output_file_problem(const std::filesystem::path& target,
                                               const OutputOptions& options);

// What stands in the way of writing files into `folder` (created if missing), or nothing.
std::optional<std::string> output_folder_problem(const std::filesystem::path& folder);

}  // namespace weft
