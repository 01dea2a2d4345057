// Writes a file so that it is either complete or absent: the content goes to a temporary name in
// the same directory and is renamed over the target only once fully written. A reader (or a run
// that dies half-way) never sees a truncated export.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace weft {

// Thrown when an export cannot be written; the message names the path and the reason.
class ExportError : public std::runtime_error {
 public:
  explicit ExportError(const std::string& message) : std::runtime_error(message) {}
};

void write_file_atomically(const std::filesystem::path& target,
                           const std::function<void(std::ostream&)>& write);

}  // namespace weft
