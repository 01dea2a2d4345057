// Messages about scene and OBJ files beyond the bad-input table (scene_errors_test.cpp): a
// missing file is named, and no message quotes what a file holds or carries a control character.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/scene/obj_reader.h"
#include "app/scene/scene_error.h"
#include "tests/support/scene_text.h"

namespace weft::test {
namespace {

TEST(BadSceneFile, MissingSceneFileIsNamed) {
  try {
    load_scene("no/such/scene.toml");
    FAIL() << "loaded a file that does not exist";
  } catch (const SceneError& error) {
    EXPECT_STREQ(error.what(), "no/such/scene.toml: scene file not found");
  }
}

// Whatever file a scene names as a mesh, no message quotes what it holds: the secret in each
// line below sits exactly where the reader stops.
TEST(BadSceneFile, ObjMessagesQuoteNothingOfTheFile) {
  const char* kSecret = "SECRET_TOKEN";
  const std::vector<std::string> files = {
      std::string(kSecret) + "=1\n",
      "v 0 " + std::string(kSecret) + " 0\n",
      "v 0 0 1e99" + std::string(kSecret) + "\n",
      "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 " + std::string(kSecret) + "\n",
  };
  for (const std::string& text : files) {
    try {
      parse_obj(text, "secret.obj");
      ADD_FAILURE() << "parsed: " << text;
    } catch (const SceneError& error) {
      EXPECT_EQ(std::string(error.what()).find(kSecret), std::string::npos) << error.what();
      EXPECT_EQ(error.location().line, std::count(text.begin(), text.end(), '\n')) << error.what();
    }
  }
}

// An escape in a quoted key reaches the message escaped, never as a control character.
TEST(BadSceneFile, MessagesCarryNoControlCharacter) {
  try {
    parse_scene_text("[scene]\n\"\\u001b]0;title\\u0007\" = 1\n", {}, "bad.toml");
    FAIL() << "the scene loaded";
  } catch (const SceneError& error) {
    const std::string what = error.what();
    for (char c : what)
      EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20) << what;
    EXPECT_NE(what.find("\\x1B]0;title\\x07"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace weft::test
