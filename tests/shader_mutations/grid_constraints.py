# Mutations of distance constraints on a grid, relaxed by Jacobi sweeps
# (sim/modules/grid_jacobi.h).
SHADERS = ["relax_grid_jacobi.comp"]
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
    ("relax_grid_jacobi.comp", "if (forward) write_lambda(grid, slot, lambda + delta_lambda);", ";",
     "grid: multiplier not stored"),
    ("relax_grid_jacobi.comp",
     "if (push.reset_lambda != 0u || grid.uses_lambdas == 0u) return 0.0;",
     "if (grid.uses_lambdas == 0u) return 0.0;", "grid: multipliers never reset"),
    ("relax_grid_jacobi.comp",
     "return push.read_scratch != 0u ? scratch[thread] : positions[particle];",
     "return positions[particle];", "grid: odd sweeps read the wrong buffer"),
    ("relax_grid_jacobi.comp",
     "if (!integrator_is_verlet()) velocities[i].xyz += correction / params.dt;", ";",
     "grid: Euler velocity not corrected"),
    ("relax_grid_jacobi.comp", "uint links = grid.break_strain > 0.0 ? link_state[i] : 0u;",
     "uint links = 0u;", "torn links still relaxed"),
]
