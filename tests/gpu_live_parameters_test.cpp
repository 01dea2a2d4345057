// Live edits on the GPU against the CPU reference (SolverCore::set_parameters and
// set_link_materials): environment, colliders, solver settings and link materials changed
// mid-run, on both solver paths, for every integrator.
#include <gtest/gtest.h>

#include "sim/model/cloth_grid.h"
#include "sim/model/cloth_material.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/model/grid_layout.h"
#include "sim/model/material_edit.h"
#include "tests/support/edited_material.h"
#include "tests/support/state_compare.h"
#include "tests/support/test_scenes.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

// Both solvers on, frame by frame.
void step_both(CpuSolver<float>& cpu, GpuSolver& gpu, int frames) {
  for (int frame = 0; frame < frames; ++frame) {
    cpu.step_frame();
    gpu.step_frames(1);
  }
}

class GpuLiveParametersTest
    : public VulkanTest,
      public ::testing::WithParamInterface<std::tuple<TestScene, Integrator>> {};

TEST_P(GpuLiveParametersTest, GpuFollowsTheCpuReferenceThroughLiveEdits) {
  Model model = make_test_scene(std::get<0>(GetParam()), std::get<1>(GetParam()));
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  step_both(cpu, gpu, 1);
  // What the viewer's panel does mid-run: new wind, collider and materials.
  model.environment.wind = {2.0f, 0.0f, -1.0f};
  model.environment.air_drag = 0.05f;
  model.environment.spheres[0].center.y += 0.05f;
  model.solver.relaxation_sweeps = 2;
  for (Spring& s : model.springs)
    s.stiffness *= 0.5f;
  for (DistanceConstraint& c : model.constraints)
    c.compliance = 1e-5f;
  for (GridLayout& grid : model.grids) {  // what the grid path reads its materials from
    grid.bend.stiffness *= 0.5f;
    grid.structural.compliance = grid.shear.compliance = 1e-5f;
  }
  cpu.set_parameters(model);
  gpu.set_parameters(model);
  // The viewer's panel may edit twice between frames: each edited buffer is uploaded once (two
  // uploads of one buffer without a barrier between are a hazard the validation layer reports).
  gpu.set_parameters(model);
  cpu.set_link_materials(model);
  gpu.set_link_materials(model);
  step_both(cpu, gpu, 3);
  // 1e-4 m: well above lavapipe's bit-exact agreement and a GPU's rounding over three frames,
  // far below what a missed edit does (the wind alone moves the cloth by centimetres).
  ASSERT_TRUE(all_near(gpu.download_state().positions, cpu.state().positions, 1e-4,
                       "positions after the edits"));
}

// A cloth's material changed mid-run (sim/model/material_edit.h), every figure at once: its links,
// bending and masses, the tethers' and strain limits' scales and its own friction on the sphere
// it lies on reach the GPU as they reach the CPU reference, on both solver paths.
class GpuMaterialEditTest : public VulkanTest,
                            public ::testing::WithParamInterface<SolverVariant> {};

TEST_P(GpuMaterialEditTest, GpuFollowsTheCpuReferenceThroughAMaterialEdit) {
  const ClothMaterial& cotton = *find_cloth_material("cotton");
  ClothGridDesc cloth;
  cloth.origin = {-0.3f, 0.52f, -0.3f};
  cloth.width_axis = {0.6f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.6f};
  cloth.columns = cloth.rows = 12;
  cloth.pinned = {0, 11};
  apply_cloth_material(cotton, cloth);
  Model model;
  model.solver.variant = GetParam();
  const uint32_t first = add_cloth_grid(model, cloth);
  model.contact_groups.push_back({first, model.particle_count(), 0.02f});
  model.environment.gravity = {0.0f, -9.81f, 0.0f};
  model.environment.spheres.push_back({{0.1f, 0.2f, 0.1f}, 0.3f});
  CpuSolver<float> cpu(model);
  GpuSolver gpu(device(), model);
  step_both(cpu, gpu, 10);  // onto the sphere
  change_material(model, first, model.particle_count(), cotton, cotton_with_every_figure_changed());
  cpu.set_link_materials(model);
  gpu.set_link_materials(model);
  cpu.set_inverse_masses(every_inverse_mass(model));
  gpu.set_inverse_masses(every_inverse_mass(model));
  step_both(cpu, gpu, 5);
  // As above: 1e-4 m is far above the rounding of five frames and far below what a missed edit
  // does (the heavier, stiffer cloth on a rougher sphere moves centimetres apart).
  ASSERT_TRUE(all_near(gpu.download_state().positions, cpu.state().positions, 1e-4,
                       "positions after the material edit"));
}

INSTANTIATE_TEST_SUITE_P(BothPaths, GpuMaterialEditTest,
                         ::testing::Values(SolverVariant::general, SolverVariant::grid));

INSTANTIATE_TEST_SUITE_P(
    BothPathsAllIntegrators, GpuLiveParametersTest,
    ::testing::Combine(::testing::Values(TestScene::cloth, TestScene::cloth_grid),
                       ::testing::Values(Integrator::explicit_euler,
                                         Integrator::semi_implicit_euler, Integrator::verlet)),
    scene_and_integrator_name);

}  // namespace
}  // namespace weft::test
