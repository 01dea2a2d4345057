// A material edit for the tests of live material changes (sim/model/material_edit.h): cotton with
// every figure changed, and the inverse masses to give a running solver after the edit.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "sim/model/cloth_material.h"
#include "sim/model/model.h"

namespace weft::test {

// Heavier, stiffer in every way, more stretchable and rougher than cotton.
inline ClothMaterial cotton_with_every_figure_changed() {
  ClothMaterial material = *find_cloth_material("cotton");
  material.areal_density = 0.31f;
  material.stretch_stiffness = 2500.0f;
  material.shear_stiffness = 75.0f;
  material.compression_stiffness = 400.0f;
  material.bending_stiffness = 4e-5f;
  material.max_stretch = 0.02f;
  material.friction = ContactFriction{0.7f, 0.5f};
  return material;
}

// Every particle's inverse mass in the model, as a solver's set_inverse_masses takes them.
inline std::vector<std::pair<uint32_t, float>> every_inverse_mass(const Model& model) {
  std::vector<std::pair<uint32_t, float>> masses;
  for (uint32_t i = 0; i < model.particle_count(); ++i)
    masses.emplace_back(i, model.inverse_masses[i]);
  return masses;
}

}  // namespace weft::test
