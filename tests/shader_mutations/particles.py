# Mutations of the particles module (sim/modules/particle_integration.h) and of the particle
# state every pass shares. (shader file, text to find, replacement, what the bug is); a dropped
# statement becomes ";" so that an `if` before it still has a body.
SHADERS = ["integrate.comp", "integration.glsl", "measure_particles.comp", "particle_bindings.glsl"]
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
    ("integration.glsl", "a * (dt * dt) + velocities[i].xyz;", "a * (dt * dt);",
     "Verlet: what rounding left out of a step not carried"),
    ("integration.glsl", "step.velocity = owed;", "step.velocity = vec3(0.0);",
     "Verlet: what rounding left out of a step not kept"),
    ("particle_bindings.glsl", "return (positions[i].xyz - previous[i].xyz) / params.dt;",
     "return positions[i].xyz - previous[i].xyz;", "Verlet velocity not divided by dt"),
    ("integration.glsl", "vec3 a = f * p.w;", "vec3 a = f;", "mass ignored"),
    ("integrate.comp", "push.environment != 0u", "push.environment == 0u",
     "environment's force computed when the gather ran, and not when it did not"),
    ("integration.glsl", "environment_force(x, velocity_of(i), p.w)",
     "environment_force(x, vec3(0.0), p.w)", "air drag on the environment's force sees no velocity"),
    ("integration.glsl", "step.position = x + v * dt;\n    step.velocity = v + a * dt;",
     "step.position = x + (v + a * dt) * dt;\n    step.velocity = v + a * dt;",
     "explicit Euler moves with the new velocity"),
    ("integration.glsl", "vec3 v = velocities[i].xyz + a * dt;", "vec3 v = velocities[i].xyz - a * dt;",
     "semi-implicit Euler acceleration sign flipped"),
    ("integration.glsl", "(1.0 - params.verlet_damping)", "1.0", "Verlet damping dropped"),
    ("integration.glsl", "a * (dt * dt)", "a * dt", "Verlet acceleration times dt, not dt^2"),
    ("integration.glsl", "previous[i] = vec4(p.xyz, 0.0);", "previous[i] = vec4(step.position, 0.0);",
     "previous position set to the new one"),
    ("measure_particles.comp", "atomicAdd(health.nonfinite_count, 1u);", ";",
     "non-finite particles not counted"),
    ("particle_bindings.glsl",
     "if (worst > 0.0) atomicMax(health.largest_stretch_bits, floatBitsToUint(worst));", ";",
     "stretch never reported"),
]
