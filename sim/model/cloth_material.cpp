#include "sim/model/cloth_material.h"

#include <array>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/model/cloth_grid.h"
#include "sim/model/model.h"
#include "sim/model/model_error.h"
#include "sim/model/triangle_mesh.h"

namespace weft {

namespace {

// Figures from tensile, shear and bending tests of real fabrics at the low loads cloth sees under
// its own weight; docs/scenes.md gives the sources and ranges.
const std::array kMaterials{
    NamedClothMaterial{
        "silk", "charmeuse: light, drapes in fine folds", {0.082f, 1000.0f, 20.0f, 2e-6f, 0.004f}},
    NamedClothMaterial{"cotton", "shirting, plain weave", {0.15f, 1000.0f, 40.0f, 3e-6f, 0.003f}},
    NamedClothMaterial{
        "denim", "heavy twill: stiff folds", {0.35f, 5000.0f, 100.0f, 5e-5f, 0.002f}},
    NamedClothMaterial{"wool",
                       "suiting flannel: soft, stretches a little more",
                       {0.2f, 300.0f, 26.0f, 5e-6f, 0.006f}},
    NamedClothMaterial{"leather", "1 mm hide: heavy and stiff", {0.75f, 1e4f, 2e3f, 3e-4f, 0.005f}},
    NamedClothMaterial{"rubber",
                       "0.5 mm sheet: stretches freely, no limit",
                       {0.47f, 750.0f, 250.0f, 2.1e-5f, std::nullopt}},
    NamedClothMaterial{"paper",
                       "80 g/m^2 office paper: nearly inextensible, creases",
                       {0.08f, 5e5f, 2e5f, 4.2e-4f, 0.001f, 0.02f}},
};

void check(const ClothMaterial& m) {
  auto positive = [](float v) { return std::isfinite(v) && v > 0.0f; };
  if (!positive(m.areal_density) || !positive(m.stretch_stiffness) ||
      !positive(m.shear_stiffness) || !std::isfinite(m.bending_stiffness) ||
      m.bending_stiffness < 0.0f ||
      (m.max_stretch && !(*m.max_stretch >= 0.0f && std::isfinite(*m.max_stretch))) ||
      (m.break_strain && !positive(*m.break_strain)) ||
      (m.compression_stiffness && !positive(*m.compression_stiffness))) {
    throw ModelError(
        "cloth material: areal density, stretch, shear and compression stiffness and break strain "
        "must be > 0, bending stiffness and max_stretch >= 0");
  }
}

}  // namespace

float compression_softening(const ClothMaterial& material) {
  return material.compression_stiffness
             ? material.stretch_stiffness / *material.compression_stiffness
             : 1.0f;
}

std::span<const NamedClothMaterial> cloth_materials() {
  return kMaterials;
}

const ClothMaterial* find_cloth_material(std::string_view name) {
  for (const NamedClothMaterial& named : kMaterials) {
    if (name == named.name) return &named.material;
  }
  return nullptr;
}

void apply_cloth_material(const ClothMaterial& material, ClothGridDesc& cloth) {
  check(material);
  cloth.areal_density = material.areal_density;
  const double hx = glm::length(glm::dvec3(cloth.width_axis)) / double(cloth.columns - 1);
  const double hy = glm::length(glm::dvec3(cloth.height_axis)) / double(cloth.rows - 1);
  const float softening = compression_softening(material);
  const float structural = 1.0f / material.stretch_stiffness;
  const float shear = float(2.0 * hx * hy / (material.shear_stiffness * (hx * hx + hy * hy)));
  cloth.structural = {LinkKind::constraint, 0.0f, 0.0f, structural, structural * softening};
  cloth.shear = {LinkKind::constraint, 0.0f, 0.0f, shear, shear * softening};
  cloth.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  cloth.bending_stiffness = material.bending_stiffness;
  cloth.break_strain = material.break_strain.value_or(0.0f);
  const TetherScales tethers = material_tether_scales(material).value_or(TetherScales{0.0f, 0.0f});
  cloth.tether_scale = tethers.scale;
  cloth.tether_link_scale = tethers.link_scale;
  cloth.friction = material.friction;
}

void apply_cloth_material(const ClothMaterial& material, TriangleMeshDesc& mesh) {
  check(material);
  mesh.areal_density = material.areal_density;
  mesh.edge = {LinkKind::constraint, 0.0f, 0.0f, 0.0f};
  mesh.stretch_stiffness = material.stretch_stiffness;
  mesh.bend = {LinkKind::none, 0.0f, 0.0f, 0.0f};
  mesh.bending_stiffness = material.bending_stiffness;
  mesh.compression_softening = compression_softening(material);
  const TetherScales tethers = material_tether_scales(material).value_or(TetherScales{0.0f, 0.0f});
  mesh.tether_scale = tethers.scale;
  mesh.tether_link_scale = tethers.link_scale;
  mesh.friction = material.friction;
  if (material.break_strain) {
    throw ModelError("cloth material: break_strain tears cloth grids only, not triangle meshes");
  }
}

std::optional<TetherScales> material_tether_scales(const ClothMaterial& material) {
  if (!material.max_stretch) return std::nullopt;
  // A particle held by two pins with both tethers taut lies on the circle where their spheres
  // meet, and its neighbours along the line between the pins lie scale^2 times their rest
  // distance apart. So each tether reaches sqrt(1 + max_stretch) times its rest distance (about
  // half the allowance), and the cloth between two pins stretches by no more than all of it.
  // The strain limits hold the same scale, which leaves the solver's own error room within the
  // material's allowance. A cloth that tears keeps all of it: where a pull goes beyond it (pins
  // moving apart), limits held to half would gather the excess into the few links nearest the
  // pins, which would break long before the cloth gave.
  // A link itself may use the whole allowance; one of a cloth that tears is left to its break
  // strain (0: not held), which decides when it yields and breaks.
  const float allowance = 1.0f + *material.max_stretch;
  return TetherScales{material.break_strain ? allowance : std::sqrt(allowance),
                      material.break_strain ? 0.0f : allowance};
}

}  // namespace weft
