// The panel's Solver and Environment controls, drawn from the settings' table
// (sim/model/setting_keys.h): a control for each setting a running simulation takes, named as a
// scene file and --set name it ("relaxation_sweeps", "air_drag (N s/m)", "ground.height (m)"),
// with its meaning and range as its tooltip. A new live setting is an entry there; nothing here
// names one.
#pragma once

#include <string>
#include <string_view>

#include "app/viewer/panel_widgets.h"
#include "sim/model/model.h"
#include "sim/model/setting_keys.h"

namespace weft {

// "relaxation_sweeps", "air_drag (N s/m)", "ground.height (m)".
std::string setting_label(const SettingKey& setting);

// The live settings of `table` ("solver", "environment" or "environment.ground") that apply to
// the model now, edited in place; `changed` is set when one was.
void draw_live_settings(PanelWidgets& ui, std::string_view table, Model& model, bool& changed);

}  // namespace weft
