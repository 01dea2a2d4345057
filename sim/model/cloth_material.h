// A cloth's material in physical units, the same at every resolution: what a tailor's data sheet
// gives (areal density, and stiffness per unit width from a tensile, a shear and a bending test),
// mapped onto the links and bending elements of a grid or mesh of any size.
//
//   stretch, per unit width S (N/m): a strip of cloth w wide stretched by strain e pulls with
//     S w e. A structural link between nodes h apart, standing for a strip h wide, has stiffness
//     S h / h = S: its compliance 1/S does not depend on the spacing.
//   shear S_xy (N/m): the two diagonals of a cell of sides hx, hy (diagonal d) store the cell's
//     shear energy when each has stiffness S_xy d^2 / (2 hx hy): S_xy for square cells.
//   bending B (N m): bending elements (bending_element.h).
//   max_stretch: how far beyond its rest length the cloth may ever reach, as a fraction (0.02:
//     2%); tethers (tethers.h) and strain limits (strain_limits.h) enforce it, holding half of it
//     along any path from a pin so that between two pins it is all (a cloth that tears: all of
//     it on each). Woven cloth locks at a few percent.
//   compression, per unit width C (N/m): how hard the links push back while shorter than their
//     rest length. Woven cloth buckles out of its plane long before its threads shorten, and a
//     grid cannot fold between its nodes, so links that push back in compression as hard as they
//     pull in stretch would push the cloth beside a fold apart instead of letting it form. The
//     compressed links' compliance is their stretched one times S / C.
//   break_strain: the strain at which a link of the cloth breaks (0.03: 3% beyond its rest
//     length); none: it never tears (sim/modules/tearing.h).
//   friction: the cloth's own Coulomb coefficients against colliders and the ground, mixed with
//     a collider's own (Environment::static_friction); none: the collider's or the environment's.
//
// Stiff materials are XPBD constraints with these compliances: springs of stiffness S on a fine
// grid have k/m growing as the square of the resolution and cannot stay stable.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "sim/model/contact_friction.h"

namespace weft {

struct ClothGridDesc;
struct TriangleMeshDesc;
struct Model;

struct ClothMaterial {
  float areal_density = 0.15f;                 // kg/m^2
  float stretch_stiffness = 1e3f;              // N/m
  float shear_stiffness = 30.0f;               // N/m
  float bending_stiffness = 3e-6f;             // N m
  std::optional<float> max_stretch = 0.02f;    // none: no tethers
  std::optional<float> break_strain;           // none: never tears; > 0
  std::optional<float> compression_stiffness;  // N/m; none: stretch_stiffness
  std::optional<ContactFriction> friction;     // none: the surfaces' it touches
};

struct NamedClothMaterial {
  const char* name;
  const char* description;
  ClothMaterial material;
};

// silk, cotton, denim, wool, leather, rubber, paper: sources in docs/scenes.md.
std::span<const NamedClothMaterial> cloth_materials();
const ClothMaterial* find_cloth_material(std::string_view name);

// How many times softer the material's links are in compression than in stretch: S / C.
float compression_softening(const ClothMaterial& material);

// Mass per particle, link kinds and compliances, bending stiffness and the tethers (held within
// sqrt(1 + max_stretch) of their rest distance to the pins, 1 + max_stretch for a cloth that
// tears; none without a max_stretch) for the grid or mesh whose shape is already set (columns,
// rows, axes; vertices, triangles).
void apply_cloth_material(const ClothMaterial& material, ClothGridDesc& cloth);
void apply_cloth_material(const ClothMaterial& material, TriangleMeshDesc& mesh);

// What the tethers and strain limits of a cloth of this material hold it to (TetherGroup's
// scale and link_scale); none without a max_stretch.
struct TetherScales {
  float scale = 1.0f;
  float link_scale = 1.0f;
};
std::optional<TetherScales> material_tether_scales(const ClothMaterial& material);

}  // namespace weft
