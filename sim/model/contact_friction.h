// A surface's own Coulomb coefficients: a collider's, or a cloth material's
// (Environment::static_friction says what they do, and how two surfaces' coefficients mix).
#pragma once

namespace weft {

struct ContactFriction {
  float static_friction = 0.0f;   // >= 0
  float kinetic_friction = 0.0f;  // in [0, static_friction]
};

}  // namespace weft
