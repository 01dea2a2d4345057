// Where weft's SPIR-V comes from: embedded in the program at build time, or, when the
// environment variable WEFT_SHADER_DIR names a folder, from <folder>/<name>.spv (to try a shader
// change without relinking; the shader mutation check uses it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft::shaders {

// The SPIR-V words of a shader by its source file name ("integrate.comp"). Throws with a clear
// message when there is no such shader or the override file cannot be read.
std::vector<uint32_t> spirv(const std::string& name);

}  // namespace weft::shaders
