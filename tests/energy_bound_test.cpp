// The energy bound of the blow-up watch (app/run/energy_bound.h): each driver adds the work it can
// do, no more, no less; and real runs stay inside the bound while a runaway crosses it.
#include <gtest/gtest.h>

#include <cmath>

#include "app/run/energy_bound.h"
#include "app/run/scene_run.h"
#include "sim/core/solver_on_cpu.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

constexpr double kFactor = EnergyBound::kSafetyFactor;

// Two 2 kg particles 1 m apart, no gravity: the scale is M (1 m/s)^2 / 2 = 2 J.
constexpr const char* kPair = R"(
[solver]
frame_dt = 0.01
substeps = 4
[environment]
gravity = [0, 0, 0]
[[particle]]
name = "a"
position = [0, 0, 0]
mass = 2.0
[[particle]]
name = "b"
position = [1, 0, 0]
mass = 2.0
)";

TEST(EnergyBound, AtRestWithoutDriversTheLimitIsTheScale) {
  const Scene scene = parse_scene_text(kPair);
  const EnergyBound bound(scene.systems[0], Energy{});
  EXPECT_DOUBLE_EQ(bound.limit_at(0.0), kFactor * 2.0);
  EXPECT_DOUBLE_EQ(bound.limit_at(100.0), kFactor * 2.0);
}

// A push of F for one substep dt: impulse J = F dt, and the particle's kinetic energy goes from at
// most B to at most (sqrt(B) + J / sqrt(2 m))^2, from the moment it acts.
TEST(EnergyBound, AOneShotForceAddsItsImpulseWhenItActs) {
  const Scene scene = parse_scene_text(std::string(kPair).append(
      "[[event]]\nframe = 10\nparticle = \"b\"\nforce = [300, 0, 400]\n"));
  const EnergyBound bound(scene.systems[0], Energy{});
  const double impulse = 500.0 * 0.01 / 4;
  const double after = std::pow(std::sqrt(2.0) + impulse / std::sqrt(2.0 * 2.0), 2.0);
  EXPECT_DOUBLE_EQ(bound.limit_at(0.099), kFactor * 2.0);
  EXPECT_NEAR(bound.limit_at(0.1), kFactor * after, 1e-5);  // the model holds floats
}

// Air drag k (w - v) does work k (w - v).v, at most k |w|^2 / 4 per particle and second.
TEST(EnergyBound, WindAddsAtMostAQuarterOfDragTimesWindSquaredPerSecond) {
  std::string text = kPair;
  text.replace(text.find("gravity = [0, 0, 0]"), 19,
               "gravity = [0, 0, 0]\nwind = [0, 3, 4]\nair_drag = 0.2");
  const Scene scene = parse_scene_text(text);
  const EnergyBound bound(scene.systems[0], Energy{});
  EXPECT_NEAR(bound.limit_at(10.0) - bound.limit_at(0.0), kFactor * 2 * 0.2 * 25.0 / 4 * 10.0,
              1e-4);
}

// The air on triangles does at most rho (C_D + C_L) A |w|^3 / 2 per second, |w| the wind plus the
// gusts' amplitude, A the surfaces' area at rest.
TEST(EnergyBound, TheAirOnTrianglesAddsAtMostDragAndLiftOnTheAreaAtFullWind) {
  const Scene scene = parse_scene_text(R"(
[environment]
gravity = [0, 0, 0]
wind = [0, 0, 3]
air_density = 1.0
drag_coefficient = 0.8
lift_coefficient = 0.4
gust = { amplitude = [0, 1.2, 1.6] }
[[cloth]]
columns = 3
rows = 5
width_axis = [2, 0, 0]
height_axis = [0, 0, 1.5]
material = "cotton"
)");
  const EnergyBound bound(scene.systems[0], Energy{});
  // 3 m^2 in a wind of up to 3 + 2 m/s: 0.5 * 1.2 * 3 * 125 = 225 J per second.
  EXPECT_NEAR(bound.limit_at(10.0) - bound.limit_at(0.0), kFactor * 225.0 * 10.0, 1e-2);
}

// An anchor at speed v drags at most the free mass M at 2 v (2 M v^2), and lifts it at most
// M g v_up per second.
TEST(EnergyBound, AnAnchorAddsDraggingAndLifting) {
  const Scene scene = parse_scene_text(R"(
[solver]
frame_dt = 0.01
[[particle]]
name = "held"
position = [0, 0, 0]
pinned = true
[[particle]]
name = "free"
position = [0, 0, 0]
mass = 3.0
[[anchor]]
particle = "held"
velocity = [0, 0, 0]
[[event]]
frame = 5
particle = "held"
anchor_velocity = [0, 2, 0]
)");
  const EnergyBound bound(scene.systems[0], Energy{});
  const double scale = 0.5 * 3.0;
  const double dragging = 2.0 * 3.0 * 2.0 * 2.0;
  const double lifting = 3.0 * 9.81 * 2.0;
  EXPECT_NEAR(bound.limit_at(0.0), kFactor * (scale + dragging), 1e-4);
  EXPECT_NEAR(bound.limit_at(5.0), kFactor * (scale + dragging + 5.0 * lifting), 1e-3);
}

// A particle that starts inside a force-mode ground holds (k/2) depth^2.
TEST(EnergyBound, AForceGroundStartsWithTheEnergyOfWhatIsInsideIt) {
  const Scene scene = parse_scene_text(R"(
[environment]
gravity = [0, 0, 0]
[environment.ground]
mode = "force"
height = 0.0
repulsion = 1000.0
[[particle]]
position = [0, -0.1, 0]
mass = 1.0
)");
  const EnergyBound bound(scene.systems[0], Energy{});
  EXPECT_NEAR(bound.limit_at(0.0), kFactor * (0.5 + 0.5 * 1000.0 * 0.01), 1e-4);
}

// A stiff force-mode ground that the step cannot integrate launches a particle: the motion's
// energy crosses the bound within a few frames, on the same run that measures it.
TEST(EnergyBound, ARunawayCrossesTheBoundAndIsReportedAsEnergy) {
  const Scene scene = parse_scene_text(R"(
[solver]
integrator = "semi_implicit_euler"
substeps = 4
[environment.ground]
mode = "force"
height = 0.0
repulsion = 1e30
[[particle]]
position = [0, 0.5, 0]
mass = 1.0
)");
  std::vector<std::unique_ptr<Solver>> solvers;
  solvers.push_back(make_solver_on_cpu(scene.systems[0].model, 1));
  RunLoopOptions options;
  options.frames = 120;
  const RunOutcome outcome = run_scene_frames(scene, solvers, options);
  ASSERT_TRUE(outcome.blew_up());
  EXPECT_EQ(outcome.systems[0].blow_up->rfind("runaway energy: ", 0), 0u)
      << *outcome.systems[0].blow_up;
  EXPECT_LT(outcome.frames_done, 120u);
}

// A sphere on a path swept at 20 m/s through a hanging cloth throws it about: physical motion
// (the same at 16 and 32 substeps), which the work of the moving sphere explains.
constexpr const char* kSweptCloth = R"(
[solver]
integrator = "verlet"
frame_dt = 0.016666667
substeps = 16
relaxation_sweeps = 8
[environment]
gravity = [0.0, -9.81, 0.0]
[[environment.sphere]]
center = [0.0, 1.2, -2.0]
radius = 0.2
path = [
  { time = 0.2, center = [0.0, 1.2, -2.0] },
  { time = 0.4, center = [0.0, 1.2, 2.0] },
]
[[cloth]]
name = "cotton"
origin = [-0.5, 1.5, 0.0]
width_axis = [1.0, 0.0, 0.0]
height_axis = [0.0, -1.0, 0.0]
columns = 16
rows = 16
material = "cotton"
pin = { region = { min = [-0.501, 1.499, -0.001], max = [0.501, 1.501, 0.001] } }
)";

RunOutcome run_for(const Scene& scene, uint32_t frames) {
  std::vector<std::unique_ptr<Solver>> solvers;
  solvers.push_back(make_solver_on_cpu(scene.systems[0].model, 1));
  RunLoopOptions options;
  options.frames = frames;
  return run_scene_frames(scene, solvers, options);
}

TEST(EnergyBound, ASphereSweptThroughAClothAddsTheWorkOfItsMotion) {
  const Scene scene = parse_scene_text(kSweptCloth);
  const RunOutcome outcome = run_for(scene, 36);
  EXPECT_FALSE(outcome.blew_up()) << *outcome.systems[0].blow_up;
  // The sphere did go through the cloth: it moved fast.
  const Energy& end = outcome.systems[0].energy;
  EXPECT_GT(end.kinetic, 1.0) << "the sphere missed the cloth";
}

// The same moving sphere does not hide a runaway: a force ground too stiff for the step still
// launches its particle beyond the bound.
TEST(EnergyBound, AMovingSphereDoesNotHideARunaway) {
  const Scene scene = parse_scene_text(R"(
[solver]
integrator = "semi_implicit_euler"
substeps = 4
[environment.ground]
mode = "force"
height = 0.0
repulsion = 1e30
[[environment.sphere]]
center = [5.0, 1.0, -2.0]
radius = 0.2
path = [
  { time = 0.0, center = [5.0, 1.0, -2.0] },
  { time = 0.2, center = [5.0, 1.0, 2.0] },
]
[[particle]]
position = [0, 0.5, 0]
mass = 1.0
)");
  const RunOutcome outcome = run_for(scene, 120);
  ASSERT_TRUE(outcome.blew_up());
  EXPECT_EQ(outcome.systems[0].blow_up->rfind("runaway energy: ", 0), 0u)
      << *outcome.systems[0].blow_up;
}

}  // namespace
}  // namespace weft::test
