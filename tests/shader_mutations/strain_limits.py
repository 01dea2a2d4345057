# Mutations of the strain limits of cloth grids (sim/modules/strain_limits.h).
SHADERS = ["limit_strain.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test",
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/ClothGridExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.EveryStepOfAFrame/MixedExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.StrainLimits/ClothGridExplicitEuler:"
     "AllScenesAndIntegrators/GpuPassTest.StrainLimits/ContactVerlet"),
    ("tearing_test",
     "BothPaths/GpuTearing.ADiagonalBreaks*/general:"
     "BothPaths/GpuTearing.ALinkYields*/general:"
     "BothPaths/GpuTearing.ATetherLetsGo*/general"),
    ("tearing_test", "BothPaths/GpuTearing.TheGpuTearsTheLinksTheCpuReferenceTears/general"),
]
MUTATIONS = [
    ("limit_strain.comp", "for (uint apart = first; apart < nodes; apart *= 2u, ++level) {",
     "for (uint apart = first; apart < 3u; apart *= 2u, ++level) {", "only the nearest pairs"),
    ("limit_strain.comp", "uint first = scales[g].y > 0.0 ? 1u : 2u;", "uint first = 2u;",
     "the neighbours left out"),
    ("limit_strain.comp", "uint first = scales[g].y > 0.0 ? 1u : 2u;", "uint first = 1u;",
     "the neighbours of a cloth that tears held"),
    ("limit_strain.comp", "float limit = scale * float(apart) * grid.rest_lengths[axis];",
     "float limit = scale * float(apart) * grid.rest_lengths[0];",
     "the row's spacing used along columns too"),
    ("limit_strain.comp", "float limit = scale * float(apart) * grid.rest_lengths[axis];",
     "float limit = float(apart) * grid.rest_lengths[axis];", "the material's allowance ignored"),
    ("limit_strain.comp", "float scale = apart == 1u ? scales[g].y : scales[g].x;",
     "float scale = scales[g].x;", "neighbours held to the pairs' scale"),
    ("limit_strain.comp", "if (side == 0u ? along < apart : along + apart >= nodes) continue;",
     "if (side == 0u) continue;", "only the partners ahead"),
    ("limit_strain.comp", "uint other = side == 0u ? node - apart * stride : node + apart * stride;",
     "uint other = side == 0u ? node - apart : node + apart * stride;",
     "the partner behind read along the row on a column"),
    ("limit_strain.comp", "moves -= (weight * size / distance) * d;",
     "moves += (weight * size / distance) * d;", "pushes pairs apart instead of pulling them in"),
    ("limit_strain.comp", "float size = (distance - limit) * p.w / (p.w + q.w);",
     "float size = (distance - limit) * 0.5;", "shares ignore the inverse masses"),
    ("limit_strain.comp", "vec3 x = weights > 0.0 ? p.xyz + moves / weights : p.xyz;",
     "vec3 x = weights > 0.0 ? p.xyz + moves : p.xyz;", "the weighted pulls not divided by their weights"),
    ("limit_strain.comp", "float weight = size / float(apart * apart);", "float weight = 1.0;",
     "the mean weighted by nothing"),
    ("limit_strain.comp", "float weight = size / float(apart * apart);", "float weight = size;",
     "far pairs weighted as much as near ones"),
    ("limit_strain.comp", "return push.read_scratch != 0u ? scratch[grid.first_thread + node]",
     "return push.read_scratch == 0u ? scratch[grid.first_thread + node]",
     "passes read the wrong buffer"),
    ("limit_strain.comp", "    positions[grid.first_particle + node] = vec4(x, p.w);",
     "    positions[grid.first_particle + node] = p;", "the second pass writes nothing new"),
    ("limit_strain.comp", "    velocities[grid.first_particle + node].xyz += (x - p.xyz) / params.dt;",
     "    velocities[grid.first_particle + node].xyz += (x - p.xyz);",
     "Euler velocity not divided by dt"),
    ("limit_strain.comp",
     "if (reach_level(links, 2u * axis + side) < min(level, WEFT_REACH_MAX_LEVEL)) continue;", "",
     "pairs hold across torn links"),
    ("limit_strain.comp", "float clearly_within = limit * limit * WEFT_STRAIN_LIMITS_CLEARLY_WITHIN;",
     "float clearly_within = 1.01 * limit * limit;", "strain limits: pairs just past the limit passed over"),
    ("limit_strain.comp", "    previous[grid.first_particle + node].xyz += x - p.xyz;\n", "",
     "after self-collision, the limits' pull back gives the layers speed"),
]
