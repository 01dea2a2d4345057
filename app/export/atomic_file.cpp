#include "app/export/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <unistd.h>

namespace weft {

void write_file_atomically(const std::filesystem::path& target,
                           const std::function<void(std::ostream&)>& write) {
  // Same directory, so that the rename cannot cross file systems; a leading dot hides it from
  // tools that glob the export directory while the run goes on.
  const std::filesystem::path temporary =
      target.parent_path() /
      ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out.is_open()) {
      throw ExportError("cannot write " + target.string() + ": " + std::strerror(errno));
    }
    try {
      write(out);
    } catch (...) {
      out.close();
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw;
    }
    out.flush();
    if (!out.good()) {
      const std::string reason = std::strerror(errno);
      out.close();
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw ExportError("cannot write " + target.string() + ": " + reason);
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, target, error);
  if (error) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw ExportError("cannot rename " + temporary.string() + " to " + target.string() + ": " +
                      error.message());
  }
}

}  // namespace weft
