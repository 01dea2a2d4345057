// Scripted input for the viewer (app/viewer/input_script.h): entries parse into events in frame
// order, and a malformed entry is refused with a message that names it.
#include <gtest/gtest.h>

#include "app/viewer/input_script.h"
#include "app/viewer/key_bindings.h"
#include "engine/vulkan.h"
#include <GLFW/glfw3.h>

namespace weft::test {
namespace {

TEST(InputScript, EntriesBecomeEventsInFrameOrder) {
  const std::vector<ScriptEvent> events = parse_input_script(
      "20 press left 0.5 0.25 shift; 10 key springs  # a comment\n"
      "30 move 0.6 0.2\n\n40 release left; 50 resize 800 500; 60 screenshot out.png\n"
      "12 keydown home; 70 quit");
  ASSERT_EQ(events.size(), 8u);
  EXPECT_EQ(events[0].frame, 10u);
  EXPECT_EQ(events[0].kind, ScriptEvent::Kind::key);
  EXPECT_EQ(events[0].code, GLFW_KEY_S);
  EXPECT_EQ(events[1].kind, ScriptEvent::Kind::keydown);
  EXPECT_EQ(events[1].code, GLFW_KEY_HOME);
  EXPECT_EQ(events[2].kind, ScriptEvent::Kind::press);
  EXPECT_EQ(events[2].code, GLFW_MOUSE_BUTTON_LEFT);
  EXPECT_TRUE(events[2].shift);
  EXPECT_FLOAT_EQ(events[2].y, 0.25f);
  EXPECT_EQ(events[5].kind, ScriptEvent::Kind::resize);
  EXPECT_FLOAT_EQ(events[5].x, 800.0f);
  EXPECT_EQ(events[6].path, "out.png");
  EXPECT_EQ(events[7].kind, ScriptEvent::Kind::quit);
}

TEST(InputScript, MalformedEntriesAreRefusedByName) {
  for (const char* bad : {"5 key fly", "5 press left 1.5 0.5", "press left 0.5 0.5",
                          "5 resize 0 100", "5 keydown q", "5 wiggle"}) {
    try {
      parse_input_script(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(bad), std::string::npos) << error.what();
    }
  }
}

TEST(InputScript, SetAndClickNameAPanelValueByItsLabel) {
  const std::vector<ScriptEvent> events = parse_input_script(
      "10 set \"gravity (m/s^2)\" 0 -3 0; 11 set substeps 8\n"
      "12 set integrator \"semi-implicit Euler\"; 13 click rebuild; 14 set shadows off");
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[0].kind, ScriptEvent::Kind::set);
  EXPECT_EQ(events[0].label, "gravity (m/s^2)");
  EXPECT_EQ(events[0].values, (std::vector<std::string>{"0", "-3", "0"}));
  EXPECT_EQ(events[0].text, "10 set \"gravity (m/s^2)\" 0 -3 0");
  EXPECT_EQ(events[1].label, "substeps");
  EXPECT_EQ(events[1].values, (std::vector<std::string>{"8"}));
  EXPECT_EQ(events[2].values, (std::vector<std::string>{"semi-implicit Euler"}));
  EXPECT_EQ(events[3].kind, ScriptEvent::Kind::click);
  EXPECT_EQ(events[3].label, "rebuild");
  EXPECT_TRUE(events[3].values.empty());
  EXPECT_EQ(events[4].values, (std::vector<std::string>{"off"}));
}

TEST(InputScript, MalformedPanelEntriesAreRefusedByName) {
  for (const char* bad : {"5 set", "5 set substeps", "5 set \"gravity (m/s^2) 0 -3 0",
                          "5 click reset now", "5 click"}) {
    try {
      parse_input_script(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(bad), std::string::npos) << error.what();
    }
  }
}

// Saving is Ctrl+S, S alone the springs view: a scripted "key save" holds Ctrl as a person would,
// and the keys without a binding of their own under Ctrl keep their action with it.
TEST(InputScript, SaveIsCtrlS) {
  const std::vector<ScriptEvent> events = parse_input_script("5 key save; 6 key springs");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, ScriptEvent::Kind::key);
  EXPECT_EQ(events[0].code, GLFW_KEY_S);
  EXPECT_TRUE(events[0].ctrl);
  EXPECT_EQ(events[1].code, GLFW_KEY_S);
  EXPECT_FALSE(events[1].ctrl);
  EXPECT_EQ(action_for_key(GLFW_KEY_S, true), Action::save_scene);
  EXPECT_EQ(action_for_key(GLFW_KEY_S, false), Action::toggle_springs);
  EXPECT_EQ(action_for_key(GLFW_KEY_P, true), Action::screenshot);
  EXPECT_EQ(action_for_key(GLFW_KEY_Z, true), std::nullopt);
}

TEST(InputScript, TheKnifeIsAltOrX) {
  const std::vector<ScriptEvent> events =
      parse_input_script("5 press left 0.2 0.6 alt; 6 press left 0.2 0.6 ctrl shift; 7 key knife");
  ASSERT_EQ(events.size(), 3u);
  EXPECT_TRUE(events[0].alt);
  EXPECT_FALSE(events[0].ctrl || events[0].shift);
  EXPECT_FALSE(events[1].alt);
  EXPECT_EQ(events[2].code, GLFW_KEY_X);
  EXPECT_EQ(action_for_key(GLFW_KEY_X), Action::toggle_knife);
  try {
    parse_input_script("5 press left 0.2 0.6 meta");
    ADD_FAILURE() << "accepted an unknown modifier";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("expected shift, ctrl or alt"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace weft::test
