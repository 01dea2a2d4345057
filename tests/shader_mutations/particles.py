# Mutations of the particles module (sim/modules/particle_integration.h) and of the particle
# state every pass shares. (shader file, text to find, replacement, what the bug is); a dropped
# statement becomes ";" so that an `if` before it still has a body.
SHADERS = ["integrate.comp", "measure_particles.comp", "particle_bindings.glsl"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/RopeSemiImplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/RopeVerlet:"
     "AllScenesAndIntegrators/GpuPassTest.IntegrationThatComputesTheEnvironmentsForce/RopeExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.BlowUpWatch/RopeExplicitEuler"),
    ("gpu_trajectory_test", "GpuWorldPositionTest.ParticlesFallTheSameDistanceAtAnyHeight"),
]
MUTATIONS = [
    ("integrate.comp", "a * (dt * dt) + velocities[i].xyz;", "a * (dt * dt);",
     "Verlet: what rounding left out of a step not carried"),
    ("integrate.comp", "velocities[i] = vec4(owed, 0.0);", ";",
     "Verlet: what rounding left out of a step not kept"),
    ("particle_bindings.glsl", "return (positions[i].xyz - previous[i].xyz) / params.dt;",
     "return positions[i].xyz - previous[i].xyz;", "Verlet velocity not divided by dt"),
    ("integrate.comp", "vec3 a = f * p.w;", "vec3 a = f;", "mass ignored"),
    ("integrate.comp", "push.environment != 0u ?", "push.environment == 0u ?",
     "environment's force computed when the gather ran, and not when it did not"),
    ("integrate.comp", "environment_force(x, velocity_of(i), p.w)",
     "environment_force(x, vec3(0.0), p.w)", "air drag on the environment's force sees no velocity"),
    ("integrate.comp", "next = x + v * dt;\n    velocities[i] = vec4(v + a * dt, 0.0);",
     "next = x + (v + a * dt) * dt;\n    velocities[i] = vec4(v + a * dt, 0.0);",
     "explicit Euler moves with the new velocity"),
    ("integrate.comp", "vec3 v = velocities[i].xyz + a * dt;", "vec3 v = velocities[i].xyz - a * dt;",
     "semi-implicit Euler acceleration sign flipped"),
    ("integrate.comp", "(1.0 - params.verlet_damping)", "1.0", "Verlet damping dropped"),
    ("integrate.comp", "a * (dt * dt)", "a * dt", "Verlet acceleration times dt, not dt^2"),
    ("integrate.comp", "previous[i] = vec4(x, 0.0);", "previous[i] = vec4(next, 0.0);",
     "previous position set to the new one"),
    ("measure_particles.comp", "atomicAdd(health.nonfinite_count, 1u);", ";",
     "non-finite particles not counted"),
    ("particle_bindings.glsl",
     "if (worst > 0.0) atomicMax(health.largest_stretch_bits, floatBitsToUint(worst));", ";",
     "stretch never reported"),
]
