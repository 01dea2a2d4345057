# Mutations of springs by adjacency (sim/modules/adjacency_springs.h) and of the force model both
# force gathers share (particle_forces.glsl).
SHADERS = ["accumulate_forces.comp", "measure_springs.comp", "springs_bindings.glsl",
           "particle_forces.glsl"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/RopeExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.BlowUpWatch/RopeExplicitEuler"),
]
MUTATIONS = [
    ("particle_forces.glsl", "vec3 f = params.gravity.xyz / inverse_mass;", "vec3 f = vec3(0.0);",
     "gravity dropped"),
    ("particle_forces.glsl", "f -= params.air_drag * (v - params.wind.xyz);",
     "f -= params.air_drag * v;", "wind ignored by air drag"),
    ("particle_forces.glsl", "f -= params.air_drag * (v - params.wind.xyz);",
     "f += params.air_drag * (v - params.wind.xyz);", "air drag sign flipped"),
    ("particle_forces.glsl", "vec3 f = -params.ground.z * vec3(v.x, 0.0, v.z);",
     "vec3 f = vec3(0.0);", "ground friction dropped"),
    ("particle_forces.glsl", "if (v.y < 0.0) f.y -= params.ground.w * v.y;", ";",
     "ground absorption dropped"),
    ("particle_forces.glsl", "f.y += params.ground.y * (params.ground.x - x.y);",
     "f.y += params.ground.y * (x.y - params.ground.x);", "ground repulsion sign flipped"),
    ("particle_forces.glsl", "f = -stiffness * (len - rest_length) * e;",
     "f = -stiffness * len * e;", "spring rest length ignored"),
    ("particle_forces.glsl", "vec3 d = x - positions[other].xyz;",
     "vec3 d = positions[other].xyz - x;", "spring direction flipped"),
    ("particle_forces.glsl", "f -= damping * dot(dv, e) * e;", ";",
     "axial spring damping dropped"),
    ("particle_forces.glsl", "f -= damping * dv;", "f += damping * dv;",
     "relative spring damping sign flipped"),
    ("accumulate_forces.comp",
     "f += spring_force(p.xyz, v, s.other, s.rest_length, s.stiffness, s.damping);",
     "f += spring_force(p.xyz, v, s.other ^ 1u, s.rest_length, s.stiffness, s.damping);",
     "spring reads a wrong neighbour"),
    ("accumulate_forces.comp", "for (uint k = spring_offsets[t]; k < end; ++k)",
     "for (uint k = spring_offsets[t] + 1u; k < end; ++k)", "first spring of each particle skipped"),
    ("springs_bindings.glsl",
     "return ranges[low].first_particle + (t - ranges[low].first_thread);",
     "return t;", "covered threads taken for particle indices"),
    ("measure_springs.comp", "(length(x - positions[s.other].xyz) - s.rest_length) /",
     "(length(x - positions[s.other].xyz)) /", "spring stretch not relative to the rest length"),
]
