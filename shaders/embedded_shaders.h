// The table the build generates from shaders/*.comp (see shaders/CMakeLists.txt).
#pragma once

#include <cstddef>
#include <cstdint>

namespace weft::shaders {

struct EmbeddedShader {
  const char* name;  // the source file's name, e.g. "integrate.comp"
  const uint32_t* words;
  size_t word_count;
};

extern const EmbeddedShader kEmbeddedShaders[];
extern const size_t kEmbeddedShaderCount;

}  // namespace weft::shaders
