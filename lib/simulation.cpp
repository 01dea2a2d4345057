// weft::api::Simulation: steps a scene's systems with their solvers, firing its events on their
// frames as `weft run` does (app/run/scene_run.cpp), and reads, measures and exports their state.
#include "weft/simulation.h"

#include "app/export/frame_exporter.h"
#include "app/export/mesh_writers.h"
#include "app/export/output_file.h"
#include "app/export/surface_layout.h"
#include "lib/scene_impl.h"
#include "lib/simulation_backend.h"
#include "lib/translate_errors.h"
#include "sim/model/contact_report.h"
#include "sim/model/model_origin.h"
#include "sim/model/strain_report.h"

namespace weft::api {

namespace {

const weft::Scene& scene_of(const SimulationBackend& backend) {
  return backend.scene.impl().scene;
}

std::vector<glm::vec3> xyz(const std::vector<glm::vec4>& positions) {
  return std::vector<glm::vec3>(positions.begin(), positions.end());
}

std::vector<Vec3> to_api(const std::vector<glm::vec3>& points) {
  std::vector<Vec3> out;
  out.reserve(points.size());
  for (const glm::vec3& p : points)
    out.push_back({p.x, p.y, p.z});
  return out;
}

// Whether `after` is made of the same particles and links as `before`, so that a solver built
// for one can take the other's parameters.
bool same_shape(const Model& before, const Model& after) {
  return before.positions == after.positions && before.inverse_masses == after.inverse_masses &&
         before.springs.size() == after.springs.size() &&
         before.constraints.size() == after.constraints.size() &&
         before.anchors.size() == after.anchors.size() &&
         before.bending.size() == after.bending.size() && before.triangles == after.triangles &&
         before.grids.size() == after.grids.size() &&
         before.tether_groups.size() == after.tether_groups.size() &&
         before.environment.spheres.size() == after.environment.spheres.size() &&
         before.environment.colliders.size() == after.environment.colliders.size();
}

weft::Solver& system_at(SimulationBackend& backend, size_t system) {
  backend.scene.system_name(system);  // InputError for an index out of range
  return *backend.systems[system];
}

}  // namespace

Simulation::Simulation(const Scene& scene) : backend_(make_cpu_backend(scene, 1)) {}
Simulation::Simulation(const Scene& scene, unsigned threads)
    : backend_(make_cpu_backend(scene, threads)) {}
Simulation::Simulation(std::unique_ptr<SimulationBackend> backend) : backend_(std::move(backend)) {}
Simulation::Simulation(Simulation&&) noexcept = default;
Simulation& Simulation::operator=(Simulation&&) noexcept = default;
Simulation::~Simulation() = default;

void Simulation::step(uint32_t frames) {
  SimulationBackend& b = *backend_;
  const weft::Scene& scene = scene_of(b);
  const uint32_t end = b.frame + frames;
  while (b.frame < end) {
    uint32_t next = end;
    for (size_t s = 0; s < b.systems.size(); ++s) {
      for (const SceneEvent& event : scene.systems[s].events) {
        if (event.frame == b.frame) weft::apply_event(event, *b.systems[s]);
        if (event.frame > b.frame && event.frame < next) next = event.frame;
      }
    }
    for (auto& system : b.systems)
      system->step_frames(next - b.frame);
    b.frame = next;
  }
}

uint32_t Simulation::frame() const {
  return backend_->frame;
}
double Simulation::time() const {
  return backend_->frame * backend_->scene.frame_dt();
}
const Scene& Simulation::scene() const {
  return backend_->scene;
}
std::string Simulation::device() const {
  return backend_->device;
}
int Simulation::validation_errors() const {
  return backend_->validation_errors();
}

PointView Simulation::positions(size_t system) {
  const std::vector<glm::vec4>& points = system_at(*backend_, system).state().positions;
  const Model& model = scene_of(*backend_).systems[system].model;
  if (model.origin == glm::dvec3(0.0))
    return {points.empty() ? nullptr : &points[0].x, points.size(), 4, backend_->live_state};
  backend_->world_points.resize(backend_->systems.size());
  std::vector<glm::vec3>& world = backend_->world_points[system];
  world = weft::world_positions(model, xyz(points));
  return {world.empty() ? nullptr : &world[0].x, world.size(), 3, false};
}

std::vector<Vec3> Simulation::velocities(size_t system) {
  return to_api(system_at(*backend_, system).velocities());
}

std::vector<Vec3> Simulation::normals(size_t system) {
  const std::vector<glm::vec3> points = xyz(system_at(*backend_, system).state().positions);
  return to_api(vertex_normals(points, scene_of(*backend_).systems[system].model.triangles));
}

std::optional<std::string> Simulation::get(const std::string& key) const {
  return backend_->scene.get(key);
}

void Simulation::set(const std::string& key, const std::string& value) {
  Scene changed = backend_->scene;
  changed.set(key, value);
  const weft::Scene& before = scene_of(*backend_);
  const weft::Scene& after = changed.impl().scene;
  for (size_t s = 0; s < before.systems.size(); ++s) {
    if (after.systems.size() != before.systems.size() ||
        !same_shape(before.systems[s].model, after.systems[s].model)) {
      throw InputError(key + "=" + value +
                       " changes what the scene is made of (its particles, pins or links): "
                       "make a new Simulation of a scene with it instead");
    }
  }
  translate_errors([&] {
    for (size_t s = 0; s < after.systems.size(); ++s) {
      backend_->systems[s]->set_parameters(after.systems[s].model);
      backend_->systems[s]->set_link_materials(after.systems[s].model);
    }
  });
  backend_->scene = std::move(changed);
}

Report Simulation::report() {
  Report report;
  report.frame = backend_->frame;
  report.time = time();
  const weft::Scene& scene = scene_of(*backend_);
  for (size_t s = 0; s < backend_->systems.size(); ++s) {
    weft::Solver& solver = *backend_->systems[s];
    const Model& model = scene.systems[s].model;
    const HealthReport health = solver.measure_health();
    const Energy energy = solver.measure_energy();
    const std::vector<glm::vec3> points = xyz(solver.state().positions);
    const StrainReport strain = measure_strain(model, points, solver.state().link_state);
    SystemReport system;
    system.name = scene.systems[s].name;
    system.kinetic_energy = energy.kinetic;
    system.gravitational_energy = energy.gravitational;
    system.elastic_energy = energy.elastic;
    system.max_strain = strain.max;
    system.mean_strain = strain.mean;
    system.links = strain.links;
    system.torn_links = health.torn_links;
    system.nonfinite = health.nonfinite_count;
    system.blow_up = blow_up_reason(health).value_or("");
    if (model.environment.self_collision && health.nonfinite_count == 0) {
      system.contacts =
          measure_contacts(points, model.triangles, model.contact_groups).closer_than_thickness;
    }
    report.systems.push_back(std::move(system));
  }
  return report;
}

void Simulation::export_obj(const std::string& path, size_t system) {
  const std::vector<glm::vec3> points =
      weft::world_positions(scene_of(*backend_).systems[system].model,
                            xyz(system_at(*backend_, system).state().positions));
  const SurfaceLayout layout = surface_layout(scene_of(*backend_).systems[system]);
  const std::string comment = "weft: frame " + std::to_string(backend_->frame);
  translate_errors([&] {
    write_output_file(path, [&](std::ostream& out) { write_obj(out, points, layout, comment); });
  });
}

void Simulation::export_csv(const std::string& path) {
  std::vector<std::vector<glm::vec3>> points;
  for (size_t s = 0; s < backend_->systems.size(); ++s) {
    points.push_back(weft::world_positions(scene_of(*backend_).systems[s].model,
                                           xyz(backend_->systems[s]->state().positions)));
  }
  translate_errors([&] { write_positions_csv(path, points); });
}

}  // namespace weft::api
