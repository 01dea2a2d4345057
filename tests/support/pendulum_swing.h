// The half-period of a pendulum whose bob is particle 1 of a CPU solver, swinging across x = 0:
// the time between the bob's first and third crossings of the vertical, halved (s), from its
// sideways position each frame, interpolated linearly between frames (read to about 1e-4 s at
// 60 frames a second). 0 when it did not cross three times within `max_frames`.
#pragma once

#include <vector>

#include "sim/core/cpu_solver.h"

namespace weft::test {

inline double pendulum_half_period(CpuSolver<float>& solver, int max_frames = 240) {
  const double frame_dt = solver.core().settings().frame_dt;
  std::vector<double> crossings;
  double x = solver.state().positions[1].x;
  for (int frame = 1; frame <= max_frames && crossings.size() < 3; ++frame) {
    solver.step_frame();
    const double next = solver.state().positions[1].x;
    if ((x > 0.0) != (next > 0.0)) crossings.push_back((frame - 1 + x / (x - next)) * frame_dt);
    x = next;
  }
  return crossings.size() == 3 ? (crossings[2] - crossings[0]) / 2.0 : 0.0;
}

}  // namespace weft::test
