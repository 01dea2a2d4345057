#include "sim/model/link.h"

#include <cmath>

#include <glm/geometric.hpp>

#include "sim/model/model.h"
#include "sim/model/model_error.h"

namespace weft {

namespace {

void require_non_negative(float value, const std::string& what, const char* name,
                          const char* unit) {
  if (!std::isfinite(value) || value < 0.0f) {
    throw ModelError(what + ": " + name + " must be a finite value >= 0 " + unit + ", got " +
                     std::to_string(value));
  }
}

}  // namespace

void check_link_material(const LinkMaterial& material, const std::string& what) {
  require_non_negative(material.stiffness, what, "stiffness", "N/m");
  require_non_negative(material.damping, what, "damping", "N s/m");
  require_non_negative(material.compliance, what, "compliance", "m/N");
  if (material.compression_compliance) {
    require_non_negative(*material.compression_compliance, what, "compression_compliance", "m/N");
  }
}

void add_link(Model& model, uint32_t a, uint32_t b, const LinkMaterial& material,
              const std::string& what) {
  if (material.kind == LinkKind::none) return;
  const float rest = glm::distance(model.positions[a], model.positions[b]);
  if (!(rest > 0.0f)) {
    throw ModelError(what + " between particles " + std::to_string(a) + " and " +
                     std::to_string(b) + " has zero rest length: the two particles coincide");
  }
  if (has_spring(material.kind)) {
    model.springs.push_back({a, b, rest, material.stiffness, material.damping});
  }
  if (has_constraint(material.kind)) {
    model.constraints.push_back({a, b, rest, material.compliance, material.compression_compliance});
  }
}

}  // namespace weft
