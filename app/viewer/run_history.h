// The panel's live plots: the largest strain of every simulated frame (from the blow-up watch, at
// no cost) and the energy whenever the viewer measures it (a read-back of the state, a few times
// a second while the plots are open), over the last seconds of simulated time.
#pragma once

#include <deque>

#include "sim/core/energy.h"

namespace weft {

class RunHistory {
 public:
  static constexpr double kSeconds = 10.0;  // of simulated time, the plots' width

  struct StrainSample {
    double time = 0.0;  // simulated, s
    float max_strain = 0.0f;
  };
  struct EnergySample {
    double time = 0.0;  // simulated, s
    Energy energy;
  };

  // Samples come in the order of simulated time; an earlier one (the scene was reset) starts
  // the history again.
  void add_strain(double time, float max_strain);
  void add_energy(double time, const Energy& energy);
  void clear();

  const std::deque<StrainSample>& strains() const { return strains_; }
  const std::deque<EnergySample>& energies() const { return energies_; }

 private:
  std::deque<StrainSample> strains_;
  std::deque<EnergySample> energies_;
};

}  // namespace weft
