#version 450
// The blow-up watch over springs by adjacency, once per frame: each covered particle's thread
// finds the largest stretch (length - rest) / rest of its springs. Only stretch counts: a folded
// cloth legitimately compresses its bend links, while a solver that blows up stretches links
// without bound. Mirrors AdjacencySprings::measure_health.
#include "springs_bindings.glsl"

layout(local_size_x = WEFT_GROUP_SIZE) in;

void main() {
  uint t = thread_index();
  if (t >= push.thread_count) return;
  uint i = covered_particle(t);
  vec3 x = positions[i].xyz;
  float worst = 0.0;
  uint end = spring_offsets[t + 1];
  for (uint k = spring_offsets[t]; k < end; ++k) {
    SpringRef s = spring_refs[k];
    float e = s.rest_length > 0.0 ? (length(x - positions[s.other].xyz) - s.rest_length) /
                                        s.rest_length
                                  : 0.0;
    if (e > worst) worst = e;  // NaN compares false: a non-finite particle is counted elsewhere
  }
  report_stretch(worst);
}
