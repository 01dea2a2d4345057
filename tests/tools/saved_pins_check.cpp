// Checks that a scene the viewer saved holds its pins: loads the scene and the final positions
// `weft run SCENE --export-csv FILE` wrote after a few frames, and exits 0 when
//   - the scene pins exactly PINNED particles,
//   - every pinned particle ends where the scene starts it, to the bit,
//   - and the free ones moved (so the run did simulate); otherwise it says what failed.
//
//   saved_pins_check SCENE.toml FINAL.csv PINNED
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "app/scene/scene_error.h"
#include "app/scene/scene_file.h"
#include "sim/model/model_origin.h"

namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "saved_pins_check: %s\n", message.c_str());
  return 1;
}

// The rows of --export-csv: "index,x,y,z", the particles of every system in order.
bool read_positions(const std::string& file, std::vector<glm::vec3>& positions) {
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line) || line != "index,x,y,z") return false;
  while (std::getline(in, line)) {
    unsigned long long index = 0;
    glm::vec3 p;
    if (std::sscanf(line.c_str(), "%llu,%f,%f,%f", &index, &p.x, &p.y, &p.z) != 4 ||
        index != positions.size()) {
      return false;
    }
    positions.push_back(p);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return fail("usage: saved_pins_check SCENE.toml FINAL.csv PINNED");
  weft::Scene scene;
  try {
    scene = weft::load_scene(argv[1]);
  } catch (const weft::SceneError& error) {
    return fail(error.what());
  }
  std::vector<glm::vec3> final_positions;
  if (!read_positions(argv[2], final_positions)) return fail(std::string("cannot read ") + argv[2]);
  const unsigned long expected = std::strtoul(argv[3], nullptr, 10);
  unsigned long pinned = 0, stayed = 0;
  float moved = 0.0f;
  size_t row = 0;
  for (const weft::SceneSystem& system : scene.systems) {
    const weft::Model& model = system.model;
    for (uint32_t i = 0; i < model.particle_count(); ++i, ++row) {
      if (row >= final_positions.size()) return fail("the CSV has fewer rows than particles");
      const glm::vec3 start = weft::world_position(model, model.positions[i]);  // as the CSV
      const glm::vec3 end = final_positions[row];
      if (model.inverse_masses[i] == 0.0f) {
        ++pinned;
        if (start == end) ++stayed;
      } else {
        moved = std::max(moved, glm::distance(start, end));
      }
    }
  }
  std::printf("%lu particles pinned, %lu of them where they started; free ones moved up to %g m\n",
              pinned, stayed, double{moved});
  if (row != final_positions.size()) return fail("the CSV has more rows than particles");
  if (pinned != expected) {
    return fail("the scene pins " + std::to_string(pinned) + " particles, expected " +
                std::to_string(expected));
  }
  if (stayed != pinned) return fail(std::to_string(pinned - stayed) + " pinned particles moved");
  if (!(moved > 1e-3f)) return fail("no free particle moved: the run simulated nothing");
  return 0;
}
