# Mutations of one-shot external forces (sim/modules/external_forces.h).
SHADERS = ["apply_external_forces.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.ExternalForces/RopeExplicitEuler"),
]
MUTATIONS = [
    ("apply_external_forces.comp", "forces[e.particle].xyz += e.force.xyz;",
     "forces[e.particle].xyz = e.force.xyz;", "external force replaces instead of adds"),
]
