// How the edges a topology builder produces (rope segments, cloth structural/shear/bend links,
// mesh edges) become elements of the model: springs (force elements), distance constraints
// (position elements), or nothing. The rest length is the distance at build time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sim/model/enum_keys.h"

namespace weft {

struct Model;

enum class LinkKind {
  none,
  spring,      // a force element
  constraint,  // a position element (XPBD distance constraint)
  // Both on the same link: the spring gives the elastic response, the constraint caps the
  // stretch the relaxation sweeps allow (strain limiting).
  spring_and_constraint,
};

inline constexpr EnumKeys<LinkKind, 4> kLinkKindKeys{{
    {LinkKind::spring, "spring", "spring"},
    {LinkKind::constraint, "constraint", "constraint"},
    {LinkKind::spring_and_constraint, "spring_and_constraint", "spring and constraint"},
    {LinkKind::none, "none", "none"},
}};

inline bool has_spring(LinkKind kind) {
  return kind == LinkKind::spring || kind == LinkKind::spring_and_constraint;
}
inline bool has_constraint(LinkKind kind) {
  return kind == LinkKind::constraint || kind == LinkKind::spring_and_constraint;
}

struct LinkMaterial {
  LinkKind kind = LinkKind::spring;
  float stiffness = 0.0f;   // ks, N/m (springs)
  float damping = 0.0f;     // kd, N s/m (springs)
  float compliance = 0.0f;  // m/N (constraints); 0 is inextensible
  // m/N while the link is shorter than its rest length (constraints); none: compliance. Woven
  // cloth buckles out of its plane under a far smaller load than it takes to shorten its
  // threads, so a cloth's links may give more in compression than in stretch, which lets the
  // folds of a drape form instead of pushing the cloth around them apart.
  std::optional<float> compression_compliance;
};

// The compliance of a material's links while they are compressed.
inline float compression_compliance_of(const LinkMaterial& material) {
  return material.compression_compliance.value_or(material.compliance);
}

// Throws ModelError naming `what` ("rope segment", "cloth shear") when a value is out of range.
void check_link_material(const LinkMaterial& material, const std::string& what);

// Adds the element joining particles a and b at their current distance. Throws when the two
// particles coincide, since that would be a zero rest length.
void add_link(Model& model, uint32_t a, uint32_t b, const LinkMaterial& material,
              const std::string& what);

}  // namespace weft
