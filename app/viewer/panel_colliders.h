// The panel's colliders, in its Environment section: for each sphere its centre and radius; for
// each plane its normal and offset, as a scene file gives them; for each capsule, box and mesh
// its centre, its rotation (degrees about x, then y, then z, as a scene file's `rotate`) and its
// size: a capsule's radius and length, a box's size, a mesh's margin. A collider that moves on a
// scripted path shows its size alone: its path decides where it is. The edits reach the running
// solver as every environment edit does (ViewerScene::apply_parameters), and the CPU and GPU
// solvers take them alike (the colliders module's apply_edit).
#pragma once

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "app/viewer/panel_widgets.h"
#include "sim/model/model.h"

namespace weft {

// Edits the environment's colliders in place; `changed` is set when one was edited. Positions
// are shown in the world: the model holds them relative to `origin` (Model::origin).
void draw_colliders(PanelWidgets& ui, Environment& environment, const glm::dvec3& origin,
                    bool& changed);

// A rotation as degrees about x, then y, then z (the inverse of rotation_from_degrees, with the
// angle about y within [-90, 90]).
glm::vec3 degrees_from_rotation(const glm::quat& rotation);

}  // namespace weft
