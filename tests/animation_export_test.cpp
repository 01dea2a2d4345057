// Animation exports read back: a glTF binary and an OBJ frame through assimp (a standard reader,
// not weft's own), a point cache by its header and samples. Each must hold the positions the
// simulation had at the frames sampled, the cloth its texture coordinates, the rope its polyline.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include <assimp/Importer.hpp>
#include <assimp/anim.h>
#include <assimp/scene.h>

#include "app/export/animation_exporter.h"
#include "app/export/output_file.h"
#include "app/scene/obj_reader.h"
#include "app/export/frame_exporter.h"
#include "sim/core/solver_on_cpu.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

fs::path scratch_directory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("weft_animation_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A cloth in one system and a rope in another, both swinging from pins.
constexpr const char* kScene = R"(
[solver]
integrator = "verlet"
substeps = 4
[environment]
gravity = [0.0, -9.81, 0.0]
[[system]]
name = "cloth"
[[system]]
name = "rope"
[[cloth]]
name = "sheet"
system = "cloth"
origin = [0, 1, 0]
width_axis = [1, 0, 0]
height_axis = [0, 0, 1]
columns = 5
rows = 4
particle_mass = 0.01
structural = { stiffness = 100.0, damping = 0.01 }
pin = { corners = ["first_row_first_column"] }
[[rope]]
name = "cord"
system = "rope"
start = [0.0, 2.0, 0.0]
end = [1.0, 2.0, 0.0]
nodes = 6
node_mass = 0.1
pin = { nodes = [0] }
[rope.segment]
kind = "spring"
stiffness = 1000.0
)";

constexpr uint32_t kFrames = 12;
constexpr uint32_t kEvery = 3;

// Runs the scene on the CPU reference, recording frames 0, 3, 6, 9, 12 into the exporter, and
// returns what the simulation had at each: [sample][system][particle].
std::vector<std::vector<std::vector<glm::vec3>>> run_and_record(const Scene& scene,
                                                                AnimationExporter& exporter) {
  std::vector<std::unique_ptr<Solver>> solvers;
  for (const SceneSystem& system : scene.systems)
    solvers.push_back(make_solver_on_cpu(system.model, 1));
  std::vector<std::vector<std::vector<glm::vec3>>> truth;
  for (uint32_t frame = 0; frame <= kFrames; ++frame) {
    if (frame > 0) {
      for (auto& solver : solvers)
        solver->step_frames(1);
    }
    if (!exporter.wants(frame)) continue;
    std::vector<std::vector<glm::vec3>> positions;
    for (auto& solver : solvers)
      positions.push_back(positions_of(*solver));
    exporter.record(frame, positions);
    truth.push_back(positions);
  }
  return truth;
}

void expect_near(const aiVector3D& actual, const glm::vec3& expected, const std::string& what) {
  EXPECT_NEAR(actual.x, expected.x, 1e-5f) << what;
  EXPECT_NEAR(actual.y, expected.y, 1e-5f) << what;
  EXPECT_NEAR(actual.z, expected.z, 1e-5f) << what;
}

TEST(AnimationExport, FormatComesFromTheExtension) {
  EXPECT_EQ(animation_format_for("a/b.glb"), AnimationFormat::glb);
  EXPECT_EQ(animation_format_for("B.PC2"), AnimationFormat::pc2);
  EXPECT_FALSE(animation_format_for("c.fbx").has_value());
  EXPECT_FALSE(animation_format_for("glb").has_value());
  const Scene scene = parse_scene_text(kScene);
  EXPECT_THROW(AnimationExporter(scene, scratch_directory("ext") / "a.fbx", 1), ExportError);
}

TEST(AnimationExport, UnwritablePlacesAreRefusedBeforeTheRun) {
  const Scene scene = parse_scene_text(kScene);
  const fs::path dir = scratch_directory("unwritable");
  // A folder that cannot be created: a file stands where it would go.
  { std::ofstream(dir / "a_file") << "x"; }
  EXPECT_THROW(AnimationExporter(scene, dir / "a_file" / "a.glb", 1), ExportError);
  // A missing folder is created when the file is written, as for every output.
  AnimationExporter in_new_folder(scene, dir / "new" / "a.glb", 1);
  in_new_folder.record(0, {scene.systems[0].model.positions, scene.systems[1].model.positions});
  in_new_folder.finish();
  EXPECT_TRUE(fs::exists(dir / "new" / "a.glb"));
  fs::create_directories(dir / "taken.glb");
  EXPECT_THROW(AnimationExporter(scene, dir / "taken.glb", 1), ExportError);
}

// A point cache's rest mesh, FILE.obj, is a name the user did not give: before the run, anything
// there but a rest mesh weft wrote (a folder, a FIFO, a mesh of the user's) is refused; a rest
// mesh of an earlier export is replaced, and the result says so.
TEST(AnimationExport, RestMeshReplacesOnlyAnEarlierRestMesh) {
  const Scene scene = parse_scene_text(kScene);
  const fs::path dir = scratch_directory("rest_mesh");
  fs::create_directories(dir / "folder.obj");
  EXPECT_THROW(AnimationExporter(scene, dir / "folder.pc2", 1), ExportError);
  ASSERT_EQ(::mkfifo((dir / "fifo.obj").c_str(), 0600), 0);
  EXPECT_THROW(AnimationExporter(scene, dir / "fifo.pc2", 1), ExportError);
  { std::ofstream(dir / "mine.obj") << "v 0 0 0\n"; }
  try {
    AnimationExporter(scene, dir / "mine.pc2", 1);
    ADD_FAILURE() << "a mesh of the user's would be replaced";
  } catch (const ExportError& error) {
    EXPECT_NE(std::string(error.what()).find("mine.obj: something weft did not write"),
              std::string::npos)
        << error.what();
  }
  const auto positions = std::vector<std::vector<glm::vec3>>{scene.systems[0].model.positions,
                                                             scene.systems[1].model.positions};
  for (const bool again : {false, true}) {
    AnimationExporter exporter(scene, dir / "run.pc2", 1);
    exporter.record(0, positions);
    const std::vector<WrittenFile> written = exporter.finish();
    ASSERT_EQ(written.size(), 2u);
    EXPECT_EQ(written[0].replaced, again);
    EXPECT_EQ(written[1].path, dir / "run.obj");
    EXPECT_EQ(written[1].replaced, again);
  }
}

TEST(AnimationExport, GlbHoldsEverySampleAsAMorphTargetWithItsAnimation) {
  const Scene scene = parse_scene_text(kScene);
  const fs::path file = scratch_directory("glb") / "run.glb";
  AnimationExporter exporter(scene, file, kEvery);
  const auto truth = run_and_record(scene, exporter);
  ASSERT_EQ(truth.size(), kFrames / kEvery + 1);
  const std::vector<WrittenFile> written = exporter.finish();
  ASSERT_EQ(written.size(), 1u);
  EXPECT_EQ(written[0].path, file);
  // The frames moved: a test of a still scene would prove nothing.
  ASSERT_GT(glm::distance(truth.front()[0].back(), truth.back()[0].back()), 1e-3f);

  Assimp::Importer importer;
  const aiScene* read = importer.ReadFile(file.string(), 0);
  ASSERT_NE(read, nullptr) << importer.GetErrorString();
  ASSERT_EQ(read->mNumMeshes, 2u);
  const size_t targets = truth.size() - 1;
  for (unsigned s = 0; s < 2; ++s) {
    const aiMesh* mesh = read->mMeshes[s];
    const std::vector<glm::vec3>& base = truth.front()[s];
    ASSERT_EQ(mesh->mNumVertices, base.size());
    for (size_t i = 0; i < base.size(); ++i)
      expect_near(mesh->mVertices[i], base[i], "system " + std::to_string(s));
    // Morph target k is sample k + 1 (assimp adds the displacement to the mesh).
    ASSERT_EQ(mesh->mNumAnimMeshes, targets);
    for (size_t k = 0; k < targets; ++k) {
      const aiAnimMesh* target = mesh->mAnimMeshes[k];
      ASSERT_EQ(target->mNumVertices, base.size());
      for (size_t i = 0; i < base.size(); ++i) {
        expect_near(target->mVertices[i], truth[k + 1][s][i],
                    "system " + std::to_string(s) + " sample " + std::to_string(k + 1));
      }
    }
  }
  // The cloth: triangles with normals and texture coordinates; the rope: lines.
  const aiMesh* cloth = read->mMeshes[0];
  EXPECT_EQ(cloth->mPrimitiveTypes, unsigned{aiPrimitiveType_TRIANGLE});
  EXPECT_EQ(cloth->mNumFaces, 2u * 4u * 3u);
  EXPECT_TRUE(cloth->HasNormals());
  ASSERT_TRUE(cloth->HasTextureCoords(0));
  // Node (c, r) = (4, 3), the last: u = 1 and, glTF's v counting down, v = 1 - 1 = 0. Assimp
  // flips v back to OBJ's convention.
  EXPECT_NEAR(cloth->mTextureCoords[0][19].x, 1.0f, 1e-6f);
  EXPECT_NEAR(cloth->mTextureCoords[0][19].y, 1.0f, 1e-6f);
  EXPECT_NEAR(cloth->mTextureCoords[0][0].x, 0.0f, 1e-6f);
  EXPECT_NEAR(cloth->mTextureCoords[0][0].y, 0.0f, 1e-6f);
  const aiMesh* rope = read->mMeshes[1];
  EXPECT_EQ(rope->mPrimitiveTypes, unsigned{aiPrimitiveType_LINE});
  EXPECT_EQ(rope->mNumFaces, 5u);

  // One animation of the morph weights, a key per sample at its time.
  ASSERT_EQ(read->mNumAnimations, 1u);
  const aiAnimation* animation = read->mAnimations[0];
  ASSERT_EQ(animation->mNumMorphMeshChannels, 2u);
  const aiMeshMorphAnim* channel = animation->mMorphMeshChannels[0];
  ASSERT_EQ(channel->mNumKeys, truth.size());
  const double frame_dt = double{scene.frame_dt()};
  const double last_time = kFrames * frame_dt;
  // Assimp gives key times in ticks of the animation (ms for glTF in 5.2).
  const double ticks = animation->mTicksPerSecond > 0 ? animation->mTicksPerSecond : 1.0;
  EXPECT_NEAR(channel->mKeys[channel->mNumKeys - 1].mTime / ticks, last_time, 1e-4);
  // At sample 2 target 1 weighs 1, the others nothing.
  const aiMeshMorphKey& key = channel->mKeys[2];
  float weight_of_target_1 = 0.0f, others = 0.0f;
  for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
    (key.mValues[i] == 1 ? weight_of_target_1 : others) += static_cast<float>(key.mWeights[i]);
  }
  EXPECT_FLOAT_EQ(weight_of_target_1, 1.0f);
  EXPECT_FLOAT_EQ(others, 0.0f);
}

TEST(AnimationExport, PointCacheHasItsHeaderSamplesAndRestMesh) {
  const Scene scene = parse_scene_text(kScene);
  const fs::path dir = scratch_directory("pc2");
  AnimationExporter exporter(scene, dir / "run.pc2", kEvery);
  const auto truth = run_and_record(scene, exporter);
  const std::vector<WrittenFile> written = exporter.finish();
  ASSERT_EQ(written.size(), 2u);
  EXPECT_EQ(written[0].path, dir / "run.pc2");
  EXPECT_EQ(written[1].path, dir / "run.obj");

  std::ifstream in(dir / "run.pc2", std::ios::binary);
  std::ostringstream bytes_stream;
  bytes_stream << in.rdbuf();
  const std::string bytes = bytes_stream.str();
  const size_t points = truth.front()[0].size() + truth.front()[1].size();  // 20 + 6
  ASSERT_EQ(points, 26u);
  ASSERT_EQ(bytes.size(), 32 + truth.size() * points * 12);
  EXPECT_EQ(std::memcmp(bytes.data(), "POINTCACHE2\0", 12), 0);
  int32_t version = 0, count = 0, samples = 0;
  float start = -1.0f, rate = 0.0f;
  std::memcpy(&version, bytes.data() + 12, 4);
  std::memcpy(&count, bytes.data() + 16, 4);
  std::memcpy(&start, bytes.data() + 20, 4);
  std::memcpy(&rate, bytes.data() + 24, 4);
  std::memcpy(&samples, bytes.data() + 28, 4);
  EXPECT_EQ(version, 1);
  EXPECT_EQ(count, 26);
  EXPECT_EQ(start, 0.0f);
  EXPECT_EQ(rate, static_cast<float>(kEvery));
  EXPECT_EQ(samples, static_cast<int32_t>(truth.size()));
  for (size_t k = 0; k < truth.size(); ++k) {
    size_t point = 0;
    for (const std::vector<glm::vec3>& system : truth[k]) {
      for (const glm::vec3& p : system) {
        glm::vec3 stored;
        std::memcpy(&stored, bytes.data() + 32 + (k * points + point) * 12, 12);
        EXPECT_EQ(stored, p) << "sample " << k << " point " << point;
        ++point;
      }
    }
  }

  // The rest mesh opens in assimp with the cloth's triangles and the rope's line, and its
  // vertices are the cache's points at frame 0.
  Assimp::Importer importer;
  const aiScene* read = importer.ReadFile((dir / "run.obj").string(), 0);
  ASSERT_NE(read, nullptr) << importer.GetErrorString();
  unsigned triangles = 0, lines = 0;
  for (unsigned m = 0; m < read->mNumMeshes; ++m) {
    const aiMesh* mesh = read->mMeshes[m];
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
      (mesh->mFaces[f].mNumIndices == 3 ? triangles : lines) += 1;
    }
  }
  EXPECT_EQ(triangles, 24u);
  EXPECT_GE(lines, 1u);
  std::ifstream obj(dir / "run.obj");
  std::string line;
  size_t vertex = 0;
  std::vector<glm::vec3> rest = truth.front()[0];
  rest.insert(rest.end(), truth.front()[1].begin(), truth.front()[1].end());
  while (std::getline(obj, line)) {
    if (!line.starts_with("v ")) continue;
    glm::vec3 v;
    ASSERT_EQ(std::sscanf(line.c_str(), "v %f %f %f", &v.x, &v.y, &v.z), 3);
    ASSERT_LT(vertex, rest.size());
    EXPECT_EQ(v, rest[vertex]) << "vertex " << vertex;
    ++vertex;
  }
  EXPECT_EQ(vertex, rest.size());
}

TEST(AnimationExport, ObjFramesHaveTextureCoordinatesAndRopesArePolylines) {
  const Scene scene = parse_scene_text(kScene);
  const fs::path dir = scratch_directory("obj");
  FrameExporter exporter(scene, dir, 1);
  std::vector<std::vector<glm::vec3>> positions;
  for (const SceneSystem& system : scene.systems)
    positions.push_back(system.model.positions);
  exporter.write(0, positions);
  ASSERT_TRUE(fs::exists(dir / "cloth_000000.obj"));
  ASSERT_TRUE(fs::exists(dir / "rope_000000.obj"));

  Assimp::Importer importer;
  const aiScene* cloth = importer.ReadFile((dir / "cloth_000000.obj").string(), 0);
  ASSERT_NE(cloth, nullptr) << importer.GetErrorString();
  ASSERT_EQ(cloth->mNumMeshes, 1u);
  const aiMesh* mesh = cloth->mMeshes[0];
  ASSERT_TRUE(mesh->HasTextureCoords(0));
  ASSERT_TRUE(mesh->HasNormals());
  // Assimp gives each face corner its own vertex: corner j of face f is vertex 3f + j.
  const Model& model = scene.systems[0].model;
  ASSERT_EQ(mesh->mNumFaces, model.triangles.size());
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    for (unsigned j = 0; j < 3; ++j) {
      const unsigned corner = mesh->mFaces[f].mIndices[j];
      const uint32_t node = model.triangles[f][static_cast<int>(j)];
      expect_near(mesh->mVertices[corner], positions[0][node], "face " + std::to_string(f));
      // Node (c, r) = (node % 5, node / 5) of the 5 x 4 grid.
      EXPECT_NEAR(mesh->mTextureCoords[0][corner].x, static_cast<float>(node % 5) / 4.0f, 1e-6f);
      EXPECT_NEAR(mesh->mTextureCoords[0][corner].y, static_cast<float>(node / 5) / 3.0f, 1e-6f);
    }
  }

  const aiScene* rope = importer.ReadFile((dir / "rope_000000.obj").string(), 0);
  ASSERT_NE(rope, nullptr) << importer.GetErrorString();
  ASSERT_EQ(rope->mNumMeshes, 1u);
  const aiMesh* line = rope->mMeshes[0];
  EXPECT_EQ(line->mPrimitiveTypes, unsigned{aiPrimitiveType_LINE});
  // One polyline through the six nodes in order: assimp reads it as its five segments.
  ASSERT_EQ(line->mNumFaces, 5u);
  for (unsigned i = 0; i < 5; ++i) {
    ASSERT_EQ(line->mFaces[i].mNumIndices, 2u);
    expect_near(line->mVertices[line->mFaces[i].mIndices[0]], positions[1][i],
                "rope segment " + std::to_string(i));
    expect_near(line->mVertices[line->mFaces[i].mIndices[1]], positions[1][i + 1],
                "rope segment " + std::to_string(i));
  }
}

// A cloth that tore: one set of faces for the whole run, the triangles whole at the last sample.
TEST(AnimationExport, ATornClothKeepsTheTrianglesWholeAtItsLastSample) {
  const Scene scene = parse_scene_text(R"(
[[cloth]]
name = "sheet"
origin = [0, 1, 0]
width_axis = [1, 0, 0]
height_axis = [0, 0, 1]
columns = 5
rows = 4
material = "paper"
pin = { corners = ["first_row_first_column"] }
)");
  const Model& model = scene.systems[0].model;
  const fs::path dir = scratch_directory("torn_pc2");
  AnimationExporter exporter(scene, dir / "run.pc2", 1);
  const std::vector<std::vector<glm::vec3>> positions(1, model.positions);
  std::vector<uint32_t> state(model.particle_count(), 0);
  exporter.record(0, positions, {state});
  state[6] |= 1u << 0;  // node 6's link to its right neighbour tore: both ends hold its bit
  state[7] |= 1u << 1;
  exporter.record(1, positions, {state});
  exporter.finish();
  const ObjMesh rest = read_obj_file(dir / "run.obj");
  EXPECT_EQ(rest.vertices.size(), model.particle_count());
  EXPECT_EQ(rest.triangles.size(), model.triangles.size() - 2);
}

}  // namespace
}  // namespace weft::test
