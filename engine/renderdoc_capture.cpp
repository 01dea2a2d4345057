#include "engine/renderdoc_capture.h"

#include <dlfcn.h>

#include <cstdlib>
#include <vector>

#if WEFT_HAVE_RENDERDOC_APP_H
#include <renderdoc_app.h>
#endif

namespace weft {

std::string RenderDocCapture::library_name() {
  const char* custom = std::getenv("WEFT_RENDERDOC_LIBRARY");
  return custom && *custom ? custom : "librenderdoc.so";
}

#if WEFT_HAVE_RENDERDOC_APP_H

RenderDocCapture::RenderDocCapture(RenderDocLoad load) {
  const std::string library = library_name();
  // RTLD_NOLOAD finds a library that is already loaded without loading it: that is how weft sees
  // that qrenderdoc or renderdoccmd injected RenderDoc (LD_PRELOAD) and must not be configured
  // behind their back.
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
  injected_ = handle != nullptr;
  if (!handle && load == RenderDocLoad::load_if_absent) {
    // Never dlclose'd: RenderDoc's hooks stay in the process until it exits.
    handle = dlopen(library.c_str(), RTLD_NOW);
    if (!handle) {
      const char* error = dlerror();
      unavailable_reason_ = "RenderDoc is not installed (" + library +
                            " cannot be loaded: " + (error ? error : "unknown error") +
                            "): " + kRenderDocInstallHint;
      return;
    }
  }
  if (!handle) {
    unavailable_reason_ = "RenderDoc is not loaded (weft was not launched by RenderDoc)";
    return;
  }
  auto get_api = reinterpret_cast<pRENDERDOC_GetAPI>(dlsym(handle, "RENDERDOC_GetAPI"));
  void* api = nullptr;
  if (!get_api || get_api(eRENDERDOC_API_Version_1_6_0, &api) != 1 || !api) {
    unavailable_reason_ = library + " does not provide RenderDoc's API 1.6 (RenderDoc 1.21 or " +
                          "later is needed): " + kRenderDocInstallHint;
    return;
  }
  api_ = static_cast<RENDERDOC_API_1_6_0*>(api);
}

std::string RenderDocCapture::version() const {
  if (!api_) return "";
  int major = 0, minor = 0, patch = 0;
  api_->GetAPIVersion(&major, &minor, &patch);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

void RenderDocCapture::set_path_template(const std::string& path_template) {
  if (api_ && !path_template.empty()) api_->SetCaptureFilePathTemplate(path_template.c_str());
}

void RenderDocCapture::start_frame() {
  if (!api_) return;
  captures_before_ = capture_count();
  // NULL device and window: capture whatever any device submits, no swapchain needed.
  api_->StartFrameCapture(nullptr, nullptr);
}

std::optional<std::string> RenderDocCapture::end_frame() {
  if (!api_) return std::nullopt;
  if (api_->EndFrameCapture(nullptr, nullptr) != 1) return std::nullopt;
  const uint32_t count = capture_count();
  if (count <= captures_before_) return std::nullopt;
  return capture_path(count - 1);
}

bool RenderDocCapture::capturing() const {
  return api_ && api_->IsFrameCapturing() != 0;
}

uint32_t RenderDocCapture::capture_count() const {
  return api_ ? api_->GetNumCaptures() : 0;
}

std::optional<std::string> RenderDocCapture::capture_path(uint32_t index) const {
  uint32_t length = 0;
  if (!api_ || api_->GetCapture(index, nullptr, &length, nullptr) != 1) return std::nullopt;
  std::vector<char> path(length + 1, '\0');
  api_->GetCapture(index, path.data(), &length, nullptr);
  return std::string(path.data());
}

#else  // built without renderdoc_app.h

RenderDocCapture::RenderDocCapture(RenderDocLoad /*load*/) {
  unavailable_reason_ =
      "this weft was built without RenderDoc support (renderdoc_app.h was missing at build "
      "time): apt-get install librenderdoc-dev, then rebuild";
}
std::string RenderDocCapture::version() const {
  return "";
}
void RenderDocCapture::set_path_template(const std::string&) {}
void RenderDocCapture::start_frame() {}
std::optional<std::string> RenderDocCapture::end_frame() {
  return std::nullopt;
}
bool RenderDocCapture::capturing() const {
  return false;
}
uint32_t RenderDocCapture::capture_count() const {
  return 0;
}
std::optional<std::string> RenderDocCapture::capture_path(uint32_t) const {
  return std::nullopt;
}

#endif

}  // namespace weft
