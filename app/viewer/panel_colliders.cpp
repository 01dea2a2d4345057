#include "app/viewer/panel_colliders.h"

#include <cmath>
#include <string>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include "app/scene/object_keys.h"
#include "sim/model/collider_path.h"

namespace weft {

namespace {

// Marks the frame's parameters as edited when the last widget changed.
bool edited(bool changed, bool& flag) {
  if (changed) flag = true;
  return changed;
}

constexpr std::string_view kCollider = "environment.collider";
constexpr std::string_view kSphere = "environment.sphere";

// A control named as the scene file names its key, "capsule 1 radius (m)"; hovered, it shows
// the key's meaning.
std::string label(const char* kind, int number, std::string_view table, std::string_view key) {
  const ObjectKey& entry = object_key(table, key);
  std::string text = std::string(kind) + " " + std::to_string(number) + " " + std::string(key);
  if (entry.unit != "-") text += " (" + std::string(entry.unit) + ")";
  return text;
}

// A position the model holds in its own frame, dragged where it is in the world.
bool drag_position(PanelWidgets& ui, const std::string& label, glm::vec3& position,
                   const glm::dvec3& origin) {
  glm::vec3 world(glm::dvec3(position) + origin);
  if (!ui.drag3(label.c_str(), &world.x, 0.01f)) return false;
  position = glm::vec3(glm::dvec3(world) - origin);
  return true;
}

void explain(std::string_view table, std::string_view key) {
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", std::string(object_key(table, key).meaning).c_str());
  }
}

// The degrees a rotation widget shows. A rotation has more than one set of angles, and the one
// worked out from a rotation need not be the one typed in: the panel keeps the angles it last
// showed for each label (in ImGui's storage, with the rotation they made), and shows them again
// while the collider still has that rotation, so that angles do not jump while they are dragged.
class RememberedDegrees {
 public:
  RememberedDegrees(const std::string& label, const glm::quat& rotation)
      : storage_(*ImGui::GetStateStorage()) {
    // Seven values under the label: three angles, then the rotation's four numbers.
    const char* const names[7] = {"x", "y", "z", "qx", "qy", "qz", "qw"};
    ImGui::PushID(label.c_str());
    for (int k = 0; k < 7; ++k)
      ids_[k] = ImGui::GetID(names[k]);
    ImGui::PopID();
    bool same = true;
    for (int k = 0; k < 4; ++k)
      same = same && storage_.GetFloat(ids_[3 + k], NAN) == rotation[k];
    const glm::vec3 worked_out = degrees_from_rotation(rotation);
    for (int k = 0; k < 3; ++k)
      degrees_[k] = same ? storage_.GetFloat(ids_[k]) : worked_out[k];
  }
  float* degrees() { return &degrees_.x; }
  // The rotation of the degrees shown, remembered with them.
  glm::quat remember() {
    const glm::quat rotation = rotation_from_degrees(degrees_);
    for (int k = 0; k < 3; ++k)
      storage_.SetFloat(ids_[k], degrees_[k]);
    for (int k = 0; k < 4; ++k)
      storage_.SetFloat(ids_[3 + k], rotation[k]);
    return rotation;
  }

 private:
  ImGuiStorage& storage_;
  ImGuiID ids_[7] = {};
  glm::vec3 degrees_{0.0f};
};

void draw_pose(PanelWidgets& ui, const char* kind, int number, ColliderPose& pose,
               const glm::dvec3& origin, bool& changed) {
  edited(drag_position(ui, label(kind, number, kCollider, "center"), pose.position, origin),
         changed);
  explain(kCollider, "center");
  const std::string rotation = label(kind, number, kCollider, "rotate");
  RememberedDegrees degrees(rotation, pose.rotation);
  const bool turned = ui.drag3(rotation.c_str(), degrees.degrees(), 0.5f, -360.0f, 360.0f);
  explain(kCollider, "rotate");
  const glm::quat shown = degrees.remember();
  if (edited(turned, changed)) pose.rotation = shown;
}

void draw_plane(PanelWidgets& ui, int number, Collider& plane, const glm::dvec3& origin,
                bool& changed) {
  if (!plane.path.keyframes.empty()) return;  // its path decides where it is
  glm::vec3 normal = plane.pose.rotation * glm::vec3(0.0f, 1.0f, 0.0f);
  const glm::dvec3 world = glm::dvec3(plane.pose.position) + origin;
  float offset = static_cast<float>(glm::dot(glm::dvec3(normal), world));
  const bool turned =
      ui.drag3(label("plane", number, kCollider, "normal").c_str(), &normal.x, 0.01f, -1.0f, 1.0f);
  explain(kCollider, "normal");
  // The slider spans 10 m either side of the model's frame.
  const auto middle = static_cast<float>(glm::dot(glm::dvec3(normal), origin));
  const bool moved = ui.slider(label("plane", number, kCollider, "offset").c_str(), offset,
                               middle - 10.0f, middle + 10.0f, "%.3f");
  explain(kCollider, "offset");
  // A normal dragged to nothing keeps the plane as it was.
  if (!(turned || moved) || !(glm::length(normal) > 1e-6f)) return;
  normal = glm::normalize(normal);
  plane.pose.rotation = rotation_to(normal);
  plane.pose.position = glm::vec3(glm::dvec3(normal) * double{offset} - origin);
  changed = true;
}

}  // namespace

glm::vec3 degrees_from_rotation(const glm::quat& rotation) {
  // R = Rz Ry Rx; glm's matrices are indexed [column][row].
  const glm::mat3 r = glm::mat3_cast(glm::normalize(rotation));
  const float y = std::asin(glm::clamp(-r[0][2], -1.0f, 1.0f));
  float x = 0.0f;
  float z = 0.0f;
  if (std::abs(r[0][2]) < 0.99999f) {
    x = std::atan2(r[1][2], r[2][2]);
    z = std::atan2(r[0][1], r[0][0]);
  } else {  // about y by +-90 degrees: x and z turn about the same axis; all of it in x
    x = std::atan2(-r[2][1], r[1][1]);
  }
  return glm::degrees(glm::vec3(x, y, z));
}

void draw_colliders(PanelWidgets& ui, Environment& environment, const glm::dvec3& origin,
                    bool& changed) {
  for (size_t i = 0; i < environment.spheres.size(); ++i) {
    Sphere& sphere = environment.spheres[i];
    const int number = static_cast<int>(i) + 1;
    if (sphere.path.keyframes.empty()) {
      edited(drag_position(ui, label("sphere", number, kSphere, "center"), sphere.center, origin),
             changed);
      explain(kSphere, "center");
    }
    edited(
        ui.slider(label("sphere", number, kSphere, "radius").c_str(), sphere.radius, 0.05f, 2.0f),
        changed);
    explain(kSphere, "radius");
  }
  int planes = 0, capsules = 0, boxes = 0, meshes = 0;
  for (Collider& c : environment.colliders) {
    const bool placed = c.path.keyframes.empty();  // else its path decides where it is
    switch (c.shape) {
      case ColliderShape::plane: draw_plane(ui, ++planes, c, origin, changed); break;
      case ColliderShape::capsule: {
        ++capsules;
        if (placed) draw_pose(ui, "capsule", capsules, c.pose, origin, changed);
        edited(ui.slider(label("capsule", capsules, kCollider, "radius").c_str(), c.radius, 0.005f,
                         2.0f, "%.3f", ImGuiSliderFlags_Logarithmic),
               changed);
        explain(kCollider, "radius");
        float length = 2.0f * c.half_length;
        if (edited(ui.slider(label("capsule", capsules, kCollider, "length").c_str(), length, 0.0f,
                             10.0f),
                   changed)) {
          c.half_length = 0.5f * length;
        }
        explain(kCollider, "length");
        break;
      }
      case ColliderShape::box: {
        ++boxes;
        if (placed) draw_pose(ui, "box", boxes, c.pose, origin, changed);
        glm::vec3 size = 2.0f * c.half_extents;
        if (edited(ui.drag3(label("box", boxes, kCollider, "size").c_str(), &size.x, 0.01f, 0.001f,
                            20.0f),
                   changed)) {
          c.half_extents = 0.5f * size;
        }
        explain(kCollider, "size");
        break;
      }
      case ColliderShape::mesh:
        ++meshes;
        if (placed) draw_pose(ui, "mesh", meshes, c.pose, origin, changed);
        edited(ui.slider(label("mesh", meshes, kCollider, "margin").c_str(), c.margin, 0.0005f,
                         0.1f, "%.4f", ImGuiSliderFlags_Logarithmic),
               changed);
        explain(kCollider, "margin");
        break;
    }
  }
}

}  // namespace weft
