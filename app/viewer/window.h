// The viewer's window (GLFW, no client API) and the Vulkan surface it presents to. Input events
// go to an InputListener; Dear ImGui's GLFW backend chains onto the same callbacks.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/vulkan.h"
// GLFW after volk: GLFW_INCLUDE_NONE (from the build) and Vulkan's types from volk.h.
#include <GLFW/glfw3.h>

namespace weft {

// Thrown when no window can be opened (no X or Wayland display): the caller says so and
// points to the headless mode.
class NoDisplayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class InputListener {
 public:
  virtual ~InputListener() = default;
  virtual void on_key(int key, int action, int mods) = 0;
  virtual void on_mouse_button(int button, int action, int mods) = 0;
  virtual void on_cursor(double x, double y) = 0;  // framebuffer pixels, y down
  virtual void on_scroll(double dy) = 0;
};

class Window {
 public:
  Window(const std::string& title, int width, int height);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Instance extensions the surface needs (VK_KHR_surface and the platform's).
  static std::vector<std::string> required_instance_extensions();

  // Creates the surface; the window destroys it, so it must go before the instance does.
  VkSurfaceKHR create_surface(VkInstance instance);
  void destroy_surface();

  void set_listener(InputListener* listener);
  void poll_events() { glfwPollEvents(); }
  bool should_close() const { return glfwWindowShouldClose(window_); }
  void request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
  // Size in pixels of what is drawn into (0 x 0 while minimised).
  VkExtent2D framebuffer_size() const;
  // Asks the window system for a new client size (what the resize test does).
  void set_size(int width, int height) { glfwSetWindowSize(window_, width, height); }
  void set_title(const std::string& title) { glfwSetWindowTitle(window_, title.c_str()); }
  // Where the cursor is, in framebuffer pixels (y down from the top); setting it warps the
  // pointer (scripted input does, so that the UI sees the cursor where the script put it).
  void cursor_position(double& x, double& y) const;
  void set_cursor_position(double x, double y);
  bool key_down(int key) const { return glfwGetKey(window_, key) == GLFW_PRESS; }
  GLFWwindow* handle() const { return window_; }

 private:
  GLFWwindow* window_ = nullptr;
  VkInstance surface_instance_ = VK_NULL_HANDLE;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
};

}  // namespace weft
