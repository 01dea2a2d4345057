#include "app/viewer/window.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "engine/check.h"

namespace weft {

namespace {

std::string& last_glfw_error() {
  static std::string error;
  return error;
}

void on_glfw_error(int code, const char* description) {
  char text[512];
  std::snprintf(text, sizeof(text), "%s (GLFW error 0x%x)", description, code);
  last_glfw_error() = text;
}

InputListener* listener_of(GLFWwindow* window) {
  return static_cast<InputListener*>(glfwGetWindowUserPointer(window));
}

// Window coordinates to framebuffer pixels (they differ on high-DPI displays).
void to_framebuffer(GLFWwindow* window, double& x, double& y) {
  int window_width = 0, window_height = 0, fb_width = 0, fb_height = 0;
  glfwGetWindowSize(window, &window_width, &window_height);
  glfwGetFramebufferSize(window, &fb_width, &fb_height);
  if (window_width > 0 && window_height > 0) {
    x *= double(fb_width) / window_width;
    y *= double(fb_height) / window_height;
  }
}

}  // namespace

Window::Window(const std::string& title, int width, int height) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    throw NoDisplayError(std::string("cannot open a window: ") +
                         ((!display || !*display) && (!wayland || !*wayland)
                              ? "there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
                              : last_glfw_error()));
  }
  if (!glfwVulkanSupported()) {
    glfwTerminate();
    throw NoDisplayError("GLFW finds no Vulkan loader to present to a window with");
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    glfwTerminate();
    throw NoDisplayError("cannot create a window: " + last_glfw_error());
  }
}

Window::~Window() {
  destroy_surface();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

std::vector<std::string> Window::required_instance_extensions() {
  uint32_t count = 0;
  const char** names = glfwGetRequiredInstanceExtensions(&count);
  if (!names) {
    throw NoDisplayError("this window system offers no Vulkan surface: " + last_glfw_error());
  }
  return {names, names + count};
}

VkSurfaceKHR Window::create_surface(VkInstance instance) {
  destroy_surface();
  VK_CHECK(glfwCreateWindowSurface(instance, window_, nullptr, &surface_));
  surface_instance_ = instance;
  return surface_;
}

void Window::destroy_surface() {
  if (surface_) vkDestroySurfaceKHR(surface_instance_, surface_, nullptr);
  surface_ = VK_NULL_HANDLE;
}

void Window::set_listener(InputListener* listener) {
  glfwSetWindowUserPointer(window_, listener);
  glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int, int action, int mods) {
    if (InputListener* l = listener_of(w)) l->on_key(key, action, mods);
  });
  glfwSetMouseButtonCallback(window_, [](GLFWwindow* w, int button, int action, int mods) {
    if (InputListener* l = listener_of(w)) l->on_mouse_button(button, action, mods);
  });
  glfwSetCursorPosCallback(window_, [](GLFWwindow* w, double x, double y) {
    to_framebuffer(w, x, y);
    if (InputListener* l = listener_of(w)) l->on_cursor(x, y);
  });
  glfwSetScrollCallback(window_, [](GLFWwindow* w, double, double dy) {
    if (InputListener* l = listener_of(w)) l->on_scroll(dy);
  });
}

VkExtent2D Window::framebuffer_size() const {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return {static_cast<uint32_t>(std::max(width, 0)), static_cast<uint32_t>(std::max(height, 0))};
}

void Window::cursor_position(double& x, double& y) const {
  glfwGetCursorPos(window_, &x, &y);
  to_framebuffer(window_, x, y);
}

void Window::set_cursor_position(double x, double y) {
  int window_width = 0, window_height = 0;
  glfwGetWindowSize(window_, &window_width, &window_height);
  const VkExtent2D fb = framebuffer_size();
  if (fb.width > 0 && fb.height > 0) {
    x *= double(window_width) / fb.width;
    y *= double(window_height) / fb.height;
  }
  glfwSetCursorPos(window_, x, y);
}

}  // namespace weft
