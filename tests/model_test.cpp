// The model's building blocks: topology builders, the spring adjacency, the constraint colouring,
// the frame schedule, and validation of bad parameters (each refused with a message that names
// the element and what was expected).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>

#include <glm/geometric.hpp>

#include "shaders/grid_bending_layout.h"
#include "shaders/line_solves_layout.h"
#include "shaders/integration.h"
#include "sim/model/cloth_grid.h"
#include "sim/model/constraint_coloring.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/model_validation.h"
#include "sim/modules/coloured_distance.h"
#include "sim/model/rope.h"
#include "sim/core/solver_core.h"
#include "sim/model/spring_adjacency.h"
#include "sim/model/triangle_mesh.h"

namespace weft {
namespace {

TEST(Rope, NodesAreEvenlySpacedFromStartToEndInclusive) {
  Model model;
  RopeDesc rope;
  rope.start = {0.0f, 1.0f, 0.0f};
  rope.end = {3.0f, 1.0f, 0.0f};
  rope.node_count = 4;
  rope.node_mass = 0.5f;
  rope.segment = {LinkKind::spring, 100.0f, 0.1f, 0.0f};
  rope.pinned = {0, 3};
  EXPECT_EQ(add_rope(model, rope), 0u);
  ASSERT_EQ(model.particle_count(), 4u);
  for (uint32_t i = 0; i < 4; ++i)
    EXPECT_EQ(model.positions[i], glm::vec3(float(i), 1.0f, 0.0f));
  EXPECT_EQ(model.inverse_masses[0], 0.0f);
  EXPECT_EQ(model.inverse_masses[1], 2.0f);
  EXPECT_EQ(model.inverse_masses[3], 0.0f);
  ASSERT_EQ(model.springs.size(), 3u);
  for (const Spring& s : model.springs) {
    EXPECT_EQ(s.b, s.a + 1);
    EXPECT_FLOAT_EQ(s.rest_length, 1.0f);
    EXPECT_EQ(s.stiffness, 100.0f);
  }
}

TEST(ClothGrid, HasTheStructuralShearAndBendLinksOfARegularGrid) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 5;
  cloth.rows = 4;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.shear = {LinkKind::spring, 10.0f, 0.0f, 0.0f};
  cloth.bend = {LinkKind::spring, 1.0f, 0.0f, 0.0f};
  add_cloth_grid(model, cloth);
  const ClothGridCounts counts = count_cloth_grid(5, 4);
  EXPECT_EQ(counts.structural, 4u * 4 + 5u * 3);  // (c - 1) r + c (r - 1)
  EXPECT_EQ(counts.shear, 2u * 4 * 3);            // two diagonals per cell
  EXPECT_EQ(counts.bend, 3u * 4 + 5u * 2);        // (c - 2) r + c (r - 2)
  EXPECT_EQ(model.particle_count(), 20u);
  EXPECT_EQ(model.constraints.size(), counts.structural);
  EXPECT_EQ(model.springs.size(), counts.shear + counts.bend);
  EXPECT_EQ(model.triangles.size(), counts.triangles);
  // A structural rest length is one cell (1 m / 4 columns), a bend link two cells.
  EXPECT_FLOAT_EQ(model.constraints[0].rest_length, 0.25f);
  EXPECT_EQ(grid_corner(cloth, GridCorner::last_row_last_column), 19u);
}

TEST(TriangleMesh, LinksEveryEdgeOnceAndBendsAcrossInteriorEdges) {
  Model model;
  TriangleMeshDesc mesh;
  mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}};  // two triangles sharing the diagonal 0-2
  mesh.edge = {LinkKind::spring, 10.0f, 0.0f, 0.0f};
  mesh.bend = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  add_triangle_mesh(model, mesh);
  EXPECT_EQ(model.springs.size(), 5u);
  ASSERT_EQ(model.constraints.size(), 1u);  // across 0-2: joins 1 and 3
  EXPECT_EQ(std::set<uint32_t>({model.constraints[0].a, model.constraints[0].b}),
            std::set<uint32_t>({1, 3}));
  EXPECT_FLOAT_EQ(model.constraints[0].rest_length, std::sqrt(2.0f));
}

TEST(SpringAdjacency, ListsEachSpringAtBothEndsInModelOrder) {
  const std::vector<Spring> springs = {
      {0, 1, 1.0f, 10.0f, 0.1f}, {1, 2, 2.0f, 20.0f, 0.2f}, {0, 2, 3.0f, 30.0f, 0.3f}};
  const SpringAdjacency adjacency = build_spring_adjacency(4, springs);
  EXPECT_EQ(adjacency.offsets, (std::vector<uint32_t>{0, 2, 4, 6, 6}));
  EXPECT_EQ(adjacency.refs[0].other, 1u);
  EXPECT_EQ(adjacency.refs[1].other, 2u);
  EXPECT_EQ(adjacency.refs[1].rest_length, 3.0f);
  EXPECT_EQ(adjacency.refs[2].other, 0u);  // particle 1: spring 0, then spring 1
  EXPECT_EQ(adjacency.refs[3].other, 2u);
  EXPECT_EQ(adjacency.refs[3].stiffness, 20.0f);
}

TEST(ConstraintColoring, NoTwoConstraintsOfAColourShareAParticle) {
  Model model;
  ClothGridDesc cloth;
  cloth.columns = 17;
  cloth.rows = 13;
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  cloth.bend = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  add_cloth_grid(model, cloth);
  const ColoredConstraints colored = color_constraints(model.particle_count(), model.constraints);
  EXPECT_EQ(colored.constraints.size(), model.constraints.size());
  EXPECT_EQ(colored.color_offsets.back(), model.constraints.size());
  EXPECT_LE(colored.color_count(), 16u);  // a grid needs few colours
  std::multiset<std::pair<uint32_t, uint32_t>> before, after;
  for (const DistanceConstraint& c : model.constraints)
    before.insert({c.a, c.b});
  for (uint32_t color = 0; color < colored.color_count(); ++color) {
    std::set<uint32_t> used;
    for (uint32_t k = colored.color_offsets[color]; k < colored.color_offsets[color + 1]; ++k) {
      const gpu::DistanceConstraint& c = colored.constraints[k];
      EXPECT_TRUE(used.insert(c.a).second) << "colour " << color << " reuses particle " << c.a;
      EXPECT_TRUE(used.insert(c.b).second) << "colour " << color << " reuses particle " << c.b;
      after.insert({c.a, c.b});
    }
  }
  EXPECT_EQ(before, after);  // every constraint exactly once
}

// An inner node of a grid has 4 structural and 4 shear links, so no colouring has fewer than 8
// colours; every colour is one relaxation dispatch per sweep, so a colouring with one more costs
// a dispatch per substep.
TEST(ConstraintColoring, AGridsStructuralAndShearLinksTakeTheFewestColours) {
  for (uint32_t nodes : {4u, 17u, 64u}) {
    Model model;
    ClothGridDesc cloth;
    cloth.columns = nodes;
    cloth.rows = nodes + 3;
    cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    add_cloth_grid(model, cloth);
    EXPECT_EQ(color_constraints(model.particle_count(), model.constraints).color_count(), 8u)
        << nodes;
  }
}

TEST(FrameSchedule, RunsThePassesOfEverySubstepInOrder) {
  // A rope of 5 inextensible links (greedy colours: links 0, 2, 4 then 1, 3), its first node
  // driven by an anchor, a projection ground, and a one-shot force queued for the frame.
  Model model;
  RopeDesc rope;
  rope.end = {5.0f, 0.0f, 0.0f};
  rope.node_count = 6;
  rope.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  rope.pinned = {0};
  add_rope(model, rope);
  model.anchors.push_back({0, {0.0f, 0.0f, 0.0f}, false});
  model.environment.ground.mode = GroundMode::projection;
  model.solver.relaxation_sweeps = 2;
  SolverCore core(model);
  core.apply_force_once(3, {0.0f, 1.0f, 0.0f});
  const FrameShape shape = core.begin_frame(0.01f, 2);
  const std::vector<Step> steps = core.schedule(shape);
  std::vector<std::string> passes;
  for (const Step& s : steps)
    passes.push_back(s.pass->name);
  const std::vector<std::string> substep0 = {"force accumulation",
                                             "external forces",
                                             "Verlet update",
                                             "anchors",
                                             "constraint relaxation",
                                             "constraint relaxation",
                                             "constraint relaxation",
                                             "constraint relaxation",
                                             "collision"};
  ASSERT_EQ(steps.size(), substep0.size() * 2 - 1);  // external forces only in the first
  EXPECT_TRUE(std::equal(substep0.begin(), substep0.end(), passes.begin()));
  const auto relax = [&](size_t k) { return from_push<gpu::RelaxPush>(steps[k].push); };
  EXPECT_EQ(relax(4).first, 0u);
  EXPECT_EQ(relax(4).count, 3u);
  EXPECT_EQ(relax(4).reset_lambda, 1u);  // sweep 0 restarts XPBD's multipliers
  EXPECT_EQ(relax(5).first, 3u);
  EXPECT_EQ(relax(6).reset_lambda, 0u);  // sweep 1 keeps them
  EXPECT_EQ(steps.back().substep, 1u);
  EXPECT_FALSE(shape.environment_in_integration);  // the one-shot force needs the gathered forces
  EXPECT_EQ(from_push<gpu::IntegratePush>(steps[2].push).environment, 0u);
  core.end_frame();
  // The next frame has no one-shot force: its schedule drops that step, and since the rope has no
  // springs either, its only force is the environment's, which the integrator computes itself.
  const FrameShape next = core.begin_frame(0.01f, 2);
  EXPECT_TRUE(next.environment_in_integration);
  const std::vector<Step>& next_steps = core.schedule(next);
  ASSERT_EQ(next_steps.size(), (substep0.size() - 2) * 2);
  EXPECT_EQ(std::string(next_steps[0].pass->name), "Verlet update");
  EXPECT_EQ(from_push<gpu::IntegratePush>(next_steps[0].push).environment, 1u);
}

// Where every particle is a node of a grid whose lines are walked (for their stretch, or for the
// bending of a grid of springs), the walk along rows integrates them as it loads them: no
// integration pass runs. A rope beside the cloth, or a cloth of springs that does not bend, keeps
// the integration pass.
TEST(FrameSchedule, TheLineWalksIntegrateAClothOfGridsOnly) {
  const auto cloth_model = [](LinkKind structural, float bending_stiffness) {
    Model model;
    ClothGridDesc cloth;
    cloth.columns = 5;
    cloth.rows = 4;
    cloth.structural = {structural, structural == LinkKind::spring ? 50.0f : 0.0f, 0.0f, 0.0f};
    cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    cloth.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};  // no bend springs
    cloth.bending_stiffness = bending_stiffness;
    cloth.pinned = {0};
    add_cloth_grid(model, cloth);
    model.solver.relaxation_sweeps = 2;
    return model;
  };
  const auto names = [](SolverCore& core, const FrameShape& shape) {
    std::vector<std::string> passes;
    for (const Step& s : core.schedule(shape))
      passes.push_back(s.pass->name);
    return passes;
  };
  const auto count = [](const std::vector<std::string>& passes, const std::string& name) {
    return std::count(passes.begin(), passes.end(), name);
  };
  // The walk along rows integrates, the one along columns does not.
  const auto expect_rows_integrate = [](SolverCore& core, const FrameShape& shape,
                                        const std::string& pass, uint32_t integrate) {
    int walks = 0;
    for (const Step& step : core.schedule(shape)) {
      if (step.pass->name != pass) continue;
      ++walks;
      const uint32_t part = pass == "grid bending"
                                ? from_push<gpu::GridBendingPush>(step.push).integrate
                                : from_push<gpu::LineSolvesPush>(step.push).integrate;
      EXPECT_EQ(part, step.part == WEFT_BEND_ALONG_ROWS ? integrate : WEFT_BEND_INTEGRATE_NONE);
    }
    EXPECT_EQ(walks, 6) << pass << ": rows and columns, 3 substeps";
  };
  // Structural links that are constraints: bending and stretch in one walk of each line, which
  // integrates whether the cloth bends or not (a cloth of constraints only: no force gather).
  for (float bending_stiffness : {1e-6f, 0.0f}) {
    SolverCore core(cloth_model(LinkKind::constraint, bending_stiffness));
    const FrameShape shape = core.begin_frame(0.01f, 3);
    EXPECT_TRUE(shape.integration_in_lines) << bending_stiffness;
    const std::vector<std::string> passes = names(core, shape);
    EXPECT_EQ(count(passes, "Verlet update"), 0);
    EXPECT_EQ(count(passes, "grid bending"), 0);
    expect_rows_integrate(core, shape, "bending and stretch along lines",
                          WEFT_BEND_INTEGRATE_ENVIRONMENT);
  }
  {
    // Structural springs: the grid bending's own walks, after the force gather.
    SolverCore core(cloth_model(LinkKind::spring, 1e-6f));
    const FrameShape shape = core.begin_frame(0.01f, 3);
    EXPECT_TRUE(shape.integration_in_lines);
    EXPECT_EQ(count(names(core, shape), "Verlet update"), 0);
    expect_rows_integrate(core, shape, "grid bending", WEFT_BEND_INTEGRATE_FORCES);
  }
  {
    SolverCore core(cloth_model(LinkKind::spring, 0.0f));  // no line walks at all
    const FrameShape shape = core.begin_frame(0.01f, 3);
    EXPECT_FALSE(shape.integration_in_lines);
    EXPECT_EQ(count(names(core, shape), "Verlet update"), 3);
  }
  {
    Model model = cloth_model(LinkKind::constraint, 1e-6f);
    RopeDesc rope;
    rope.start = {0.0f, 1.0f, 0.0f};
    rope.end = {1.0f, 1.0f, 0.0f};
    rope.node_count = 3;
    rope.segment = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
    add_rope(model, rope);
    SolverCore core(model);
    const FrameShape shape = core.begin_frame(0.01f, 3);
    EXPECT_FALSE(shape.integration_in_lines);
    EXPECT_EQ(count(names(core, shape), "Verlet update"), 3);
  }
}

// A model that validates, and one broken copy of it per row of the table below.
Model valid_model() {
  Model model;
  model.add_particle({0, 0, 0}, 0.0f);
  model.add_particle({1, 0, 0}, 1.0f);
  model.add_particle({2, 0, 0}, 1.0f);
  model.springs.push_back({0, 1, 1.0f, 10.0f, 0.1f});
  model.constraints.push_back({1, 2, 1.0f, 0.0f});
  model.anchors.push_back({0, {0, 0, 0}, false});
  return model;
}

struct BadModel {
  const char* name;
  std::function<void(Model&)> breakage;
  const char* expected;  // part of the message
};

class ModelValidation : public ::testing::TestWithParam<BadModel> {};

TEST(ModelValidationBase, TheValidModelPasses) {
  EXPECT_NO_THROW(validate_model(valid_model()));
}

TEST_P(ModelValidation, RefusesWithAMessageNamingTheProblem) {
  Model model = valid_model();
  GetParam().breakage(model);
  try {
    validate_model(model);
    FAIL() << "accepted a model with " << GetParam().name;
  } catch (const ModelError& error) {
    EXPECT_NE(std::string(error.what()).find(GetParam().expected), std::string::npos)
        << "message: " << error.what();
  }
}

const BadModel kBadModels[] = {
    {"no particles", [](Model& m) { m = Model(); }, "the model has no particles"},
    {"negative mass", [](Model& m) { m.inverse_masses[1] = -1.0f; },
     "particle 1: inverse mass must be finite and >= 0"},
    {"infinite inverse mass (zero mass)", [](Model& m) { m.inverse_masses[2] = INFINITY; },
     "particle 2: inverse mass"},
    {"NaN position", [](Model& m) { m.positions[1].y = NAN; },
     "particle 1 has a non-finite position"},
    {"NaN velocity", [](Model& m) { m.velocities[2].x = NAN; },
     "particle 2 has a non-finite velocity"},
    {"spring to a missing particle", [](Model& m) { m.springs[0].b = 9; },
     "spring 0 joins particles 0 and 9, but the model has 3"},
    {"spring to itself", [](Model& m) { m.springs[0].b = 0; },
     "spring 0 joins particle 0 to itself"},
    {"negative stiffness", [](Model& m) { m.springs[0].stiffness = -5.0f; },
     "spring 0: stiffness must be finite and >= 0 N/m, got -5"},
    {"NaN damping", [](Model& m) { m.springs[0].damping = NAN; }, "spring 0: damping"},
    {"negative rest length", [](Model& m) { m.springs[0].rest_length = -1.0f; },
     "spring 0: rest length"},
    {"zero constraint rest length", [](Model& m) { m.constraints[0].rest_length = 0.0f; },
     "distance constraint 0: rest length must be > 0 m, got 0"},
    {"negative compliance", [](Model& m) { m.constraints[0].compliance = -1.0f; },
     "distance constraint 0: compliance"},
    {"anchor on a free particle", [](Model& m) { m.anchors[0].particle = 1; },
     "anchor 0 drives particle 1, which is not pinned"},
    {"zero frame dt", [](Model& m) { m.solver.frame_dt = 0.0f; }, "frame_dt must be > 0 s, got 0"},
    {"zero substeps", [](Model& m) { m.solver.substeps = 0; },
     "substeps must be in [1, 100000], got 0"},
    {"negative damping", [](Model& m) { m.solver.damping_rate = -1.0f; },
     "damping_rate must be finite and >= 0 1/s, got -1"},
    {"NaN gravity", [](Model& m) { m.environment.gravity.y = NAN; }, "gravity must be finite"},
    {"negative air drag", [](Model& m) { m.environment.air_drag = -0.1f; },
     "air_drag must be finite and >= 0"},
    {"sphere of radius 0",
     [](Model& m) {
       m.environment.spheres.push_back({{0, 0, 0}, 0.0f});
     },
     "sphere 0: radius must be > 0 m, got 0"},
    {"contact friction above 1", [](Model& m) { m.environment.contact_friction = 1.5f; },
     "contact_friction must be in [0, 1], got 1.5"},
    {"negative material friction",
     [](Model& m) {
       m.surface_frictions.push_back({0, 3, ContactFriction{-0.2f, 0.0f}});
     },
     "surface friction 0 (its material): static_friction must be >= 0, got -0.2"},
    {"material kinetic friction above static",
     [](Model& m) {
       m.surface_frictions.push_back({0, 3, ContactFriction{0.3f, 0.5f}});
     },
     "surface friction 0 (its material): kinetic_friction must be in [0, static_friction], got "
     "0.5"},
    {"NaN material friction",
     [](Model& m) {
       m.surface_frictions.push_back({0, 3, ContactFriction{NAN, 0.0f}});
     },
     "surface friction 0 (its material): static_friction must be >= 0, got nan"},
    {"tethers that allow shrinking",
     [](Model& m) {
       m.tether_groups.push_back({0, 3, 0.9f, 1.0f});
     },
     "tether group 0: scale must be >= 1, got 0.9"},
    {"tethers past the particles",
     [](Model& m) {
       m.tether_groups.push_back({1, 3, 1.1f, 1.0f});
     },
     "tether group 0 reaches past the model's 3 particles"},
    {"two tether groups on one particle",
     [](Model& m) {
       m.tether_groups.push_back({0, 2, 1.1f, 1.0f});
       m.tether_groups.push_back({1, 2, 1.1f, 1.0f});
     },
     "tether group 1 shares a particle with another group (particle 1)"},
    {"NaN tether link scale",
     [](Model& m) {
       m.tether_groups.push_back({0, 3, 1.1f, NAN});
     },
     "tether group 0: link_scale must be 0 (a cloth that tears) or >= 1, got nan"},
};

INSTANTIATE_TEST_SUITE_P(BadParameters, ModelValidation, ::testing::ValuesIn(kBadModels),
                         [](const auto& param_info) {
                           std::string name;
                           for (char c : std::string(param_info.param.name)) {
                             if (std::isalnum(static_cast<unsigned char>(c))) name += c;
                           }
                           return name;
                         });

TEST(TopologyBuilders, RefuseBadDescriptionsBeforeAddingAnything) {
  Model model;
  RopeDesc rope;
  rope.node_count = 1;
  EXPECT_THROW(add_rope(model, rope), ModelError);
  rope.node_count = 3;
  rope.node_mass = 0.0f;
  EXPECT_THROW(add_rope(model, rope), ModelError);
  rope.node_mass = 1.0f;
  rope.end = rope.start;  // zero rest length
  EXPECT_THROW(add_rope(model, rope), ModelError);
  ClothGridDesc cloth;
  cloth.columns = 1;
  EXPECT_THROW(add_cloth_grid(model, cloth), ModelError);
  cloth.columns = 3;
  cloth.height_axis = cloth.width_axis;  // a flat line: zero-length links
  EXPECT_THROW(add_cloth_grid(model, cloth), ModelError);
  TriangleMeshDesc mesh;
  mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  mesh.triangles = {{0, 1, 2}};  // zero area
  EXPECT_THROW(add_triangle_mesh(model, mesh), ModelError);
  EXPECT_EQ(model.particle_count(), 0u);
}

}  // namespace
}  // namespace weft
