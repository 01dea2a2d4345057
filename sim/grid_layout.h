// A cloth grid as the grid fast path sees it: every node's links follow from its column and row,
// with one material per link kind and one rest length per direction, so no link list or
// adjacency is read. Model::grid holds one when the model is a single cloth grid.
//
// The twelve directions a node links in, in the order every gather walks them (the CPU reference
// and shaders/grid_directions.glsl list them alike):
//   structural (+1,0) (-1,0) (0,+1) (0,-1)   shear (+1,+1) (-1,-1) (-1,+1) (+1,-1)
//   bend (+2,0) (-2,0) (0,+2) (0,-2)
// Each pair is one link seen from both ends: the even entry points to the higher index (the end
// that owns the link's XPBD multiplier, in slot direction / 2), the odd entry back.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <glm/vec3.hpp>

#include "sim/gpu_types.h"
#include "sim/link.h"

namespace weft {

struct Model;

struct GridLayout {
  uint32_t columns = 0;
  uint32_t rows = 0;
  glm::vec3 column_step{0.0f};  // node (c + 1, r) - node (c, r) at rest, m
  glm::vec3 row_step{0.0f};     // node (c, r + 1) - node (c, r) at rest, m
  LinkMaterial structural;
  LinkMaterial shear;
  LinkMaterial bend;
  // false: Model::springs and constraints do not list the grid's links (grids too large to list);
  // the general solver path then lists them when it packs the model.
  bool links_listed = true;
};

enum class GridLinkKind : uint32_t { structural = 0, shear = 1, bend = 2 };

struct GridDirection {
  int column_offset;
  int row_offset;
  GridLinkKind kind;
  uint32_t slot;  // rest length and multiplier slot, 0..5
  bool forward;   // points to the higher particle index
};

inline constexpr std::array<GridDirection, 12> kGridDirections = {{
    {+1, 0, GridLinkKind::structural, 0, true},
    {-1, 0, GridLinkKind::structural, 0, false},
    {0, +1, GridLinkKind::structural, 1, true},
    {0, -1, GridLinkKind::structural, 1, false},
    {+1, +1, GridLinkKind::shear, 2, true},
    {-1, -1, GridLinkKind::shear, 2, false},
    {-1, +1, GridLinkKind::shear, 3, true},
    {+1, -1, GridLinkKind::shear, 3, false},
    {+2, 0, GridLinkKind::bend, 4, true},
    {-2, 0, GridLinkKind::bend, 4, false},
    {0, +2, GridLinkKind::bend, 5, true},
    {0, -2, GridLinkKind::bend, 5, false},
}};

// XPBD multipliers per particle in the grid path: slots 0..5 used, padded to two vec4s.
constexpr uint32_t kGridLambdasPerParticle = 8;

const LinkMaterial& grid_material(const GridLayout& grid, GridLinkKind kind);

// Calls visit(a, b, kind, slot) once per link of the grid, a < b, row by row.
void for_each_grid_link(
    const GridLayout& grid,
    const std::function<void(uint32_t, uint32_t, GridLinkKind, uint32_t)>& visit);

// Appends the grid's links to the model's springs and constraints (rest lengths from the
// layout), as add_cloth_grid does for a listed grid.
void list_grid_links(const GridLayout& grid, Model& model);

// Why the grid path cannot simulate this model, or nothing when it can.
std::optional<std::string> grid_path_refusal(const Model& model);

// The grid's constants for the shaders. relaxation_scale: see jacobi_scale in shared_types.h.
gpu::GridParams make_grid_params(const GridLayout& grid);

}  // namespace weft
