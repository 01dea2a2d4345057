// `weft run --screenshot FILE`: the last frame drawn offscreen (the viewer's graphics pass) and
// written as a PNG like every other output of weft (export/output_file.h): a full disk is an
// error that names the file, "-" or a FIFO receives the picture in place, a regular file is
// replaced only once complete, and missing folders are created, as --export creates its folder.
#pragma once

#include <filesystem>
#include <optional>
#include <span>

#include "app/export/output_file.h"
#include "app/render/offscreen_render.h"

namespace weft {

// `camera`: where the picture is taken from; none frames the systems (offscreen_render.h).
WrittenFile write_screenshot(Device& device, std::span<const DrawnSystem> systems,
                             const std::filesystem::path& file, VkExtent2D extent = {1280, 720},
                             const std::optional<SceneCamera>& camera = std::nullopt);

}  // namespace weft
