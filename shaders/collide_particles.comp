#version 450
// Self-collision, seventh pass: each free particle of a contact group finds, in its cell and the
// 26 around it, every particle closer than their reach (the sum of their radii, half of each
// one's thickness) that is not its neighbour in the rest mesh, and sums what each contact asks
// of it, Jacobi style (apply_contacts.comp averages and applies the sums):
// - the push that separates the pair to its reach, shared by inverse mass. The part of the
//   overlap the pair already had at the start of the substep moves the particle and its previous
//   position alike, so it adds no velocity (an overlap left over is removed without a kick);
//   only the part this substep's motion made stops the approach;
// - Coulomb friction: the pair's relative sliding this substep is removed up to `friction` times
//   that approach's push, and never beyond (no reversal).
// Buckets hold particles sorted by index and cells are visited in a fixed order, so the sums are
// the same on every run. One thread per particle. Mirrors SelfCollision::collide.
#include "contact_hash.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

bool rest_neighbours(ContactParticle me, uint other) {
  for (uint k = 0u; k < me.neighbour_count; ++k) {
    if (neighbours[me.neighbour_first + k] == other) return true;
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
    ivec3 home = cell_of(x);
    for (int dz = -1; dz <= 1; ++dz) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          ivec3 cell = home + ivec3(dx, dy, dz);
          uint bucket = bucket_of(cell);
          uint end = starts[bucket + 1u];
          for (uint k = starts[bucket]; k < end; ++k) {
            uint j = sorted[k];
            if (j == i) continue;
            vec4 q = positions[j];
            if (cell_of(q.xyz) != cell) continue;  // another cell of the same bucket
            float reach = me.radius + contact_particles[j].radius;
            vec3 d = x - q.xyz;
            float distance2 = dot(d, d);
            if (distance2 >= reach * reach || rest_neighbours(me, j)) continue;
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
      }
    }
  }
  corrections[2u * i] = push_sum;
  corrections[2u * i + 1u] = vec4(settle_sum, 0.0);
}
