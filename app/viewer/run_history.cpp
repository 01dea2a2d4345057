#include "app/viewer/run_history.h"

namespace weft {
namespace {

// Drops what lies more than RunHistory::kSeconds before `now`, and everything when `now` comes
// before the last sample.
template <typename Sample>
void make_room(std::deque<Sample>& samples, double now) {
  if (!samples.empty() && now < samples.back().time) samples.clear();
  while (!samples.empty() && samples.front().time < now - RunHistory::kSeconds)
    samples.pop_front();
}

}  // namespace

void RunHistory::add_strain(double time, float max_strain) {
  make_room(strains_, time);
  strains_.push_back({time, max_strain});
}

void RunHistory::add_energy(double time, const Energy& energy) {
  make_room(energies_, time);
  energies_.push_back({time, energy});
}

void RunHistory::clear() {
  strains_.clear();
  energies_.clear();
}

}  // namespace weft
