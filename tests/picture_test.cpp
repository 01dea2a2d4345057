// The shading regression check: three presets drawn offscreen from fixed cameras and compared
// with reference pictures in tests/data/pictures/ that a person has looked at (docs/testing.md
// says how to make them again). The presets are drawn as they start, their shapes set here where
// a fold is wanted, and never stepped: a change of the physics cannot change these pictures, a
// change of the light, a colour, the ground or the shapes drawn does. Lavapipe draws the same
// picture every time; the tolerance lets a pixel-wide shift of an edge through (a few hundred
// pixels of antialiasing) and nothing that changes a surface.
#include <gtest/gtest.h>

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
