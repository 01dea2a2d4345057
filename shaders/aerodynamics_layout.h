// The air on the cloth's triangles (sim/modules/aerodynamics.h): aerodynamics.comp and the C++
// that packs its data. Included by GLSL and C++ alike.
#ifndef WEFT_AERODYNAMICS_H
#define WEFT_AERODYNAMICS_H
#include "shared_types.h"
#ifdef __cplusplus
namespace weft::gpu {
#endif

// Set 1 of aerodynamics.comp.
#define WEFT_AERODYNAMICS_BINDING_PARTICLES 0  // uint: thread t handles particles[t]
#define WEFT_AERODYNAMICS_BINDING_OFFSETS 1    // corners of thread t: [offsets[t], offsets[t + 1])
#define WEFT_AERODYNAMICS_BINDING_CORNERS 2    // TriangleCorner
#define WEFT_AERODYNAMICS_BINDING_AIR 3        // AirParams
#define WEFT_AERODYNAMICS_BINDING_TEARS 4      // per corner: the links whose tearing opens it

// Gusts are a sum of this many travelling sine waves, two per axis of the wind.
#define WEFT_GUST_WAVES 6

// One wave of the gusts: along axis `axis` of the wind it adds amplitude[axis] / 2 times
// sin(dot(wave_vector, x) + phase + substep * dt * angular_frequency), dt the substep's length.
struct GustWave {
  vec4 wave_vector;         // xyz: rad/m; w: phase at the frame's start, rad, in [0, 2 pi)
  float angular_frequency;  // rad/s
  uint axis;                // 0, 1, 2: x, y, z
  uint pad0;
  uint pad1;
};

// The air, rewritten at the start of every frame (the waves' phases move on with time).
struct AirParams {
  vec4 gust_amplitude;  // xyz: m/s per axis; w: unused
  float drag;           // 1/2 rho C_D: kg/m^3
  float lift;           // 1/2 rho C_L: kg/m^3
  uint pad0;
  uint pad1;
  GustWave waves[WEFT_GUST_WAVES];
};

// Push constants of aerodynamics.comp.
struct AerodynamicsPush {
  uint thread_count;  // particles that are a corner of some triangle
  uint substep;       // within the frame: how far the gusts' phases have moved
  uint tears;         // 1 when a cloth can tear: a triangle that lost an edge feels no air
  uint pad1;
};

#ifdef __cplusplus
}  // namespace weft::gpu
#endif
#endif  // WEFT_AERODYNAMICS_H
