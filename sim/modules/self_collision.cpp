#include "sim/modules/self_collision.h"

#include <algorithm>
#include <cstddef>

#include "sim/core/contact_hash.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/rest_neighbours.h"

namespace weft {

static_assert(sizeof(gpu::ContactParticle) == 16);
static_assert(offsetof(gpu::ContactParticle, neighbour_count) == 8);
static_assert(sizeof(gpu::SelfCollisionPush) == 32);
static_assert(WEFT_CONTACT_BLOCK == WEFT_GROUP_SIZE * WEFT_CONTACT_SCAN_RUN);
static_assert(WEFT_CONTACT_NEAR_NEIGHBOURS == 8);  // two uvec4 in collide_particles.comp
// The eight cells a search visits have eight places in their blocks, so eight buckets.
static_assert(WEFT_CONTACT_CELL_BITS >= 1 && WEFT_CONTACT_BLOCK >= 8);

namespace {

const PassInfo kCount{"self-collision: hash count", "hash_count.comp"};
const PassInfo kScanBlocks{"self-collision: scan blocks", "hash_scan_blocks.comp"};
const PassInfo kScanTotals{"self-collision: scan totals", "hash_scan_totals.comp"};
const PassInfo kScanAdd{"self-collision: scan add", "hash_scan_add.comp"};
const PassInfo kScatter{"self-collision: scatter", "hash_scatter.comp"};
const PassInfo kSort{"self-collision: sort buckets", "hash_sort_buckets.comp"};
const PassInfo kContacts{"self-collision: particle contacts", "collide_particles.comp"};
const PassInfo kApply{"self-collision: apply contacts", "apply_contacts.comp"};

const PassInfo* const kPasses[] = {&kCount,   &kScanBlocks, &kScanTotals, &kScanAdd,
                                   &kScatter, &kSort,       &kContacts,   &kApply};

// At least twice as many buckets as particles keeps most buckets to one cell.
uint32_t bucket_count_for(uint32_t members) {
  uint32_t buckets = WEFT_CONTACT_BLOCK;
  while (buckets < 2ull * members)
    buckets *= 2;
  return buckets;
}

}  // namespace

const PassInfo& SelfCollision::count_pass() {
  return kCount;
}
const PassInfo& SelfCollision::scan_blocks_pass() {
  return kScanBlocks;
}
const PassInfo& SelfCollision::scan_totals_pass() {
  return kScanTotals;
}
const PassInfo& SelfCollision::scan_add_pass() {
  return kScanAdd;
}
const PassInfo& SelfCollision::scatter_pass() {
  return kScatter;
}
const PassInfo& SelfCollision::sort_pass() {
  return kSort;
}
const PassInfo& SelfCollision::contacts_pass() {
  return kContacts;
}
const PassInfo& SelfCollision::apply_pass() {
  return kApply;
}

bool self_collision_runs(const Model& model) {
  return model.environment.self_collision && !model.contact_groups.empty();
}

SelfCollision::SelfCollision(const ModuleContext& context) : params_(context.params) {
  const Model& model = context.model;
  enabled_ = self_collision_runs(model);
  friction_ = model.environment.self_friction;
  if (!enabled_) return;
  const uint32_t n = model.particle_count();
  particles_.assign(n, {0.0f, 0, 0, 0});
  float widest_reach = 0.0f;  // m: the largest thickness
  for (const ContactGroup& group : model.contact_groups) {
    for (uint32_t k = 0; k < group.particle_count; ++k)
      particles_[group.first_particle + k].radius = 0.5f * group.thickness;
    widest_reach = std::max(widest_reach, group.thickness);
  }
  max_radius_ = 0.5f * widest_reach;
  // Twice the widest reach: whatever is within reach of a particle is in the 2 x 2 x 2 cells
  // nearest it (contact_hash.glsl).
  cell_size_ = 2.0f * widest_reach;
  const RestNeighbours rest = find_rest_neighbours(n, model.triangles);
  for (uint32_t i = 0; i < n; ++i) {
    gpu::ContactParticle& particle = particles_[i];
    if (particle.radius == 0.0f) continue;
    ++members_;
    // Aligned to a uvec4 and padded: the first eight load as two uvec4.
    particle.neighbour_first = static_cast<uint32_t>(neighbours_.size());
    particle.neighbour_count = rest.offsets[i + 1] - rest.offsets[i];
    neighbours_.insert(neighbours_.end(), rest.list.begin() + rest.offsets[i],
                       rest.list.begin() + rest.offsets[i + 1]);
    const uint32_t slots =
        (std::max<uint32_t>(particle.neighbour_count, WEFT_CONTACT_NEAR_NEIGHBOURS) + 3) & ~3u;
    neighbours_.resize(particle.neighbour_first + slots, WEFT_CONTACT_NONE);
  }
  bucket_count_ = bucket_count_for(members_);
}

std::vector<const PassInfo*> SelfCollision::passes() const {
  return {std::begin(kPasses), std::end(kPasses)};
}

void SelfCollision::schedule(Stage stage, const FrameShape&, uint32_t substep, uint32_t,
                             std::vector<Step>& steps) const {
  // Last, after the tethers and strain limits: with the limits after it, a fold's layers never
  // came to rest in some scenes (docs/physics.md, "Colliders").
  if (stage != Stage::after_project) return;
  for (const PassInfo* pass : kPasses)
    steps.push_back(make_step(*this, *pass, substep));
}

uint32_t SelfCollision::threads(const Step& step) const {
  if (step.pass == &kScanTotals) return WEFT_GROUP_SIZE;  // one workgroup
  if (step.pass == &kScanBlocks || step.pass == &kScanAdd) {
    return bucket_count_ / WEFT_CONTACT_SCAN_RUN;
  }
  return params_.particle_count;
}

PushConstants SelfCollision::push(const Step&) const {
  gpu::SelfCollisionPush push{};
  push.particle_count = params_.particle_count;
  push.bucket_count = bucket_count_;
  push.block_count = bucket_count_ / WEFT_CONTACT_BLOCK;
  push.inverse_cell = 1.0f / cell_size_;
  push.friction = friction_;
  push.max_radius = max_radius_;
  return to_push(push);
}

std::vector<ModuleBuffer> SelfCollision::buffers() const {
  const uint64_t n = particles_.size();
  return {
      {"particles", n * sizeof(gpu::ContactParticle), particles_.data()},
      {"rest neighbours", neighbours_.size() * 4, neighbours_.data()},
      {"bucket counts", uint64_t{bucket_count_} * 4},
      {"bucket starts", (uint64_t{bucket_count_} + 1) * 4},
      {"block sums", uint64_t{bucket_count_} / WEFT_CONTACT_BLOCK * 4},
      {"particle buckets", n * 4},
      {"sorted particles", n * 4},
      {"sorted points", n * 16},
      {"corrections", n * 32},
  };
}

void SelfCollision::run(const Step& step, CpuPass<float>& pass) const {
  run_pass(*step.pass, pass);
}
void SelfCollision::run(const Step& step, CpuPass<double>& pass) const {
  run_pass(*step.pass, pass);
}

template <typename Real>
void SelfCollision::run_pass(const PassInfo& pass, CpuPass<Real>& cpu) const {
  ContactScratch<Real>& s = scratch<Real>();
  if (&pass == &kCount) count(cpu, s);
  if (&pass == &kScanBlocks) scan_blocks(s);
  if (&pass == &kScanTotals) scan_totals(s);
  if (&pass == &kScanAdd) scan_add(s);
  if (&pass == &kScatter) scatter(cpu, s);
  if (&pass == &kSort) sort_buckets(cpu, s);
  if (&pass == &kContacts) collide(cpu, s);
  if (&pass == &kApply) apply(cpu, s);
}

template <typename Real>
ContactScratch<Real>& SelfCollision::scratch() const {
  ContactScratch<Real>* s = nullptr;
  if constexpr (std::is_same_v<Real, float>) {
    s = &float_scratch_;
  } else {
    s = &double_scratch_;
  }
  // Sized as the GPU's buffers, and zero as they start.
  if (s->counts.empty()) {
    const size_t n = particles_.size();
    s->counts.assign(bucket_count_, 0);
    s->starts.assign(size_t{bucket_count_} + 1, 0);
    s->blocks.assign(bucket_count_ / WEFT_CONTACT_BLOCK, 0);
    s->buckets.assign(n, 0);
    s->sorted.assign(n, 0);
    s->points.assign(n, glm::uvec4(0));
    s->corrections.assign(2 * n, glm::vec<4, Real>(0));
  }
  return *s;
}

uint64_t SelfCollision::bytes(const Step& step, const TrafficContext& context) const {
  // Unique bytes per dispatch, as pass_traffic.h counts them, for the particles where the traffic
  // context has them (the contacts themselves depend on the state: counted as none).
  const uint64_t n = particles_.size();
  const uint64_t members = members_;
  const uint64_t buckets = bucket_count_;
  const uint64_t blocks = buckets / WEFT_CONTACT_BLOCK;
  if (step.pass == &kScanBlocks) return buckets * 8 + blocks * 4;
  if (step.pass == &kScanTotals) return blocks * 8 + 4;
  if (step.pass == &kScanAdd) return buckets * 8 + blocks * 4;
  // Every member's bucket, and how many particles each bucket holds.
  const ContactHash hash{1.0f / cell_size_, bucket_count_};
  std::vector<uint32_t> held(buckets, 0);
  uint64_t touched = 0;  // buckets holding a particle
  for (uint32_t i = 0; i < n; ++i) {
    if (particles_[i].radius == 0.0f) continue;
    const uint32_t b = hash.bucket_of(hash.cell_of(glm::vec3((*context.positions)[i])));
    touched += held[b]++ == 0;
  }
  // Count: radius (4) of all and their bucket written (4); x (16) of members; each bucket
  // touched read and written once. Scatter: bucket read (4); members' bucket count and start (8
  // per bucket) and slot written (4).
  if (step.pass == &kCount) return n * 8 + members * 16 + touched * 8;
  if (step.pass == &kScatter) return n * 4 + touched * 12 + members * 4;
  if (step.pass == &kSort) {
    // The grand total; each slot read (4), its particle's bucket (4), x (16) and its point
    // written (16); the start and end of every bucket holding a particle.
    std::vector<bool> start_read(buckets + 1, false);
    start_read[buckets] = true;
    for (uint32_t b = 0; b < buckets; ++b) {
      if (held[b] > 0) start_read[b] = start_read[b + 1] = true;
    }
    return members * 40 + std::count(start_read.begin(), start_read.end(), true) * 4;
  }
  if (step.pass == &kContacts) {
    // Every particle's contact data (16), x (16) and corrections written (32); each searching
    // particle's x_prev (16), its first eight rest neighbours (32) and the starts and points of
    // the buckets of its eight cells, each once however many particles visit it.
    std::vector<bool> visited(buckets, false), start_read(buckets + 1, false);
    uint64_t searching = 0, starts = 0, points = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (particles_[i].radius == 0.0f || context.pinned(i)) continue;
      ++searching;
      const glm::vec3 at = hash.in_cells(glm::vec3((*context.positions)[i]));
      const glm::ivec3 home(glm::floor(at));
      const glm::ivec3 side =
          glm::ivec3(glm::greaterThanEqual(at - glm::floor(at), glm::vec3(0.5f))) * 2 - 1;
      for (uint32_t c = 0; c < 8; ++c) {
        const glm::ivec3 corner(c & 1u, (c >> 1u) & 1u, c >> 2u);
        const uint32_t b = hash.bucket_of(home + corner * side);
        for (uint32_t at_start : {b, b + 1}) {  // its start and its end, the next bucket's start
          starts += !start_read[at_start];
          start_read[at_start] = true;
        }
        points += visited[b] ? 0 : held[b];
        visited[b] = true;
      }
    }
    return n * 64 + searching * 48 + starts * 4 + points * 16;
  }
  // Apply: every particle's sums (16); a particle in contact also reads the settling part (16),
  // x, x_prev and writes both; not known ahead, counted as none.
  return n * 16;
}

std::vector<uint32_t> SelfCollision::apply_edit(const Model& model, const SolverPaths&,
                                                EditScope scope) {
  if (scope != EditScope::parameters) return {};
  if (!model.environment.self_collision) {
    throw ModelError("a live edit cannot turn self-collision off; rebuild the simulation instead");
  }
  friction_ = model.environment.self_friction;
  return {};  // the friction travels in the push constants
}

}  // namespace weft
