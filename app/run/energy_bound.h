// How much energy the motion of a system may hold at a time t before the blow-up watch calls it
// a runaway: what the system started with, plus what its drivers can add, with room for
// integration error.
//
// Gravity and links are conservative and their energy is measured (sim/core/energy.h), so in a
// stable simulation the total energy E changes only by the work W of what drives the system, and
// the motion's share, kinetic + gravitational = E - elastic, is at most E(0) + W(t), since
// elastic energy is never negative. The watch checks that share, not E: a stiff constraint that
// the relaxation sweeps leave slightly violated stores a large C^2 / 2 alpha that no motion
// ever receives (a cloth falling on a sphere shows hundreds of joules of it), while a runaway
// shows in the motion. The drivers' work:
//   - anchors moving at speed v drag at most the whole free mass M along; a dragged cloth may
//     swing at up to twice that speed, so at most 2 M v^2, and lift it at most M g v_up per second;
//   - spheres and colliders on paths push the cloth the same way, v the fastest point of their
//     surface (the centre's speed plus the turn rate times how far the surface reaches) over any
//     frame, and lift it at most to the highest they go (in the height range below);
//   - wind pulls a particle with air drag k (w - v), whose power k (w - v).v is at most k |w|^2 /
//   4;
//   - the air on triangles (drag and lift, sim/modules/aerodynamics.h) takes energy from the
//     motion relative to the air, and in the ground's frame does at most F.w: a plate of area A
//     moving slower than the wind feels |F| <= rho (C_D + C_L) A |w|^2 / 2, so at most that times
//     |w| per second, w the wind with the gusts' full amplitude, A the surface's area at rest;
//   - a one-shot force F on a particle of mass m acts for one substep dt: its impulse J = F dt
//     raises that particle's kinetic energy from at most B to at most (sqrt(B) + J/sqrt(2m))^2;
//   - collisions (ground, spheres) and damping remove energy, but a projection may lift a
//     particle to the ground or a sphere's surface: at most M g times the scene's height range
//     (particles, ground, spheres and colliders wherever their paths take them), which is counted
//     in the system's energy scale;
//   - a force-mode ground holds the energy of particles that start below it, (k/2) depth^2.
// The scale is the initial kinetic, elastic and ground energy plus M g (height range) plus
// M (1 m/s)^2 / 2 (so that a system at rest without gravity still has room for rounding), and
// the limit is the initial total energy plus 10 times (scale + work). A stable integrator stays far
// inside it; an unstable one grows the energy geometrically and crosses any such factor within a
// few frames, so the factor costs little time while it spares every legitimate scene.
#pragma once

#include <vector>

#include "app/scene/scene_systems.h"
#include "sim/core/energy.h"

namespace weft {

class EnergyBound {
 public:
  // The factor between what the drivers can explain and what is a runaway.
  static constexpr double kSafetyFactor = 10.0;

  // `initial`: the system's energy as measured before its first frame.
  EnergyBound(const SceneSystem& system, const Energy& initial);

  // The most kinetic + gravitational energy the system may hold after `seconds` of simulated
  // time, J.
  double limit_at(double seconds) const;

 private:
  struct Impulse {
    double seconds;  // when it acts
    double impulse;  // N s
    double mass;     // kg of the particle it pushes
  };

  double initial_ = 0.0;           // J
  double scale_ = 0.0;             // J: the system's own energy scale
  double fixed_work_ = 0.0;        // J: anchors dragging the free mass
  double power_ = 0.0;             // J/s: wind, and anchors lifting the free mass
  std::vector<Impulse> impulses_;  // in time order
};

}  // namespace weft
