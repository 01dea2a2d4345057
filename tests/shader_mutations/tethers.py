# Mutations of the tethers (sim/modules/tethers.h).
SHADERS = ["relax_tethers.comp", "check_tethers.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.Tethers/ClothExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/general:"
     "BothPaths/GpuTearing.ALinkYields*/general:"
     "BothPaths/GpuTearing.ATetherLetsGo*/general"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
]
MUTATIONS = [
    ("relax_tethers.comp", "    x = attach(x, tether.pin1, tether.max_length1);", "",
     "second tether ignored"),
    ("relax_tethers.comp",
     "x = attach_both(x, tether.pin0, tether.max_length0, tether.pin1, tether.max_length1);",
     "x = attach(attach(x, tether.pin0, tether.max_length0), tether.pin1, tether.max_length1);",
     "a particle beyond both tethers pulled onto one sphere and then the other"),
    ("relax_tethers.comp", "if (length(onto0 - b) <= r1) return onto0;", "",
     "a particle that one tether brings within the other's reach goes to the circle"),
    ("relax_tethers.comp", "float radius = sqrt(max(r0 * r0 - s * s, 0.0));",
     "float radius = r0;", "the circle where the spheres meet as wide as the first"),
    ("relax_tethers.comp",
     "vec3 across = (x - centre) - dot(x - centre, axis) * axis;", "vec3 across = x - centre;",
     "the circle's point taken off its plane"),
    ("relax_tethers.comp", "return give == 0.0 || length(x - positions[pin].xyz) <= max_length * give;",
     "return true;", "a tether of a cloth that tears never lets go"),
    ("relax_tethers.comp", "if (pin == WEFT_TETHER_NONE || cut) return false;",
     "if (pin == WEFT_TETHER_NONE) return false;", "a tether a tear cut still holds"),
    ("relax_tethers.comp", "give, (cut & WEFT_LINK_TETHER_CUT_1) != 0u);",
     "give, (cut & WEFT_LINK_TETHER_CUT_0) != 0u);", "the second tether reads the first's cut"),
    ("check_tethers.comp", "if (!step_whole(grid, column, row, direction_of(dc, dr))) return false;",
     ";", "a path is never cut"),
    ("check_tethers.comp", "if (2 * column_error >= steps) {", "if (column_error >= steps) {",
     "the path strays from the line"),
    ("check_tethers.comp", "if (kColumnOffset[k] == dc && kRowOffset[k] == dr) direction = k;",
     "if (kColumnOffset[k] == dr && kRowOffset[k] == dc) direction = k;",
     "a step checks the link across its diagonal"),
    ("check_tethers.comp", "int top = min(row, row + kRowOffset[direction]);",
     "int top = row;", "a diagonal step checks the cell below"),
    ("check_tethers.comp", "cut_bit(grid, node, tether.pin1, WEFT_LINK_TETHER_CUT_1);",
     "cut_bit(grid, node, tether.pin1, WEFT_LINK_TETHER_CUT_0);",
     "the second tether's cut marks the first"),
    ("check_tethers.comp",
     "if (t >= push.thread_count || checked_torn_links == health.torn_links) return;",
     "if (t >= push.thread_count || checked_torn_links != 0xffffffffu) return;",
     "tethers checked only after they were attached again"),
    ("relax_tethers.comp", "return anchor + d * (max_length / len);",
     "return anchor + d * (1.1 * max_length / len);", "pulled back short of the tether"),
    ("relax_tethers.comp", "if (len <= max_length) return x;", "if (len >= max_length) return x;",
     "tether pushes instead of pulls"),
    ("relax_tethers.comp",
     "if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;", ";",
     "Euler velocity not corrected by the tether"),
]
