// Checks screenshots that `weft run --screenshot` or the viewer wrote, as a person would look at
// them, by regions against the background rather than pixel by pixel. Exit 0 when every check
// holds; otherwise says which failed.
//
//   screenshot_check fell EARLY.png LATE.png COLUMNSxROWS [eye=X,Y,Z target=X,Y,Z]
//       the early picture shows the flat cloth where the default camera (or the one given, as
//       `weft run --camera` takes it) puts it, the late one shows it moved down after it fell
//   screenshot_check raised BEFORE.png AFTER.png
//       the cloth's centre is higher in AFTER (a drag pulled it up)
//   screenshot_check shows-cloth PICTURE.png WIDTHxHEIGHT
//       the picture has that size and the cloth is in view
//   screenshot_check framed PICTURE.png
//       what is drawn (cloth, lines, particles, pins) spans much of the picture and none of it
//       is cut off at an edge
//   screenshot_check particles PICTURE.png N
//       at least N separate particles (teal discs) are in view
//   screenshot_check lines PICTURE.png
//       thick lines in the cord's colour (a rope) are in view
//   screenshot_check shadow WITH.png WITHOUT.png
//       the same view with and without shadows: part of the ground is darker with them, and
//       nothing is brighter
//   screenshot_check same EARLY.png LATE.png
//       the same view at two times shows the same picture: nothing moved (a cloth held by pins)
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include "app/run/camera_option.h"
#include "app/default_scene.h"
#include "app/render/framing.h"
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

int check_fell(const char* early_path, const char* late_path, unsigned columns, unsigned rows,
               const std::vector<std::string>& camera_words) {
  const Png early = load(early_path);
  const Png late = load(late_path);
  check(early.width == late.width && early.height == late.height, "both pictures have one size");

  // Where the default camera puts the flat cloth of the default scene: its corners' box.
  weft::DefaultSceneOptions options;
  options.columns = columns;
  options.rows = rows;
  const weft::Model model = weft::make_default_scene(options);
  const weft::OrbitCamera camera =
      camera_words.empty() ? weft::default_camera(model, {early.width, early.height})
                           : weft::chosen_camera(weft::parse_camera_words(camera_words));
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
  // Above the pins, the picture's margin is background in both: nothing is cut off at the top.
  const PixelBox top{0, 0, float(late.width), 0.03f * float(late.height)};
  check(weft::test::count_cloth_in(early.rgba, early.width, early.height, top) == 0 &&
            weft::test::count_cloth_in(late.rgba, late.width, late.height, top) == 0,
        "the top of both pictures is background");
  return failures == 0 ? 0 : 1;
}

int check_raised(const char* before_path, const char* after_path) {
  const Png before = load(before_path);
  const Png after = load(after_path);
  const ClothPixels a = weft::test::find_cloth(before.rgba, before.width, before.height);
  const ClothPixels b = weft::test::find_cloth(after.rgba, after.width, after.height);
  check(a.count > 0 && b.count > 0, "the cloth is in both pictures");
  check(b.centroid.y < a.centroid.y - 0.01f * float(after.height),
        "the cloth's centre rose (from y=" + std::to_string(int(a.centroid.y)) +
            " to y=" + std::to_string(int(b.centroid.y)) + ")");
  return failures == 0 ? 0 : 1;
}

int check_shows_cloth(const char* path, unsigned width, unsigned height) {
  const Png png = load(path);
  check(png.width == width && png.height == height,
        "the picture is " + std::to_string(width) + "x" + std::to_string(height) + " (it is " +
            std::to_string(png.width) + "x" + std::to_string(png.height) + ")");
  const ClothPixels cloth = weft::test::find_cloth(png.rgba, png.width, png.height);
  check(float(cloth.count) > 0.005f * float(png.width) * float(png.height),
        "the cloth is in view (" + std::to_string(cloth.count) + " cloth pixels)");
  return failures == 0 ? 0 : 1;
}

int check_framed(const char* path) {
  const Png png = load(path);
  const ClothPixels content =
      weft::test::find_pixels(png.rgba, png.width, png.height, weft::test::is_content_color);
  const float w = float(png.width), h = float(png.height);
  // Three free particles a few pixels across (NeHe's three cases at 640 x 400) cover about 130
  // pixels, 0.05% of the picture; an empty picture has none.
  check(float(content.count) > 0.0003f * w * h,
        "something is drawn (" + std::to_string(content.count) + " coloured pixels)");
  const PixelBox& b = content.bounds;
  check(b.x0 >= 0.01f * w && b.y0 >= 0.01f * h && b.x1 <= 0.99f * w && b.y1 <= 0.99f * h,
        "nothing is cut off at an edge (drawn from x=" + std::to_string(int(b.x0)) + " to " +
            std::to_string(int(b.x1)) + ", y=" + std::to_string(int(b.y0)) + " to " +
            std::to_string(int(b.y1)) + ")");
  const float share = std::max((b.x1 - b.x0) / w, (b.y1 - b.y0) / h);
  check(share > 0.3f,
        "it fills the picture (" + std::to_string(int(100 * share)) + "% of its width or height)");
  return failures == 0 ? 0 : 1;
}

int check_particles(const char* path, unsigned expected) {
  const Png png = load(path);
  const uint32_t blobs =
      weft::test::count_blobs(png.rgba, png.width, png.height, weft::test::is_particle_color, 6);
  check(blobs >= expected, std::to_string(blobs) + " particles in view (at least " +
                               std::to_string(expected) + " expected)");
  return failures == 0 ? 0 : 1;
}

int check_lines(const char* path) {
  const Png png = load(path);
  const ClothPixels cord = weft::test::find_cloth(png.rgba, png.width, png.height);
  check(float(cord.count) > 0.0005f * float(png.width) * float(png.height),
        "a thick line is in view (" + std::to_string(cord.count) + " pixels of the cord colour)");
  return failures == 0 ? 0 : 1;
}

int check_shadow(const char* with_path, const char* without_path) {
  const Png with = load(with_path);
  const Png without = load(without_path);
  check(with.width == without.width && with.height == without.height,
        "both pictures have one size");
  uint32_t darker = 0, brighter = 0;
  for (size_t i = 0; i < with.rgba.size() && i < without.rgba.size(); i += 4) {
    const uint8_t* a = &with.rgba[i];
    const uint8_t* b = &without.rgba[i];
    if (!weft::test::is_grey(a) || !weft::test::is_grey(b)) continue;  // the ground only
    if (weft::test::luma(a) < 0.85f * weft::test::luma(b)) ++darker;
    if (weft::test::luma(a) > 1.02f * weft::test::luma(b) + 1.0f) ++brighter;
  }
  const float total = float(with.width) * float(with.height);
  check(float(darker) > 0.003f * total,
        "a shadow darkens the ground (" + std::to_string(darker) + " pixels)");
  check(float(brighter) < 0.0005f * total,
        "nothing is brighter with shadows (" + std::to_string(brighter) + " pixels)");
  return failures == 0 ? 0 : 1;
}

int check_same(const char* early_path, const char* late_path) {
  const Png early = load(early_path);
  const Png late = load(late_path);
  if (early.width != late.width || early.height != late.height) {
    check(false, "both pictures have one size");
    return 1;
  }
  // A pixel differs when a channel moved by more than rounding and dithering could.
  size_t differing = 0;
  for (size_t i = 0; i < early.rgba.size(); i += 4) {
    for (size_t c = 0; c < 3; ++c) {
      if (std::abs(int(early.rgba[i + c]) - int(late.rgba[i + c])) > 8) {
        ++differing;
        break;
      }
    }
  }
  const size_t total = size_t(early.width) * early.height;
  check(differing * 1000 < total, "at most 0.1% of the pixels differ (" +
                                      std::to_string(differing) + " of " + std::to_string(total) +
                                      ")");
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  unsigned a = 0, b = 0;
  if (mode == "fell" && (argc == 5 || argc == 7) && std::sscanf(argv[4], "%ux%u", &a, &b) == 2) {
    return check_fell(argv[2], argv[3], a, b, std::vector<std::string>(argv + 5, argv + argc));
  }
  if (mode == "raised" && argc == 4) return check_raised(argv[2], argv[3]);
  if (mode == "shows-cloth" && argc == 4 && std::sscanf(argv[3], "%ux%u", &a, &b) == 2) {
    return check_shows_cloth(argv[2], a, b);
  }
  if (mode == "framed" && argc == 3) return check_framed(argv[2]);
  if (mode == "particles" && argc == 4 && std::sscanf(argv[3], "%u", &a) == 1) {
    return check_particles(argv[2], a);
  }
  if (mode == "lines" && argc == 3) return check_lines(argv[2]);
  if (mode == "shadow" && argc == 4) return check_shadow(argv[2], argv[3]);
  if (mode == "same" && argc == 4) return check_same(argv[2], argv[3]);
  std::fprintf(stderr,
               "usage: screenshot_check fell EARLY.png LATE.png COLUMNSxROWS [eye=.. target=..]\n"
               "       screenshot_check raised BEFORE.png AFTER.png\n"
               "       screenshot_check shows-cloth PICTURE.png WIDTHxHEIGHT\n"
               "       screenshot_check framed PICTURE.png\n"
               "       screenshot_check particles PICTURE.png N\n"
               "       screenshot_check lines PICTURE.png\n"
               "       screenshot_check shadow WITH.png WITHOUT.png\n"
               "       screenshot_check same EARLY.png LATE.png\n");
  return 2;
}
