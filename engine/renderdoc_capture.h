// RenderDoc's in-application API: frame captures made by weft itself, with no window and no
// present (StartFrameCapture/EndFrameCapture around the submissions of one frame). RenderDoc hooks
// Vulkan through its layer, which the loader only enables for instances created after the library
// is in the process: create a RenderDocCapture before the Vulkan Instance. When weft was launched
// by qrenderdoc or `renderdoccmd capture`, the library is already injected and is used as it is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

struct RENDERDOC_API_1_6_0;

namespace weft {

enum class RenderDocLoad {
  attach_only,     // use RenderDoc only if it is already in the process (launched by it)
  load_if_absent,  // also dlopen librenderdoc.so: a capture was asked for
};

class RenderDocCapture {
 public:
  // Never throws: when RenderDoc cannot be used, available() is false and unavailable_reason()
  // says why and how to install it.
  explicit RenderDocCapture(RenderDocLoad load);
  RenderDocCapture(const RenderDocCapture&) = delete;
  RenderDocCapture& operator=(const RenderDocCapture&) = delete;

  bool available() const { return api_ != nullptr; }
  const std::string& unavailable_reason() const { return unavailable_reason_; }
  // True when RenderDoc was in the process before weft looked (qrenderdoc, renderdoccmd).
  bool injected() const { return injected_; }
  std::string version() const;  // "1.6.0": the API version the library provides

  // Captures are written as TEMPLATE_frameN.rdc (RenderDoc's rule); "" keeps RenderDoc's own
  // template (what qrenderdoc or `renderdoccmd capture -c` set).
  void set_path_template(const std::string& path_template);
  // Everything submitted to any device between the two calls goes into one capture.
  void start_frame();
  // Ends the capture and returns the path of the file written; nothing if RenderDoc wrote none.
  std::optional<std::string> end_frame();
  bool capturing() const;

  // The library weft loads: WEFT_RENDERDOC_LIBRARY (a path, for RenderDoc builds outside the
  // system), else librenderdoc.so.
  static std::string library_name();

 private:
  uint32_t capture_count() const;
  std::optional<std::string> capture_path(uint32_t index) const;

  RENDERDOC_API_1_6_0* api_ = nullptr;
  std::string unavailable_reason_;
  bool injected_ = false;
  uint32_t captures_before_ = 0;
};

// The advice weft prints when RenderDoc is missing.
inline constexpr const char* kRenderDocInstallHint =
    "apt-get install --no-install-recommends librenderdoc renderdoccmd";

}  // namespace weft
