# Mutations of the air on triangles (sim/modules/aerodynamics.h).
SHADERS = ["aerodynamics.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.Aerodynamics/MixedExplicitEuler"),
    ("gpu_trajectory_test",
     "AllScenesAndIntegrators/GpuTrajectoryTest.EveryParticleFollowsTheCpuReference/MixedExplicitEuler"),
    ("tearing_test", "BothPaths/GpuTearing.ATornClothInTheWindFollowsTheCpuReference/general"),
]
MUTATIONS = [
    ("aerodynamics.comp", "(air.drag * u + air.lift * across)", "(air.drag * u)", "no lift"),
    ("aerodynamics.comp", "(air.drag * u + air.lift * across)", "(air.lift * across)", "no drag"),
    ("aerodynamics.comp", "vec3 downwind = normal_speed < 0.0 ? -n : n;", "vec3 downwind = n;",
     "lift follows the winding, not the wind"),
    ("aerodynamics.comp", "float facing = abs(normal_speed);", "float facing = normal_speed;",
     "a triangle facing away from the wind is sucked into it"),
    ("aerodynamics.comp",
     "vec3 u = wind_at(centre) - (v + velocity_of(c.next) + velocity_of(c.prev)) / 3.0;",
     "vec3 u = wind_at(centre) - v;", "only this corner's velocity"),
    ("aerodynamics.comp", "f += (0.5 * twice_area * facing / 3.0)", "f += (twice_area * facing / 3.0)",
     "twice the area"),
    ("aerodynamics.comp", "if (p.w == 0.0) return;", ";", "pinned particles pushed by the air"),
    ("aerodynamics.comp", "float phase = dot(wave.wave_vector.xyz, x) + wave.wave_vector.w +",
     "float phase = wave.wave_vector.w +", "gusts the same everywhere"),
    ("aerodynamics.comp", "float(push.substep) * params.dt * wave.angular_frequency;", "0.0;",
     "gusts frozen within a frame"),
    ("aerodynamics.comp", "w[wave.axis] += 0.5 * air.gust_amplitude[wave.axis] * sin(phase);",
     "w.x += 0.5 * air.gust_amplitude[wave.axis] * sin(phase);", "every gust along x"),
    ("aerodynamics.comp", "uint bits = push.tears != 0u ? corner_tears[k] : 0u;", "uint bits = 0u;",
     "torn open triangles still catch the air"),
]
