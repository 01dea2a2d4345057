# Mutations of distance constraints on a grid, relaxed by Jacobi sweeps
# (sim/modules/grid_jacobi.h).
SHADERS = ["relax_grid_jacobi.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothGridExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.ConstraintRelaxationEveryColourAndSweep/"
     "ClothGridExplicitEuler"),
    ("grid_squares_gpu_test", "*"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/grid:"
     "BothPaths/GpuTearing.ALinkYields*/grid:"
     "BothPaths/GpuTearing.ATetherLetsGo*/grid"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/grid"),
]
MUTATIONS = [
    ("relax_grid_jacobi.comp", "bool forward = (k & 1u) == 0u;", "bool forward = true;",
     "grid: every link treated as owned"),
    ("relax_grid_jacobi.comp", "grid.jacobi_scale * (-(len", "(-(len",
     "grid: Jacobi corrections not scaled"),
    ("relax_grid_jacobi.comp", "float alpha = compliance / (params.dt * params.dt);",
     "float alpha = compliance / params.dt;", "grid: compliance scaled by dt, not dt^2"),
    ("relax_grid_jacobi.comp",
     "float compliance = len < rest ? grid.compression[kKind[k]] : grid.compliance[kKind[k]];",
     "float compliance = grid.compliance[kKind[k]];", "grid: links as stiff in compression"),
    ("relax_grid_jacobi.comp", "if (forward) next[slot] = lambda + delta_lambda;", ";",
     "grid: multiplier not stored"),
    ("relax_grid_jacobi.comp", "if (restart) return 0.0;", "",
     "grid: multipliers never reset"),
    ("relax_grid_jacobi.comp", "(kind != 0u || grid.structural_solved_along_lines == 0u);", "true;",
     "grid: the first sweep drops the multipliers the line solve left"),
    ("relax_grid_jacobi.comp",
     "return push.read_scratch != 0u ? scratch[thread] : positions[particle];",
     "return positions[particle];", "grid: odd dispatches read the wrong buffer"),
    ("relax_grid_jacobi.comp",
     "if (!integrator_is_verlet()) nodes[n].velocity += corrections[n] / params.dt;", ";",
     "grid: Euler velocity not corrected"),
    ("relax_grid_jacobi.comp",
     "node.links = node.on_grid && grid.break_strain > 0.0 ? link_state[i] : 0u;",
     "node.links = 0u;", "torn links still relaxed"),
    ("relax_grid_jacobi.comp", "for (uint sweep = 0u; sweep < push.sweeps; ++sweep)",
     "for (uint sweep = 0u; sweep < 1u; ++sweep)",
     "grid: one sweep a dispatch, however many it owes"),
    ("relax_grid_jacobi.comp", "uint halo = (WEFT_GRID_TILE_SPAN - push.tile) / 2u;",
     "uint halo = 0u;", "grid: squares not centred on what they write"),
    ("relax_grid_jacobi.comp",
     "float lambda = forward ? node.own[slot] : tile_lambdas[other * 6u + slot];",
     "float lambda = node.own[slot];",
     "grid: a link's far end reads its own multiplier, not the owner's"),
    ("relax_grid_jacobi.comp", "tile_positions[nodes[n].local] = nodes[n].p;", ";",
     "grid: a sweep's positions not shared with the next"),
]
