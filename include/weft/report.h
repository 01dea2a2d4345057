// What a simulation's state measures: its energy and how far its cloth and ropes are stretched
// (docs/physics.md defines both).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft::api {

struct SystemReport {
  std::string name;
  double kinetic_energy = 0.0;        // J
  double gravitational_energy = 0.0;  // J, -m g . x
  double elastic_energy = 0.0;        // J, springs and compliant constraints
  // (length - rest) / rest over the links that bear stretch; mean counts compression negative.
  double max_strain = 0.0;
  double mean_strain = 0.0;
  uint64_t links = 0;       // links measured
  uint32_t torn_links = 0;  // since the start (a cloth that tears)
  uint64_t contacts = 0;    // self-collision contacts now (0 without self-collision)
  uint32_t nonfinite = 0;   // particles whose position is NaN or infinite
  std::string blow_up;      // why the state means the simulation blew up, or empty
};

struct Report {
  uint32_t frame = 0;
  double time = 0.0;  // s
  std::vector<SystemReport> systems;
};

}  // namespace weft::api
