#include "shaders/shader_library.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "shaders/embedded_shaders.h"

namespace weft::shaders {

namespace {

std::vector<uint32_t> read_spirv_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file)
    throw std::runtime_error("weft: WEFT_SHADER_DIR is set but " + path + " cannot be read");
  const std::streamsize bytes = file.tellg();
  if (bytes <= 0 || bytes % 4 != 0) {
    throw std::runtime_error("weft: " + path + " is not SPIR-V (size " + std::to_string(bytes) +
                             " bytes is not a positive multiple of 4)");
  }
  std::vector<uint32_t> words(static_cast<size_t>(bytes) / 4);
  file.seekg(0);
  file.read(reinterpret_cast<char*>(words.data()), bytes);
  if (words[0] != 0x07230203u)
    throw std::runtime_error("weft: " + path + " lacks the SPIR-V magic number");
  return words;
}

}  // namespace

std::vector<uint32_t> spirv(const std::string& name) {
  if (const char* dir = std::getenv("WEFT_SHADER_DIR"); dir && *dir) {
    return read_spirv_file(std::string(dir) + "/" + name + ".spv");
  }
  for (size_t i = 0; i < kEmbeddedShaderCount; ++i) {
    const EmbeddedShader& shader = kEmbeddedShaders[i];
    if (name == shader.name) return {shader.words, shader.words + shader.word_count};
  }
  throw std::runtime_error("weft: no shader named " + name + " was built into this program");
}

}  // namespace weft::shaders
