#include "app/render/shadow_map.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "engine/barriers.h"
#include "engine/check.h"
#include "engine/debug_label.h"
#include "engine/device.h"
#include "shaders/shared_types.h"

namespace weft {

namespace {

// The share of the key light a shadow takes away: the ground stays readable in shadow.
constexpr float kDarkness = 0.75f;
constexpr VkPipelineStageFlags2 kDepthStages =
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
constexpr VkPipelineStageFlags2 kShadowReadStages =
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;

bool can_filter_linearly(const Device& device, VkFormat format) {
  VkFormatProperties properties;
  vkGetPhysicalDeviceFormatProperties(device.physical(), format, &properties);
  return (properties.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) !=
         0;
}

DeviceHandle<VkSampler> create_compare_sampler(const Device& device, VkFormat format) {
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  // Linear filtering of a comparison averages the 2x2 texels' results: soft edges for free.
  const VkFilter filter =
      can_filter_linearly(device, format) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  info.magFilter = filter;
  info.minFilter = filter;
  info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  // Outside the map: the far plane, so nothing there is in shadow.
  info.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  info.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
  info.compareEnable = VK_TRUE;
  info.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;  // lit where the point is no deeper than the map
  info.maxLod = 0.0f;
  VkSampler sampler = VK_NULL_HANDLE;
  VK_CHECK(vkCreateSampler(device.handle(), &info, nullptr, &sampler));
  device.set_name(VK_OBJECT_TYPE_SAMPLER, sampler, "shadow map sampler");
  return {device.handle(), sampler, vkDestroySampler};
}

}  // namespace

VkFormat ShadowMap::choose_format(const Device& device) {
  for (VkFormat candidate : {VK_FORMAT_D32_SFLOAT, VK_FORMAT_D16_UNORM}) {
    VkFormatProperties properties;
    vkGetPhysicalDeviceFormatProperties(device.physical(), candidate, &properties);
    const VkFormatFeatureFlags needed =
        VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
    if ((properties.optimalTilingFeatures & needed) == needed) return candidate;
  }
  throw std::runtime_error("weft: " + device.name() + " cannot sample a depth image (shadows)");
}

ShadowMap::ShadowMap(const Device& device, uint32_t size)
    : device_(device),
      image_(device,
             {{size, size},
              choose_format(device),
              VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                  VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_ASPECT_DEPTH_BIT},
             "shadow map"),
      sampler_(create_compare_sampler(device, image_.desc().format)),
      params_(device, sizeof(gpu::ShadowParams),
              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
              MemoryKind::device_local, "shadow parameters") {
  const VkDescriptorSetLayoutBinding bindings[WEFT_GROUND_BINDING_COUNT] = {
      {WEFT_GROUND_BINDING_SHADOW_MAP, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
       VK_SHADER_STAGE_FRAGMENT_BIT, nullptr},
      {WEFT_GROUND_BINDING_SHADOW, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}};
  VkDescriptorSetLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  layout_info.bindingCount = WEFT_GROUND_BINDING_COUNT;
  layout_info.pBindings = bindings;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorSetLayout(device.handle(), &layout_info, nullptr, &set_layout));
  set_layout_ = {device.handle(), set_layout, vkDestroyDescriptorSetLayout};
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, set_layout, "ground set layout");

  const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                         {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
  VkDescriptorPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool_info.maxSets = 1;
  pool_info.poolSizeCount = 2;
  pool_info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VK_CHECK(vkCreateDescriptorPool(device.handle(), &pool_info, nullptr, &pool));
  pool_ = {device.handle(), pool, vkDestroyDescriptorPool};
  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = pool;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &set_layout;
  VK_CHECK(vkAllocateDescriptorSets(device.handle(), &allocate, &set_));
  device.set_name(VK_OBJECT_TYPE_DESCRIPTOR_SET, set_, "ground set");

  const VkDescriptorImageInfo image{sampler_.get(), image_.view(),
                                    VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL};
  const VkDescriptorBufferInfo buffer{params_.handle(), 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                    {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
  writes[0].dstSet = set_;
  writes[0].dstBinding = WEFT_GROUND_BINDING_SHADOW_MAP;
  writes[0].descriptorCount = 1;
  writes[0].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  writes[0].pImageInfo = &image;
  writes[1].dstSet = set_;
  writes[1].dstBinding = WEFT_GROUND_BINDING_SHADOW;
  writes[1].descriptorCount = 1;
  writes[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  writes[1].pBufferInfo = &buffer;
  vkUpdateDescriptorSets(device.handle(), 2, writes, 0, nullptr);

  // Until the first shadow pass the map is empty (all far plane) and already in the layout the
  // ground samples it in, so that the ground can be drawn with shadows off.
  device.submit_and_wait([&](VkCommandBuffer cmd) {
    image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE,
                  VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    const VkClearDepthStencilValue far{1.0f, 0};
    const VkImageSubresourceRange range{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
    vkCmdClearDepthStencilImage(cmd, image_.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &far, 1,
                                &range);
    image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_DEPTH_BIT,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
                  VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
  });
  light_.extent = {size, size};
  light_.pull_to_eye = false;  // its eye is far along the light: the shadow stays where it falls
  aim(Bounds{glm::vec3(-1.0f), glm::vec3(1.0f)});
}

void ShadowMap::aim(const Bounds& bounds) {
  const glm::vec3 center = 0.5f * (bounds.lo + bounds.hi);
  const float radius = std::max(0.5f * diagonal(bounds), 0.05f) * 1.05f;
  const glm::vec3 to_light = key_light_direction();
  const glm::vec3 eye = center + radius * to_light;
  const glm::vec3 up = std::abs(to_light.y) > 0.99f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
  const glm::mat4 view = glm::lookAt(eye, center, up);
  // The box's corners seen from the light bound the map, as tightly as it can be: fewer texels
  // to draw, and less of the ground that must read the map. The margin holds what is drawn
  // larger than it is (particles and markers keep a few pixels). Depth 0 to 1 spans the box;
  // the ground beyond it is compared as the far plane (ground.frag), behind every caster.
  glm::vec3 lo(std::numeric_limits<float>::max());
  glm::vec3 hi(std::numeric_limits<float>::lowest());
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p((corner & 1) ? bounds.hi.x : bounds.lo.x,
                      (corner & 2) ? bounds.hi.y : bounds.lo.y,
                      (corner & 4) ? bounds.hi.z : bounds.lo.z);
    const glm::vec3 seen(view * glm::vec4(p, 1.0f));
    lo = glm::min(lo, seen);
    hi = glm::max(hi, seen);
  }
  const float margin = 0.05f * radius;
  // Looking down -z: the nearest corner has the largest z.
  const glm::mat4 projection = glm::ortho(lo.x - margin, hi.x + margin, lo.y - margin,
                                          hi.y + margin, -hi.z - margin, -lo.z + margin);
  light_.view_projection = projection * view;
  // Far along the light: the particles' impostors face it, as they face the camera.
  light_.eye = center + 1000.0f * radius * to_light;
  dirty_ = true;
}

void ShadowMap::set_enabled(bool enabled) {
  if (enabled != enabled_) dirty_ = true;
  enabled_ = enabled;
}

void ShadowMap::record_update(VkCommandBuffer cmd) {
  if (!dirty_) return;
  DebugLabel label(device_, cmd, "update shadow parameters");
  gpu::ShadowParams params{};
  params.light_view_projection = light_.view_projection;
  // Two texels' length (the depth range spans the map's width).
  params.depth_bias = 2.0f / static_cast<float>(light_.extent.width);
  params.darkness = kDarkness;
  params.enabled = enabled_ ? 1u : 0u;
  // The previous frames' ground may still read the parameters.
  memory_barrier(cmd, kShadowReadStages, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_TRANSFER_WRITE_BIT);
  vkCmdUpdateBuffer(cmd, params_.handle(), 0, sizeof(params), &params);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 kShadowReadStages, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
  dirty_ = false;
}

void ShadowMap::begin(VkCommandBuffer cmd) const {
  // The previous frame's ground may still sample the map: its old contents are not needed.
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                VK_ACCESS_2_NONE, kDepthStages,
                VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  depth.imageView = image_.view();
  depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  depth.clearValue.depthStencil = {1.0f, 0};
  VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
  info.renderArea = {{0, 0}, light_.extent};
  info.layerCount = 1;
  info.pDepthAttachment = &depth;
  vkCmdBeginRendering(cmd, &info);
  const VkViewport viewport{
      0.0f, 0.0f, static_cast<float>(light_.extent.width), static_cast<float>(light_.extent.height),
      0.0f, 1.0f};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  const VkRect2D scissor{{0, 0}, light_.extent};
  vkCmdSetScissor(cmd, 0, 1, &scissor);
}

void ShadowMap::end(VkCommandBuffer cmd) const {
  vkCmdEndRendering(cmd);
  image_barrier(cmd, image_.handle(), VK_IMAGE_ASPECT_DEPTH_BIT,
                VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
                kDepthStages, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
}

}  // namespace weft
