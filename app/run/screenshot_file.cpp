#include "app/run/screenshot_file.h"

#include <stdexcept>

#include "app/export/output_file.h"
#include "app/render/png_file.h"

namespace weft {

WrittenFile write_screenshot(Device& device, std::span<const DrawnSystem> systems,
                             const std::filesystem::path& file, VkExtent2D extent,
                             const std::optional<SceneCamera>& camera) {
  if (systems.empty()) throw std::invalid_argument("write_screenshot: nothing to draw");
  const Picture picture = framed_picture(device, systems, extent, camera);
  OutputOptions options;
  options.create_folders = true;
  return write_output_file(
      file, [&](std::ostream& out) { encode_png(out, picture); }, options);
}

}  // namespace weft
