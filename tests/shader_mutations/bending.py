# Mutations of the coloured bending elements of the general path (sim/modules/bending.h); the
# bending fused into the grid's Jacobi sweeps is mutated in grid_constraints.py.
SHADERS = ["relax_bending.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/general:"
     "BothPaths/GpuTearing.ALinkYields*/general:"
     "BothPaths/GpuTearing.ATetherLetsGo*/general"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
]
MUTATIONS = [
    ("relax_bending.comp", "c += e.coefficients[j] * p[j].xyz;", "c += p[j].xyz;",
     "bending: coefficients ignored in C"),
    ("relax_bending.comp", "float denominator = e.compliance / (params.dt * params.dt);",
     "float denominator = e.compliance / params.dt;", "bending: compliance scaled by dt, not dt^2"),
    ("relax_bending.comp", "vec3 move = (p[j].w * e.coefficients[j]) * lambda;",
     "vec3 move = e.coefficients[j] * lambda;", "bending: inverse mass ignored (pins bend)"),
    ("relax_bending.comp", "if (!integrator_is_verlet()) velocities[e.particles[j]].xyz += move / params.dt;",
     ";", "bending: Euler velocity not corrected"),
    ("relax_bending.comp", "if (j >= e.arity) break;\n    vec3 move", "vec3 move",
     "bending: a triangle element moves a fourth particle"),
    ("relax_bending.comp",
     "if (e.tear_bits != 0u && (link_state[e.particles[0]] & e.tear_bits) != 0u) return;", "",
     "bending across a torn link"),
]
