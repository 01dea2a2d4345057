# Mutations of program-driven pins (sim/modules/anchors.h).
SHADERS = ["drive_anchors.comp"]
# The tests that catch these mutations, tried in this order on each mutant until one fails:
# (test program, gtest filter), one start of the program each.
CAUGHT_BY = [
    ("gpu_pass_test", "AllScenesAndIntegrators/GpuPassTest.Anchors/RopeExplicitEuler"),
    ("gpu_drag_test", "AllIntegrators/GpuDragTest.GpuFollowsTheCpuReferenceUnderADrag/0"),
]
MUTATIONS = [
    ("drive_anchors.comp", "next.y = max(next.y, params.ground.x);", ";",
     "anchor not kept above the ground"),
    ("drive_anchors.comp", "previous[i] = vec4(p.xyz, 0.0);", ";",
     "anchor's previous position not updated"),
    ("drive_anchors.comp", "next = p.xyz + anchor.velocity.xyz * params.dt;",
     "next = p.xyz + anchor.velocity.xyz;", "anchor velocity not scaled by dt"),
    ("drive_anchors.comp", "(params.dt / (params.dt + anchor.target.w))",
     "(params.dt / anchor.target.w)", "drag pull not bounded by the target"),
    ("drive_anchors.comp",
     "anchor.mode == WEFT_ANCHOR_TARGET ? (next - p.xyz) / params.dt : anchor.velocity.xyz",
     "anchor.velocity.xyz", "dragged particle let go without its velocity"),
]
