// The viewer's knife (Alt + left drag, or X then left drag): which links a stroke drawn on the
// screen cuts. A stroke is the polyline the cursor drew, in framebuffer pixels; a structural or
// shear link of a cloth that can tear is cut when the segment between its two ends, as the camera
// projects them, crosses a segment of the stroke. The knife goes through every layer under the
// stroke, seen or hidden. The solver breaks the links at the start of its next frame
// (SolverCore::cut_links, sim/modules/knife.h).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "sim/model/grid_layout.h"
#include "sim/model/link_state.h"

namespace weft {

// The links of the grids with a break strain (the others cannot be cut) that the stroke crosses,
// each once, from its lower-index end (directions 0, 2, 4 and 6 of kGridDirections), in particle
// order. `positions`: every particle of the model (xyz, m); `link_state`: each particle's torn
// links (shaders/link_state_layout.h), whose torn links are left out, or empty when nothing is
// torn; `view_projection` and `viewport` (pixels): the camera as it draws, y down. A link with an
// end behind the camera is never cut. A stroke of fewer than two points cuts nothing. `crossings`,
// when given, receives for each cut where the stroke crossed its link on the screen: the share
// of the way from the cut's particle to the link's other end, in (0, 1) (the drawn cloth opens
// there: SceneRenderer::set_link_parts).
std::vector<LinkCut> links_crossed(const std::vector<GridLayout>& grids,
                                   const std::vector<glm::vec4>& positions,
                                   const std::vector<uint32_t>& link_state,
                                   const glm::mat4& view_projection, glm::vec2 viewport,
                                   const std::vector<glm::vec2>& stroke,
                                   std::vector<float>* crossings = nullptr);

// Whether any grid of these can tear, so that the knife has something to cut.
bool any_tearable(const std::vector<GridLayout>& grids);

// Whether the segments a0-a1 and b0-b1 cross: each one's ends lie strictly on either side of the
// other's line. Touching is not crossing: a stroke that ends on a link, or runs along it, or
// passes exactly through a node, leaves those links whole.
bool segments_cross(glm::vec2 a0, glm::vec2 a1, glm::vec2 b0, glm::vec2 b1);
// Where the line through b0 and b1 meets the segment a0-a1: the share of the way from a0 to a1
// (segments that cross meet in (0, 1)).
float crossing_share(glm::vec2 a0, glm::vec2 a1, glm::vec2 b0, glm::vec2 b1);

}  // namespace weft
