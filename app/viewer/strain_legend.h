// The legend of the springs view's colours: a bar from compressed (blue) through at rest (grey)
// to stretched (red), labelled with the strains the ends stand for. Its colours are the ones
// springs.vert draws with (shaders/shared_types.h), so the two cannot disagree.
#pragma once

namespace weft {

// Draws the legend as one panel row the width of a control. strain_scale: the strain drawn at
// full colour (> 0); encode_srgb: the UI's target stores colours as given (UNORM), so the
// shaders' linear colours are encoded first.
void draw_strain_legend(float strain_scale, bool encode_srgb);

}  // namespace weft
