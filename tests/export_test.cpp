// Exports: an OBJ written by weft and read back gives the same positions and faces (9 significant
// digits round-trip a float exactly), normals are unit and point the right way, PLY and CSV hold
// what was written, a run exports the frames asked for, and no half-written file is ever left.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include <glm/geometric.hpp>

#include "app/export/frame_exporter.h"
#include "app/export/mesh_writers.h"
#include "app/scene/obj_reader.h"
#include "app/run/scene_run.h"
#include "sim/core/solver_on_cpu.h"
#include "sim/model/model_origin.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

// A fresh, empty directory per test.
fs::path scratch_directory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("weft_export_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.insert(entry.path().filename().string());
  return names;
}

constexpr const char* kClothScene = R"(
[solver]
integrator = "verlet"
substeps = 4
[[cloth]]
name = "cloth"
origin = [0, 1, 0]
width_axis = [1, 0, 0]
height_axis = [0, 0, 1]
columns = 5
rows = 4
particle_mass = 0.01
structural = { stiffness = 100.0, damping = 0.01 }
pin = { corners = ["first_row_first_column"] }
)";

TEST(Export, ObjReadBackGivesTheSamePositionsAndFaces) {
  const Scene scene = parse_scene_text(kClothScene);
  const Model& model = scene.systems[0].model;
  std::vector<glm::vec3> positions = model.positions;
  positions[7] += glm::vec3(1.0f / 3.0f, -2e-7f, 12345.678f);  // digits a float barely holds
  std::ostringstream text;
  write_obj(text, positions, model.triangles, "a test");
  const ObjMesh back = parse_obj(text.str(), "written.obj");
  ASSERT_EQ(back.vertices.size(), positions.size());
  for (size_t i = 0; i < positions.size(); ++i)
    EXPECT_EQ(back.vertices[i], positions[i]) << "vertex " << i;
  ASSERT_EQ(back.triangles.size(), model.triangles.size());
  for (size_t t = 0; t < model.triangles.size(); ++t)
    EXPECT_EQ(back.triangles[t], model.triangles[t]) << "triangle " << t;
}

TEST(Export, ObjHasOneUnitNormalPerVertexFacingTheWindingSide) {
  // One triangle, counter-clockwise seen from +z, and a vertex in no triangle.
  const std::vector<glm::vec3> positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {5, 5, 5}};
  const std::vector<glm::uvec3> triangles = {{0, 1, 2}};
  std::ostringstream text;
  write_obj(text, positions, triangles, "");
  std::istringstream lines(text.str());
  std::string line;
  std::vector<glm::vec3> normals;
  std::vector<std::string> faces;
  while (std::getline(lines, line)) {
    glm::vec3 n;
    if (std::sscanf(line.c_str(), "vn %f %f %f", &n.x, &n.y, &n.z) == 3) normals.push_back(n);
    if (line.rfind("f ", 0) == 0) faces.push_back(line);
  }
  ASSERT_EQ(normals.size(), 4u);
  for (int v = 0; v < 3; ++v)
    EXPECT_EQ(normals[static_cast<size_t>(v)], glm::vec3(0, 0, 1));
  EXPECT_FLOAT_EQ(glm::length(normals[3]), 1.0f);
  ASSERT_EQ(faces.size(), 1u);
  EXPECT_EQ(faces[0], "f 1//1 2//2 3//3");
}

TEST(Export, PlyHeaderDeclaresTheVerticesThatFollow) {
  const std::vector<glm::vec3> points = {{1.5f, -2, 0.25f}, {0, 0, 1e-8f}};
  std::ostringstream text;
  write_ply_points(text, points, "rope");
  std::istringstream in(text.str());
  std::string line;
  std::vector<std::string> header;
  while (std::getline(in, line) && line != "end_header")
    header.push_back(line);
  const std::vector<std::string> expected = {"ply",
                                             "format ascii 1.0",
                                             "comment rope",
                                             "element vertex 2",
                                             "property float x",
                                             "property float y",
                                             "property float z"};
  EXPECT_EQ(header, expected);
  for (const glm::vec3& p : points) {
    glm::vec3 q;
    ASSERT_TRUE(in >> q.x >> q.y >> q.z);
    EXPECT_EQ(q, p);
  }
  EXPECT_FALSE(in >> line);  // nothing after the vertices
}

TEST(Export, CsvNumbersParticlesAcrossSystems) {
  const fs::path dir = scratch_directory("csv");
  write_positions_csv(dir / "final.csv", {{{1, 2, 3}}, {{4, 5, 6}, {-0.5f, 0, 7}}});
  EXPECT_EQ(read_text(dir / "final.csv"), "index,x,y,z\n0,1,2,3\n1,4,5,6\n2,-0.5,0,7\n");
  EXPECT_EQ(listing(dir), std::set<std::string>{"final.csv"});  // no temporary left behind
}

TEST(Export, RunExportsFrameZeroEveryKthAndTheLastFrame) {
  const fs::path dir = scratch_directory("run");
  const Scene scene = parse_scene_text(kClothScene, {}, "cloth.toml");
  std::vector<std::unique_ptr<Solver>> solvers;
  solvers.push_back(make_solver_on_cpu(scene.systems[0].model, 1));
  FrameExporter exporter(scene, dir / "frames", 10);
  RunLoopOptions options;
  options.frames = 25;
  options.exporter = &exporter;
  const RunOutcome outcome = run_scene_frames(scene, solvers, options);
  EXPECT_EQ(outcome.frames_done, 25u);
  EXPECT_FALSE(outcome.blew_up());
  const std::set<std::string> expected = {"cloth_000000.obj", "cloth_000010.obj",
                                          "cloth_000020.obj", "cloth_000025.obj"};
  EXPECT_EQ(listing(dir / "frames"), expected);

  // The last export is the solver's final state in the world, read back exactly.
  const ObjMesh last = read_obj_file(dir / "frames" / "cloth_000025.obj");
  const std::vector<glm::vec3> final_positions =
      world_positions(scene.systems[0].model, positions_of(*solvers[0]));
  ASSERT_EQ(last.vertices.size(), final_positions.size());
  for (size_t i = 0; i < final_positions.size(); ++i)
    EXPECT_EQ(last.vertices[i], final_positions[i]) << "vertex " << i;
  // ... and it has moved since frame 0: the files are not all the initial state.
  const ObjMesh first = read_obj_file(dir / "frames" / "cloth_000000.obj");
  EXPECT_GT(glm::distance(first.vertices.back(), last.vertices.back()), 0.01f);
}

// A cloth that tears: the export drops the triangles that lost an edge, as the viewer does, and
// keeps every vertex (the numbering of a frame sequence stays the same).
TEST(Export, ACutClothIsExportedWithoutTheTrianglesAlongTheCut) {
  const fs::path dir = scratch_directory("torn");
  const Scene scene = parse_scene_text(R"(
[[cloth]]
name = "cloth"
origin = [0, 1, 0]
width_axis = [1, 0, 0]
height_axis = [0, 0, 1]
columns = 5
rows = 4
material = "paper"
pin = { corners = ["first_row_first_column"] }
)",
                                       {}, "paper.toml");  // the system is named "paper"
  const Model& model = scene.systems[0].model;
  FrameExporter exporter(scene, dir, 1);
  std::vector<uint32_t> state(model.particle_count(), 0);
  std::vector<std::vector<glm::vec3>> positions(1, model.positions);
  exporter.write(0, positions, {state});
  // The link from node 6 (row 1, column 1) to its right: both ends hold its bit.
  state[6] |= 1u << 0;
  state[7] |= 1u << 1;
  exporter.write(1, positions, {state});
  const ObjMesh whole = read_obj_file(dir / "paper_000000.obj");
  const ObjMesh torn = read_obj_file(dir / "paper_000001.obj");
  EXPECT_EQ(whole.triangles.size(), model.triangles.size());
  EXPECT_EQ(torn.vertices.size(), whole.vertices.size());
  // An interior link is an edge of the triangle above it and the one below.
  EXPECT_EQ(torn.triangles.size(), model.triangles.size() - 2);
  for (const glm::uvec3& t : torn.triangles) {
    const bool has6 = t.x == 6 || t.y == 6 || t.z == 6;
    const bool has7 = t.x == 7 || t.y == 7 || t.z == 7;
    EXPECT_FALSE(has6 && has7) << "a triangle along the torn link was kept";
  }
}

}  // namespace
}  // namespace weft::test
