# Mutations of the line solve of cloth grids' structural links, a pass of the coloured and the grid
# Jacobi constraint modules (sim/modules/stretch_lines.h).
SHADERS = ["stretch_grid_lines.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("stretch_lines_gpu_test", "*"),
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothExplicitEuler"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/grid"),
]
MUTATIONS = [
    ("stretch_grid_lines.comp", "b = -before.w * dot(n_before, n);", "b = 0.0;",
     "stretch lines: neighbouring links not coupled"),
    ("stretch_grid_lines.comp", "m = diagonal - b * b / m_before;", "m = diagonal;",
     "stretch lines: the pivot not eliminated"),
    ("stretch_grid_lines.comp", "y = -(len - walked.rest) - b * y_before / m_before;",
     "y = -(len - walked.rest);", "stretch lines: the right-hand side not eliminated"),
    ("stretch_grid_lines.comp", "float diagonal = before.w + here.w + compliance / dt2;",
     "float diagonal = before.w + here.w;", "stretch lines: compliance left out"),
    ("stretch_grid_lines.comp",
     "float compliance = len < walked.rest ? walked.compression : walked.compliance;",
     "float compliance = walked.compliance;", "stretch lines: compressed links as stiff as stretched"),
    ("stretch_grid_lines.comp", "float dl = (r.x - b_after * dl_after) / f.w;",
     "float dl = r.x / f.w;", "stretch lines: back substitution drops the coupling"),
    ("stretch_grid_lines.comp", "chunk_impulses[walker][i] = f.xyz * dl - n_after * dl_after;",
     "chunk_impulses[walker][i] = f.xyz * dl;", "stretch lines: a node moved by one link only"),
    ("stretch_grid_lines.comp", "chunk_multipliers[walker][i] = dl;",
     "chunk_multipliers[walker][i] = 0.0;", "stretch lines: multipliers not left for the sweeps"),
    ("stretch_grid_lines.comp",
     "uint multiplier = push.axis == WEFT_STRETCH_ALONG_ROWS ? node_slots.x : node_slots.y;",
     "uint multiplier = node_slots.x;", "stretch lines: columns' multipliers in rows' slots"),
    ("stretch_grid_lines.comp", "line.rest = rows ? grid.rest_lengths.x : grid.rest_lengths.y;",
     "line.rest = grid.rest_lengths.x;", "stretch lines: rows' rest length used along columns"),
    ("stretch_grid_lines.comp", "line.stride = rows ? 1u : grid.columns;", "line.stride = 1u;",
     "stretch lines: columns walked as rows"),
    ("stretch_grid_lines.comp",
     "if (!integrator_is_verlet()) velocities[particle].xyz += move / params.dt;", ";",
     "stretch lines: Euler velocity not corrected"),
    ("stretch_grid_lines.comp",
     "bool torn = walked.tears != 0u && (chunk_links[walker][i - base] & walked.tear_bit) != 0u;",
     "bool torn = false;", "stretch lines: across a torn link"),
    ("stretch_grid_lines.comp", "longest = max(longest, other.count);", "longest = other.count;",
     "stretch lines: a workgroup's lines walked as far as its last"),
    ("stretch_grid_lines.comp", "uint base = (c - 1u) * CHUNK;",
     "uint base = ((longest + CHUNK - 1u) / CHUNK - c) * CHUNK;",
     "stretch lines: back substitution takes the chunks from the front"),
]
