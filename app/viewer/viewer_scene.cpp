#include "app/viewer/viewer_scene.h"

#include <algorithm>

#include "app/render/render_mesh.h"
#include "app/scene/scene_colors.h"
#include "app/scene/scene_source.h"
#include "app/viewer/hand_pins.h"
#include "app/viewer/viewer_presets.h"
#include "engine/device.h"
#include "sim/model/material_edit.h"
#include "sim/model/material_figures.h"
#include "sim/model/model_error.h"
#include "sim/model/grid_layout.h"

namespace weft {

Scene make_viewer_scene(const SceneChoice& choice) {
  if (!choice.file.empty()) return load_scene_or_default(choice.file);
  Scene scene = preset_scene(choice.preset, choice.columns, choice.rows);
  SolverSettings& solver = scene.systems.front().model.solver;
  solver.substeps = choice.substeps;
  solver.relaxation_sweeps = choice.relaxation_sweeps;
  return scene;
}

SceneChoice default_scene_choice(const Device& device, bool on_cpu_reference) {
  SceneChoice choice;
  switch (device.properties().deviceType) {
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      choice.columns = choice.rows = 40;
      // lavapipe running the GPU solver: every dispatch costs tens of microseconds whatever its
      // size, so the frame's time goes with the number of passes (substeps x sweeps x colours)
      // more than with the grid: fewer substeps and sweeps keep it interactive. The CPU
      // reference keeps the presets' own, as a GPU does.
      if (!on_cpu_reference) {
        choice.substeps = 4;
        choice.relaxation_sweeps = 4;
      }
      break;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: choice.columns = choice.rows = 128; break;
    default:  // discrete and virtual GPUs
      choice.columns = choice.rows = 256;
      break;
  }
  return choice;
}

LinkMaterial with_knobs(const LinkMaterial& link, const LinkKnobs& knobs) {
  LinkMaterial out = link;
  out.stiffness = link.stiffness * knobs.spring_stiffness_scale;
  out.damping = link.damping * knobs.spring_damping_scale;
  if (has_constraint(link.kind)) {
    out.compliance = link.compliance + knobs.added_compliance;
    if (link.compression_compliance) {
      out.compression_compliance = *link.compression_compliance + knobs.added_compliance;
    }
  }
  return out;
}

bool made_of_material(const std::vector<MaterialObject>& objects, uint32_t particle) {
  return std::any_of(objects.begin(), objects.end(), [&](const MaterialObject& object) {
    return particle >= object.first_particle &&
           particle - object.first_particle < object.particle_count;
  });
}

bool has_links_of_its_own(const Model& model, const std::vector<MaterialObject>& objects) {
  const auto own = [&](uint32_t particle) { return !made_of_material(objects, particle); };
  return std::any_of(model.springs.begin(), model.springs.end(),
                     [&](const Spring& s) { return own(s.a); }) ||
         std::any_of(model.constraints.begin(), model.constraints.end(),
                     [&](const DistanceConstraint& c) { return own(c.a); }) ||
         std::any_of(model.grids.begin(), model.grids.end(),
                     [&](const GridLayout& g) { return own(g.first_particle); });
}

ViewerScene::ViewerScene(Device& device, const RenderFormats& formats, uint32_t frame_slots,
                         const SceneChoice& choice, Scene scene, unsigned cpu_threads)
    : device_(device), formats_(formats), frame_slots_(frame_slots), cpu_threads_(cpu_threads) {
  adopt(choice, std::move(scene));
}

void ViewerScene::rebuild(const SceneChoice& choice) {
  Scene scene = make_viewer_scene(choice);  // a bad file throws before anything is lost
  renderer_.reset();                        // the old buffers go before the new ones are allocated
  systems_.clear();
  adopt(choice, std::move(scene));
}

void ViewerScene::adopt(const SceneChoice& choice, Scene scene) {
  choice_ = choice;
  title_ = scene.title.empty() ? scene.source.filename().string() : scene.title;
  for (const SceneSystem& s : scene.systems)
    systems_.push_back(adopt_system(s));
  scene_ = std::move(scene);
  selected = 0;
  build();
}

ViewerScene::System ViewerScene::adopt_system(const SceneSystem& s) {
  System system;
  system.name = s.name;
  system.model = s.model;
  anchor_pins(system.model);  // the arrows move what the scene pinned
  system.base = system.model;
  system.scene_inverse_masses = s.model.inverse_masses;
  system.events = s.events;
  for (const SceneObject& object : s.objects) {
    if (!object.material) continue;
    system.material_objects.push_back({object.name, object.first_particle, object.particle_count,
                                       *object.material, *object.material, *object.material});
  }
  system.links_of_its_own = has_links_of_its_own(system.model, system.material_objects);
  return system;
}

void ViewerScene::reset() {
  build();
}

void ViewerScene::build() {
  // Release before allocating: a large grid should not need twice its memory.
  renderer_.reset();
  for (System& system : systems_) {
    system.health.reset();
    system.picker.reset();
    system.simulation.reset();
    system.simulation = make_drawn_solver(device_, system.model, cpu_threads_);
    system.picker =
        std::make_unique<ParticlePicker>(device_, system.simulation->drawn_solver(), frame_slots_);
    system.health = std::make_unique<HealthWatch>(device_, frame_slots_);
  }
  const std::vector<DrawnSystem> systems = drawn();
  renderer_ = std::make_unique<SceneRenderer>(device_, systems, formats_, shadow_map_size_);
  selected = std::min(selected, systems_.size() - 1);
  frames_simulated = 0;
  push_anchor_velocity();
}

void ViewerScene::set_drawing(const RenderFormats& formats, uint32_t shadow_map_size) {
  formats_ = formats;
  shadow_map_size_ = shadow_map_size;
  renderer_ = std::make_unique<SceneRenderer>(device_, drawn(), formats_, shadow_map_size_);
}

std::vector<DrawnSystem> ViewerScene::drawn() const {
  std::vector<DrawnSystem> systems;
  std::vector<std::vector<ParticleColors>> colors = object_colors(scene_);
  for (size_t s = 0; s < systems_.size(); ++s) {
    systems.push_back({&systems_[s].simulation->drawn_solver(), &systems_[s].model,
                       s < colors.size() ? std::move(colors[s]) : std::vector<ParticleColors>{}});
  }
  return systems;
}

void ViewerScene::apply_parameters() {
  edited().simulation->set_parameters(edited().model);
}

void ViewerScene::apply_link_knobs() {
  System& s = edited();
  weft::apply_link_knobs(s.base, s.knobs, s.material_objects, s.model);
  s.simulation->set_link_materials(s.model);
}

std::vector<std::pair<uint32_t, float>> ViewerScene::apply_material_figures(System& s) {
  std::vector<std::pair<uint32_t, float>> uploads;
  for (MaterialObject& object : s.material_objects) {
    if (same_figures(object.edited, object.running)) continue;
    std::vector<float> given;
    try {
      given = change_material(s.base, object.first_particle, object.particle_count, object.running,
                              object.edited);
    } catch (const ModelError&) {
      object.edited = object.running;
      throw;
    }
    // Pins keep their 0; a particle pinned by hand gets the new mass back when it is freed.
    for (uint32_t k = 0; k < object.particle_count; ++k) {
      const uint32_t p = object.first_particle + k;
      if (s.scene_inverse_masses[p] != 0.0f) s.scene_inverse_masses[p] = given[k];
      if (s.model.inverse_masses[p] == 0.0f || s.model.inverse_masses[p] == given[k]) continue;
      s.model.inverse_masses[p] = given[k];
      uploads.emplace_back(p, given[k]);
    }
    object.running = object.edited;
  }
  weft::apply_link_knobs(s.base, s.knobs, s.material_objects, s.model);
  return uploads;
}

void ViewerScene::apply_material_figures() {
  System& s = edited();
  const std::vector<std::pair<uint32_t, float>> masses = apply_material_figures(s);
  if (!masses.empty()) s.simulation->set_inverse_masses(masses);
  s.simulation->set_link_materials(s.model);
}

void apply_link_knobs(const Model& base, const LinkKnobs& knobs,
                      const std::vector<MaterialObject>& material_objects, Model& model) {
  // The model as its materials build it (base: what apply_material_figures changed, whatever
  // that is), with what the panel edits of its own kept: the solver, the environment and the
  // pins made by hand. An object made of a material keeps the links its figures give it.
  Model built = base;
  built.solver = model.solver;
  built.environment = model.environment;
  built.inverse_masses = model.inverse_masses;
  const auto own = [&](uint32_t particle) { return !made_of_material(material_objects, particle); };
  for (Spring& spring : built.springs) {
    if (!own(spring.a)) continue;
    spring.stiffness *= knobs.spring_stiffness_scale;
    spring.damping *= knobs.spring_damping_scale;
  }
  for (DistanceConstraint& constraint : built.constraints) {
    if (!own(constraint.a)) continue;
    constraint.compliance += knobs.added_compliance;
    if (constraint.compression_compliance) {
      *constraint.compression_compliance += knobs.added_compliance;
    }
  }
  // Grids on the grid path read their materials from their layouts, one per kind of link.
  for (GridLayout& grid : built.grids) {
    if (!own(grid.first_particle)) continue;
    grid.structural = with_knobs(grid.structural, knobs);
    grid.shear = with_knobs(grid.shear, knobs);
    grid.bend = with_knobs(grid.bend, knobs);
  }
  model = std::move(built);
}

void ViewerScene::set_anchor_velocity(const glm::vec3& velocity) {
  if (velocity == anchor_velocity_) return;  // each change is an upload: only send changes
  anchor_velocity_ = velocity;
  push_anchor_velocity();
}

void ViewerScene::push_anchor_velocity() {
  for (System& system : systems_) {
    for (uint32_t k = 0; k < system.model.anchors.size(); ++k) {
      system.simulation->set_anchor_velocity(k, anchor_velocity_);
    }
  }
}

bool ViewerScene::is_anchored(size_t system, uint32_t particle) const {
  for (const Anchor& a : systems_.at(system).model.anchors) {
    if (a.particle == particle) return true;
  }
  return false;
}

size_t ViewerScene::set_pinned(size_t index, const std::vector<uint32_t>& particles, bool pinned) {
  System& system = systems_.at(index);
  std::vector<std::pair<uint32_t, float>> edits;
  for (uint32_t particle : particles) {
    if (particle >= system.model.particle_count() || is_anchored(index, particle)) continue;
    const float w = pinned ? 0.0f : freed_inverse_mass(system.scene_inverse_masses, particle);
    if (system.model.inverse_masses[particle] == w) continue;
    system.model.inverse_masses[particle] = w;
    system.base.inverse_masses[particle] = w;
    edits.emplace_back(particle, w);
  }
  if (edits.empty()) return 0;
  system.simulation->set_inverse_masses(edits);
  renderer_->set_pinned(index, pinned_particles(system.model));
  return edits.size();
}

void ViewerScene::apply_events() {
  for (System& system : systems_) {
    for (const SceneEvent& event : system.events) {
      if (event.frame == frames_simulated) apply_event(event, *system.simulation);
    }
  }
}

}  // namespace weft
