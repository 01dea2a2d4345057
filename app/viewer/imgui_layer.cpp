#include "app/viewer/imgui_layer.h"

#include <algorithm>
#include <string>

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

#include "app/viewer/panel_style.h"
#include "app/viewer/window.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "engine/instance.h"
#include "engine/swapchain.h"

namespace weft {

namespace {

void check_imgui_result(VkResult result) {
  check_vk(result, "ImGui's Vulkan backend()", __FILE__, __LINE__);
}

// The backend loads every Vulkan function it calls through this (as volk does for weft).
PFN_vkVoidFunction load_vulkan_function(const char* name, void* instance) {
  return vkGetInstanceProcAddr(static_cast<VkInstance>(instance), name);
}

DeviceHandle<VkRenderPass> create_ui_render_pass(const Device& device, VkFormat format) {
  VkAttachmentDescription attachment{};
  attachment.format = format;
  attachment.samples = VK_SAMPLE_COUNT_1_BIT;
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;  // the scene is already there
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  attachment.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  attachment.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &reference;
  // The scene pass's resolve wrote the image: the UI's loads and blends come after it.
  VkSubpassDependency dependency{};
  dependency.srcSubpass = VK_SUBPASS_EXTERNAL;
  dependency.dstSubpass = 0;
  dependency.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependency.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dependency.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependency.dstAccessMask =
      VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = 1;
  info.pAttachments = &attachment;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 1;
  info.pDependencies = &dependency;
  VkRenderPass pass = VK_NULL_HANDLE;
  VK_CHECK(vkCreateRenderPass(device.handle(), &info, nullptr, &pass));
  device.set_name(VK_OBJECT_TYPE_RENDER_PASS, pass, "UI render pass");
  return {device.handle(), pass, vkDestroyRenderPass};
}

DeviceHandle<VkDescriptorPool> create_ui_descriptor_pool(const Device& device) {
  // The backend needs one combined image sampler (the font atlas); a few spare.
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 8};
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  info.maxSets = 8;
  info.poolSizeCount = 1;
  info.pPoolSizes = &size;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(device.handle(), &info, nullptr, &pool));
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_POOL, pool, "UI descriptor pool");
  return {device.handle(), pool, vkDestroyDescriptorPool};
}

}  // namespace

ImGuiLayer::ImGuiLayer(Window& window, Instance& instance, Device& device,
                       const Swapchain& swapchain, uint32_t frames_in_flight)
    : device_(device),
      pool_(create_ui_descriptor_pool(device)),
      render_pass_(create_ui_render_pass(device, swapchain.format())) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in whatever folder the viewer was started from
  apply_panel_style();

  // Chains onto the callbacks the window installed, so both the UI and the scene see input.
  ImGui_ImplGlfw_InitForVulkan(window.handle(), true);
  VkInstance vk_instance = instance.handle();
  if (!ImGui_ImplVulkan_LoadFunctions(load_vulkan_function, vk_instance)) {
    throw std::runtime_error("weft: ImGui's Vulkan backend could not load its functions");
  }
  ImGui_ImplVulkan_InitInfo info{};
  info.Instance = vk_instance;
  info.PhysicalDevice = device.physical();
  info.Device = device.handle();
  info.QueueFamily = device.queue_family();
  info.Queue = device.queue();
  info.DescriptorPool = pool_.get();
  // The backend keeps one vertex/index buffer pair per "image" and cycles through them: as many
  // as frames in flight means a pair is reused only once its frame is done.
  info.MinImageCount = std::max(2u, swapchain.image_count());
  info.ImageCount = std::max({info.MinImageCount, frames_in_flight, swapchain.image_count()});
  info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  info.CheckVkResultFn = check_imgui_result;
  ImGui_ImplVulkan_Init(&info, render_pass_.get());

  device.submit_and_wait([&](VkCommandBuffer cmd) {
    DebugLabel label(device, cmd, "UI font upload");
    ImGui_ImplVulkan_CreateFontsTexture(cmd);
  });
  ImGui_ImplVulkan_DestroyFontUploadObjects();
  on_swapchain_recreated(swapchain);
}

ImGuiLayer::~ImGuiLayer() {
  vkDeviceWaitIdle(device_.handle());  // teardown: the backend's buffers may still be in use
  if (frame_open_) ImGui::EndFrame();
  ImGui_ImplVulkan_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::on_swapchain_recreated(const Swapchain& swapchain) {
  framebuffers_.clear();
  for (uint32_t i = 0; i < swapchain.image_count(); ++i) {
    VkImageView view = swapchain.view(i);
    VkFramebufferCreateInfo info{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    info.renderPass = render_pass_.get();
    info.attachmentCount = 1;
    info.pAttachments = &view;
    info.width = swapchain.extent().width;
    info.height = swapchain.extent().height;
    info.layers = 1;
    VkFramebuffer framebuffer = VK_NULL_HANDLE;
    VK_CHECK(vkCreateFramebuffer(device_.handle(), &info, nullptr, &framebuffer));
    device_.set_name(VK_OBJECT_TYPE_FRAMEBUFFER, framebuffer,
                     "UI framebuffer " + std::to_string(i));
    framebuffers_.emplace_back(device_.handle(), framebuffer, vkDestroyFramebuffer);
  }
  ImGui_ImplVulkan_SetMinImageCount(std::max(2u, swapchain.image_count()));
}

void ImGuiLayer::new_frame() {
  ImGui_ImplVulkan_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  frame_open_ = true;
}

void ImGuiLayer::record(VkCommandBuffer cmd, uint32_t image, VkExtent2D extent) {
  ImGui::Render();
  frame_open_ = false;
  DebugLabel label(device_, cmd, "UI");
  VkRenderPassBeginInfo begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  begin.renderPass = render_pass_.get();
  begin.framebuffer = framebuffers_.at(image).get();
  begin.renderArea = {{0, 0}, extent};
  vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
  ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
  vkCmdEndRenderPass(cmd);
}

bool ImGuiLayer::wants_mouse() const {
  return ImGui::GetIO().WantCaptureMouse;
}

bool ImGuiLayer::wants_keyboard() const {
  return ImGui::GetIO().WantCaptureKeyboard;
}

}  // namespace weft
