#include "app/viewer/system_simulation.h"

#include "app/viewer/health_watch.h"
#include "engine/device.h"
#include "sim/core/cpu_threads.h"

namespace weft {

unsigned choose_cpu_threads(const ViewOptions& options, const Device& device) {
  const bool on_cpu =
      options.use_cpu ||
      (!options.use_gpu && options.gpu.device_selector.empty() && !options.capture.frame &&
       device.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  if (!on_cpu) return 0;
  return options.cpu_threads != 0 ? options.cpu_threads : CpuThreads::available_cores();
}

std::string simulator_name(unsigned cpu_threads) {
  if (cpu_threads == 0) return "on the device";
  return "on the CPU reference (" + std::to_string(cpu_threads) +
         (cpu_threads == 1 ? " thread)" : " threads)");
}

SystemSimulation::SystemSimulation(Device& device, const Model& model, unsigned cpu_threads) {
  if (cpu_threads > 0) reference_ = std::make_unique<CpuSolver<float>>(model, cpu_threads);
  gpu_ = std::make_unique<GpuSolver>(device, model);
}

void SystemSimulation::simulate_frame(VkCommandBuffer cmd, const SolverSettings& settings,
                                      PassTimer* timer) {
  if (!reference_) {
    gpu_->record_frame(cmd, settings.frame_dt, settings.substeps, timer);
    return;
  }
  reference_->step(settings.frame_dt, settings.substeps);
  gpu_->record_drawn_state(cmd, reference_->state(), reference_->simulated_time(),
                           settings.frame_dt);
}

void SystemSimulation::watch_health(VkCommandBuffer cmd, uint32_t slot, HealthWatch& health) {
  if (reference_) {
    health.measured(slot, reference_->measure_health());
  } else {
    health.record(cmd, slot, *gpu_);
  }
}

ParticleState<float> SystemSimulation::state() const {
  return reference_ ? reference_->state() : gpu_->download_state();
}

Energy SystemSimulation::energy() const {
  if (reference_) {
    return measure_energy(reference_->core(), reference_->state(), reference_->velocities());
  }
  return measure_energy(gpu_->core(), gpu_->download_state());
}

void SystemSimulation::set_anchor_velocity(uint32_t anchor, const glm::vec3& velocity) {
  if (reference_) {
    reference_->set_anchor_velocity(anchor, velocity);
  } else {
    gpu_->set_anchor_velocity(anchor, velocity);
  }
}

void SystemSimulation::apply_force_once(uint32_t particle, const glm::vec3& force) {
  if (reference_) {
    reference_->apply_force_once(particle, force);
  } else {
    gpu_->apply_force_once(particle, force);
  }
}

void SystemSimulation::set_inverse_masses(const std::vector<std::pair<uint32_t, float>>& edits) {
  if (reference_) {
    reference_->set_inverse_masses(edits);
  } else {
    gpu_->set_inverse_masses(edits);
  }
}

void SystemSimulation::drag(uint32_t particle, const glm::vec3& target) {
  if (reference_) {
    reference_->drag(particle, target);
  } else {
    gpu_->drag(particle, target);
  }
}

void SystemSimulation::end_drag() {
  if (reference_) {
    reference_->end_drag();
  } else {
    gpu_->end_drag();
  }
}

void SystemSimulation::cut_links(const std::vector<LinkCut>& cuts) {
  if (reference_) {
    reference_->cut_links(cuts);
  } else {
    gpu_->cut_links(cuts);
  }
}

void SystemSimulation::set_parameters(const Model& model) {
  // The drawing solver takes them too: it draws the ground and colliders they place.
  if (reference_) reference_->set_parameters(model);
  gpu_->set_parameters(model);
}

void SystemSimulation::set_link_materials(const Model& model) {
  if (reference_) {
    reference_->set_link_materials(model);
  } else {
    gpu_->set_link_materials(model);
  }
}

}  // namespace weft
