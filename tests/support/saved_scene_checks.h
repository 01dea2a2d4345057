// What a saved scene must give back when it is loaded: the same scene (systems, objects, events)
// and the same first frames on the CPU reference, bit for bit. Shared by the scene writer's tests
// and those of the viewer's save.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "app/scene/scene_systems.h"
#include "sim/core/cpu_solver.h"
#include "tests/support/model_compare.h"

namespace weft::test {

inline std::filesystem::path fresh_directory(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("weft_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

template <typename T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// `frames` frames of each model with its events, on the CPU reference in float: every particle's
// position, inverse mass, previous position and velocity after every frame.
inline ::testing::AssertionResult same_frames(const Model& a,
                                              const std::vector<SceneEvent>& a_events,
                                              const Model& b,
                                              const std::vector<SceneEvent>& b_events,
                                              uint32_t frames) {
  CpuSolver<float> first(a);
  CpuSolver<float> second(b);
  for (uint32_t frame = 0; frame < frames; ++frame) {
    for (const SceneEvent& event : a_events) {
      if (event.frame == frame) apply_event(event, first);
    }
    for (const SceneEvent& event : b_events) {
      if (event.frame == frame) apply_event(event, second);
    }
    first.step_frame();
    second.step_frame();
    const ParticleState<float>& x = first.state();
    const ParticleState<float>& y = second.state();
    if (!same_bits(x.positions, y.positions) || !same_bits(x.previous, y.previous) ||
        !same_bits(x.velocities, y.velocities)) {
      return ::testing::AssertionFailure() << "the particles differ after frame " << frame;
    }
  }
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult same_events(const std::vector<SceneEvent>& a,
                                              const std::vector<SceneEvent>& b) {
  if (a.size() != b.size()) {
    return ::testing::AssertionFailure() << a.size() << " events vs " << b.size();
  }
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].kind != b[k].kind || a[k].frame != b[k].frame || a[k].particle != b[k].particle ||
        a[k].anchor != b[k].anchor || std::memcmp(&a[k].value, &b[k].value, sizeof a[k].value)) {
      return ::testing::AssertionFailure() << "event " << k << " differs";
    }
  }
  return ::testing::AssertionSuccess();
}

// The systems by name, their objects by name, kind, place, colour and check, their models and
// events, the camera and the drape test.
inline void expect_same_scene(const Scene& expected, const Scene& loaded) {
  EXPECT_EQ(loaded.title, expected.title);
  EXPECT_EQ(loaded.description, expected.description);
  EXPECT_EQ(loaded.frames, expected.frames);
  ASSERT_EQ(loaded.camera.has_value(), expected.camera.has_value());
  if (expected.camera) {
    EXPECT_EQ(loaded.camera->eye, expected.camera->eye);
    EXPECT_EQ(loaded.camera->target, expected.camera->target);
    EXPECT_EQ(loaded.camera->fov_degrees, expected.camera->fov_degrees);
  }
  ASSERT_EQ(loaded.drape_test.has_value(), expected.drape_test.has_value());
  if (expected.drape_test) {
    EXPECT_EQ(loaded.drape_test->cloth, expected.drape_test->cloth);
    EXPECT_EQ(loaded.drape_test->center, expected.drape_test->center);
    EXPECT_EQ(loaded.drape_test->support_radius, expected.drape_test->support_radius);
  }
  ASSERT_EQ(loaded.systems.size(), expected.systems.size());
  for (size_t s = 0; s < expected.systems.size(); ++s) {
    const SceneSystem& e = expected.systems[s];
    const SceneSystem& l = loaded.systems[s];
    EXPECT_EQ(l.name, e.name);
    ASSERT_EQ(l.objects.size(), e.objects.size()) << e.name;
    for (size_t k = 0; k < e.objects.size(); ++k) {
      EXPECT_EQ(l.objects[k].name, e.objects[k].name);
      EXPECT_EQ(l.objects[k].kind, e.objects[k].kind);
      EXPECT_EQ(l.objects[k].first_particle, e.objects[k].first_particle);
      EXPECT_EQ(l.objects[k].particle_count, e.objects[k].particle_count);
      EXPECT_EQ(l.objects[k].color, e.objects[k].color) << e.objects[k].name;
      EXPECT_EQ(l.objects[k].check_size, e.objects[k].check_size) << e.objects[k].name;
    }
    EXPECT_TRUE(models_equal(e.model, l.model)) << "system " << e.name;
    EXPECT_TRUE(same_events(e.events, l.events)) << "system " << e.name;
  }
}

}  // namespace weft::test
