// The grid path (neighbours by index, Jacobi constraint sweeps) on the CPU: the same physics as
// the general path where the two must agree, and the properties its relaxation must keep.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/core/cpu_solver.h"
#include "sim/model/model_error.h"
#include "sim/modules/adjacency_springs.h"
#include "sim/modules/grid_springs.h"
#include "sim/model/rope.h"

namespace weft {
namespace {

// Whether the solver runs a cloth grid on the grid modules.
template <typename Solver>
bool on_grid_path(const Solver& solver) {
  return solver.core().template find<GridSprings>() != nullptr;
}

Model hanging_cloth(LinkMaterial structural, LinkMaterial shear, LinkMaterial bend,
                    SolverVariant variant, bool list_links = true) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 12;
  cloth.rows = 10;
  cloth.origin = {-0.5f, 1.0f, 0.0f};
  cloth.width_axis = {1.0f, 0.0f, 0.0f};
  cloth.height_axis = {0.0f, 0.0f, 0.8f};
  cloth.particle_mass = 0.01f;
  cloth.structural = structural;
  cloth.shear = shear;
  cloth.bend = bend;
  cloth.pinned = {grid_corner(cloth, GridCorner::first_row_first_column),
                  grid_corner(cloth, GridCorner::first_row_last_column)};
  cloth.list_links = list_links;
  add_cloth_grid(model, cloth);
  model.environment.air_drag = 0.001f;
  model.solver.variant = variant;
  return model;
}

TEST(GridPath, SpringForcesMatchTheGeneralPath) {
  // With springs only, both paths compute the same forces; they differ only in the order of the
  // terms and in rest lengths rounded once per direction instead of once per link.
  const LinkMaterial structural{LinkKind::spring, 40.0f, 0.02f, 0.0f};
  const LinkMaterial shear{LinkKind::spring, 20.0f, 0.01f, 0.0f};
  const LinkMaterial bend{LinkKind::spring, 5.0f, 0.005f, 0.0f};
  for (Integrator integrator : {Integrator::semi_implicit_euler, Integrator::verlet}) {
    Model grid = hanging_cloth(structural, shear, bend, SolverVariant::grid);
    Model general = hanging_cloth(structural, shear, bend, SolverVariant::general);
    grid.solver.integrator = general.solver.integrator = integrator;
    CpuSolver<double> a(grid);
    CpuSolver<double> b(general);
    ASSERT_TRUE(on_grid_path(a));
    ASSERT_FALSE(on_grid_path(b));
    for (int frame = 0; frame < 30; ++frame) {
      a.step_frame();
      b.step_frame();
    }
    double worst = 0.0;
    for (size_t i = 0; i < grid.positions.size(); ++i) {
      worst = std::max(worst, glm::distance(glm::dvec3(a.state().positions[i]),
                                            glm::dvec3(b.state().positions[i])));
    }
    // Half a second of swinging moves the cloth by decimetres; the paths agree to micrometres.
    EXPECT_LT(worst, 1e-5);
    EXPECT_GT(glm::distance(a.state().positions[60], glm::dvec4(grid.positions[60], 0.0)), 0.05);
  }
}

TEST(GridPath, JacobiSweepsKeepAnInextensibleClothNearItsRestLengths) {
  const LinkMaterial inextensible{LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  const LinkMaterial bend{LinkKind::spring, 0.5f, 0.001f, 0.0f};
  Model model = hanging_cloth(inextensible, inextensible, bend, SolverVariant::grid);
  model.solver.substeps = 16;
  model.solver.relaxation_sweeps = 8;
  CpuSolver<double> solver(model);
  float worst = 0.0f;
  for (int frame = 0; frame < 120; ++frame) {
    solver.step_frame();
    worst = std::max(worst, solver.measure_health().largest_stretch);
  }
  // Jacobi converges more slowly than colouring: a few percent, where free fall alone would
  // stretch the cloth without bound.
  EXPECT_LT(worst, 0.05f);
}

TEST(GridPath, XpbdStretchDoesNotDependOnTheTimeStep) {
  // Two particles hang from two pinned ones by vertical structural constraints of compliance
  // alpha: each settles at a stretch of m g alpha, whatever the substep.
  const float alpha = 1e-2f;
  for (uint32_t substeps : {4u, 32u}) {
    Model model;
    ClothGridDesc cloth;
    cloth.columns = 2;
    cloth.rows = 2;
    cloth.width_axis = {1.0f, 0.0f, 0.0f};
    cloth.height_axis = {0.0f, -1.0f, 0.0f};
    cloth.particle_mass = 0.5f;
    cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, alpha};
    cloth.shear = {LinkKind::none, 0.0f, 0.0f, 0.0f};
    cloth.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
    cloth.pinned = {0, 1};
    add_cloth_grid(model, cloth);
    model.solver.variant = SolverVariant::grid;
    model.solver.damping_rate = 10.0f;  // 1/s: settles within the run
    model.solver.substeps = substeps;
    model.solver.relaxation_sweeps = 24;  // converged: XPBD's claim is about the solution
    CpuSolver<double> solver(model);
    for (int frame = 0; frame < 600; ++frame)
      solver.step_frame();
    const double stretch = -solver.state().positions[2].y - 1.0;
    EXPECT_NEAR(stretch, 0.5 * 9.81 * alpha, 0.02 * 0.5 * 9.81 * alpha) << substeps << " substeps";
  }
}

TEST(GridPath, IsChosenOnlyWhereItApplies) {
  const LinkMaterial spring{LinkKind::spring, 10.0f, 0.0f, 0.0f};
  Model model = hanging_cloth(spring, spring, spring, SolverVariant::grid);
  EXPECT_TRUE(on_grid_path(CpuSolver<float>(model)));
  model.solver.variant = SolverVariant::automatic;  // a grid whose links are listed: general
  EXPECT_FALSE(on_grid_path(CpuSolver<float>(model)));

  // A rope beside the cloth: the grid modules run the cloth, the general ones the rope.
  RopeDesc rope;
  rope.segment = spring;
  const uint32_t rope_start = add_rope(model, rope);
  EXPECT_FALSE(on_grid_path(CpuSolver<float>(model)));
  model.solver.variant = SolverVariant::grid;
  {
    const CpuSolver<float> solver(model);
    EXPECT_TRUE(on_grid_path(solver));
    const AdjacencySprings* general = solver.core().find<AdjacencySprings>();
    ASSERT_NE(general, nullptr);
    EXPECT_EQ(general->adjacency().refs.size(), 2u);  // the rope's one spring, from both ends
    EXPECT_EQ(general->particle_of_thread(0), rope_start);
  }

  // A link from the rope to the cloth: the grid modules cannot see it, so the grid path refuses.
  model.springs.push_back({rope_start, 5, 0.5f, 10.0f, 0.0f});
  try {
    CpuSolver<float> solver(model);
    FAIL() << "the grid path accepted a link into its grid";
  } catch (const ModelError& error) {
    EXPECT_STREQ(error.what(),
                 "the grid solver path cannot run cloth grid 0: links beyond the cloth grid's "
                 "own join its particles");
  }

  // A model without any cloth grid.
  Model ropes;
  add_rope(ropes, rope);
  ropes.solver.variant = SolverVariant::grid;
  try {
    CpuSolver<float> solver(ropes);
    FAIL() << "the grid path accepted a rope";
  } catch (const ModelError& error) {
    EXPECT_STREQ(error.what(), "the grid solver path cannot run this model: it has no cloth grid");
  }
}

TEST(GridPath, AGridWithoutListedLinksRunsOnBothPaths) {
  // A grid too large to list its links describes them only by its layout; the general path lists
  // them when it packs, so both paths run it alike.
  const LinkMaterial spring{LinkKind::spring, 30.0f, 0.01f, 0.0f};
  Model listed = hanging_cloth(spring, spring, spring, SolverVariant::general);
  Model implicit =
      hanging_cloth(spring, spring, spring, SolverVariant::automatic, /*list_links=*/false);
  EXPECT_TRUE(implicit.springs.empty());
  EXPECT_TRUE(on_grid_path(CpuSolver<float>(implicit)));  // automatic: not listed, grid
  implicit.solver.variant = SolverVariant::general;
  CpuSolver<double> a(listed);
  CpuSolver<double> b(implicit);
  EXPECT_EQ(a.core().find<AdjacencySprings>()->adjacency().refs.size(),
            b.core().find<AdjacencySprings>()->adjacency().refs.size());
  for (int frame = 0; frame < 10; ++frame) {
    a.step_frame();
    b.step_frame();
  }
  for (size_t i = 0; i < listed.positions.size(); ++i) {
    ASSERT_LT(glm::distance(glm::dvec3(a.state().positions[i]), glm::dvec3(b.state().positions[i])),
              1e-6);
  }
}

}  // namespace
}  // namespace weft
