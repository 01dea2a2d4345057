// Comparing a rendered picture with a reference picture the way a person would notice a change:
// per pixel, the largest difference of its three colour channels, and over the picture how many
// pixels differ visibly and how far the picture's brightness moved on average. An edge drawn a
// pixel over changes a thin line of pixels (antialiasing); a change of the light or of a colour
// changes whole surfaces, or every pixel a little.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/render/png_file.h"

namespace weft::test {

struct PictureDifference {
  double visible_share = 0.0;    // of pixels whose largest channel difference exceeds the threshold
  double mean_difference = 0.0;  // mean over pixels of the largest channel difference, 0..255
  double mean_shift = 0.0;       // mean signed difference of the channels' sum / 3: light change
};

// The pictures must have the same size. `threshold`: channel levels (0..255) a pixel may differ
// by and still look the same.
PictureDifference compare_pictures(const Picture& picture, const Picture& reference, int threshold);

// A PNG file as 8-bit RGBA, or nothing when it cannot be read.
std::optional<Picture> read_png(const std::string& path);

}  // namespace weft::test
