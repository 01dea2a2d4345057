# Mutations of the cloth grids' bending, solved along rows and columns (sim/modules/bending_lines.h):
# the walk of bending_walk.glsl, which the grid bending module's pass runs for grids of springs and
# the line solves' pass (line_solves.py) before the stretch of grids of constraints, and the way a
# workgroup walks its lines, which both walks share (line_walk.glsl).
SHADERS = ["bend_grid_lines.comp", "bending_walk.glsl", "line_walk.glsl"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("grid_bending_gpu_test", "*"),
    ("line_solves_gpu_test", "*"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothGridVerlet:"
     "AllScenesAndIntegrators/GpuPassTest.IntegrationThatComputesTheEnvironmentsForce/ClothGridVerlet"),
]
MUTATIONS = [
    ("bending_walk.glsl", "curve = a.xyz - 2.0 * b.xyz + c.xyz;", "curve = a.xyz - b.xyz + c.xyz;",
     "grid bending: the element's coefficients wrong"),
    ("bending_walk.glsl", "float d = inverse_dt2 / here.w + s_before", "float d = inverse_dt2 + s_before",
     "grid bending: the node's mass left out"),
    ("bending_walk.glsl", "float inverse_dt2 = 1.0 / (params.dt * params.dt);",
     "float inverse_dt2 = 1.0 / params.dt;", "grid bending: inertia scaled by dt, not dt^2"),
    ("bending_walk.glsl", "      c -= e * alpha2;\n", "",
     "grid bending: the second lower diagonal not eliminated"),
    ("bending_walk.glsl", "vec3 d = f.xyz - f.w * d1 - chunk_scalars[walker][i] * d2;",
     "vec3 d = f.xyz - f.w * d1;", "grid bending: back substitution drops the second diagonal"),
    ("bending_walk.glsl", "float edge = index == 0u || index + 1u == across ? 2.0 : 1.0;",
     "float edge = 1.0;", "grid bending: edge lines as stiff as inner ones"),
    ("bending_walk.glsl", "bool clamped = b.w == 0.0 && (a.w == 0.0) != (c.w == 0.0);",
     "bool clamped = false;", "grid bending: a clamp as soft as a free element"),
    ("bending_walk.glsl", "line.compliance = edge * (rows ? grid.compliance.x : grid.compliance.y);",
     "line.compliance = edge * grid.compliance.x;", "grid bending: rows' compliance used along columns"),
    ("bending_walk.glsl", "line.stride = rows ? 1u : grid.columns;", "line.stride = 1u;",
     "grid bending: columns walked as rows"),
    ("bending_walk.glsl",
     "if (!integrator_is_verlet()) velocities[particle].xyz += chunk_moves[slot][j] / params.dt;",
     ";", "grid bending: Euler velocity not corrected"),
    ("bending_walk.glsl",
     "if (line.tears != 0u && (links & line.tear_bits) != 0u) return;",
     "", "grid bending: across a torn link"),
    ("bending_walk.glsl", "for (uint j = lane; j < CHUNK + 2u; j += LANES)",
     "for (uint j = lane; j < CHUNK; j += LANES)", "grid bending: a chunk's look-ahead nodes not loaded"),
    ("bending_walk.glsl", "longest = max(longest, other.count);", "longest = other.count;",
     "grid bending: a workgroup's lines walked as far as its last"),
    ("bending_walk.glsl", "uint base = (c - 1u) * CHUNK;",
     "uint base = ((longest + CHUNK - 1u) / CHUNK - c) * CHUNK;",
     "grid bending: back substitution takes the chunks from the front"),
    ("bending_walk.glsl", "          store_integration_step(particle, p, step);\n", "",
     "grid bending: the nodes it integrates not stored"),
    ("bending_walk.glsl", "          p.xyz = step.position;\n", "",
     "grid bending: lines solved from the positions before the integration"),
    ("bending_walk.glsl", "  return vec4(step.position, p.w);\n", "  return p;\n",
     "grid bending: look-ahead nodes not integrated"),
    ("bending_walk.glsl",
     "integration_step(particle, p, walk.integrate == WEFT_BEND_INTEGRATE_ENVIRONMENT);\n          store",
     "integration_step(particle, p, walk.integrate != WEFT_BEND_INTEGRATE_ENVIRONMENT);\n          store",
     "grid bending: the environment's force computed where the gather ran, and not where it did not"),
    ("bend_grid_lines.comp", "  walk_bending(push);", "  ;", "grid bending: the module's lines not walked"),
    ("line_walk.glsl", "uint walk_lane() { return gl_LocalInvocationID.x % LANES; }",
     "uint walk_lane() { return gl_LocalInvocationID.x % (LANES / 2u); }",
     "line walks: a line's nodes loaded by half its invocations, some twice, some never"),
]
