// The bytes `weft bench` counts for the self-collision passes (SelfCollision::bytes) against an
// independent walk of every load and store each of their shaders makes (shaders/hash_*.comp,
// collide_particles.comp, apply_contacts.comp), element by element and deduplicated per
// dispatch, as pass_traffic.h counts. What a contact itself reads (its pair's previous position,
// the rest neighbours past the eighth) depends on the state and is counted by neither.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "app/bench/bench_scene.h"
#include "app/bench/pass_traffic.h"
#include "sim/core/contact_hash.h"
#include "sim/modules/self_collision.h"
#include "sim/core/solver_core.h"
#include "tests/support/access_count.h"
#include "tests/support/test_scenes.h"

namespace weft::test {
namespace {

// The hash as the passes build it from the starting positions: each member's bucket, the first
// slot of every bucket (and the total after the last), and the particles in slot order.
struct Built {
  std::vector<uint32_t> bucket;  // per particle, WEFT_CONTACT_NONE for none
  std::vector<uint32_t> starts;
  std::vector<uint32_t> slots;
};

Built build(const SolverCore& m, const SelfCollision& module) {
  const ContactHash hash{1.0f / module.cell_size(), module.bucket_count()};
  const uint32_t n = m.particle_count();
  Built b;
  b.bucket.assign(n, WEFT_CONTACT_NONE);
  std::vector<std::vector<uint32_t>> held(module.bucket_count());
  for (uint32_t i = 0; i < n; ++i) {
    if (module.particles()[i].radius == 0.0f) continue;
    b.bucket[i] = hash.bucket_of(hash.cell_of(glm::vec3(m.positions()[i])));
    held[b.bucket[i]].push_back(i);
  }
  for (const std::vector<uint32_t>& particles : held) {
    b.starts.push_back(static_cast<uint32_t>(b.slots.size()));
    b.slots.insert(b.slots.end(), particles.begin(), particles.end());
  }
  b.starts.push_back(static_cast<uint32_t>(b.slots.size()));
  return b;
}

// Each pass's bytes per dispatch, walked as its shader runs.
std::map<std::string, uint64_t> walk(const SolverCore& m, const SelfCollision& module) {
  const uint32_t n = m.particle_count();
  const uint32_t buckets = module.bucket_count();
  const Built b = build(m, module);
  std::map<std::string, uint64_t> bytes;

  AccessCount count;  // hash_count.comp
  for (uint32_t i = 0; i < n; ++i) {
    count.read("contact particles", i, 4);  // the radius
    count.write("buckets", i, 4);
    if (b.bucket[i] == WEFT_CONTACT_NONE) continue;
    count.read("positions", i, 16);
    count.atomic("counts", b.bucket[i], 4);
  }
  bytes["hash count"] = count.bytes();

  AccessCount blocks;  // hash_scan_blocks.comp: one thread per run of four buckets
  for (uint32_t first = 0; first < buckets; first += WEFT_CONTACT_SCAN_RUN) {
    for (uint32_t k = first; k < first + WEFT_CONTACT_SCAN_RUN; ++k) {
      blocks.read("counts", k, 4);
      blocks.write("starts", k, 4);
    }
    if ((first + WEFT_CONTACT_SCAN_RUN) % WEFT_CONTACT_BLOCK == 0) {
      blocks.write("blocks", first / WEFT_CONTACT_BLOCK, 4);
    }
  }
  bytes["scan blocks"] = blocks.bytes();

  AccessCount totals;  // hash_scan_totals.comp: one workgroup over every block
  for (uint32_t block = 0; block < buckets / WEFT_CONTACT_BLOCK; ++block) {
    totals.read("blocks", block, 4);
    totals.write("blocks", block, 4);
  }
  totals.write("starts", buckets, 4);
  bytes["scan totals"] = totals.bytes();

  AccessCount add;  // hash_scan_add.comp
  for (uint32_t k = 0; k < buckets; ++k) {
    add.read("blocks", k / WEFT_CONTACT_BLOCK, 4);
    add.read("starts", k, 4);
    add.write("starts", k, 4);
  }
  bytes["scan add"] = add.bytes();

  AccessCount scatter;  // hash_scatter.comp
  for (uint32_t i = 0; i < n; ++i) {
    scatter.read("buckets", i, 4);
    if (b.bucket[i] == WEFT_CONTACT_NONE) continue;
    scatter.atomic("counts", b.bucket[i], 4);
    scatter.read("starts", b.bucket[i], 4);
  }
  for (uint32_t slot = 0; slot < b.slots.size(); ++slot)
    scatter.write("sorted", slot, 4);  // some particle of the bucket takes each slot
  bytes["scatter"] = scatter.bytes();

  AccessCount sort;  // hash_sort_buckets.comp: one thread per slot
  sort.read("starts", buckets, 4);
  for (uint32_t slot = 0; slot < b.slots.size(); ++slot) {
    const uint32_t particle = b.slots[slot];
    const uint32_t bucket = b.bucket[particle];
    sort.read("sorted", slot, 4);
    sort.read("buckets", particle, 4);
    sort.read("starts", bucket, 4);
    sort.read("starts", bucket + 1, 4);
    for (uint32_t k = b.starts[bucket]; k < b.starts[bucket + 1]; ++k)
      sort.read("sorted", k, 4);
    sort.read("positions", particle, 16);
    sort.write("points", slot, 16);  // each slot gets one particle of its bucket
  }
  bytes["sort buckets"] = sort.bytes();

  AccessCount contacts;  // collide_particles.comp
  const ContactHash hash{1.0f / module.cell_size(), buckets};
  for (uint32_t i = 0; i < n; ++i) {
    const gpu::ContactParticle& me = module.particles()[i];
    contacts.read("contact particles", i, 16);
    contacts.read("positions", i, 16);
    contacts.write("corrections", 2 * i, 16);
    contacts.write("corrections", 2 * i + 1, 16);
    if (me.radius == 0.0f || m.positions()[i].w == 0.0f) continue;
    contacts.read("previous", i, 16);
    contacts.read("neighbours", me.neighbour_first / 4, 16);
    contacts.read("neighbours", me.neighbour_first / 4 + 1, 16);
    const glm::vec3 x(m.positions()[i]);
    for (int dz = 0; dz < 2; ++dz)
      for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) {
          // The cell, or its neighbour along each axis on the side of the middle x is on.
          glm::ivec3 cell = hash.cell_of(x);
          const glm::vec3 at = x * (1.0f / module.cell_size());
          for (int axis = 0; axis < 3; ++axis) {
            const int step = axis == 0 ? dx : axis == 1 ? dy : dz;
            const float within = at[axis] - std::floor(at[axis]);
            cell[axis] += step * (within >= 0.5f ? 1 : -1);
          }
          const uint32_t bucket = hash.bucket_of(cell);
          contacts.read("starts", bucket, 4);
          contacts.read("starts", bucket + 1, 4);
          for (uint32_t k = b.starts[bucket]; k < b.starts[bucket + 1]; ++k)
            contacts.read("points", k, 16);
        }
  }
  bytes["particle contacts"] = contacts.bytes();

  AccessCount apply;  // apply_contacts.comp, with no contact: the sums alone
  for (uint32_t i = 0; i < n; ++i)
    apply.read("corrections", 2 * i, 16);
  bytes["apply contacts"] = apply.bytes();
  return bytes;
}

void expect_counts_match(const Model& model, uint32_t substeps) {
  const SolverCore m(model);
  const SelfCollision* module = m.find<SelfCollision>();
  ASSERT_NE(module, nullptr);
  const std::vector<PassTraffic> traffic = frame_traffic(m, m.current_shape(substeps));
  const std::map<std::string, uint64_t> walked = walk(m, *module);
  uint32_t passes = 0;
  for (const PassTraffic& t : traffic) {
    const std::string name(t.pass->name);
    const std::string prefix = "self-collision: ";
    if (name.rfind(prefix, 0) != 0) continue;
    ++passes;
    ASSERT_TRUE(walked.count(name.substr(prefix.size()))) << name;
    EXPECT_EQ(t.dispatches, substeps) << name;
    EXPECT_EQ(t.bytes, substeps * walked.at(name.substr(prefix.size()))) << name;
  }
  EXPECT_EQ(passes, 8u);
}

TEST(SelfCollisionTraffic, BytesPerPassMatchACountOfEveryShaderAccess) {
  // The bench cloth as `weft bench --self-collision` builds it, flat: neighbours share cells.
  BenchSceneSettings bench{{12, 9}, 3, 2, Integrator::verlet, BenchConstraints::material};
  bench.self_collision = true;
  expect_counts_match(make_bench_cloth(bench), 3);
  // Two contact groups of different thickness, and pinned particles that do not search.
  expect_counts_match(contact_scene(Integrator::verlet), 2);
}

}  // namespace
}  // namespace weft::test
