// The shading regression check: three presets drawn offscreen from fixed cameras and compared
// with reference pictures in tests/data/pictures/ that a person has looked at (docs/testing.md
// says how to make them again). The presets are drawn as they start, their shapes set here where
// a fold is wanted, and never stepped: a change of the physics cannot change these pictures, a
// change of the light, a colour, the ground or the shapes drawn does. Lavapipe draws the same
// picture every time; the tolerance lets a pixel-wide shift of an edge through (a few hundred
// pixels of antialiasing) and nothing that changes a surface.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/export/output_file.h"
#include "app/render/framing.h"
#include "app/render/png_file.h"
#include "app/render/offscreen_render.h"
#include "app/scene/scene_colors.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_origin.h"
#include "engine/device.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/model_origin.h"
#include "tests/support/picture_compare.h"
#include "tests/support/picture_regions.h"
#include "tests/support/presets.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr VkExtent2D kExtent{320, 200};
// A pixel looks the same when no channel moved by more than this many levels of 255.
constexpr int kLevels = 24;
// At most this share of the pixels may look different: an edge a pixel over along the
// silhouettes of these pictures is under 1%.
constexpr double kVisibleShare = 0.01;
// The mean brightness may move by at most this many levels: a light 5% dimmer moves it by more
// than 2 over the lit surfaces, which fill most of each picture.
constexpr double kMeanShift = 0.6;

// Sets a system's particles (xyz) before the picture; nothing is simulated.
using Shape = std::function<void(const Model& model, ParticleState<float>& state)>;

struct Shot {
  std::string name;  // of the reference picture
  std::string preset;
  SceneCamera camera;
  Shape shape;  // optional
};

class PictureTest : public VulkanTest {
 protected:
  Picture draw(const Shot& shot) {
    scene_ = load_scene(preset_path(shot.preset));
    solvers_.clear();
    std::vector<std::vector<ParticleColors>> colors = object_colors(scene_);
    std::vector<DrawnSystem> drawn;
    for (size_t s = 0; s < scene_.systems.size(); ++s) {
      const Model& model = scene_.systems[s].model;
      solvers_.push_back(std::make_unique<GpuSolver>(device(), model));
      if (shot.shape) {
        // Shapes and cameras are given in the world; the scene is simulated and drawn in its
        // model's frame (Model::origin).
        ParticleState<float> state = solvers_.back()->download_state();
        for (glm::vec4& p : state.positions)
          p = glm::vec4(world_position(model, glm::vec3(p)), p.w);
        shot.shape(model, state);
        for (glm::vec4& p : state.positions)
          p = glm::vec4(model_position(model, glm::dvec3(glm::vec3(p))), p.w);
        solvers_.back()->upload_state(state);
      }
      drawn.push_back({solvers_.back().get(), &model, colors[s]});
    }
    return render_offscreen(device(), drawn,
                            chosen_camera(camera_in_frame(shot.camera, scene_origin(scene_))),
                            kExtent, DrawSettings{}, current_bounds(device(), drawn));
  }

  static void write_png(const std::string& path, const Picture& picture) {
    write_output_file(path, [&](std::ostream& out) { encode_png(out, picture); });
  }

  // Compares with the reference; WEFT_UPDATE_PICTURES=1 writes the reference first.
  void expect_like_reference(const Shot& shot, const Picture& picture) {
    const std::string reference_path =
        (std::filesystem::path(WEFT_PICTURES_DIR) / (shot.name + ".png")).string();
    if (const char* update = std::getenv("WEFT_UPDATE_PICTURES"); update && *update == '1') {
      write_png(reference_path, picture);
    }
    const std::optional<Picture> reference = read_png(reference_path);
    ASSERT_TRUE(reference) << "no reference picture " << reference_path
                           << " (docs/testing.md: the shading regression check)";
    const PictureDifference d = compare_pictures(picture, *reference, kLevels);
    const bool same = d.visible_share <= kVisibleShare && std::abs(d.mean_shift) <= kMeanShift;
    if (!same) write_png(shot.name + "-drawn.png", picture);  // for a person to look at
    EXPECT_LE(d.visible_share, kVisibleShare)
        << shot.name << ": pixels that look different; drawn picture: " << shot.name
        << "-drawn.png in the test's folder";
    EXPECT_LE(std::abs(d.mean_shift), kMeanShift) << shot.name << ": the picture is brighter (> 0) "
                                                  << "or darker than its reference";
  }

  Scene scene_;
  std::vector<std::unique_ptr<GpuSolver>> solvers_;
};

// two_cloths as it starts: two flat cloths over a box, each in its palette colour, the face up;
// the ground's checks and the key light's shadows of both and of the box.
TEST_F(PictureTest, TwoClothsOverABox) {
  Shot shot{"two_cloths", "two_cloths", {{1.6f, 2.3f, 2.4f}, {0.0f, 0.55f, 0.0f}, 40.0f}, {}};
  const Picture picture = draw(shot);
  // The two cloths must differ: the upper one is blue, the lower one orange where it shows.
  const uint32_t orange = find_cloth(picture.rgba, picture.width, picture.height).count;
  const uint32_t blue =
      find_pixels(picture.rgba, picture.width, picture.height, [](const uint8_t* p) {
        return p[2] > p[0] + 40 && p[2] > p[1] + 20;
      }).count;
  EXPECT_GT(orange, 1000u);
  EXPECT_GT(blue, 4000u);
  expect_like_reference(shot, picture);
}

// tearing_curtain with pleats set here (5 cm deep, 24 cm apart), seen from behind: the reverse
// of the fabric, lit through the cloth and by the fill light, its folds shaded both ways, the
// pins on its rail, its shadow.
TEST_F(PictureTest, ThePleatedCurtainFromBehind) {
  Shot shot{"curtain_reverse",
            "tearing_curtain",
            {{-1.3f, 1.7f, -2.6f}, {0.0f, 1.05f, 0.0f}, 40.0f},
            [](const Model&, ParticleState<float>& state) {
              for (glm::vec4& p : state.positions)
                p.z = 0.05f * std::sin(2.0f * 3.14159265f * p.x / 0.24f);
            }};
  expect_like_reference(shot, draw(shot));
}

// hanging_cloth hung straight down (set here) and seen square on: the check woven into it (its
// scene's check_size) shows along a row of pixels across it as light and dark squares in turn, as
// many as fit across the cloth; a plain fabric would be one even tone.
TEST_F(PictureTest, ACheckedClothShowsItsSquares) {
  Shot shot{"hanging_check",
            "hanging_cloth",
            {{0.0f, 1.0f, 1.4f}, {0.0f, 1.0f, 0.0f}, 40.0f},
            [](const Model&, ParticleState<float>& state) {
              // Laid out level along x and z from its pinned edge at z = 0: hung down from it.
              for (glm::vec4& p : state.positions)
                p = glm::vec4(p.x, 1.5f - p.z, 0.0f, p.w);
            }};
  const Picture picture = draw(shot);
  const float check = scene_.systems.at(0).objects.at(0).check_size;
  ASSERT_GT(check, 0.0f) << "the scene's cloth has no check";
  const ClothPixels cloth = find_cloth(picture.rgba, picture.width, picture.height);
  ASSERT_GT(cloth.count, 10000u);
  // Along the middle row, each pixel is dark or light against the middle of the row's tones.
  const uint32_t y = static_cast<uint32_t>(cloth.centroid.y);
  std::vector<float> tones;
  for (uint32_t x = static_cast<uint32_t>(cloth.bounds.x0) + 2;
       x + 2 < static_cast<uint32_t>(cloth.bounds.x1); ++x) {
    tones.push_back(luma(&picture.rgba[(size_t{y} * picture.width + x) * 4]));
  }
  ASSERT_GT(tones.size(), 150u);
  std::vector<float> sorted = tones;
  std::sort(sorted.begin(), sorted.end());
  const float dark = sorted[sorted.size() / 10], light = sorted[sorted.size() * 9 / 10];
  EXPECT_GT(light - dark, 5.0f) << "no second tone across the cloth";  // plain: about 1
  int changes = 0;
  bool was_dark = tones.front() < 0.5f * (dark + light);
  for (float tone : tones) {
    const bool is_dark = tone < 0.5f * (dark + light);
    changes += is_dark != was_dark ? 1 : 0;
    was_dark = is_dark;
  }
  // The cloth is 1 m wide: one change between each square and the next.
  const double squares = 1.0 / check;
  EXPECT_NEAR(changes, squares, 0.15 * squares);
  expect_like_reference(shot, picture);
}

// nehe40_rope, sagging between its anchor and its free end (set here), over its ground, its
// anchored half seen close: thick lines shaded as a cord, its nodes as spheres, the anchor's
// marker, and their shadows.
TEST_F(PictureTest, ARopeOverTheGround) {
  Shot shot{"nehe40_rope",
            "nehe40_rope",
            {{0.5f, 0.1f, 1.6f}, {0.8f, -0.6f, 0.05f}, 45.0f},
            [](const Model& model, ParticleState<float>& state) {
              const float last = static_cast<float>(model.particle_count() - 1);
              for (size_t i = 0; i < state.positions.size(); ++i) {
                const float s = static_cast<float>(i) / last;
                state.positions[i] =
                    glm::vec4(3.2f * s, -4.4f * s * (1.0f - s), 0.3f * s, state.positions[i].w);
              }
            }};
  const Picture picture = draw(shot);
  EXPECT_GT(count_blobs(picture.rgba, picture.width, picture.height, is_particle_color, 2), 10u);
  expect_like_reference(shot, picture);
}

}  // namespace
}  // namespace weft::test
