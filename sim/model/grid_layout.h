// A cloth grid as the grid solver modules see it: every node's links follow from its column and
// row, with one material per link kind and one rest length per direction, so no link list or
// adjacency is read. Model::grids holds one per cloth grid the model has.
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
#include <vector>

#include <glm/vec3.hpp>

#include "shaders/grid_cloth.h"
#include "sim/model/link.h"

namespace weft {

struct Model;
struct Spring;
struct DistanceConstraint;

struct GridLayout {
  uint32_t first_particle = 0;  // node (c, r) is particle first_particle + r * columns + c
  uint32_t columns = 0;
  uint32_t rows = 0;
  glm::vec3 column_step{0.0f};  // node (c + 1, r) - node (c, r) at rest, m
  glm::vec3 row_step{0.0f};     // node (c, r + 1) - node (c, r) at rest, m
  LinkMaterial structural;
  LinkMaterial shear;
  LinkMaterial bend;
  float bending_stiffness =
      0.0f;  // N m: bending elements (bending_element.h) along rows and columns
  // Structural and shear links break beyond this strain (sim/modules/tearing.h); 0: never.
  float break_strain = 0.0f;
  // false: Model::springs and constraints do not list the grid's links (grids too large to list);
  // the general solver modules then list them when they pack the model.
  bool links_listed = true;
  // Where its links are listed: Model::springs[first_spring, + spring_count), likewise
  // Model::constraints (both counts 0 when not listed).
  size_t first_spring = 0;
  size_t spring_count = 0;
  size_t first_constraint = 0;
  size_t constraint_count = 0;

  uint64_t node_count() const { return uint64_t{columns} * rows; }
  bool holds(uint32_t particle) const {
    return particle >= first_particle && particle - first_particle < node_count();
  }
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

// XPBD multipliers per node in the grid path: slots 0..5 used, padded to two vec4s.
constexpr uint32_t kGridLambdasPerParticle = WEFT_GRID_LAMBDAS_PER_PARTICLE;

const LinkMaterial& grid_material(const GridLayout& grid, GridLinkKind kind);

// Whether the grid's structural links are solved along its rows and columns before the
// relaxation sweeps, in the walks that also solve its bending (sim/modules/line_solves.h): when
// they are constraints.
inline bool stretch_solved_along_lines(const GridLayout& grid) {
  return has_constraint(grid.structural.kind);
}

// Calls visit(a, b, kind, slot) once per link of the grid, a < b, row by row; a and b are node
// indices within the grid (add first_particle for particle indices).
void for_each_grid_link(
    const GridLayout& grid,
    const std::function<void(uint32_t, uint32_t, GridLinkKind, uint32_t)>& visit);

// Appends the grid's links, between its particles, to these lists (rest lengths from the
// layout), as add_cloth_grid does for a listed grid.
void list_grid_links(const GridLayout& grid, std::vector<Spring>& springs,
                     std::vector<DistanceConstraint>& constraints);

// Why the grid modules cannot simulate the model's grid `index`, or nothing when they can: no
// link listed outside the grid may touch its particles, and its listed links must be its own.
std::optional<std::string> grid_path_refusal(const Model& model, size_t index);

// The grid's constants for the shaders (first_thread is the module's to set).
gpu::GridParams make_grid_params(const GridLayout& grid);

// The rest length of a link slot, 0..5 (see kGridDirections).
float grid_rest_length(const gpu::GridParams& grid, uint32_t slot);

}  // namespace weft
