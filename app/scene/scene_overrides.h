// KEY=VALUE overrides of a scene file's keys (`weft run --set`, `weft view --set`, the library's
// and Python's overrides), applied to the parsed TOML before the scene reader runs, so that an
// override is checked exactly as the same key in the file would be: a misspelt key gets a
// did-you-mean, a value out of range says its range. Messages name the override
// ("--set solver.substepz=4: key 'substepz' in [solver]: ...") instead of a line of the file.
//
// KEY is a dotted path of TOML keys: solver.substeps, environment.wind, scene.frames. An array of
// tables ([[cloth]]) is reached by its index (cloth.0.material) or, when the scene has only one,
// directly (cloth.material). VALUE is a TOML value (4, 0.5, true, [0, -9.81, 0], "silk"); a bare
// word that is not one is taken as a string (cloth.material=silk). A key that replaces another
// in a scene file replaces it here too: solver.substeps=8 on a scene that gives max_dt, a
// total_mass where the file gives particle_mass.
#pragma once

#include <string>
#include <vector>

#include <toml++/toml.h>

namespace weft {

// Applies each "KEY=VALUE" in order (a later one wins). SceneError naming the override when one
// is not KEY=VALUE, or reaches into something that is not a table.
void apply_scene_overrides(toml::table& document, const std::vector<std::string>& overrides);

// The overrides every scene file this process loads by load_scene (scene_file.h) receives: the
// command line's --set, given once before any scene is read.
void set_command_line_overrides(std::vector<std::string> overrides);
const std::vector<std::string>& command_line_overrides();

// What messages call an override: "--set KEY=VALUE".
std::string override_name(const std::string& override_text);

}  // namespace weft
