// A scene is simulated relative to the middle of its particles (app/scene/scene_origin.h), so
// where it sits in the world does not change its physics: far from the world's origin a float
// steps by more than a substep's fall (7.6e-6 m at 100 m, against g dt^2 = 6.6e-7 m at 64
// substeps of a 1/60 s frame), and a link's correction rounds to those steps. What a user reads
// (exports, saved scenes, energies) is in the world.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/scene/scene_origin.h"
#include "app/scene/scene_writer.h"
#include "sim/core/cpu_solver.h"
#include "sim/core/solver_on_cpu.h"
#include "sim/model/model_origin.h"
#include "tests/support/pendulum_swing.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

constexpr double kPi = 3.14159265358979;
constexpr double kGravity = 9.81;

// A 1 m rod (two nodes, an inextensible link) pivoted at y = `pivot`, released 11.5 degrees off
// vertical, at 64 substeps of a frame.
std::string pendulum_scene(double pivot) {
  const double angle = 11.5 * kPi / 180.0;
  return "[solver]\nintegrator = \"verlet\"\nsubsteps = 64\nrelaxation_sweeps = 1\n"
         "damping = 0.0\n"
         "[environment]\ngravity = [0.0, -9.81, 0.0]\n"
         "[[rope]]\nname = \"rod\"\nstart = [0.0, " +
         toml_number(pivot) + ", 0.0]\nend = [" + toml_number(std::sin(angle)) + ", " +
         toml_number(pivot - std::cos(angle)) +
         ", 0.0]\nnodes = 2\nnode_mass = 1.0\npin = { nodes = [0] }\n"
         "[rope.segment]\nkind = \"constraint\"\ncompliance = 0.0\n";
}

// The pendulum's half-period (s), pivoted at y = `pivot`.
double half_period(double pivot) {
  const Scene scene = parse_scene_text(pendulum_scene(pivot));
  CpuSolver<float> solver(scene.systems.front().model);
  const double half = pendulum_half_period(solver);
  EXPECT_GT(half, 0.0) << "the pendulum pivoted at y = " << pivot << " did not swing";
  return half;
}

// The exact half-period at 11.5 degrees: pi sqrt(L / g) (1 + theta^2 / 16 + ...) = 1.0056 s; the
// pendulum swings within 0.75% of it pivoted anywhere here. Simulated in the world's frame it
// was 2% fast pivoted at y = 10 and did not swing at y = 100 or beyond: its rod's corrections
// rounded away.
TEST(SceneOrigin, APendulumSwingsAsTheAnalyticOneWhereverItIsPivoted) {
  const double exact =
      kPi * std::sqrt(1.0 / kGravity) * (1.0 + std::pow(11.5 * kPi / 180.0, 2.0) / 16.0);
  for (double pivot : {0.5, 2.0, 10.0, 100.0, 1000.0, -250.0}) {
    EXPECT_NEAR(half_period(pivot), exact, 0.01 * exact) << "pivot at y = " << pivot;
  }
}

// The shipped hanging cloth at 24 x 24 nodes, moved `lift` m up.
Scene hanging_cloth(double lift) {
  SceneParseOptions options = scene_options("hanging_cloth.toml");
  options.cloth_columns = options.cloth_rows = 24;
  const auto y = [&](double at) { return toml_number(at + lift); };
  options.overrides = {"cloth.origin=[-0.5, " + y(1.5) + ", 0.0]",
                       "cloth.pin={ region = { min = [-0.501, " + y(1.499) +
                           ", -1e-5], max = [0.501, " + y(1.501) + ", 1e-5] } }"};
  std::ifstream file(std::filesystem::path(WEFT_SCENES_DIR) / "hanging_cloth.toml");
  std::stringstream text;
  text << file.rdbuf();
  return parse_scene(text.str(), options);
}

// World positions after `frames` frames on the CPU reference.
std::vector<glm::dvec3> settle(const Scene& scene, int frames) {
  const Model& model = scene.systems.front().model;
  CpuSolver<float> solver(model);
  for (int frame = 0; frame < frames; ++frame)
    solver.step_frame();
  std::vector<glm::dvec3> world;
  for (const glm::vec4& x : solver.state().positions)
    world.push_back(model.origin + glm::dvec3(glm::vec3(x)));
  return world;
}

// The cloth 100 m up falls and swings as at the origin. Its nodes start where floats at 100 m put
// them, up to half a step (3.8e-6 m) from the nodes of the cloth below, and that is all the two
// may differ by: after a second of falling into folds no node may be 1e-4 m from its twin (they
// are the same to the bit here; simulated in the world's frame, 10 mm apart).
TEST(SceneOrigin, AHangingClothMovedUpHangsAsAtTheOrigin) {
  const Scene here = hanging_cloth(0.0);
  const Scene up = hanging_cloth(100.0);
  // The middle of the level cloth, (0, 101.5, 0.5), to whole metres.
  EXPECT_EQ(up.systems.front().model.origin, glm::dvec3(0.0, 102.0, 1.0));
  const std::vector<glm::dvec3> a = settle(here, 60);
  const std::vector<glm::dvec3> b = settle(up, 60);
  ASSERT_EQ(a.size(), b.size());
  double farthest = 0.0;
  for (size_t i = 0; i < a.size(); ++i)
    farthest = std::max(farthest, glm::distance(a[i] + glm::dvec3(0.0, 100.0, 0.0), b[i]));
  EXPECT_LT(farthest, 1e-4);
  // It did move: the free edge fell most of the cloth's length.
  EXPECT_LT(a.back().y, 1.0);
}

// Gravitational energy is the world's, -m g . x with x in the world, wherever the frame is.
TEST(SceneOrigin, EnergiesAreTheWorlds) {
  const Scene scene = parse_scene_text(
      "[environment]\ngravity = [0.0, -9.81, 0.0]\n"
      "[[particle]]\nname = \"p\"\nposition = [0.0, 100.25, 0.0]\nmass = 2.0\n");
  EXPECT_EQ(scene.systems.front().model.origin, glm::dvec3(0.0, 100.0, 0.0));
  const std::unique_ptr<Solver> solver = make_solver_on_cpu(scene.systems.front().model, 1);
  EXPECT_NEAR(solver->measure_energy().gravitational, 2.0 * double{9.81f} * 100.25, 1e-9);
}

// A saved scene states its positions in the world, and loads back into the same frame with the
// same positions, bit for bit.
TEST(SceneOrigin, ASavedSceneIsInTheWorldAndLoadsBackTheSame) {
  const Scene up = hanging_cloth(100.0);
  const SceneText text = write_scene_text(up, "up");
  EXPECT_NE(text.toml.find("101.5"), std::string::npos) << text.toml;
  const Scene again = parse_scene_text(text.toml);
  const Model& before = up.systems.front().model;
  const Model& after = again.systems.front().model;
  EXPECT_EQ(after.origin, before.origin);
  EXPECT_EQ(after.positions, before.positions);
}

// Cameras and world positions go between the world and the frame without loss near the frame.
TEST(SceneOrigin, CamerasAndPositionsGoBetweenTheWorldAndTheFrame) {
  const glm::dvec3 origin(3.0, 100.0, -7.0);
  SceneCamera camera;
  camera.eye = {3.0f, 101.0f, -3.0f};
  camera.target = {3.0f, 100.5f, -7.0f};
  const SceneCamera framed = camera_in_frame(camera, origin);
  EXPECT_EQ(framed.eye, glm::vec3(0.0f, 1.0f, 4.0f));
  EXPECT_EQ(framed.target, glm::vec3(0.0f, 0.5f, 0.0f));
  EXPECT_EQ(camera_in_world(framed, origin).eye, camera.eye);
  Model model;
  model.add_particle({3.0f, 100.5f, -7.25f}, 1.0f);
  model.environment.ground.height = 99.0f;
  move_origin(model, origin);
  EXPECT_EQ(model.positions[0], glm::vec3(0.0f, 0.5f, -0.25f));
  EXPECT_EQ(model.environment.ground.height, -1.0f);
  EXPECT_EQ(world_position(model, model.positions[0]), glm::vec3(3.0f, 100.5f, -7.25f));
}

}  // namespace
}  // namespace weft::test
