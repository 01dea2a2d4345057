# Mutations of springs on a grid (sim/modules/grid_springs.h) and of the grid lookup both grid
# modules share.
SHADERS = ["grid_accumulate_forces.comp", "measure_grid_stretch.comp", "grid_directions.glsl"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothGridExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler"),
    ("gpu_solver_test", "GpuSolverTest.TheGridPathWatchesTheStretchOfEveryLinkKind"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/grid:"
     "BothPaths/GpuTearing.ALinkYields*/grid:"
     "BothPaths/GpuTearing.ATetherLetsGo*/grid"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/grid"),
]
MUTATIONS = [
    ("grid_directions.glsl",
     "const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, 1, -1, 0, 0, 2, -2);",
     "const int kRowOffset[12] = int[12](0, 0, 1, -1, 1, -1, -1, 1, 0, 0, 2, -2);",
     "grid: shear directions point the wrong way"),
    ("grid_directions.glsl",
     "return c >= 0 && c < int(grid.columns) && r >= 0 && r < int(grid.rows);",
     "return c >= 0 && r >= 0 && r < int(grid.rows);", "grid: neighbours wrap across rows"),
    ("grid_directions.glsl",
     "return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 4u];",
     "return slot < 4u ? grid.rest_lengths[slot] : grid.bend_rest_lengths[slot - 5u];",
     "grid: wrong bend rest length"),
    ("grid_directions.glsl", "if (grids[middle].first_thread <= t) {",
     "if (grids[middle].first_thread < t) {", "grid: a thread assigned to the grid before its own"),
    ("grid_accumulate_forces.comp",
     "if ((grid.spring_kinds & kKindBit[k]) == 0u || !grid_neighbour(grid, column, row, k, j)) continue;",
     "if (!grid_neighbour(grid, column, row, k, j)) continue;", "grid: every link kind is a spring"),
    ("grid_accumulate_forces.comp", "grid.damping[kind]);", "grid.damping[0]);",
     "grid: every kind damped like structural links"),
    ("grid_accumulate_forces.comp", "grid.stiffness[kind],", "grid.stiffness[2u - kind],",
     "grid: stiffness of the wrong kind"),
    ("grid_accumulate_forces.comp", "uint i = grid.first_particle + node;", "uint i = node;",
     "grid: nodes taken for particles"),
    ("measure_grid_stretch.comp", "for (uint k = 0u; k < 12u; k += 2u) {",
     "for (uint k = 0u; k < 4u; k += 2u) {", "grid: only structural links watched"),
    ("measure_grid_stretch.comp",
     "uint links = grid.break_strain > 0.0 ? link_state[grid.first_particle + node] : 0u;",
     "uint links = 0u;", "grid: torn links reported as stretch"),
]
