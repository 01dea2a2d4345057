#include "app/screenshot_file.h"

#include <ostream>
#include <stdexcept>

// Declarations only: png_file.cpp compiles stb_image_write's implementation.
#include <stb/stb_image_write.h>

#include "app/export/output_file.h"

namespace weft {

namespace {

void append_to_stream(void* context, void* data, int size) {
  static_cast<std::ostream*>(context)->write(static_cast<const char*>(data), size);
}

}  // namespace

void write_screenshot(Device& device, std::span<const DrawnSystem> systems,
                      const std::filesystem::path& file, VkExtent2D extent,
                      const std::optional<SceneCamera>& camera) {
  if (systems.empty()) throw std::invalid_argument("write_screenshot: nothing to draw");
  const Picture picture = framed_picture(device, systems, extent, camera);
  OutputOptions options;
  options.create_folders = true;
  write_output_file(
      file,
      [&](std::ostream& out) {
        const int stride = static_cast<int>(picture.width * 4);
        if (!stbi_write_png_to_func(append_to_stream, &out, static_cast<int>(picture.width),
                                    static_cast<int>(picture.height), 4, picture.rgba.data(),
                                    stride)) {
          throw ExportError("cannot write " + file.string() + ": the PNG could not be encoded");
        }
      },
      options);
}

}  // namespace weft
