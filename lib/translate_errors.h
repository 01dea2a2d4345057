// The library's errors (weft/error.h) from weft's own: scene and model errors are the input's,
// export and Vulkan errors the machine's.
#pragma once

#include <utility>

#include "app/export/output_file.h"
#include "app/scene/scene_error.h"
#include "sim/model/model_error.h"
#include "weft/error.h"

namespace weft::api {

template <typename Action>
auto translate_errors(Action&& action) -> decltype(action()) {
  try {
    return std::forward<Action>(action)();
  } catch (const weft::SceneError& error) {
    throw InputError(error.what());
  } catch (const weft::ModelError& error) {
    throw InputError(error.what());
  } catch (const weft::ExportError& error) {
    throw MachineError(error.what());
  }
}

}  // namespace weft::api
