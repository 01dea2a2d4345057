// Any triangle mesh as cloth: a particle per vertex, a link per edge, and a bend link across each
// interior edge (joining the two vertices opposite it).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/model/contact_friction.h"
#include "sim/model/link.h"

namespace weft {

struct Model;

struct TriangleMeshDesc {
  std::vector<glm::vec3> vertices;    // m
  std::vector<glm::uvec3> triangles;  // vertex indices
  float particle_mass = 1.0f;         // kg per vertex, > 0, unless areal_density
  // kg/m^2; > 0: each vertex weighs a third of the area of the triangles around it instead, so the
  // mesh's weight and its moments do not depend on how finely or evenly it is triangulated.
  float areal_density = 0.0f;
  LinkMaterial edge;
  LinkMaterial bend;
  std::vector<uint32_t> pinned;    // vertex indices
  float bending_stiffness = 0.0f;  // N m: a bending element per interior edge (bending_element.h)
  // N/m, > 0: each edge constraint's compliance from the triangles beside it (cloth_material.h);
  // 0: edge.compliance for every edge.
  float stretch_stiffness = 0.0f;
  // Edge constraints' compliance while compressed, as a multiple of their compliance in stretch
  // (cloth_material.h).
  float compression_softening = 1.0f;
  // The tethers add_triangle_mesh holds it with (TetherGroup's scale and link_scale, which
  // apply_cloth_material sets from the material's max_stretch); 0: none.
  float tether_scale = 0.0f;
  float tether_link_scale = 0.0f;
  // Its particles' friction against colliders (Model::surface_frictions); none: the colliders'.
  std::optional<ContactFriction> friction;
};

// Each vertex's mass, kg (areal_density or particle_mass). Throws ModelError for a vertex that
// areal_density leaves without mass (one on no triangle).
std::vector<float> mesh_vertex_masses(const TriangleMeshDesc& mesh);

// Appends the mesh and returns its first particle. Refuses (ModelError) out-of-range indices,
// triangles that repeat a vertex, zero-area triangles and edges shared by more than two triangles.
uint32_t add_triangle_mesh(Model& model, const TriangleMeshDesc& mesh);

}  // namespace weft
