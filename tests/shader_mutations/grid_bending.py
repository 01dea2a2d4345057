# Mutations of the cloth grids' bending, solved along rows and columns (sim/modules/grid_bending.h).
SHADERS = ["bend_grid_lines.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("grid_bending_gpu_test", "*"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
]
MUTATIONS = [
    ("bend_grid_lines.comp", "curve = a.xyz - 2.0 * b.xyz + c.xyz;", "curve = a.xyz - b.xyz + c.xyz;",
     "grid bending: the element's coefficients wrong"),
    ("bend_grid_lines.comp", "float d = inverse_dt2 / here.w + s_before", "float d = inverse_dt2 + s_before",
     "grid bending: the node's mass left out"),
    ("bend_grid_lines.comp", "float inverse_dt2 = 1.0 / (params.dt * params.dt);",
     "float inverse_dt2 = 1.0 / params.dt;", "grid bending: inertia scaled by dt, not dt^2"),
    ("bend_grid_lines.comp", "      c -= e * alpha2;\n", "",
     "grid bending: the second lower diagonal not eliminated"),
    ("bend_grid_lines.comp", "vec3 d = f.xyz - f.w * d1 - chunk_betas[walker][i] * d2;",
     "vec3 d = f.xyz - f.w * d1;", "grid bending: back substitution drops the second diagonal"),
    ("bend_grid_lines.comp", "float edge = index == 0u || index + 1u == across ? 2.0 : 1.0;",
     "float edge = 1.0;", "grid bending: edge lines as stiff as inner ones"),
    ("bend_grid_lines.comp", "bool clamped = b.w == 0.0 && (a.w == 0.0) != (c.w == 0.0);",
     "bool clamped = false;", "grid bending: a clamp as soft as a free element"),
    ("bend_grid_lines.comp", "line.compliance = edge * (rows ? grid.compliance.x : grid.compliance.y);",
     "line.compliance = edge * grid.compliance.x;", "grid bending: rows' compliance used along columns"),
    ("bend_grid_lines.comp", "line.stride = rows ? 1u : grid.columns;", "line.stride = 1u;",
     "grid bending: columns walked as rows"),
    ("bend_grid_lines.comp",
     "if (!integrator_is_verlet()) velocities[particle].xyz += chunk_corrections[slot][j] / params.dt;",
     ";", "grid bending: Euler velocity not corrected"),
    ("bend_grid_lines.comp",
     "if (line.tears != 0u && (links & line.tear_bits) != 0u) return;",
     "", "grid bending: across a torn link"),
    ("bend_grid_lines.comp", "for (uint j = lane; j < CHUNK + 2u; j += LANES)",
     "for (uint j = lane; j < CHUNK; j += LANES)", "grid bending: a chunk's look-ahead nodes not loaded"),
    ("bend_grid_lines.comp", "longest = max(longest, other.count);", "longest = other.count;",
     "grid bending: a workgroup's lines walked as far as its last"),
    ("bend_grid_lines.comp", "uint base = (c - 1u) * CHUNK;",
     "uint base = ((longest + CHUNK - 1u) / CHUNK - c) * CHUNK;",
     "grid bending: back substitution takes the chunks from the front"),
]
