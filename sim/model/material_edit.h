// A cloth's material changed while it runs: the links, bending and masses the material gave a
// built cloth grid or mesh, rewritten in its model for the new figures, so that a running solver
// takes them with a materials edit (SolverCore::edit) and new inverse masses. A figure whose
// presence decides which elements the cloth has (presence_fixed in material_figures.h: a stretch
// limit, tearing, bending) may change but not appear or vanish: that is the scene file's.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/model/cloth_material.h"
#include "sim/model/model.h"

namespace weft {

// Rewrites what `from` gave the object of `count` particles from `first` (a cloth grid of the
// model's, or a mesh) as `to` gives it: link compliances, a grid's link materials and bending
// stiffness, a mesh's hinges, a tearing grid's break strain and every free particle's inverse
// mass. Returns the inverse mass `to` gives each of the object's particles, pinned ones too (a
// pin keeps its 0 in the model). Throws ModelError, changing nothing, where `to` differs from
// `from` in what a running solver cannot take.
std::vector<float> change_material(Model& model, uint32_t first, uint32_t count,
                                   const ClothMaterial& from, const ClothMaterial& to);

}  // namespace weft
