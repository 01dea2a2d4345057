// The panel's material figures, in its Materials section: for each cloth or mesh of the edited
// system built from a material, every figure it has (sim/model/material_figures.h) as a slider from
// a hundredth to a hundred times what the scene gave, in the scene file's own units and names, and
// the figures it has not as text (a running cloth keeps the elements it was built with). An edit
// reaches the simulation when it ends (ViewerScene::apply_material_figures), and a saved scene
// writes the figures as edited.
#pragma once

#include "app/viewer/panel_widgets.h"
#include "app/viewer/viewer_scene.h"

namespace weft {

// Edits the system's material objects' figures in place; `changed` is set when an edit ended.
void draw_material_figures(PanelWidgets& ui, ViewerScene::System& system, bool& changed);

}  // namespace weft
