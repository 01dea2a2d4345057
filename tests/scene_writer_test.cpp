// Scenes saved as scene files (app/scene/scene_writer.h, app/export/saved_scene.h): every preset
// in scenes/, loaded, saved and loaded again, is the same scene (every particle, link, parameter,
// collider and path, compared field by field and bit for bit) and runs the same first frames on
// the CPU reference. Numbers survive the trip through the loader's parsers; what a scene file
// cannot say is refused with a message, and nothing is written then.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

#include <toml++/toml.h>

#include "app/export/output_file.h"
#include "app/export/saved_scene.h"
#include "app/scene/obj_reader.h"
#include "app/scene/scene_file.h"
#include "app/scene/scene_source.h"
#include "app/scene/scene_writer.h"
#include "app/scene/scene_writer_parts.h"
#include "tests/support/presets.h"
#include "tests/support/saved_scene_checks.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

// Frames run on both sides: the first, in whose substeps every setting and element has acted
// (one frame of the largest presets is seconds of the sanitized run).
constexpr uint32_t kFrames = 1;

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class SavedPresetTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SavedPresetTest, LoadsAsTheSameSceneAndRunsTheSameFrames) {
  const Scene original = load_scene(preset_path(GetParam()));
  const fs::path dir = fresh_directory("saved_preset_" + GetParam());
  const fs::path file = dir / (GetParam() + ".toml");
  const SavedScene saved = save_scene(original, file);
  EXPECT_TRUE(saved.notes.empty());
  EXPECT_TRUE(saved.replaced.empty());
  const Scene reloaded = load_scene(file);
  expect_same_scene(original, reloaded);
  for (size_t s = 0; s < original.systems.size(); ++s) {
    EXPECT_TRUE(same_frames(original.systems[s].model, original.systems[s].events,
                            reloaded.systems[s].model, reloaded.systems[s].events, kFrames))
        << original.systems[s].name;
  }
  // Saved again, the scene reads the same: nothing drifts from one save to the next.
  const SavedScene again = save_scene(reloaded, file);
  // Every file it replaced is named: the scene and each mesh weft wrote beside it.
  EXPECT_EQ(again.replaced.size(), 1 + saved.meshes.size());
  expect_same_scene(original, load_scene(file));
}

std::string preset_test_name(const ::testing::TestParamInfo<std::string>& param) {
  return param.param;
}

INSTANTIATE_TEST_SUITE_P(Scenes, SavedPresetTest, ::testing::ValuesIn(preset_names()),
                         preset_test_name);

// A scene's camera and its objects' colours and checks are written back as they were read.
TEST(SavedScene, KeepsTheCameraAndTheColours) {
  const Scene original = parse_scene_text(
      "[camera]\neye = [1.5, 2.25, -3.0]\ntarget = [0.125, 0.5, 0.0]\nfov = 33.5\n"
      "[[rope]]\nname = \"red\"\nstart = [0, 0, 0]\nend = [1, 0, 0]\nnodes = 4\n"
      "node_mass = 0.1\nsegment = { kind = \"spring\", stiffness = 100.0 }\n"
      "color = [0.9, 0.1, 0.2]\n"
      "[[rope]]\nname = \"plain\"\nstart = [0, 1, 0]\nend = [1, 1, 0]\nnodes = 4\n"
      "node_mass = 0.1\nsegment = { kind = \"spring\", stiffness = 100.0 }\n"
      "[[cloth]]\nname = \"checked\"\ncolumns = 4\nrows = 4\nmaterial = \"cotton\"\n"
      "check_size = 0.125\n",
      {}, "look.toml");
  ASSERT_TRUE(original.camera);
  EXPECT_EQ(original.systems[0].objects[2].check_size, 0.125f);
  ASSERT_TRUE(original.systems[0].objects[0].color);
  EXPECT_FALSE(original.systems[0].objects[1].color);  // the palette's, not written
  const fs::path file = fresh_directory("saved_look") / "look.toml";
  save_scene(original, file);
  expect_same_scene(original, load_scene(file));
}

// A mesh is written beside the scene as it was simulated: a saved scene loads from any folder.
TEST(SavedScene, WritesMeshesBesideTheScene) {
  const Scene original = load_scene(preset_path("moving_colliders"));
  const fs::path dir = fresh_directory("saved_meshes");
  const SavedScene saved = save_scene(original, dir / "room.toml");
  ASSERT_EQ(saved.meshes.size(), 2u);  // the table and the chair
  EXPECT_EQ(saved.meshes[0], dir / "room.collider1.obj");
  EXPECT_EQ(saved.meshes[1], dir / "room.collider2.obj");
  for (const fs::path& mesh : saved.meshes)
    EXPECT_TRUE(fs::is_regular_file(mesh)) << mesh;
  EXPECT_NE(read_text(dir / "room.toml").find("file = \"room.collider1.obj\""), std::string::npos);

  const Scene drape = load_scene(preset_path("mesh_drape"));
  const SavedScene cloth = save_scene(drape, dir / "drape.toml");
  ASSERT_EQ(cloth.meshes.size(), 1u);
  EXPECT_EQ(cloth.meshes[0], dir / "drape-tablecloth.obj");
}

// An object's mesh and a collider's never share a name, whatever the object is called.
TEST(SavedScene, MeshNamesNeverCollide) {
  const std::string square = "v 0 1 0\nv 1 1 0\nv 1 1 1\nv 0 1 1\nf 1 2 3\nf 1 3 4\n";
  const std::string wall = "v -5 0 -5\nv -5 0 5\nv -5 3 0\nf 1 2 3\n";
  const Scene original = parse_scene_text(R"(
[[environment.collider]]
shape = "mesh"
file = "wall.obj"

[[mesh]]
name = "collider1"
file = "sheet.obj"
particle_mass = 0.1
edge = { kind = "constraint" }
pin = { nodes = [0] }
)",
                                          {{"wall.obj", wall}, {"sheet.obj", square}});
  const fs::path dir = fresh_directory("saved_mesh_names");
  const SavedScene saved = save_scene(original, dir / "s.toml");
  ASSERT_EQ(saved.meshes.size(), 2u);
  EXPECT_NE(saved.meshes[0], saved.meshes[1]);
  expect_same_scene(original, load_scene(dir / "s.toml"));
}

// Pins by corner or box are written as such while they hold: the scene still pins the same
// nodes at another resolution (weft run --columns --rows).
TEST(SavedScene, KeepsCornerAndRegionPins) {
  const Scene original = load_scene(preset_path("hanging_cloth"));
  const fs::path file = fresh_directory("saved_region") / "hanging.toml";
  save_scene(original, file);
  const std::string text = read_text(file);
  EXPECT_NE(text.find("region = { min = [-0.501, 1.499, -1e-05]"), std::string::npos) << text;
  EXPECT_EQ(text.find("nodes = ["), std::string::npos) << text;
  const Scene finer = load_scene(file, 48, 40);
  EXPECT_EQ(finer.systems[0].model.particle_count(), 48u * 40u);
}

// A break strain is saved with the material's figures, bit for bit, and a named material that
// was given another break strain is no longer that material: saved as "cotton", the cloth would
// stop tearing.
TEST(SavedScene, KeepsEachClothsBreakStrain) {
  const Scene original = parse_scene_text(R"(
[[cloth]]
name = "torn"
columns = 4
rows = 3
material = { preset = "cotton", break_strain = 0.07 }
pin = { corners = ["first_row_first_column"] }

[[cloth]]
name = "paper"
origin = [0, 1, 0]
columns = 3
rows = 3
material = "paper"

[[cloth]]
name = "figures"
origin = [0, 2, 0]
columns = 3
rows = 3
[cloth.material]
areal_density = 0.1
stretch_stiffness = 300
shear_stiffness = 20
break_strain = 0.123456789
compression_stiffness = 12.5
)");
  const fs::path file = fresh_directory("saved_break_strain") / "tearing.toml";
  save_scene(original, file);
  const std::string text = read_text(file);
  EXPECT_NE(text.find("break_strain = 0.07\n"), std::string::npos) << text;
  EXPECT_NE(text.find("material = \"paper\""), std::string::npos) << text;
  EXPECT_NE(text.find("compression_stiffness = 12.5\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("material = \"cotton\""), std::string::npos) << text;
  const Scene reloaded = load_scene(file);
  expect_same_scene(original, reloaded);
  const std::vector<GridLayout>& grids = reloaded.systems[0].model.grids;
  ASSERT_EQ(grids.size(), 3u);
  EXPECT_EQ(grids[0].break_strain, 0.07f);
  EXPECT_EQ(grids[1].break_strain, 0.02f);
  EXPECT_EQ(grids[2].break_strain, 0.123456789f);
}

// A material's own Coulomb coefficients are saved with its figures, bit for bit, and reach the
// cloth's or mesh's contact group again; a named material given them is no longer that material.
TEST(SavedScene, KeepsEachMaterialsFriction) {
  const Scene original = parse_scene_text(R"(
[[cloth]]
name = "grippy"
columns = 3
rows = 3
material = { preset = "cotton", static_friction = 0.6 }

[[cloth]]
name = "figures"
origin = [0, 1, 0]
columns = 3
rows = 3
[cloth.material]
areal_density = 0.1
stretch_stiffness = 300
shear_stiffness = 20
static_friction = 0.7
kinetic_friction = 0.123456789

[[cloth]]
name = "plain"
origin = [0, 2, 0]
columns = 3
rows = 3
material = "silk"
)");
  const fs::path file = fresh_directory("saved_material_friction") / "friction.toml";
  save_scene(original, file);
  const std::string text = read_text(file);
  EXPECT_EQ(text.find("material = \"cotton\""), std::string::npos) << text;
  EXPECT_NE(text.find("material = \"silk\""), std::string::npos) << text;
  EXPECT_NE(text.find("kinetic_friction = 0.12345679\n"), std::string::npos) << text;
  const Scene reloaded = load_scene(file);
  expect_same_scene(original, reloaded);
  const Model& model = reloaded.systems[0].model;
  ASSERT_EQ(model.contact_groups.size(), 3u);
  ASSERT_EQ(model.surface_frictions.size(), 2u);  // the third object's material has none
  EXPECT_EQ(model.surface_frictions[0].first_particle, model.contact_groups[0].first_particle);
  EXPECT_EQ(model.surface_frictions[0].friction.static_friction, 0.6f);
  EXPECT_EQ(model.surface_frictions[0].friction.kinetic_friction, 0.6f);  // the static one
  EXPECT_EQ(model.surface_frictions[1].first_particle, model.contact_groups[1].first_particle);
  EXPECT_EQ(model.surface_frictions[1].friction.kinetic_friction, 0.123456789f);
}

// Every float a scene file can hold is read back by the loader's parsers as the same float.
TEST(TomlText, FloatsReadBackBitForBit) {
  std::vector<float> values = {0.0f,    -0.0f,    0.1f,   1.0f / 60.0f, 1e-30f, 1e30f,
                               3.4e38f, 1.2e-38f, 1e-45f, -9.81f,       1.92f,  100.0f};
  std::mt19937 random(7);
  std::uniform_int_distribution<uint32_t> bits(0, 0xffffffffu);
  while (values.size() < 20000) {
    const uint32_t b = bits(random);
    float v;
    std::memcpy(&v, &b, sizeof v);
    if (std::isfinite(v)) values.push_back(v);
  }
  for (float v : values) {
    const std::string text = toml_float(v, "x");
    const toml::table table = toml::parse("x = " + text);
    ASSERT_TRUE(table["x"].is_floating_point()) << text;
    const float back = static_cast<float>(*table["x"].value<double>());
    ASSERT_EQ(std::memcmp(&back, &v, sizeof v), 0) << text;
    const ObjMesh mesh =
        parse_obj("v " + obj_float(v) + " 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\n", "test.obj");
    ASSERT_EQ(std::memcmp(&mesh.vertices[0].x, &v, sizeof v), 0) << obj_float(v);
  }
  EXPECT_EQ(toml_float(0.1f, "x"), "0.1");
  EXPECT_EQ(toml_float(-0.0f, "x"), "-0.0");
  EXPECT_EQ(toml_float(100.0f, "x"), "100.0");
  EXPECT_THROW(toml_float(NAN, "x"), SceneWriteError);
  EXPECT_THROW(toml_float(INFINITY, "x"), SceneWriteError);
  EXPECT_EQ(toml_string("a \"b\" \\ c\nd"), "\"a \\\"b\\\" \\\\ c\\nd\"");
}

// A rotation the file did not give in degrees (a collider turned since) is written as angles
// that give it again, to float rounding.
TEST(SceneWriter, DegreesOfARotationGiveItBack) {
  std::mt19937 random(11);
  std::uniform_real_distribution<float> angle(-180.0f, 180.0f);
  std::vector<glm::vec3> cases = {{0, 90, 0}, {30, -90, 45}, {0, 0, 0}, {180, 0, 0}};
  for (int k = 0; k < 200; ++k)
    cases.push_back({angle(random), angle(random), angle(random)});
  for (const glm::vec3& degrees : cases) {
    const glm::quat q = rotation_from_degrees(degrees);
    const glm::quat back = rotation_from_degrees(degrees_of(q));
    EXPECT_NEAR(std::abs(glm::dot(q, back)), 1.0f, 1e-5f)
        << degrees.x << " " << degrees.y << " " << degrees.z;
  }
}

TEST(SavedScene, RefusesWhatAFileCannotSayAndWritesNothing) {
  const fs::path dir = fresh_directory("saved_refused");
  // Systems that disagree on the time a frame takes.
  Scene ropes = load_scene(preset_path("games101_ropes"));
  ropes.systems[1].model.solver.frame_dt = 1.0f / 30.0f;
  try {
    save_scene(ropes, dir / "ropes.toml");
    ADD_FAILURE() << "saved two frame_dt";
  } catch (const SceneWriteError& error) {
    EXPECT_NE(std::string(error.what()).find("one frame_dt"), std::string::npos) << error.what();
  }
  // A particle of a cloth with a mass of its own.
  Scene glut = load_scene(preset_path("glut_cloth"));
  glut.systems[0].model.inverse_masses[5] *= 2.0f;
  try {
    save_scene(glut, dir / "glut.toml");
    ADD_FAILURE() << "saved a cloth particle's own mass";
  } catch (const SceneWriteError& error) {
    EXPECT_NE(std::string(error.what()).find("particle 5 has a mass of its own"), std::string::npos)
        << error.what();
  }
  // An object that no description built.
  Scene bare = default_scene();
  bare.systems[0].objects[0].cloth.reset();
  EXPECT_THROW(save_scene(bare, dir / "bare.toml"), SceneWriteError);
  EXPECT_TRUE(fs::is_empty(dir));

  // Where no file can go: a folder, a folder that is not there.
  const Scene scene = load_scene(preset_path("mesh_drape"));
  fs::create_directory(dir / "folder.toml");
  try {
    save_scene(scene, dir / "folder.toml");
    ADD_FAILURE() << "wrote over a folder";
  } catch (const ExportError& error) {
    EXPECT_NE(std::string(error.what()).find("it is a folder"), std::string::npos) << error.what();
  }
  fs::remove(dir / "folder.toml");
  EXPECT_TRUE(fs::is_empty(dir));
}

// A missing folder is created, as for every output of `weft run`.
TEST(SavedScene, CreatesMissingFolders) {
  const Scene scene = load_scene(preset_path("mesh_drape"));
  const fs::path dir = fresh_directory("saved_missing_folder");
  const SavedScene saved = save_scene(scene, dir / "a" / "b" / "drape.toml");
  EXPECT_TRUE(fs::is_regular_file(dir / "a" / "b" / "drape.toml"));
  ASSERT_EQ(saved.meshes.size(), 1u);
  EXPECT_TRUE(fs::is_regular_file(saved.meshes[0]));
}

// The meshes beside a saved scene have names the user did not give (the scene's, and its
// objects'): a file of such a name that weft did not write is refused, and nothing is written;
// one weft wrote as a saved scene's mesh is replaced, and named.
TEST(SavedScene, ReplacesOnlyMeshesWeftWroteAndNamesThem) {
  const Scene scene = load_scene(preset_path("mesh_drape"));
  const fs::path dir = fresh_directory("saved_beside");
  std::ofstream(dir / "drape-tablecloth.obj") << "my own mesh\n";
  try {
    save_scene(scene, dir / "drape.toml");
    ADD_FAILURE() << "replaced a file weft did not write";
  } catch (const ExportError& error) {
    EXPECT_NE(std::string(error.what()).find("drape-tablecloth.obj: something weft did not write"),
              std::string::npos)
        << error.what();
  }
  EXPECT_EQ(read_text(dir / "drape-tablecloth.obj"), "my own mesh\n");
  EXPECT_FALSE(fs::exists(dir / "drape.toml"));

  fs::remove(dir / "drape-tablecloth.obj");
  const SavedScene first = save_scene(scene, dir / "drape.toml");
  EXPECT_TRUE(first.replaced.empty());
  const SavedScene second = save_scene(scene, dir / "drape.toml");
  const std::vector<fs::path> both = {dir / "drape-tablecloth.obj", dir / "drape.toml"};
  EXPECT_EQ(second.replaced, both);
}

// The default name never replaces a file: the next free number, for the scene and its meshes.
TEST(SavedScene, UnusedPathSkipsNamesInUse) {
  const Scene scene = load_scene(preset_path("mesh_drape"));
  const fs::path dir = fresh_directory("saved_unused");
  EXPECT_EQ(unused_scene_path(scene, dir, "mesh drape"), dir / "mesh_drape-saved.toml");
  std::ofstream(dir / "mesh_drape-saved.toml") << "mine";
  EXPECT_EQ(unused_scene_path(scene, dir, "mesh drape"), dir / "mesh_drape-saved-2.toml");
  std::ofstream(dir / "mesh_drape-saved-2-tablecloth.obj") << "mine too";
  EXPECT_EQ(unused_scene_path(scene, dir, "mesh drape"), dir / "mesh_drape-saved-3.toml");
  const SavedScene saved = save_scene(scene, unused_scene_path(scene, dir, "mesh drape"));
  EXPECT_TRUE(saved.replaced.empty());
  EXPECT_EQ(read_text(dir / "mesh_drape-saved.toml"), "mine");
  EXPECT_EQ(read_text(dir / "mesh_drape-saved-2-tablecloth.obj"), "mine too");
}

// A one-shot force on a particle pinned since cannot be in the file (a scene refuses it) and
// would not move it: it is left out, with a note, and the frames are the same.
TEST(SavedScene, LeavesOutAForceOnAParticlePinnedSince) {
  Scene scene = load_scene(preset_path("witkin_particles"));
  SceneSystem& system = scene.systems[0];
  ASSERT_EQ(system.events.size(), 1u);
  system.events[0].frame = 1;
  system.model.inverse_masses[system.events[0].particle] = 0.0f;
  const fs::path file = fresh_directory("saved_force") / "witkin.toml";
  const SavedScene saved = save_scene(scene, file);
  ASSERT_EQ(saved.notes.size(), 1u);
  EXPECT_NE(saved.notes[0].find("'b' is left out"), std::string::npos) << saved.notes[0];
  const Scene reloaded = load_scene(file);
  EXPECT_TRUE(reloaded.systems[0].events.empty());
  EXPECT_TRUE(models_equal(system.model, reloaded.systems[0].model));
  EXPECT_TRUE(same_frames(system.model, system.events, reloaded.systems[0].model, {}, 3));
}

}  // namespace
}  // namespace weft::test
