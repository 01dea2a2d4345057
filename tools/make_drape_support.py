#!/usr/bin/env python3
"""Writes the two discs of the drape tester (scenes/cusick_drape.toml) as OBJ meshes in
scenes/meshes/:

drape_support.obj: the support the specimen lies on, the 18 cm disc of ISO 9073-9: flat on top
at y = 0, centred on the origin (so that a mesh collider's `center` is the middle of its face),
its rim rounded down over 5 mm as a quarter circle to its full radius of 0.09 m, then a short
skirt straight down. The rounded rim matters: the specimen folds over it, and over a sharp edge
the straight triangles between a node on top and one hanging beside the edge cut through the
corner (the disc showed through the cloth in specks) and the links across it were held
stretched. Only a surface open below, not a closed cylinder: a mesh collider keeps each particle
on the side of each triangle where it was, and a node above a closed cylinder that crossed its
edge and dropped below the top within one substep was held inside the wall, so the cloth could
not drape over the edge. The scene stands the disc on a narrower capsule instead, which the
draped specimen hangs clear of.

drape_clamp.obj: the upper disc that holds the specimen's middle, a closed cylinder 1 cm high
and 7.5 cm in radius with its bottom face at y = 0, wide enough to cover the pinned square.

Every face points out of the solid. Run from the repository root:
python3 tools/make_drape_support.py
"""

import math

SIDES = 64
RADIUS = 0.09  # m: the support's full radius
ROUNDING = 0.005  # m: radius of its rounded rim
SKIRT = 0.005  # m: the straight part under the rim
ROUNDING_STEPS = 12
CLAMP_RADIUS = 0.075  # m
CLAMP_HEIGHT = 0.01  # m


def ring(radius, y):
    out = []
    for k in range(SIDES):
        angle = 2.0 * math.pi * k / SIDES
        out.append(f"v {radius * math.cos(angle):.6f} {y:.6f} {radius * math.sin(angle):.6f}")
    return out


# The angle grows from +x towards +z, which is clockwise seen from above (+y): a face that
# points up takes a ring's vertices in the opposite order, and so does one that points out.
def cap(centre, first, up):
    faces = []
    for k in range(SIDES):
        a, b = first + k, first + (k + 1) % SIDES
        faces.append(f"f {centre} {b} {a}" if up else f"f {centre} {a} {b}")
    return faces


def band(inner, outer):
    """Faces from ring `inner` to ring `outer` (the next outwards or down), pointing away from the
    axis (and up where the band tilts up)."""
    faces = []
    for k in range(SIDES):
        k1 = (k + 1) % SIDES
        faces.append(f"f {inner + k} {inner + k1} {outer + k1}")
        faces.append(f"f {inner + k} {outer + k1} {outer + k}")
    return faces


def write_support(path):
    profile = [(RADIUS - ROUNDING, 0.0)]
    for step in range(1, ROUNDING_STEPS + 1):
        t = 0.5 * math.pi * step / ROUNDING_STEPS
        profile.append((RADIUS - ROUNDING + ROUNDING * math.sin(t), -ROUNDING * (1.0 - math.cos(t))))
    profile.append((RADIUS, -ROUNDING - SKIRT))
    lines = [
        f"# drape_support: a disc of {SIDES} sides, radius {RADIUS} m, flat on top at y = 0, its rim",
        f"# rounded over {ROUNDING} m and a {SKIRT} m skirt below (made by tools/make_drape_support.py)",
        "o drape_support",
        "v 0.000000 0.000000 0.000000",
    ]
    for radius, y in profile:
        lines += ring(radius, y)
    faces = cap(1, 2, up=True)
    for r in range(len(profile) - 1):
        faces += band(2 + r * SIDES, 2 + (r + 1) * SIDES)
    open(path, "w").write("\n".join(lines + faces) + "\n")


def write_clamp(path):
    lines = [
        f"# drape_clamp: a closed cylinder of {SIDES} sides, radius {CLAMP_RADIUS} m, from y = 0 to",
        f"# y = {CLAMP_HEIGHT} m (made by tools/make_drape_support.py)",
        "o drape_clamp",
        "v 0.000000 0.000000 0.000000",
        f"v 0.000000 {CLAMP_HEIGHT:.6f} 0.000000",
    ]
    lines += ring(CLAMP_RADIUS, 0.0)
    lines += ring(CLAMP_RADIUS, CLAMP_HEIGHT)
    bottom, top = 3, 3 + SIDES
    faces = cap(1, bottom, up=False) + cap(2, top, up=True) + band(top, bottom)
    open(path, "w").write("\n".join(lines + faces) + "\n")


write_support("scenes/meshes/drape_support.obj")
write_clamp("scenes/meshes/drape_clamp.obj")
