// Live edits on the CPU reference (SolverCore::set_parameters and set_link_materials): a new
// environment or material takes effect from the next frame without touching the particles, and
// an edit that changes the model's shape is refused; on both solver paths. Every setting the
// viewer's panel edits live gives the simulation a scene starting with it gives.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/cpu_solver.h"
#include "sim/model/model_error.h"
#include "sim/modules/adjacency_springs.h"
#include "sim/modules/colliders.h"
#include "sim/modules/coloured_distance.h"
#include "sim/modules/grid_jacobi.h"
#include "sim/modules/grid_springs.h"
#include "sim/model/setting_keys.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

TEST(LiveParameters, GravityAndWindTakeEffectAtTheNextFrame) {
  Model model = cloth_scene(Integrator::semi_implicit_euler);
  model.tether_groups.clear();  // free to swing up over its pins
  CpuSolver<double> solver(model);
  solver.step_frame();
  const std::vector<glm::dvec4> before(solver.state().positions.begin(),
                                       solver.state().positions.end());
  model.environment.gravity = {0.0f, 9.81f, 0.0f};  // upside down
  solver.set_parameters(model);
  EXPECT_EQ(solver.params().gravity.y, 9.81f);
  // The edit does not move anything by itself.
  for (size_t i = 0; i < before.size(); ++i) {
    ASSERT_EQ(solver.state().positions[i], before[i]);
  }
  for (int frame = 0; frame < 10; ++frame)
    solver.step_frame();
  EXPECT_GT(solver.state().positions[60].y, before[60].y);  // an inner particle rises
}

TEST(LiveParameters, SolverSettingsAndCollidersFollowTheModel) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  model.solver.relaxation_sweeps = 3;
  model.solver.damping_rate = 5.0f;
  model.environment.spheres[0].radius = 0.45f;
  model.environment.ground.height = -1.0f;
  solver.set_parameters(model);
  EXPECT_EQ(solver.core().settings().relaxation_sweeps, 3u);
  EXPECT_FLOAT_EQ(solver.core().settings().damping_rate, 5.0f);
  EXPECT_FLOAT_EQ(solver.core().find<Colliders>()->spheres()[0].w, 0.45f);
  EXPECT_FLOAT_EQ(solver.params().ground.x, -1.0f);
}

TEST(LiveParameters, LinkMaterialsChangeStiffnessAndKeepTheOrder) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  const ColoredConstraints& colored = solver.core().find<ColouredDistance>()->colored();
  const auto colors = colored.color_offsets;
  for (Spring& s : model.springs)
    s.stiffness *= 2.0f;
  for (DistanceConstraint& c : model.constraints)
    c.compliance = 1e-3f;
  solver.set_link_materials(model);
  const AdjacencySprings& springs = *solver.core().find<AdjacencySprings>();
  EXPECT_FLOAT_EQ(springs.adjacency().refs[0].stiffness, 2.0f * 200.0f);
  EXPECT_EQ(colored.color_offsets, colors);
  for (const gpu::DistanceConstraint& c : colored.constraints) {
    ASSERT_FLOAT_EQ(c.compliance, 1e-3f);
  }
}

// The grid path keeps its materials in its grids' layouts, not in link lists.
TEST(LiveParameters, GridPathTakesParametersAndMaterials) {
  for (bool listed : {true, false}) {
    Model model = cloth_scene(Integrator::verlet);
    model.solver.variant = SolverVariant::grid;
    if (!listed) {
      model.springs.clear();
      model.constraints.clear();
      model.grids[0].links_listed = false;
      model.grids[0].spring_count = model.grids[0].constraint_count = 0;
    }
    CpuSolver<double> solver(model);
    ASSERT_NE(solver.core().find<GridSprings>(), nullptr);
    model.environment.gravity = {0.0f, 9.81f, 0.0f};
    ASSERT_NO_THROW(solver.set_parameters(model));
    EXPECT_EQ(solver.params().gravity.y, 9.81f);
    model.grids[0].bend.stiffness *= 2.0f;
    model.grids[0].structural.compliance = 2e-4f;
    for (Spring& s : model.springs)
      s.stiffness *= 2.0f;
    ASSERT_NO_THROW(solver.set_link_materials(model));
    const gpu::GridParams& springs = solver.core().find<GridSprings>()->grids().params()[0];
    const gpu::GridParams& constraints = solver.core().find<GridJacobi>()->grids().params()[0];
    EXPECT_FLOAT_EQ(springs.stiffness.z, 2.0f * 200.0f);
    EXPECT_FLOAT_EQ(constraints.compliance.x, 2e-4f);
    // Making the inextensible shear compliant would need multipliers the module does not keep.
    if (!listed) {
      Model unsupported = model;
      unsupported.grids[0].structural.compliance = 0.0f;
      unsupported.grids[0].shear.compliance = 0.0f;
      unsupported.grids[0].structural.compression_compliance.reset();  // as in stretch: 0
      unsupported.grids[0].shear.compression_compliance.reset();
      CpuSolver<double> stiff(unsupported);
      unsupported.grids[0].shear.compliance = 1e-4f;
      EXPECT_THROW(stiff.set_link_materials(unsupported), ModelError);
    }
  }
}

// A value of a live setting other than `now`, inside its panel's span; none where the span
// has no room (kinetic_friction where static_friction is 0).
std::optional<SettingValue> edited_value(const SettingKey& setting, const Model& model) {
  const SettingValue now = setting.get(model.solver, model.environment);
  const PanelSlider span = slider_span(setting, model.solver, model.environment);
  if (span.max <= span.min) return std::nullopt;
  switch (setting.kind) {
    case SettingKind::choice:
      for (std::string_view word : setting.choices()) {
        if (SettingValue(word) != now) return word;
      }
      break;
    case SettingKind::vec3: return glm::vec3(0.31f, 0.17f, -0.23f) * float(span.max);
    case SettingKind::integer: return std::round(span.min + 0.37 * (span.max - span.min));
    case SettingKind::number: {
      const double value = span.min + 0.37 * (span.max - span.min);
      return float(value) != float(std::get<double>(now)) ? value
                                                          : span.min + 0.61 * (span.max - span.min);
    }
    default: break;
  }
  ADD_FAILURE() << setting.key << ": no other value to give";
  return std::nullopt;
}

// The scene with what makes the settings that apply only sometimes apply: the air on triangles,
// NeHe's ground forces, Coulomb friction on the colliders (static above kinetic, so that either
// may move between them).
Model with_every_setting_applying(Model model) {
  model.environment.air.drag_coefficient = 0.8f;
  model.environment.air.lift_coefficient = 0.4f;
  model.environment.ground = {GroundMode::force, -0.4f};
  model.environment.static_friction = 1.5f;
  model.environment.kinetic_friction = 0.5f;
  return model;
}

// The live setting edited on a running simulation of `model`, and a simulation that starts with
// it, after `frames` frames; false where the setting has no other value to take there.
bool check_live_edit(const SettingKey& setting, const Model& model, int frames) {
  const std::optional<SettingValue> value = edited_value(setting, model);
  if (!value) return false;
  Model edited = model;
  setting.set(edited.solver, edited.environment, *value);
  CpuSolver<float> live(model);
  live.set_parameters(edited);
  CpuSolver<float> started(edited);
  for (int frame = 0; frame < frames; ++frame) {
    live.step_frame();
    started.step_frame();
  }
  // The same arithmetic in the same order: equal to the bit.
  const auto& a = live.state().positions;
  const auto& b = started.state().positions;
  size_t differing = 0;
  for (size_t i = 0; i < a.size(); ++i)
    differing += a[i] != b[i];
  EXPECT_EQ(differing, 0u);
  return true;
}

// Four scenes (the cloth on either path, contacts and self-collision, moving colliders); a
// setting that does not apply to a scene as built is edited on it with every setting applying.
// 20 frames: the contact scene's layers meet and rub by then.
TEST(LiveParameters, EveryLiveSettingGivesTheSimulationOfASceneStartingWithIt) {
  size_t checked = 0;
  for (TestScene scene :
       {TestScene::cloth, TestScene::cloth_grid, TestScene::contact, TestScene::colliders}) {
    const Model built = make_test_scene(scene, Integrator::verlet);
    const Model applying = with_every_setting_applying(built);
    for (const SettingKey& setting : setting_keys()) {
      if (!setting.live) continue;
      SCOPED_TRACE(std::string(setting.key) + " on " + test_scene_name(scene, Integrator::verlet));
      const bool applies = !setting.applies || setting.applies(built.environment);
      if (applies && check_live_edit(setting, built, 20)) {
        ++checked;
      } else if (check_live_edit(setting, applying, 20)) {
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 70u);
}

TEST(LiveParameters, AnEditThatChangesTheShapeIsRefused) {
  Model model = cloth_scene(Integrator::verlet);
  CpuSolver<float> solver(model);
  Model more_spheres = model;
  more_spheres.environment.spheres.push_back({{1.0f, 0.0f, 0.0f}, 0.1f});
  EXPECT_THROW(solver.set_parameters(more_spheres), ModelError);
  Model fewer_springs = model;
  fewer_springs.springs.pop_back();
  EXPECT_THROW(solver.set_link_materials(fewer_springs), ModelError);
  Model invalid = model;
  invalid.solver.damping_rate = -2.0f;
  EXPECT_THROW(solver.set_parameters(invalid), ModelError);
}

}  // namespace
}  // namespace weft::test
