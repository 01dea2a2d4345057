#include "app/run_summary.h"

#include <algorithm>

namespace weft {

const char* integrator_name(Integrator integrator) {
  switch (integrator) {
    case Integrator::explicit_euler: return "explicit Euler";
    case Integrator::semi_implicit_euler: return "semi-implicit Euler";
    case Integrator::verlet: return "Verlet";
  }
  return "unknown integrator";
}

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

void print_energy(std::FILE* out, const char* label, const Energy& e) {
  std::fprintf(out, "%s%.6g J (kinetic %.6g, gravitational %.6g, elastic %.6g)\n", label, e.total(),
               e.kinetic, e.gravitational, e.elastic);
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
  float max_stretch = 0.0f;
  for (size_t s = 0; s < scene.systems.size(); ++s) {
    const SceneSystem& system = scene.systems[s];
    const SystemOutcome& result = outcome.systems[s];
    const Model& model = system.model;
    std::fprintf(out, "system %s:\n", system.name.c_str());
    std::fprintf(out, "  particles:     %u (%zu springs, %zu distance constraints, %zu anchors)\n",
                 model.particle_count(), model.springs.size(), model.constraints.size(),
                 model.anchors.size());
    std::fprintf(out, "  integrator:    %s, %u substeps per frame",
                 integrator_name(model.solver.integrator), model.solver.substeps);
    if (!model.constraints.empty()) {
      std::fprintf(out, ", %u relaxation sweeps", model.solver.relaxation_sweeps);
    }
    std::fprintf(out, "\n");
    std::fprintf(out, "  max strain:    %.3f%%\n", double{result.max_stretch} * 100.0);
    print_energy(out, "  energy:        ", result.energy);
    if (result.contacts) print_contacts(out, *result.contacts);
    std::fprintf(out, "  blow-up:       %s\n", result.blow_up ? result.blow_up->c_str() : "none");
    total.kinetic += result.energy.kinetic;
    total.gravitational += result.energy.gravitational;
    total.elastic += result.energy.elastic;
    max_stretch = std::max(max_stretch, result.max_stretch);
  }
  if (scene.systems.size() > 1) {
    std::fprintf(out, "all systems:\n");
    std::fprintf(out, "  max strain:    %.3f%%\n", double{max_stretch} * 100.0);
    print_energy(out, "  energy:        ", total);
  }
  std::fprintf(out, "blow-up:         %s\n", outcome.blew_up() ? "YES" : "none");
}

}  // namespace weft
