#!/usr/bin/env python3
"""Writes scenes/meshes/drape_support.obj, the support of the drape tester
(scenes/cusick_drape.toml): a flat disc of 64 sides and radius 0.09 m (the 18 cm disc of
ISO 9073-9) at y = 0, centred on the origin, so that a mesh collider's `center` is the middle of
the disc the specimen lies on. Its triangles fan from the centre and face up (+y).

Only the disc, not a closed cylinder: a mesh collider keeps each particle on the side of each
triangle where it was, and a node lying on the disc is on the inner side of a cylinder's walls,
so a node that crossed the edge and dropped below it within one substep would be held inside
the walls, and the cloth could not drape over the edge. The scene stands the disc on a narrower
capsule instead, which the draped specimen hangs clear of.

Run from the repository root: python3 tools/make_drape_support.py
"""

import math

SIDES = 64
RADIUS = 0.09  # m


def write(path):
    lines = [
        f"# drape_support: a flat disc of {SIDES} sides and radius {RADIUS} m at y = 0, face up",
        "# (made by tools/make_drape_support.py)",
        "o drape_support",
        "v 0.000000 0.000000 0.000000",
    ]
    for k in range(SIDES):
        angle = 2.0 * math.pi * k / SIDES
        lines.append(f"v {RADIUS * math.cos(angle):.6f} 0.000000 {RADIUS * math.sin(angle):.6f}")
    # The angle grows from +x towards +z, which is clockwise seen from above (+y): a triangle
    # facing up takes the rim's vertices in the opposite order.
    for k in range(SIDES):
        lines.append(f"f 1 {(k + 1) % SIDES + 2} {k + 2}")
    open(path, "w").write("\n".join(lines) + "\n")


write("scenes/meshes/drape_support.obj")
