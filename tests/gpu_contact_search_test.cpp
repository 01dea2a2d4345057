// The contact search of self-collision (collide_particles.comp and its CPU mirror) against a
// brute-force count of every pair: each free particle of a contact group must find every
// particle closer than their reach that shares no triangle with it, once, and no other, on both
// solvers; and the rest-mesh neighbours a search reads from memory (after the eight it holds in
// registers) must be left alone like the others.
//
// The brute force is independent of the hash: every pair of particles, the rest neighbours taken
// from the triangles directly. It tests closeness with the search's own float arithmetic (d = x -
// q, dot(d, d) < reach * reach), and the random positions keep every pair far from the boundary
// in float terms, so the counts must agree exactly.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>

#include <glm/geometric.hpp>

#include "engine/buffer.h"
#include "sim/core/cpu_solver.h"
#include "sim/gpu/gpu_solver.h"
#include "sim/modules/self_collision.h"
#include "tests/support/state_compare.h"
#include "tests/support/vulkan_fixture.h"

namespace weft::test {
namespace {

constexpr float kDt = 1.0f / 600.0f;

// Contacts per particle, as the brute force finds them.
std::vector<uint32_t> brute_force_contacts(const Model& model) {
  const uint32_t n = model.particle_count();
  std::vector<float> radius(n, 0.0f);
  for (const ContactGroup& group : model.contact_groups) {
    for (uint32_t k = 0; k < group.particle_count; ++k)
      radius[group.first_particle + k] = 0.5f * group.thickness;
  }
  std::set<std::pair<uint32_t, uint32_t>> share_a_triangle;
  for (const glm::uvec3& t : model.triangles) {
    for (uint32_t a : {t.x, t.y, t.z})
      for (uint32_t b : {t.x, t.y, t.z})
        share_a_triangle.insert({a, b});
  }
  std::vector<uint32_t> contacts(n, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (radius[i] == 0.0f || model.inverse_masses[i] == 0.0f) continue;  // searches nothing
    for (uint32_t j = 0; j < n; ++j) {
      if (j == i || radius[j] == 0.0f || share_a_triangle.count({i, j})) continue;
      const glm::vec3 d = model.positions[i] - model.positions[j];
      const float reach = radius[i] + radius[j];
      contacts[i] += glm::dot(d, d) < reach * reach;
    }
  }
  return contacts;
}

class GpuContactSearchTest : public VulkanTest {
 protected:
  // Runs the hash and the contact search on both solvers from the model's own state, and checks
  // that both found the brute force's contacts and summed the same corrections.
  void expect_every_contact_found(const Model& model) {
    CpuSolver<float> cpu(model);
    GpuSolver gpu(device(), model);
    const SelfCollision* module = cpu.core().find<SelfCollision>();
    ASSERT_NE(module, nullptr);
    for (const Step& step : cpu.core().build_schedule(cpu.core().full_shape(1))) {
      if (step.module != module->index) continue;
      if (step.pass == &SelfCollision::apply_pass()) break;
      cpu.run_pass(step, kDt);
      gpu.run_pass(step, kDt);
    }
    const std::vector<glm::vec4>& cpu_sums = module->cpu_scratch().corrections;
    std::vector<glm::vec4> gpu_sums(cpu_sums.size());
    download_from_buffer(device(),
                         gpu.module_buffer(module->index, WEFT_CONTACT_BINDING_CORRECTIONS),
                         gpu_sums.data(), gpu_sums.size() * 16);
    const std::vector<uint32_t> expected = brute_force_contacts(model);
    uint32_t touching = 0;
    for (uint32_t i = 0; i < model.particle_count(); ++i) {
      EXPECT_EQ(cpu_sums[2 * i].w, float(expected[i])) << "CPU, particle " << i;
      EXPECT_EQ(gpu_sums[2 * i].w, float(expected[i])) << "GPU, particle " << i;
      touching += expected[i] > 0;
    }
    EXPECT_GT(touching, model.particle_count() / 4) << "too few contacts to judge the search";
    EXPECT_TRUE(all_near(gpu_sums, cpu_sums, 1e-6, "contact sums"));
  }
};

// A cloud of free particles in three contact groups of different thickness (so that a pair's
// reach is often less than the widest), some in triangles, some pinned; scattered over a box a
// few cells wide on every side, so that the search meets every side of its cells and buckets
// that hold cells far apart.
TEST_F(GpuContactSearchTest, EveryPairWithinReachIsFoundOnce) {
  Model model;
  model.environment.self_collision = true;
  std::mt19937 random(5);
  std::uniform_real_distribution<float> coordinate(-0.25f, 0.25f);
  const float thickness[] = {0.06f, 0.04f, 0.025f};
  for (float t : thickness) {
    const uint32_t first = model.particle_count();
    for (int k = 0; k < 300; ++k) {
      const glm::vec3 x(coordinate(random), coordinate(random) + 1.0f, coordinate(random));
      model.add_particle(x, k % 17 == 0 ? 0.0f : 0.01f);
    }
    model.contact_groups.push_back({first, 300, t});
    for (uint32_t k = 0; k + 2 < 300; k += 7)
      model.triangles.push_back({first + k, first + k + 1, first + k + 2});
  }
  expect_every_contact_found(model);
}

// A fan of 10 triangles around a centre particle 2 cm from each of its 10 rim particles, with a
// lone particle 3 cm from the centre; thickness 5 cm. The centre's rest neighbours are the rim,
// all within reach: the first eight are held in registers, the last two read from memory. Only
// the lone particle is a contact of the centre.
TEST_F(GpuContactSearchTest, RestNeighboursPastTheEighthAreLeftAlone) {
  Model model;
  model.environment.self_collision = true;
  const glm::vec3 centre(0.1f, 0.3f, -0.2f);
  model.add_particle(centre, 1.0f);
  constexpr int kRim = 10;
  for (int k = 0; k < kRim; ++k) {
    const float angle = 6.2831853f * float(k) / float(kRim);
    model.add_particle(centre + 0.02f * glm::vec3(std::cos(angle), 0.0f, std::sin(angle)), 1.0f);
    model.triangles.push_back({0, 1 + uint32_t(k), 1 + uint32_t((k + 1) % kRim)});
  }
  model.add_particle(centre + glm::vec3(0.0f, 0.03f, 0.0f), 1.0f);
  model.contact_groups.push_back({0, model.particle_count(), 0.05f});
  ASSERT_EQ(brute_force_contacts(model)[0], 1u);
  expect_every_contact_found(model);
}

}  // namespace
}  // namespace weft::test
