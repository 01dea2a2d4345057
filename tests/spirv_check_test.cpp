// SPIR-V from WEFT_SHADER_DIR is checked before a driver sees it (shaders/shader_library.cpp): a
// file cut short anywhere, between instructions or inside one, is refused with its path,
// while every shader weft builds passes whole. A cut file used to crash inside the driver.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "shaders/embedded_shaders.h"
#include "shaders/shader_library.h"

namespace weft::test {
namespace {

namespace fs = std::filesystem;

class SpirvCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    // A folder of its own per test and process: ctest runs these tests side by side, and a shared
    // folder let one test's TearDown delete the file another had just written.
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    dir_ =
        fs::temp_directory_path() / ("weft_spirv_check_" + test + "_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    setenv("WEFT_SHADER_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("WEFT_SHADER_DIR");
    fs::remove_all(dir_);
  }
  void write(const std::string& name, const uint32_t* words, size_t count) {
    // A new file each time: rewriting one in place makes ext4 flush it to disk on every close
    // (auto_da_alloc), which turns these 20 000 small writes into minutes.
    fs::remove(dir_ / (name + ".spv"));
    std::ofstream(dir_ / (name + ".spv"), std::ios::binary)
        .write(reinterpret_cast<const char*>(words), static_cast<std::streamsize>(count * 4));
  }

  fs::path dir_;
};

TEST_F(SpirvCheck, EveryShaderWeftBuildsPassesWhole) {
  ASSERT_GT(shaders::kEmbeddedShaderCount, 10u);
  for (size_t i = 0; i < shaders::kEmbeddedShaderCount; ++i) {
    const shaders::EmbeddedShader& shader = shaders::kEmbeddedShaders[i];
    write(shader.name, shader.words, shader.word_count);
    const std::vector<uint32_t> read = shaders::spirv(shader.name);
    EXPECT_EQ(read, std::vector<uint32_t>(shader.words, shader.words + shader.word_count))
        << shader.name;
  }
}

// Every cut between two instructions (a prefix that is well formed as far as it goes, the hard
// case), and every 7th word inside instructions.
std::vector<size_t> cuts_of(const shaders::EmbeddedShader& shader) {
  std::vector<size_t> cuts = {1, 2, 3, 4};
  for (size_t at = 5; at < shader.word_count;) {
    cuts.push_back(at);
    const size_t count = std::max<size_t>(shader.words[at] >> 16, 1);
    for (size_t inside = at + 1; inside < at + count && inside < shader.word_count; ++inside) {
      if (inside % 7 == 0) cuts.push_back(inside);
    }
    at += count;
  }
  return cuts;
}

TEST_F(SpirvCheck, AShaderCutAnywhereIsRefused) {
  size_t cuts = 0;
  for (size_t i = 0; i < shaders::kEmbeddedShaderCount; ++i) {
    const shaders::EmbeddedShader& shader = shaders::kEmbeddedShaders[i];
    for (size_t words : cuts_of(shader)) {
      write(shader.name, shader.words, words);
      try {
        shaders::spirv(shader.name);
        ADD_FAILURE() << shader.name << " cut to " << words << " of " << shader.word_count
                      << " words was accepted";
      } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find(shader.name), std::string::npos) << error.what();
      }
      ++cuts;
    }
  }
  EXPECT_GT(cuts, 3000u);
}

TEST_F(SpirvCheck, AHeaderThatIsNotSpirvIsRefused) {
  const shaders::EmbeddedShader& shader = shaders::kEmbeddedShaders[0];
  std::vector<uint32_t> words(shader.words, shader.words + shader.word_count);
  const std::vector<std::pair<size_t, uint32_t>> damage = {
      {0, 0x03022307u},  // the magic in the other byte order
      {1, 0x00020000u},  // version 2.0
      {3, 0u},           // no ids at all
      {3, 0x00400000u},  // an id bound beyond SPIR-V's limit
      {4, 1u},           // a schema
      {5, 0u},           // an instruction of no words
  };
  for (const auto& [at, value] : damage) {
    std::vector<uint32_t> broken = words;
    broken[at] = value;
    write(shader.name, broken.data(), broken.size());
    EXPECT_THROW(shaders::spirv(shader.name), std::runtime_error) << "word " << at;
  }
}

}  // namespace
}  // namespace weft::test
