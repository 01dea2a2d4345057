// A rectangular cloth: columns x rows particles on a regular grid, with structural links (to the
// right and lower neighbours), shear links (both diagonals of every cell) and bend links (to the
// neighbour two along each axis). Node (column c, row r) is particle first + r * columns + c.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/contact_friction.h"
#include "sim/model/link.h"

namespace weft {

struct Model;

struct ClothGridDesc {
  glm::vec3 origin{0.0f};                   // position of node (0, 0), m
  glm::vec3 width_axis{1.0f, 0.0f, 0.0f};   // from node (0, 0) to node (columns - 1, 0), m
  glm::vec3 height_axis{0.0f, 0.0f, 1.0f};  // from node (0, 0) to node (0, rows - 1), m
  uint32_t columns = 2;                     // >= 2
  uint32_t rows = 2;                        // >= 2
  float particle_mass = 1.0f;               // kg, > 0: every node's mass, unless areal_density
  // kg/m^2; > 0: each node weighs its share of the cloth's area instead (cloth_node_mass), so the
  // cloth's weight and the moments of its weight are the same at every resolution.
  float areal_density = 0.0f;
  LinkMaterial structural;
  LinkMaterial shear;
  LinkMaterial bend;
  std::vector<uint32_t> pinned;  // node indices r * columns + c
  // false: the links are not listed in Model::springs and constraints, only described by its
  // entry in Model::grids (for grids too large to list: the grid path needs no list).
  bool list_links = true;
  float bending_stiffness =
      0.0f;  // N m: bending elements along rows and columns (bending_element.h)
  // Its structural and shear links break when stretched beyond this strain (tearing.h); 0: they
  // never do.
  float break_strain = 0.0f;
  // The tethers and strain limits add_cloth_grid holds it with (TetherGroup's scale and
  // link_scale, which apply_cloth_material sets from the material's max_stretch); 0: none.
  float tether_scale = 0.0f;
  float tether_link_scale = 0.0f;
  // Its particles' friction against colliders (Model::surface_frictions); none: the colliders'.
  std::optional<ContactFriction> friction;
};

enum class GridCorner {
  first_row_first_column,
  first_row_last_column,
  last_row_first_column,
  last_row_last_column
};

// How many particles and links of each kind a grid has, without building it.
struct ClothGridCounts {
  uint64_t particles = 0;
  uint64_t structural = 0;
  uint64_t shear = 0;
  uint64_t bend = 0;
  uint64_t triangles = 0;
};
ClothGridCounts count_cloth_grid(uint32_t columns, uint32_t rows);

// The mass of node (column, row), kg: a whole cell's share of the area inside, half of it along
// an edge, a quarter at a corner (areal_density > 0); particle_mass otherwise.
float cloth_node_mass(const ClothGridDesc& cloth, uint32_t column, uint32_t row);

// The cloth's mass over its node count, kg: for figures given per particle, such as air drag.
float mean_node_mass(const ClothGridDesc& cloth);

// Node index of a corner, for pinning.
uint32_t grid_corner(const ClothGridDesc& cloth, GridCorner corner);

// Appends the cloth (particles, links, two triangles per cell) and its layout (Model::grids), and
// returns its first particle.
uint32_t add_cloth_grid(Model& model, const ClothGridDesc& cloth);

}  // namespace weft
