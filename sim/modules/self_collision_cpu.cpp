// The CPU mirror of the self-collision passes (shaders/hash_*.comp, collide_particles.comp,
// apply_contacts.comp), one function per shader with its arithmetic in its order. The atomics of
// the count and scatter passes become plain increments and decrements in particle order: the
// counts are the same, and the scatter's order within a bucket, which differs, is undone by the
// sort that follows on both sides.
#include <algorithm>
#include <bit>

#include <glm/geometric.hpp>

#include "sim/core/contact_hash.h"
#include "sim/core/cpu_forces.h"
#include "sim/modules/self_collision.h"

namespace weft {

namespace {

// hash_scan_blocks.comp and hash_scan_totals.comp: an exclusive prefix sum of `values[first,
// first + count)` in place, returning the total. The GPU's runs and Hillis-Steele steps add the
// same integers, so the result is exact and equal.
uint32_t exclusive_scan(std::vector<uint32_t>& values, size_t first, size_t count) {
  uint32_t sum = 0;
  for (size_t k = first; k < first + count; ++k) {
    const uint32_t value = values[k];
    values[k] = sum;
    sum += value;
  }
  return sum;
}

}  // namespace

// shaders/hash_count.comp
template <typename Real>
void SelfCollision::count(CpuPass<Real>& cpu, ContactScratch<Real>& s) const {
  const ContactHash hash{1.0f / cell_size_, bucket_count_};  // as push() sets it
  for (uint32_t i = 0; i < cpu.params.particle_count; ++i) {
    if (particles_[i].radius == 0.0f) {
      s.buckets[i] = WEFT_CONTACT_NONE;
      continue;
    }
    const uint32_t bucket = hash.bucket_of(hash.cell_of(cpu::vec3<Real>(cpu.state.positions[i])));
    s.buckets[i] = bucket;
    ++s.counts[bucket];
  }
}

// shaders/hash_scan_blocks.comp
template <typename Real>
void SelfCollision::scan_blocks(ContactScratch<Real>& s) const {
  for (uint32_t block = 0; block < bucket_count_ / WEFT_CONTACT_BLOCK; ++block) {
    const size_t first = size_t{block} * WEFT_CONTACT_BLOCK;
    std::copy(s.counts.begin() + first, s.counts.begin() + first + WEFT_CONTACT_BLOCK,
              s.starts.begin() + first);
    s.blocks[block] = exclusive_scan(s.starts, first, WEFT_CONTACT_BLOCK);
  }
}

// shaders/hash_scan_totals.comp
template <typename Real>
void SelfCollision::scan_totals(ContactScratch<Real>& s) const {
  s.starts[bucket_count_] = exclusive_scan(s.blocks, 0, s.blocks.size());
}

// shaders/hash_scan_add.comp
template <typename Real>
void SelfCollision::scan_add(ContactScratch<Real>& s) const {
  for (uint32_t bucket = 0; bucket < bucket_count_; ++bucket)
    s.starts[bucket] += s.blocks[bucket / WEFT_CONTACT_BLOCK];
}

// shaders/hash_scatter.comp
template <typename Real>
void SelfCollision::scatter(CpuPass<Real>& cpu, ContactScratch<Real>& s) const {
  for (uint32_t i = 0; i < cpu.params.particle_count; ++i) {
    const uint32_t bucket = s.buckets[i];
    if (bucket == WEFT_CONTACT_NONE) continue;
    const uint32_t left = s.counts[bucket]--;
    s.sorted[s.starts[bucket] + left - 1] = i;
  }
}

// shaders/hash_sort_buckets.comp: each bucket's slots sorted by index, then each written as its
// point (the scatter's list itself stays as it was).
template <typename Real>
void SelfCollision::sort_buckets(CpuPass<Real>& cpu, ContactScratch<Real>& s) const {
  std::vector<uint32_t> in_order = s.sorted;
  for (uint32_t bucket = 0; bucket < bucket_count_; ++bucket) {
    std::sort(in_order.begin() + s.starts[bucket], in_order.begin() + s.starts[bucket + 1]);
  }
  // The points as the float shader writes them: a double mirror keeps its particles' float bits.
  for (uint32_t k = 0; k < s.starts[bucket_count_]; ++k) {
    const uint32_t particle = in_order[k];
    const glm::vec3 x(cpu.state.positions[particle]);
    s.points[k] = glm::uvec4(std::bit_cast<uint32_t>(x.x), std::bit_cast<uint32_t>(x.y),
                             std::bit_cast<uint32_t>(x.z), particle);
  }
}

// shaders/collide_particles.comp
template <typename Real>
void SelfCollision::collide(CpuPass<Real>& cpu, ContactScratch<Real>& s) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  const ParticleState<Real>& state = cpu.state;
  const ContactHash hash{1.0f / cell_size_, bucket_count_};  // as push() sets it
  const Real friction = Real(friction_);
  // The shader's test of a point: whether it lies within near_reach, not the particle itself and
  // not one of its first eight rest neighbours.
  auto candidate = [&](uint32_t i, const gpu::ContactParticle& me, const vec3& x, Real near_reach,
                       const glm::uvec4& point) {
    const vec3 d = x - vec3(glm::vec3(std::bit_cast<float>(point.x), std::bit_cast<float>(point.y),
                                      std::bit_cast<float>(point.z)));
    if (!(glm::dot(d, d) < near_reach * near_reach) || point.w == i) return false;
    for (uint32_t k = 0; k < WEFT_CONTACT_NEAR_NEIGHBOURS; ++k) {
      if (neighbours_[me.neighbour_first + k] == point.w) return false;
    }
    return true;
  };
  auto far_neighbour = [&](const gpu::ContactParticle& me, uint32_t other) {
    for (uint32_t k = WEFT_CONTACT_NEAR_NEIGHBOURS; k < me.neighbour_count; ++k) {
      if (neighbours_[me.neighbour_first + k] == other) return true;
    }
    return false;
  };
  for (uint32_t i = 0; i < cpu.params.particle_count; ++i) {
    const gpu::ContactParticle& me = particles_[i];
    const vec4 p = state.positions[i];
    vec4 push_sum(0);
    vec3 settle_sum(0);
    if (me.radius > 0.0f && p.w > Real(0)) {
      const vec3 x(p);
      const vec3 x_prev(state.previous[i]);
      const vec3 at = hash.in_cells(x);
      const glm::ivec3 home(glm::floor(at));
      const glm::ivec3 side =
          glm::ivec3(glm::greaterThanEqual(at - glm::floor(at), vec3(Real(0.5)))) * 2 - 1;
      const Real near_reach = Real(me.radius) + Real(max_radius_);
      for (uint32_t c = 0; c < 8; ++c) {
        const glm::ivec3 corner(c & 1u, (c >> 1u) & 1u, c >> 2u);
        const uint32_t bucket = hash.bucket_of(home + corner * side);
        for (uint32_t k = s.starts[bucket]; k < s.starts[bucket + 1]; ++k) {
          if (!candidate(i, me, x, near_reach, s.points[k])) continue;
          const uint32_t j = s.points[k].w;
          const vec4 q = state.positions[j];
          const Real reach = Real(me.radius) + Real(particles_[j].radius);
          const vec3 d = x - vec3(q);
          const Real distance2 = glm::dot(d, d);
          if (distance2 >= reach * reach || far_neighbour(me, j)) continue;
          const Real distance = std::sqrt(distance2);
          const vec3 normal = distance > Real(0)
                                  ? d / distance
                                  : vec3(Real(0), i < j ? Real(1) : Real(-1), Real(0));
          const Real depth = reach - distance;
          const vec3 q_prev(state.previous[j]);
          const Real start_depth = std::max(reach - glm::length(x_prev - q_prev), Real(0));
          const Real settled = std::min(depth, start_depth);
          const Real approach = depth - settled;
          vec3 sliding = (x - x_prev) - (vec3(q) - q_prev);
          sliding -= glm::dot(sliding, normal) * normal;
          const Real slide = glm::length(sliding);
          const Real held =
              slide > Real(0) ? std::min(Real(1), friction * approach / slide) : Real(0);
          const Real share = p.w / (p.w + q.w);
          push_sum += vec4(share * (depth * normal - held * sliding), Real(0));
          settle_sum += share * settled * normal;
          push_sum.w += Real(1);
        }
      }
    }
    s.corrections[2 * i] = push_sum;
    s.corrections[2 * i + 1] = vec4(settle_sum, Real(0));
  }
}

// shaders/apply_contacts.comp
template <typename Real>
void SelfCollision::apply(CpuPass<Real>& cpu, ContactScratch<Real>& s) const {
  using vec3 = cpu::vec3<Real>;
  using vec4 = cpu::vec4<Real>;
  ParticleState<Real>& state = cpu.state;
  for (uint32_t i = 0; i < cpu.params.particle_count; ++i) {
    const vec4 sums = s.corrections[2 * i];
    if (sums.w == Real(0)) continue;
    const vec3 move = vec3(sums) / sums.w;
    const vec3 settle = vec3(s.corrections[2 * i + 1]) / sums.w;
    const vec4 p = state.positions[i];
    state.positions[i] = vec4(vec3(p) + move, p.w);
    state.previous[i] += vec4(settle, Real(0));
    if (!cpu::integrator_is_verlet(cpu.params)) {
      state.velocities[i] += vec4((move - settle) / Real(cpu.params.dt), Real(0));
    }
  }
}

#define WEFT_SELF_COLLISION_PASSES(Real)                                                  \
  template void SelfCollision::count(CpuPass<Real>&, ContactScratch<Real>&) const;        \
  template void SelfCollision::scan_blocks(ContactScratch<Real>&) const;                  \
  template void SelfCollision::scan_totals(ContactScratch<Real>&) const;                  \
  template void SelfCollision::scan_add(ContactScratch<Real>&) const;                     \
  template void SelfCollision::scatter(CpuPass<Real>&, ContactScratch<Real>&) const;      \
  template void SelfCollision::sort_buckets(CpuPass<Real>&, ContactScratch<Real>&) const; \
  template void SelfCollision::collide(CpuPass<Real>&, ContactScratch<Real>&) const;      \
  template void SelfCollision::apply(CpuPass<Real>&, ContactScratch<Real>&) const;
WEFT_SELF_COLLISION_PASSES(float)
WEFT_SELF_COLLISION_PASSES(double)

}  // namespace weft
