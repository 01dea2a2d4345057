#include "app/run/run_summary.h"

#include <algorithm>
#include <string>

#include "sim/model/model.h"

namespace weft {

namespace {

// How close the cloths' particles came at the end (pairs that share no triangle).
void print_contacts(std::FILE* out, const ContactReport& c) {
  if (!c.has_closest) {
    std::fprintf(out, "  contacts:      no two particles closer than their thickness\n");
    return;
  }
  std::fprintf(out,
               "  contacts:      closest pair %u and %u, %.4g m apart (%.0f%% of their thickness "
               "%.4g m); %llu pairs closer than the thickness, %llu closer than half\n",
               c.closest_a, c.closest_b, c.closest_distance,
               100.0 * c.closest_distance / c.closest_thickness, c.closest_thickness,
               static_cast<unsigned long long>(c.closer_than_thickness),
               static_cast<unsigned long long>(c.closer_than_half));
}

// The drape test's result (sim/model/drape_shadow.h): the coefficient and the areas it comes from.
void print_drape(std::FILE* out, const SceneDrapeTest& test, const DrapeMeasurement& drape) {
  std::fprintf(out,
               "drape coefficient: %.3f (cloth '%s': shadow %.4f m^2, support %.4f m^2, specimen "
               "%.4f m^2, counted on %.2g mm cells)\n",
               drape.coefficient, test.cloth.c_str(), drape.shadow_area, drape.support_area,
               drape.specimen_area, drape.cell_size * 1e3);
}

void print_energy(std::FILE* out, const char* label, const Energy& e) {
  std::fprintf(out, "%s%.6g J (kinetic %.6g, gravitational %.6g, elastic %.6g)\n", label, e.total(),
               e.kinetic, e.gravitational, e.elastic);
}

const SceneObject* object_of(const SceneSystem& system, uint32_t particle) {
  for (const SceneObject& object : system.objects) {
    if (particle >= object.first_particle &&
        particle - object.first_particle < object.particle_count)
      return &object;
  }
  return nullptr;
}

std::string object_name(const SceneObject& object) {
  return std::string(object_kind_name(object.kind)) + " '" + object.name + "'";
}

bool is_grid(const SceneObject& object) {
  return object.kind == SceneObjectKind::cloth && object.columns > 0;
}

// "in cloth 'sheet' between rows 3 and 4 of column 7", or the particles when no object says more.
std::string link_place(const SceneSystem& system, uint32_t a, uint32_t b) {
  const SceneObject* object = object_of(system, a);
  if (!object) return "between particles " + std::to_string(a) + " and " + std::to_string(b);
  const std::string name = object_name(*object);
  const uint32_t na = a - object->first_particle;
  const uint32_t nb = b - object->first_particle;
  if (!is_grid(*object)) {
    return "in " + name + " between particles " + std::to_string(na) + " and " + std::to_string(nb);
  }
  const uint32_t ra = na / object->columns, ca = na % object->columns;
  const uint32_t rb = nb / object->columns, cb = nb % object->columns;
  if (ra == rb) {
    return "in " + name + " between columns " + std::to_string(ca) + " and " + std::to_string(cb) +
           " of row " + std::to_string(ra);
  }
  return "in " + name + " between rows " + std::to_string(ra) + " and " + std::to_string(rb) +
         " of column " + std::to_string(ca);
}

// "the pin at row 0, column 7 of cloth 'sheet'", or "pinned particle 12".
std::string pin_place(const SceneSystem& system, uint32_t pin) {
  const SceneObject* object = object_of(system, pin);
  if (!object) return "pinned particle " + std::to_string(pin);
  const uint32_t node = pin - object->first_particle;
  if (!is_grid(*object))
    return "the pin at particle " + std::to_string(node) + " of " + object_name(*object);
  return "the pin at row " + std::to_string(node / object->columns) + ", column " +
         std::to_string(node % object->columns) + " of " + object_name(*object);
}

}  // namespace

void print_run_summary(std::FILE* out, const Scene& scene, const std::string& solver,
                       const RunOutcome& outcome) {
  const double simulated = outcome.frames_done * double{scene.frame_dt()};
  std::fprintf(out, "scene:           %s%s%s\n",
               scene.source.empty() ? "(default scene)" : scene.source.string().c_str(),
               scene.title.empty() ? "" : ": ", scene.title.c_str());
  std::fprintf(out, "solver:          %s\n", solver.c_str());
  std::fprintf(out, "frames:          %u of %.6g s\n", outcome.frames_done,
               double{scene.frame_dt()});
  std::fprintf(out, "simulated time:  %.4f s\n", simulated);
  std::fprintf(out, "wall time:       %.3f s (%.1f frames/s)\n", outcome.wall_seconds,
               outcome.frames_done / std::max(outcome.wall_seconds, 1e-9));

  Energy total;
  double max_strain = 0.0;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const SceneSystem& system = scene.systems[s];
    const SystemOutcome& result = outcome.systems[s];
    const Model& model = system.model;
    std::fprintf(out, "system %s:\n", system.name.c_str());
    std::fprintf(out, "  particles:     %u (%zu springs, %zu distance constraints, %zu anchors)\n",
                 model.particle_count(), model.springs.size(), model.constraints.size(),
                 model.anchors.size());
    std::fprintf(out, "  integrator:    %s, %u substeps per frame",
                 std::string(label_of(kIntegratorKeys, model.solver.integrator)).c_str(),
                 model.solver.substeps);
    if (!model.constraints.empty()) {
      std::fprintf(out, ", %u relaxation sweep%s", model.solver.relaxation_sweeps,
                   model.solver.relaxation_sweeps == 1 ? "" : "s");
    }
    std::fprintf(out, "\n");
    if (result.strain_checks > 0 && result.peak_strain.links > 0) {
      std::fprintf(out, "  max strain:    %.3f%% at frame %u %s (the largest of %u checks)\n",
                   result.peak_strain.max * 100.0, result.peak_strain_frame,
                   link_place(system, result.peak_strain.a, result.peak_strain.b).c_str(),
                   result.strain_checks);
    }
    std::fprintf(
        out, "  link stretch:  %.3f%% (any spring or constraint, shear included, at any check)\n",
        double{result.largest_stretch} * 100.0);
    if (result.final_strain.links > 0) {
      const StrainReport& strain = result.final_strain;
      std::fprintf(out, "  strain at end: max %.3f%% %s, mean %.3f%%\n", strain.max * 100.0,
                   link_place(system, strain.a, strain.b).c_str(), strain.mean * 100.0);
      if (strain.nearest_pin) {
        std::fprintf(out, "  nearest pin:   %s, %.3g m from that link\n",
                     pin_place(system, *strain.nearest_pin).c_str(), strain.pin_distance);
      }
    }
    if (model_tears(model)) {
      std::fprintf(out, "  torn links:    %u (%u %s, %u held by a pin or an anchor)\n",
                   result.torn_links, result.pieces.pieces,
                   result.pieces.pieces == 1 ? "piece" : "pieces", result.pieces.held);
    }
    print_energy(out, "  energy:        ", result.energy);
    std::fprintf(out, "  motion limit:  %.6g J of kinetic + gravitational (the blow-up watch)\n",
                 result.energy_limit);
    if (result.contacts) print_contacts(out, *result.contacts);
    std::fprintf(out, "  blow-up:       %s\n", result.blow_up ? result.blow_up->c_str() : "none");
    total.kinetic += result.energy.kinetic;
    total.gravitational += result.energy.gravitational;
    total.elastic += result.energy.elastic;
    max_strain = std::max(max_strain, result.peak_strain.max);
  }
  if (scene.systems.size() > 1) {
    std::fprintf(out, "all systems:\n");
    std::fprintf(out, "  max strain:    %.3f%%\n", max_strain * 100.0);
    print_energy(out, "  energy:        ", total);
  }
  if (outcome.drape) print_drape(out, *scene.drape_test, *outcome.drape);
  std::fprintf(out, "blow-up:         %s\n", outcome.blew_up() ? "YES" : "none");
}

}  // namespace weft
