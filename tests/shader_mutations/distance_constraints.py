# Mutations of coloured distance constraints (sim/modules/coloured_distance.h).
SHADERS = ["relax_distance.comp", "measure_distance.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.BlowUpWatch/ClothExplicitEuler"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/general:"
     "BothPaths/GpuTearing.ALinkYields*/general:"
     "BothPaths/GpuTearing.ATetherLetsGo*/general"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
]
MUTATIONS = [
    ("relax_distance.comp", "float alpha = compliance / (params.dt * params.dt);",
     "float alpha = compliance / params.dt;", "XPBD compliance scaled by dt, not dt^2"),
    ("relax_distance.comp", "float compliance = len < constraint.rest_length",
     "float compliance = len > constraint.rest_length",
     "compression compliance used for stretched links"),
    ("relax_distance.comp", "bool restart = relax.reset_lambda != 0u && k >= relax.solved_along_lines;",
     "bool restart = false;", "XPBD multipliers never reset"),
    ("relax_distance.comp", "bool restart = relax.reset_lambda != 0u && k >= relax.solved_along_lines;",
     "bool restart = relax.reset_lambda != 0u;",
     "the first sweep drops the multipliers the line solve left"),
    ("relax_distance.comp", "vec3 move_b = (-pb.w * delta_lambda) * n;",
     "vec3 move_b = (pb.w * delta_lambda) * n;", "second end moved the wrong way"),
    ("relax_distance.comp", "velocities[constraint.a].xyz += move_a / params.dt;", ";",
     "Euler velocity not corrected by the projection"),
    ("relax_distance.comp", "DistanceConstraint constraint = constraints[c];",
     "DistanceConstraint constraint = constraints[k];", "colour offset ignored"),
    ("measure_distance.comp",
     "report_stretch((length(positions[constraint.a].xyz - positions[constraint.b].xyz) - rest) / rest);",
     "report_stretch((length(positions[constraint.a].xyz - positions[constraint.b].xyz) - rest));",
     "constraint stretch not relative to the rest length"),
    ("relax_distance.comp", "if (relax.tears != 0u && (link_state[constraint.a] & tear_bits[c]) != 0u) {",
     "if (relax.tears != 0u && (link_state[constraint.b] & tear_bits[c]) != 0u) {",
     "a torn link looked up at its other end"),
    ("measure_distance.comp", "  if (relax.tears != 0u && (link_state[constraint.a] & tear_bits[relax.first + c]) != 0u) return;",
     "", "torn links reported as stretch"),
]
