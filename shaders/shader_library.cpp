#include "shaders/shader_library.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <unordered_set>

#include "shaders/embedded_shaders.h"

namespace weft::shaders {

namespace {

constexpr uint32_t kMagic = 0x07230203u;
constexpr uint32_t kIdBoundLimit = 0x3FFFFF;  // SPIR-V's universal limit on the <id> bound

// The opcodes the layout check follows.
constexpr uint32_t kOpMemoryModel = 14;
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kOpFunction = 54;
constexpr uint32_t kOpFunctionEnd = 56;
constexpr uint32_t kOpFunctionCall = 57;

// A structural check of SPIR-V from WEFT_SHADER_DIR before any driver sees it: a module cut
// short (or otherwise mangled) can crash a driver inside vkCreate*Pipelines, where nothing can
// report it. Checked: the header, every instruction's word count, the module's required parts
// (capability first, one memory model, an entry point), that it ends with a complete function,
// and that entry points and calls name functions it defines. Wherever a file is cut, one of these
// fails. This is not spirv-val's full validation (the validation layer, --validation, checks
// more); it stops the files that are not whole.
void check_structure(const std::vector<uint32_t>& words, const std::string& path) {
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(path + " is not valid SPIR-V: " + what);
  };
  if (words.size() < 5) fail("shorter than its 5-word header");
  if (words[0] == 0x03022307u) fail("it is in the other byte order");
  if (words[0] != kMagic) fail("it lacks the SPIR-V magic number");
  const uint32_t version = words[1];
  if ((version & 0xFF0000FFu) != 0 || (version >> 16) != 1 || ((version >> 8) & 0xFF) > 6) {
    fail("unknown version word " + std::to_string(version));
  }
  const uint32_t bound = words[3];
  if (bound == 0 || bound > kIdBoundLimit)
    fail("its id bound " + std::to_string(bound) + " is out of range");
  if (words[4] != 0) fail("its schema word is not 0");

  std::unordered_set<uint32_t> functions;
  std::vector<uint32_t> named_functions;  // by entry points and calls
  bool in_function = false;
  uint32_t memory_models = 0;
  uint32_t last_opcode = 0;
  for (size_t at = 5; at < words.size();) {
    const uint32_t count = words[at] >> 16;
    const uint32_t opcode = words[at] & 0xFFFFu;
    const std::string where = " at word " + std::to_string(at);
    if (count == 0) fail("an instruction of 0 words" + where);
    if (at + count > words.size()) fail("the last instruction runs past the end (cut short?)");
    if (at == 5 && opcode != kOpCapability) fail("it does not start with OpCapability");
    switch (opcode) {
      case kOpMemoryModel: ++memory_models; break;
      case kOpEntryPoint:
        if (count < 4) fail("a short OpEntryPoint" + where);
        named_functions.push_back(words[at + 2]);
        break;
      case kOpFunction:
        if (count != 5 || in_function) fail("a misplaced OpFunction" + where);
        if (words[at + 2] == 0 || words[at + 2] >= bound)
          fail("a function id beyond the bound" + where);
        functions.insert(words[at + 2]);
        in_function = true;
        break;
      case kOpFunctionEnd:
        if (count != 1 || !in_function) fail("a misplaced OpFunctionEnd" + where);
        in_function = false;
        break;
      case kOpFunctionCall:
        if (count < 4 || !in_function) fail("a misplaced OpFunctionCall" + where);
        named_functions.push_back(words[at + 3]);
        break;
      default: break;
    }
    last_opcode = opcode;
    at += count;
  }
  if (memory_models != 1) fail("it needs exactly one OpMemoryModel");
  if (named_functions.empty()) fail("it has no entry point");
  if (functions.empty() || last_opcode != kOpFunctionEnd || in_function) {
    fail("it does not end with a complete function (cut short?)");
  }
  for (uint32_t id : named_functions) {
    if (!functions.count(id)) fail("it names function %" + std::to_string(id) + " but lacks it");
  }
}

std::vector<uint32_t> read_spirv_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file) throw std::runtime_error("WEFT_SHADER_DIR is set but " + path + " cannot be read");
  const std::streamsize bytes = file.tellg();
  // 16 MiB: weft's shaders are a few KiB; a larger file is not one of them.
  if (bytes <= 0 || bytes % 4 != 0 || bytes > (std::streamsize{1} << 24)) {
    throw std::runtime_error(path + " is not SPIR-V (size " + std::to_string(bytes) +
                             " bytes is not a positive multiple of 4 up to 16 MiB)");
  }
  std::vector<uint32_t> words(static_cast<size_t>(bytes) / 4);
  file.seekg(0);
  file.read(reinterpret_cast<char*>(words.data()), bytes);
  if (!file) throw std::runtime_error("WEFT_SHADER_DIR is set but " + path + " cannot be read");
  check_structure(words, path);
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
  throw std::runtime_error("no shader named " + name + " was built into this program");
}

}  // namespace weft::shaders
