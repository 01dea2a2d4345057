// libFuzzer target: any bytes as an OBJ file, read and then repaired (or refused) both ways.
// Anything but a mesh or a SceneError is a finding. Built and run by tools/fuzz_scene.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/scene/mesh_repair.h"
#include "app/scene/obj_reader.h"
#include "app/scene/scene_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const weft::ObjMesh mesh =
        weft::parse_obj(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.obj");
    for (bool repair : {true, false}) {
      try {
        const weft::RepairedMesh repaired = weft::repair_mesh(mesh, repair, "fuzz.obj");
        (void)repaired;
      } catch (const weft::SceneError&) {
      }
    }
  } catch (const weft::SceneError&) {
  }
  return 0;
}
