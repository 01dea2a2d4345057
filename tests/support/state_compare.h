// Comparing two particle states element by element, with a report that names the worst element.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

#include "sim/core/particle_state.h"

namespace weft::test {

// Every element's xyz must satisfy |actual - expected| <= tolerance(i) in each coordinate.
// Reports how many elements differ and the worst one, rather than thousands of lines.
template <typename Tolerance>
::testing::AssertionResult all_near(const std::vector<glm::vec4>& actual,
                                    const std::vector<glm::vec4>& expected, Tolerance tolerance,
                                    const std::string& what) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure()
           << what << ": " << actual.size() << " elements, expected " << expected.size();
  }
  size_t failures = 0;
  size_t worst = 0;
  double worst_ratio = 0.0;
  for (size_t i = 0; i < actual.size(); ++i) {
    const double limit = tolerance(i);
    for (int k = 0; k < 3; ++k) {
      const double error = std::abs(double{actual[i][k]} - double{expected[i][k]});
      const double ratio = error / limit;
      if (!(error <= limit)) ++failures;  // also catches NaN
      if (!(ratio <= worst_ratio)) {
        worst_ratio = std::isnan(ratio) ? INFINITY : ratio;
        worst = i;
      }
    }
  }
  if (failures == 0) return ::testing::AssertionSuccess();
  const glm::vec4& a = actual[worst];
  const glm::vec4& e = expected[worst];
  return ::testing::AssertionFailure()
         << what << ": " << failures << " coordinate(s) out of tolerance; worst is element "
         << worst << ": actual (" << a.x << ", " << a.y << ", " << a.z << "), expected (" << e.x
         << ", " << e.y << ", " << e.z << "), tolerance " << tolerance(worst) << " (error "
         << worst_ratio << " x tolerance)";
}

inline ::testing::AssertionResult all_near(const std::vector<glm::vec4>& actual,
                                           const std::vector<glm::vec4>& expected, double tolerance,
                                           const std::string& what) {
  return all_near(
      actual, expected, [tolerance](size_t) { return tolerance; }, what);
}

// The GPU's positions and velocities after one pass against the CPU reference's, within what a
// pass's float arithmetic allows (both sides run the same operations in the same order; the GPU
// may contract a*b+c into an FMA and divide within 2.5 ULP): positions within 1e-6 m * max(1,
// |x|), about 8 ULP of the coordinate, velocities within 1e-5 * max(1, |v|).
inline void expect_pass_positions_and_velocities_match(const ParticleState<float>& gpu,
                                                       const ParticleState<float>& cpu) {
  auto position_tolerance = [&](size_t i) {
    return 1e-6 * std::max(1.0, double{glm::length(glm::vec3(cpu.positions[i]))});
  };
  EXPECT_TRUE(all_near(gpu.positions, cpu.positions, position_tolerance, "positions"));
  auto velocity_tolerance = [&](size_t i) {
    return 1e-5 * std::max(1.0, double{glm::length(glm::vec3(cpu.velocities[i]))});
  };
  EXPECT_TRUE(all_near(gpu.velocities, cpu.velocities, velocity_tolerance, "velocities"));
}

// The farthest any particle moved between two states, m.
inline float largest_move(const ParticleState<float>& from, const ParticleState<float>& to) {
  float largest = 0.0f;
  for (size_t i = 0; i < from.positions.size(); ++i)
    largest = std::max(largest, glm::length(glm::vec3(to.positions[i] - from.positions[i])));
  return largest;
}

// Scalars (a module's multipliers) as the x of vec4s, to compare them with all_near.
inline std::vector<glm::vec4> widen(const std::vector<float>& values) {
  std::vector<glm::vec4> out;
  for (float v : values)
    out.emplace_back(v, 0.0f, 0.0f, 0.0f);
  return out;
}

}  // namespace weft::test
