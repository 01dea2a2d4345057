// A few values side by side in one SSE or NEON register, with GCC's and Clang's vector extension
// (four floats or two doubles): the CPU reference's hot loops do the shader's arithmetic on
// several independent threads' data at once. Each lane's operations are IEEE's, in the order the
// scalar code writes them, so a lane's answer is the scalar one to the bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace weft::cpu {

template <typename Real>
struct LanesOf;
template <>
struct LanesOf<float> {
  typedef float type __attribute__((vector_size(16)));
};
template <>
struct LanesOf<double> {
  typedef double type __attribute__((vector_size(16)));
};

template <typename Real>
using Lanes = typename LanesOf<Real>::type;

template <typename Real>
constexpr uint32_t kLanes = 16 / sizeof(Real);

// values[first], values[first + 1], ...: a register's worth.
template <typename Real>
Lanes<Real> load_lanes(const std::vector<Real>& values, size_t first) {
  Lanes<Real> lanes;
  std::memcpy(&lanes, values.data() + first, sizeof lanes);
  return lanes;
}

// Whether any lane of a comparison's result is true.
template <typename Real, typename Mask>
bool any_lane(const Mask& mask) {
  for (uint32_t lane = 0; lane < kLanes<Real>; ++lane) {
    if (mask[lane]) return true;
  }
  return false;
}

}  // namespace weft::cpu
