# Mutations of the colliders (sim/modules/colliders.h).
SHADERS = ["collide.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_trajectory_test",
     "AllScenesAndIntegrators/GpuTrajectoryTest.EveryParticleFollowsTheCpuReference/CollidersExplicitEuler"),
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.Collision/CollidersExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/CollidersExplicitEuler"),
    ("gpu_trajectory_test", "GpuThinMeshTest.CatchesParticlesThatCrossItInOneSubstep"),
]
MUTATIONS = [
    ("collide.comp", "if (slide <= params.friction.x * pushed) {", "if (slide <= params.friction.y * pushed) {",
     "Coulomb: static limit from the kinetic coefficient"),
    ("collide.comp", "min(params.friction.y * pushed / slide, 1.0)", "min(params.friction.y * pushed, 1.0)",
     "Coulomb: kinetic friction not relative to the slide"),
    ("collide.comp", "float pushed = max(dot(x - p.xyz, normal), 0.0);", "float pushed = 1.0;",
     "Coulomb: friction not bounded by the contact's push"),
    ("collide.comp", "    x.y = params.ground.x;\n", "    ;\n", "ground projection dropped"),
    ("collide.comp", "x = c1 + normal * sphere.w;", "x = c1 + normal * (0.9 * sphere.w);",
     "sphere projection falls short"),
    ("collide.comp", "vec3 c1 = start + (sphere.xyz - start) * f1;", "vec3 c1 = sphere.xyz;",
     "moving sphere ahead of its substep"),
    ("collide.comp", "carried = c1 - (start + (sphere.xyz - start) * f0);", ";",
     "friction ignores a sphere's motion"),
    ("collide.comp", "x -= params.contact_friction * tangential;", ";", "contact friction dropped"),
    ("collide.comp",
     "if (!integrator_is_verlet()) velocities[i].xyz += (x - p.xyz) / params.dt;", ";",
     "Euler velocity not corrected by the contact"),
    ("collide.comp", "        local.y = 0.0;\n", "        ;\n", "plane projection dropped"),
    ("collide.comp", "local = axis + n_local * s.size.x;", "local = axis + n_local * s.size.y;",
     "capsule radius read as its half length"),
    ("collide.comp", "local[axis] = n_local[axis] * s.size[axis];",
     "local[axis] = -n_local[axis] * s.size[axis];", "box pushes out through the far face"),
    ("collide.comp", "local = p + (side * margin) * n;", "local = p + margin * n;",
     "mesh pushes everything to its front side"),
    ("collide.comp", "local = e + n_local * margin;", "local = e;", "mesh edge contact drops margin"),
    ("collide.comp", "if (any(lessThan(max(local, local_prev), s.bounds_min.xyz)) ||",
     "if (any(lessThan(local, s.bounds_min.xyz)) ||", "mesh bounds tested at the substep's end only"),
    ("collide.comp", "over = over_triangle(crossing, a, b, c, n);", "over = false;",
     "mesh crossing point not tested"),
    ("collide.comp", "float side = h_prev >= 0.0 ? 1.0 : -1.0;", "float side = h >= 0.0 ? 1.0 : -1.0;",
     "mesh side taken from the substep's end"),
    ("collide.comp", "return rotate(vec4(-q.xyz, q.w), v);", "return rotate(q, v);",
     "collider frame not inverted"),
    ("collide.comp",
     "vec3 p1 = s.position_start.xyz + (s.position_end.xyz - s.position_start.xyz) * f1;",
     "vec3 p1 = s.position_end.xyz;", "moving collider at the frame's end every substep"),
    ("collide.comp", "carried = x - (p0 + rotate(q0, local));", "carried = vec3(0.0);",
     "friction ignores a collider's motion"),
]
