// Checks a pair of screenshots of the default scene that `weft run --screenshot` or the viewer
// wrote, as a person would look at them: the early one shows the flat cloth where the default
// camera puts it (compared as regions against the background, not pixel by pixel), and the late
// one shows the cloth moved down after it fell. Exit 0 when both hold; otherwise says why.
//
//   screenshot_check EARLY.png LATE.png COLUMNSxROWS
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "app/default_scene.h"
#include "app/render/offscreen_render.h"
#include "tests/support/picture_regions.h"

namespace {

using weft::test::ClothPixels;
using weft::test::PixelBox;

struct Png {
  std::vector<uint8_t> rgba;
  uint32_t width = 0;
  uint32_t height = 0;
};

Png load(const char* path) {
  int w = 0, h = 0, channels = 0;
  uint8_t* data = stbi_load(path, &w, &h, &channels, 4);
  if (!data) {
    std::fprintf(stderr, "screenshot_check: cannot read %s: %s\n", path, stbi_failure_reason());
    std::exit(2);
  }
  Png png{std::vector<uint8_t>(data, data + size_t(w) * h * 4), uint32_t(w), uint32_t(h)};
  stbi_image_free(data);
  return png;
}

int failures = 0;

void check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok:  " : "FAIL:", what.c_str());
  if (!ok) ++failures;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned columns = 0, rows = 0;
  if (argc != 4 || std::sscanf(argv[3], "%ux%u", &columns, &rows) != 2) {
    std::fprintf(stderr, "usage: screenshot_check EARLY.png LATE.png COLUMNSxROWS\n");
    return 2;
  }
  const Png early = load(argv[1]);
  const Png late = load(argv[2]);
  check(early.width == late.width && early.height == late.height, "both pictures have one size");

  // Where the default camera puts the flat cloth of the default scene: its corners' box.
  weft::DefaultSceneOptions options;
  options.columns = columns;
  options.rows = rows;
  const weft::Model model = weft::make_default_scene(options);
  const weft::OrbitCamera camera = weft::default_camera(model);
  const glm::vec2 viewport(early.width, early.height);
  PixelBox box{1e9f, 1e9f, -1e9f, -1e9f};
  for (uint32_t corner : {0u, columns - 1, (rows - 1) * columns, rows * columns - 1}) {
    const glm::vec3 p = camera.project(model.positions[corner], viewport);
    box = {std::min(box.x0, p.x), std::min(box.y0, p.y), std::max(box.x1, p.x),
           std::max(box.y1, p.y)};
  }
  const float box_area = (box.x1 - box.x0) * (box.y1 - box.y0);
  const ClothPixels before = weft::test::find_cloth(early.rgba, early.width, early.height);
  const uint32_t inside = weft::test::count_cloth_in(
      early.rgba, early.width, early.height, {box.x0 - 2, box.y0 - 2, box.x1 + 2, box.y1 + 2});
  check(float(before.count) > 0.3f * box_area,
        "early: the cloth covers its expected region (" + std::to_string(before.count) +
            " cloth pixels, region " + std::to_string(int(box_area)) + ")");
  check(float(inside) >= 0.98f * float(before.count),
        "early: the cloth is only in its expected region (" +
            std::to_string(before.count - inside) + " outside)");

  const ClothPixels after = weft::test::find_cloth(late.rgba, late.width, late.height);
  const float total = float(late.width) * float(late.height);
  check(float(after.count) > 0.005f * total,
        "late: the cloth is in view (" + std::to_string(after.count) + " cloth pixels)");
  check(after.centroid.y > before.centroid.y + 0.05f * float(late.height),
        "late: the cloth has fallen (centre from y=" + std::to_string(int(before.centroid.y)) +
            " to y=" + std::to_string(int(after.centroid.y)) + ")");
  // Above the pins, the top tenth of the picture is background in both.
  const PixelBox top{0, 0, float(late.width), 0.1f * float(late.height)};
  check(weft::test::count_cloth_in(early.rgba, early.width, early.height, top) == 0 &&
            weft::test::count_cloth_in(late.rgba, late.width, late.height, top) == 0,
        "the top of both pictures is background");
  return failures == 0 ? 0 : 1;
}
