// What a valid scene file becomes: particles, links, pins, systems and their settings, events.
// Every expected number is worked out by hand from the scene text in the test.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/scene/closest_match.h"
#include "app/scene/names.h"
#include "app/scene/scene_error.h"
#include "sim/model/model_origin.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

uint32_t pinned_count(const Model& model) {
  return static_cast<uint32_t>(
      std::count(model.inverse_masses.begin(), model.inverse_masses.end(), 0.0f));
}

TEST(SceneFile, RopeBecomesEvenlySpacedNodesWithSprings) {
  const Scene scene = parse_scene_text(R"(
[[rope]]
name = "r"
start = [0, 0, 0]
end = [3, 0, 0]
nodes = 4
total_mass = 2.0
segment = { kind = "spring", stiffness = 50.0, damping = 0.5 }
pin = { nodes = [0, 3] }
)");
  ASSERT_EQ(scene.systems.size(), 1u);
  const Model& model = scene.systems[0].model;
  ASSERT_EQ(model.particle_count(), 4u);
  // The scene is simulated about the middle of its particles, (1.5, 0, 0) rounded to whole metres.
  EXPECT_EQ(model.origin, glm::dvec3(2, 0, 0));
  EXPECT_EQ(world_position(model, model.positions[2]), glm::vec3(2, 0, 0));
  EXPECT_FLOAT_EQ(model.inverse_masses[1], 2.0f);  // 0.5 kg each
  EXPECT_EQ(model.inverse_masses[0], 0.0f);
  EXPECT_EQ(model.inverse_masses[3], 0.0f);
  ASSERT_EQ(model.springs.size(), 3u);
  EXPECT_FLOAT_EQ(model.springs[1].rest_length, 1.0f);
  EXPECT_FLOAT_EQ(model.springs[1].stiffness, 50.0f);
  EXPECT_FLOAT_EQ(model.springs[1].damping, 0.5f);
  EXPECT_EQ(scene.systems[0].name, "test");  // named after the file, test.toml
}

TEST(SceneFile, ClothMassFromArealDensityAndPinsByCornerAndRegion) {
  const Scene scene = parse_scene_text(R"(
[[cloth]]
origin = [0, 1, 0]
width_axis = [2, 0, 0]
height_axis = [0, 0, 1]
columns = 3
rows = 2
areal_density = 0.3
structural = { compliance = 0.0 }
shear = { stiffness = 10.0 }
pin = { corners = ["last_row_last_column"], region = { min = [-0.1, 0, -0.1], max = [0.1, 2, 0.1] } }
)");
  const Model& model = scene.systems[0].model;
  ASSERT_EQ(model.particle_count(), 6u);
  // 2 m x 1 m x 0.3 kg/m^2 = 0.6 kg, each node its share of the area: node 1 (column 1 on the
  // first row) half of each of its two cells of 1 m^2, 0.15 kg; node 3 (a corner) a quarter of
  // one, 0.075 kg.
  EXPECT_FLOAT_EQ(model.inverse_masses[1], 1.0f / 0.15f);
  EXPECT_FLOAT_EQ(model.inverse_masses[3], 1.0f / 0.075f);
  // The corner (column 2, row 1) is node 5; the region holds node 0 only.
  EXPECT_EQ(model.inverse_masses[5], 0.0f);
  EXPECT_EQ(model.inverse_masses[0], 0.0f);
  EXPECT_EQ(pinned_count(model), 2u);
  EXPECT_EQ(model.constraints.size(), 7u);  // structural: 2 rows x 2 + 3 columns x 1
  EXPECT_EQ(model.springs.size(), 4u);      // shear: 2 cells x 2 diagonals
  EXPECT_EQ(model.triangles.size(), 4u);
  EXPECT_EQ(scene.systems[0].objects[0].name, "cloth1");
}

TEST(SceneFile, SystemsOverrideTheSceneSettingsKeyByKey) {
  const Scene scene = parse_scene_text(R"(
[solver]
integrator = "verlet"
frame_dt = 0.02
max_dt = 0.003
relaxation_sweeps = 3
[environment]
gravity = [0, -10, 0]
air_drag = 0.1
[environment.ground]
mode = "force"
height = -2.0

[[system]]
name = "first"
[[system]]
name = "second"
[system.solver]
integrator = "explicit_euler"
substeps = 5
[system.environment]
gravity = [0, 0, 0]
[system.environment.ground]
repulsion = 7.0

[[particle]]
system = "first"
position = [0, 0, 0]
mass = 1
[[particle]]
system = "second"
position = [0, 0, 0]
mass = 1
)");
  ASSERT_EQ(scene.systems.size(), 2u);
  const Model& first = scene.systems[0].model;
  const Model& second = scene.systems[1].model;
  EXPECT_EQ(scene.systems[1].name, "second");
  // NeHe's rule: int(0.02 / 0.003) + 1 = 7 substeps.
  EXPECT_EQ(first.solver.substeps, 7u);
  EXPECT_EQ(first.solver.integrator, Integrator::verlet);
  EXPECT_EQ(first.environment.gravity, glm::vec3(0, -10, 0));
  EXPECT_EQ(second.solver.substeps, 5u);
  EXPECT_EQ(second.solver.integrator, Integrator::explicit_euler);
  EXPECT_EQ(second.solver.relaxation_sweeps, 3u);  // inherited
  EXPECT_FLOAT_EQ(second.solver.frame_dt, 0.02f);  // shared
  EXPECT_EQ(second.environment.gravity, glm::vec3(0));
  EXPECT_FLOAT_EQ(second.environment.air_drag, 0.1f);  // inherited
  EXPECT_EQ(second.environment.ground.mode, GroundMode::force);
  EXPECT_FLOAT_EQ(second.environment.ground.height, -2.0f);
  EXPECT_FLOAT_EQ(second.environment.ground.repulsion, 7.0f);
  EXPECT_FLOAT_EQ(first.environment.ground.repulsion, 100.0f);  // the model's default
}

TEST(SceneFile, ReferencesNameParticlesAcrossObjects) {
  const Scene scene = parse_scene_text(R"(
[[particle]]
name = "hook"
position = [0, 5, 0]
pinned = true
[[rope]]
name = "rope"
start = [0, 0, 0]
end = [0, -1, 0]
nodes = 3
node_mass = 1
segment = { compliance = 0.0 }
[[spring]]
a = "hook"
b = "rope[0]"
stiffness = 2.0
rest_length = 0.0
[[anchor]]
particle = "rope[2]"
velocity = [1, 0, 0]
keep_above_ground = true
[[event]]
frame = 9
particle = "rope[1]"
force = [0, 3, 0]
[[event]]
frame = 4
particle = "rope[2]"
anchor_velocity = [0, 0, 2]
)");
  const SceneSystem& system = scene.systems[0];
  const Model& model = system.model;
  ASSERT_EQ(model.particle_count(), 4u);  // the hook is particle 0, the rope 1..3
  ASSERT_EQ(model.springs.size(), 1u);
  EXPECT_EQ(model.springs[0].a, 0u);
  EXPECT_EQ(model.springs[0].b, 1u);
  EXPECT_EQ(model.springs[0].rest_length, 0.0f);
  ASSERT_EQ(model.anchors.size(), 1u);
  EXPECT_EQ(model.anchors[0].particle, 3u);
  EXPECT_TRUE(model.anchors[0].keep_above_ground);
  EXPECT_EQ(model.inverse_masses[3], 0.0f);  // anchored, so pinned
  ASSERT_EQ(system.events.size(), 2u);       // sorted by frame
  EXPECT_EQ(system.events[0].frame, 4u);
  EXPECT_EQ(system.events[0].kind, SceneEvent::Kind::anchor_velocity);
  EXPECT_EQ(system.events[0].anchor, 0u);
  EXPECT_EQ(system.events[1].frame, 9u);
  EXPECT_EQ(system.events[1].particle, 2u);
  EXPECT_EQ(system.events[1].value, glm::vec3(0, 3, 0));
}

// A square of two triangles whose first triangle uses vertex 5, a copy of vertex 2; an unused
// vertex 6; and a triangle that collapses once 2 and 5 are welded. Repaired: 4 vertices, 2
// triangles.
constexpr const char* kSquare = R"(v 0 0 0
v 1 0 0
v 1 0 1
v 0 0 1
v 1 0 0
v 9 9 9
f 1 5 3
f 1 3 4
f 1 2 5
)";

TEST(SceneFile, MeshIsRepairedPlacedAndPinnedByFileVertex) {
  const Scene scene = parse_scene_text(R"(
[[mesh]]
name = "square"
file = "square.obj"
scale = 2.0
translate = [0, 1, 0]
total_mass = 2.0
edge = { compliance = 0.0 }
pin = { nodes = [4] }
)",
                                       {{"square.obj", kSquare}});
  const Model& model = scene.systems[0].model;
  ASSERT_EQ(model.particle_count(), 4u);
  EXPECT_EQ(model.triangles.size(), 2u);
  EXPECT_EQ(model.constraints.size(), 5u);  // 4 sides and a diagonal
  // 2 kg over the 4 m^2 square, each vertex a third of the triangles around it: vertex 0 is on
  // both (2 m^2 each), so it weighs a third of 4 m^2 at 0.5 kg/m^2, 2/3 kg.
  EXPECT_FLOAT_EQ(model.inverse_masses[0], 1.5f);
  // File vertex 4 (0-based) was welded into vertex 1: (1, 0, 0), scaled and moved to (2, 1, 0).
  EXPECT_EQ(pinned_count(model), 1u);
  for (uint32_t i = 0; i < 4; ++i) {
    if (model.inverse_masses[i] == 0.0f) {
      EXPECT_EQ(world_position(model, model.positions[i]), glm::vec3(2, 1, 0));
    }
  }
  ASSERT_EQ(scene.notes.size(), 1u);
  EXPECT_NE(scene.notes[0].find("welded 1 duplicate vertex, dropped 1 zero-area triangle, "
                                "dropped 1 unused vertex"),
            std::string::npos)
      << scene.notes[0];
}

// break_strain in a material: given, kept from a named material, or overridden; it reaches the
// cloth grid. Without one a cloth never tears (0), and a mesh of a material that does not tear
// still loads.
TEST(SceneFile, BreakStrainReachesTheClothGrid) {
  const Scene scene = parse_scene_text(R"(
[[cloth]]
name = "given"
columns = 3
rows = 3
material = { preset = "cotton", break_strain = 0.08 }

[[cloth]]
name = "named"
columns = 3
rows = 3
material = "paper"

[[cloth]]
name = "kept"
columns = 3
rows = 3
material = { preset = "paper", max_stretch = 0.005 }

[[cloth]]
name = "overridden"
columns = 3
rows = 3
material = { preset = "paper", break_strain = 0.035 }

[[cloth]]
name = "figures"
columns = 3
rows = 3
[cloth.material]
areal_density = 0.2
stretch_stiffness = 800
shear_stiffness = 30
break_strain = 0.1

[[cloth]]
name = "never"
columns = 3
rows = 3
material = "cotton"

[[mesh]]
file = "square.obj"
material = "cotton"
)",
                                       {{"square.obj", kSquare}});
  const SceneSystem& system = scene.systems[0];
  const std::vector<GridLayout>& grids = system.model.grids;
  ASSERT_EQ(grids.size(), 6u);
  const float expected[] = {0.08f, 0.02f, 0.02f, 0.035f, 0.1f, 0.0f};
  for (size_t k = 0; k < grids.size(); ++k) {
    EXPECT_EQ(grids[k].break_strain, expected[k]) << system.objects[k].name;
    EXPECT_EQ(system.objects[k].material->break_strain.value_or(0.0f), expected[k])
        << system.objects[k].name;
  }
  // The rest of the named material stays.
  EXPECT_EQ(system.objects[0].material->stretch_stiffness, 1000.0f);
  EXPECT_EQ(system.objects[2].material->max_stretch, 0.005f);
  EXPECT_FALSE(system.objects[5].material->break_strain.has_value());
  EXPECT_EQ(system.objects[6].kind, SceneObjectKind::mesh);
}

TEST(SceneFile, CompressionStiffnessSoftensTheCompressedLinks) {
  const Scene scene = parse_scene_text(R"(
[[cloth]]
name = "figures"
columns = 3
rows = 3
[cloth.material]
areal_density = 0.2
stretch_stiffness = 800
shear_stiffness = 30
compression_stiffness = 16

[[cloth]]
name = "as_stiff"
columns = 3
rows = 3
material = { preset = "cotton", compression_stiffness = 1000 }
)");
  const std::vector<GridLayout>& grids = scene.systems[0].model.grids;
  ASSERT_EQ(grids.size(), 2u);
  EXPECT_FLOAT_EQ(compression_compliance_of(grids[0].structural), 50.0f / 800.0f);
  EXPECT_FLOAT_EQ(compression_compliance_of(grids[0].shear), 50.0f * grids[0].shear.compliance);
  EXPECT_FLOAT_EQ(compression_compliance_of(grids[1].structural), grids[1].structural.compliance);
  EXPECT_THROW(parse_scene_text("[[cloth]]\nmaterial = { preset = \"cotton\", "
                                "compression_stiffness = 0 }\n"),
               SceneError);
}

TEST(SceneFile, MeshFileIsFoundNextToTheSceneFile) {
  const Scene scene = load_scene(WEFT_SCENES_DIR "/mesh_drape.toml");
  EXPECT_EQ(scene.systems[0].model.particle_count(), 217u);
  EXPECT_EQ(scene.systems[0].model.triangles.size(), 384u);
}

TEST(SceneFile, NonAsciiTextIsWelcomeInComments) {
  // \xC3\xBC is U+00FC (UTF-8). Quotes and '#' inside strings do not start comments or strings.
  const Scene scene = parse_scene_text(
      "# Kommentar: Fl\xC3\xBC"
      "gel \"quoted\" 'quoted'\n"
      "[scene]\n"
      "title = 'Ueberhang \"x\" # not a comment'\n"
      "description = \"\"\"Zeile \"eins\"\n-- zwei\"\"\"\"\n"
      "[[system]]\n"
      "name = \"main\"  # \xC3\xBC\n"
      "description = \"oel \\\" # not a comment\"\n"
      "[[particle]]\n"
      "position = [0, 0, 0]\n"
      "mass = 1\n");
  EXPECT_EQ(scene.title, "Ueberhang \"x\" # not a comment");
  EXPECT_EQ(scene.description, "Zeile \"eins\"\n-- zwei\"");
  EXPECT_EQ(scene.systems[0].name, "main");
}

// A scene without [[system]] is named after its file, made a valid name: export files are named
// after it, so whatever the file is called, the name is never a path and always exports.
TEST(SceneFile, TheImplicitSystemNameIsAValidNameWhateverTheFileName) {
  const std::string particle = "[[particle]]\nposition = [0, 0, 0]\nmass = 1\n";
  const std::vector<std::pair<std::string, std::string>> names = {
      {"flag_in_wind.toml", "flag_in_wind"},
      {"2d cloth.toml", "_2d_cloth"},
      {"-x.toml", "_-x"},
      {"..toml", "_"},
      {std::string(100, 'a').append(".toml"), std::string(64, 'a')},
  };
  for (const auto& [file, expected] : names) {
    const Scene scene = parse_scene_text(particle, {}, file);
    EXPECT_EQ(scene.systems[0].name, expected) << file;
    EXPECT_TRUE(is_valid_name(scene.systems[0].name)) << file;
  }
}

TEST(ClosestMatch, SuggestsNearKeysOnly) {
  const std::vector<std::string> keys = {"stiffness", "damping", "compliance", "kind"};
  EXPECT_EQ(closest_match("stifness", keys), "stiffness");
  EXPECT_EQ(closest_match("Damping", keys), "damping");
  EXPECT_EQ(closest_match("complience", keys), "compliance");
  EXPECT_EQ(closest_match("banana", keys), std::nullopt);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

}  // namespace
}  // namespace weft::test
