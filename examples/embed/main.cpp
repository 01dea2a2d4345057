// Simulates a rope with weft's library, overriding a key, and prints what a program embedding
// weft reads: positions, the energy and strain report, and an exported OBJ file.
//   weft_embed [SCENE.toml [OUT.obj]]   (default: the rope below, written as text)
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <weft/weft.h>

namespace {

constexpr const char* kRope = R"(
[scene]
title = "a rope hung from one end"
[solver]
frame_dt = 0.01
substeps = 20
[[rope]]
name = "rope"
start = [0.0, 1.0, 0.0]
end = [1.0, 1.0, 0.0]
nodes = 11
node_mass = 0.05
segment = { kind = "spring", stiffness = 500.0, damping = 0.5 }
[[anchor]]
particle = "rope[0]"
)";

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> overrides = {"solver.substeps=30"};
    weft::api::Scene scene = argc > 1 ? weft::api::Scene::from_file(argv[1], overrides)
                                      : weft::api::Scene::from_string(kRope, overrides, "rope");
    weft::api::Simulation simulation(scene);
    simulation.step(100);
    const weft::api::PointView positions = simulation.positions();
    const weft::api::Vec3 last = positions[positions.count - 1];
    const weft::api::Report report = simulation.report();
    const weft::api::SystemReport& system = report.systems.at(0);
    std::printf("device %s\nsubsteps %s\nframe %u time %.3f s\n", simulation.device().c_str(),
                simulation.get("solver.substeps").value_or("?").c_str(), report.frame, report.time);
    std::printf("particles %zu, last at %.4f %.4f %.4f\n", positions.count, last.x, last.y, last.z);
    std::printf("energy kinetic %.6f gravitational %.6f elastic %.6f J; strain max %.6f\n",
                system.kinetic_energy, system.gravitational_energy, system.elastic_energy,
                system.max_strain);
    if (argc > 2) simulation.export_obj(argv[2]);
    return system.blow_up.empty() ? 0 : 3;
  } catch (const weft::api::InputError& error) {
    std::fprintf(stderr, "weft_embed: %s\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "weft_embed: %s\n", error.what());
    return 1;
  }
}
