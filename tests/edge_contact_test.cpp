// Cloth that turns over a collider's edge keeps its length, on the CPU reference: the contacts run
// before the tethers and strain limits (docs/physics.md, "Colliders"), so a substep ends with the
// links across the edge within the material's allowance instead of stretched by the push out of
// the collider. A cotton square half on a box, half hanging over its edge, pinned along its far
// side, settles in a second with every link within 1%: 0.44% with the contacts before the limits,
// 1.84% at the edge with them after.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sim/core/cpu_solver.h"
#include "sim/model/strain_report.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

constexpr const char* kClothOverAnEdge = R"(
[scene]
frames = 60
[solver]
substeps = 16
relaxation_sweeps = 4
damping = 4.0
[[environment.collider]]
shape = "box"
center = [0.0, -0.1, 0.0]
size = [0.2, 0.2, 0.4]    # its top at y = 0, its edge at x = 0.1
[[cloth]]
origin = [-0.05, 0.006, -0.15]
width_axis = [0.3, 0.0, 0.0]  # 15 cm over the edge
height_axis = [0.0, 0.0, 0.3]
columns = 31
rows = 31
material = "cotton"
thickness = 0.004
pin = { region = { min = [-0.06, 0.0, -0.2], max = [-0.04, 0.01, 0.2] } }
)";

TEST(EdgeContact, ClothOverABoxEdgeKeepsItsLength) {
  const Scene scene = parse_scene_text(kClothOverAnEdge);
  const Model& model = scene.systems.at(0).model;
  CpuSolver<float> solver(model);
  for (uint32_t frame = 0; frame < scene.frames; ++frame)
    solver.step_frame();
  std::vector<glm::vec3> positions;
  float lowest = 0.0f;
  for (const auto& p : solver.state().positions) {
    positions.emplace_back(p);
    lowest = std::min(lowest, float(p.y));
  }
  EXPECT_LT(lowest, -0.1f) << "m: the cloth does not hang over the edge";
  const StrainReport strain = measure_strain(model, positions);
  EXPECT_LT(strain.max, 0.01) << "between particles " << strain.a << " and " << strain.b;
}

}  // namespace
}  // namespace weft::test
