# Mutations of the bending elements listed in the model, meshes' hinges (sim/modules/bending.h);
# cloth grids' line solves are mutated in grid_bending.py.
SHADERS = ["relax_bending.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler"),
]
MUTATIONS = [
    ("relax_bending.comp", "c += e.coefficients[j] * (p[j].xyz - p[0].xyz);",
     "c += p[j].xyz - p[0].xyz;", "bending: coefficients ignored in C"),
    ("relax_bending.comp", "float alpha = current_compliance(e, p) / (params.dt * params.dt);",
     "float alpha = current_compliance(e, p) / params.dt;",
     "bending: compliance scaled by dt, not dt^2"),
    ("relax_bending.comp", "vec3 move = (p[j].w * e.coefficients[j]) * lambda;",
     "vec3 move = e.coefficients[j] * lambda;", "bending: inverse mass ignored (pins bend)"),
    ("relax_bending.comp", "if (!integrator_is_verlet()) velocities[e.particles[j]].xyz += move / params.dt;",
     ";", "bending: Euler velocity not corrected"),
    ("relax_bending.comp", "if (j >= e.arity) break;\n    vec3 move", "vec3 move",
     "bending: a triangle element moves a fourth particle"),
    ("relax_bending.comp",
     "vec3 total = push.reset_lambda != 0u ? vec3(0.0) : lambdas[push.first + k].xyz;",
     "vec3 total = vec3(0.0);", "bending: multipliers not gathered over the sweeps"),
    ("relax_bending.comp", "lambdas[push.first + k] = vec4(total + lambda, 0.0);", ";",
     "bending: multiplier not stored"),
    ("relax_bending.comp", "if (!hinge_held || (p[2].w == 0.0) == side_held) return e.compliance;",
     "return e.compliance;", "bending: a clamped hinge as soft as a free one"),
    ("relax_bending.comp", "side_held ? e.side_share : 1.0 - e.side_share",
     "side_held ? 1.0 - e.side_share : e.side_share", "bending: a clamp's sides swapped"),
]
