// docs/scenes.md against the scene reader: each table of a scene file documents exactly the keys
// the reader takes. The reader's own list comes from its message for a key it does not know
// ("unknown key; expected 'a', 'b' or 'c'"), so a key added to the reader and not to the page, or
// left on the page after the reader dropped it, fails here. ([solver] and [environment] are held
// to the settings' table by setting_keys_test, objects and colliders to theirs by
// object_keys_test, the materials' figures by material_figures_test.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>

#include "app/scene/scene_error.h"
#include "tests/support/markdown_table.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

using Keys = std::set<std::string>;

// The keys a table of the scene reader takes: `table` is the scene text that opens it (a key it
// does not know is added inside), `rest` what else the scene needs to get that far.
Keys reader_keys(const std::string& table, const std::string& rest = "") {
  const std::string particles =
      "[[particle]]\nposition = [0, 0, 0]\nmass = 1\n[[particle]]\nposition = [1, 0, 0]\nmass = "
      "1\n";
  try {
    parse_scene_text(table + "not_a_key = 1\n" + rest + particles);
  } catch (const SceneError& error) {
    const std::string message = error.what();
    const size_t expected = message.find("expected ");
    if (expected == std::string::npos) {
      ADD_FAILURE() << "no list of keys in: " << message;
      return {};
    }
    Keys keys;
    const std::regex quoted("'([^']+)'");
    const std::string list = message.substr(expected);
    for (std::sregex_iterator it(list.begin(), list.end(), quoted), end; it != end; ++it)
      keys.insert((*it)[1]);
    return keys;
  }
  ADD_FAILURE() << "accepted a key it does not know in " << table;
  return {};
}

// The backquoted words of the first cell of each row of the tables under the heading that starts
// with `heading` ("### `[[cloth]]`"), up to the next heading: "`columns`, `rows`" gives both;
// "path[i].time" rows (a table's own keys) are left out.
Keys documented_keys(const std::string& heading) {
  std::ifstream file(std::filesystem::path(WEFT_SCENES_DIR).parent_path() / "docs" / "scenes.md");
  Keys keys;
  std::string line;
  bool in_section = false;
  const std::regex quoted("`([a-z_]+)`");
  while (std::getline(file, line)) {
    if (line.rfind("#", 0) == 0) in_section = line.rfind(heading, 0) == 0;
    if (!in_section || line.rfind("| `", 0) != 0) continue;
    const std::string first = cells(line).at(0);
    if (first.find('[') != std::string::npos) continue;
    for (std::sregex_iterator it(first.begin(), first.end(), quoted), end; it != end; ++it)
      keys.insert((*it)[1]);
  }
  EXPECT_FALSE(keys.empty()) << "no table under " << heading;
  return keys;
}

TEST(SceneDocs, EachTableDocumentsTheKeysTheReaderTakes) {
  EXPECT_EQ(documented_keys("## `[scene]`"), reader_keys("[scene]\n"));
  EXPECT_EQ(documented_keys("### `[camera]`"), reader_keys("[camera]\n"));
  EXPECT_EQ(documented_keys("### `[drape_test]`"), reader_keys("[drape_test]\n"));
  EXPECT_EQ(documented_keys("### `[[spring]]`"), reader_keys("[[spring]]\n"));
  EXPECT_EQ(documented_keys("### `[[anchor]]`"), reader_keys("[[anchor]]\n"));
  EXPECT_EQ(documented_keys("### `[[event]]`"), reader_keys("[[event]]\n"));
}

}  // namespace
}  // namespace weft::test
