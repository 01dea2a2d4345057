#version 450
// Self-collision, seventh pass: each free particle of a contact group finds, in the 2 x 2 x 2
// cells nearest it, every particle closer than their reach (the sum of their radii, half of each
// one's thickness) that is not its neighbour in the rest mesh, and sums what each contact asks
// of it, Jacobi style (apply_contacts.comp averages and applies the sums):
// - the push that separates the pair to its reach, shared by inverse mass. The part of the
//   overlap the pair already had at the start of the substep moves the particle and its previous
//   position alike, so it adds no velocity (an overlap left over is removed without a kick);
//   only the part this substep's motion made stops the approach;
// - Coulomb friction: the pair's relative sliding this substep is removed up to `friction` times
//   that approach's push, and never beyond (no reversal).
// Every particle within reach is in one of the eight cells, whose buckets differ (each cell has
// its own place in its block of 2 x 2 x 2, the lowest bits of its bucket), so each is found
// once; a particle of another cell that shares a bucket is too far. The buckets are visited in a
// fixed order and hold their particles in order of index, so the sums are the same on every run.
//
// The search is one loop whose every step is one slot or the move to the next cell, with the
// first eight rest neighbours in registers: a CPU device runs threads as SIMD lanes that execute
// every branch, so the rare work of a contact is left out of that loop, and the loop ends for a
// lane when it finds one. One thread per particle. Mirrors SelfCollision::collide.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

// The c-th of eight values held in two uvec4.
uint pick(uvec4 lo, uvec4 hi, uint c) {
  uvec4 v = c < 4u ? lo : hi;
  uint m = c & 3u;
  return m == 0u ? v.x : m == 1u ? v.y : m == 2u ? v.z : v.w;
}

// Whether `other` is among the particle's rest-mesh neighbours after the first eight.
bool far_neighbour(ContactParticle me, uint other) {
  for (uint k = WEFT_CONTACT_NEAR_NEIGHBOURS; k < me.neighbour_count; ++k) {
    uint at = me.neighbour_first + k;
    if (neighbours[at >> 2u][at & 3u] == other) return true;
  }
  return false;
}

void main() {
  uint i = thread_index();
  if (i >= push.particle_count) return;
  ContactParticle me = contact_particles[i];
  vec4 p = positions[i];
  vec4 push_sum = vec4(0.0);  // xyz: corrections of x; w: contacts
  vec3 settle_sum = vec3(0.0);  // corrections of x and x_prev alike
  if (me.radius > 0.0 && p.w > 0.0) {
    vec3 x = p.xyz;
    vec3 x_prev = previous[i].xyz;
    // The eight cells: the home cell, and along each axis the neighbour on x's side of its middle.
    vec3 at = in_cells(x);
    ivec3 home = ivec3(floor(at));
    ivec3 side = ivec3(greaterThanEqual(at - floor(at), vec3(0.5))) * 2 - 1;
    uvec4 first_lo, first_hi, end_lo, end_hi;  // each cell's slots [first, end)
    for (uint c = 0u; c < 8u; ++c) {
      uint bucket = bucket_of(home + ivec3(c & 1u, (c >> 1u) & 1u, c >> 2u) * side);
      if (c < 4u) {
        first_lo[c] = starts[bucket];
        end_lo[c] = starts[bucket + 1u];
      } else {
        first_hi[c - 4u] = starts[bucket];
        end_hi[c - 4u] = starts[bucket + 1u];
      }
    }
    uvec4 near_lo = neighbours[me.neighbour_first >> 2u];
    uvec4 near_hi = neighbours[(me.neighbour_first >> 2u) + 1u];
    float near_reach = me.radius + push.max_radius;  // no pair reaches further
    uint c = 0u;
    uint k = first_lo.x;
    uint end = end_lo.x;
    while (true) {
      // The next particle within near_reach, itself and its first eight rest neighbours aside.
      uvec4 point = uvec4(0u);
      bool found = false;
      while (true) {
        if (k == end) {
          ++c;
          if (c == 8u) break;
          k = pick(first_lo, first_hi, c);
          end = pick(end_lo, end_hi, c);
        }
        if (k < end) {
          point = points[k];
          ++k;
          vec3 d = x - uintBitsToFloat(point.xyz);
          uvec4 j4 = uvec4(point.w);
          if (dot(d, d) < near_reach * near_reach && point.w != i &&
              !any(equal(near_lo, j4)) && !any(equal(near_hi, j4))) {
            found = true;
            break;
          }
        }
      }
      if (!found) break;
      uint j = point.w;
      vec4 q = positions[j];
      float reach = me.radius + contact_particles[j].radius;
      vec3 d = x - q.xyz;
      float distance2 = dot(d, d);
      if (distance2 >= reach * reach || far_neighbour(me, j)) continue;
      float distance = sqrt(distance2);
      vec3 normal = distance > 0.0 ? d / distance : vec3(0.0, i < j ? 1.0 : -1.0, 0.0);
      float depth = reach - distance;
      vec3 q_prev = previous[j].xyz;
      float start_depth = max(reach - length(x_prev - q_prev), 0.0);
      float settled = min(depth, start_depth);
      float approach = depth - settled;
      vec3 sliding = (x - x_prev) - (q.xyz - q_prev);
      sliding -= dot(sliding, normal) * normal;
      float slide = length(sliding);
      float held = slide > 0.0 ? min(1.0, push.friction * approach / slide) : 0.0;
      float share = p.w / (p.w + q.w);
      push_sum.xyz += share * (depth * normal - held * sliding);
      settle_sum += share * settled * normal;
      push_sum.w += 1.0;
    }
  }
  corrections[2u * i] = push_sum;
  corrections[2u * i + 1u] = vec4(settle_sum, 0.0);
}
