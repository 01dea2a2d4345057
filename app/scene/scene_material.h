// A cloth or mesh object's `material`: a named material (`material = "cotton"`) or a table of
// physical figures, optionally starting from a named one:
//   [cloth.material]
//   preset = "denim"            # optional
//   areal_density = 0.35        # kg/m^2
//   stretch_stiffness = 5000    # N/m
//   shear_stiffness = 100       # N/m
//   bending_stiffness = 5e-5    # N m
//   max_stretch = 0.015         # fraction; omit for no limit
//   break_strain = 0.08         # fraction: links break beyond it (cloth grids only); omit: never
// A material sets the object's mass and links, so it excludes the per-link tables and the mass
// keys.
#pragma once

#include <optional>

#include "sim/model/cloth_material.h"

namespace weft {

class TableReader;

// The object's material, if it has one; fails on an unknown name, a bad figure, or keys the
// material replaces (`replaced`: the object's link tables, then mass keys).
std::optional<ClothMaterial> read_cloth_material(const TableReader& object,
                                                 std::initializer_list<const char*> replaced);

// Fails when the material tears (a break strain, given or from its preset): only a cloth grid
// tears, so a [[mesh]] refuses it, at the `break_strain` key or else at `material`.
void refuse_tearing_material(const TableReader& object, const ClothMaterial& material);

}  // namespace weft
