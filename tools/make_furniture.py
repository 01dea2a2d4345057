#!/usr/bin/env python3
"""Writes the collider meshes scenes/meshes/table.obj and scenes/meshes/chair.obj: each piece of
furniture is a few boxes (12 outward-facing triangles each), in metres, standing on y = 0.

Run from the repository root: python3 tools/make_furniture.py
"""

# (centre x, centre y, centre z, size x, size y, size z) of each box, m.
TABLE = [
    (0.0, 0.74, 0.0, 1.2, 0.04, 0.8),  # the top, 76 cm high
] + [(sx * 0.55, 0.36, sz * 0.35, 0.05, 0.72, 0.05) for sx in (-1, 1) for sz in (-1, 1)]

CHAIR = [
    (0.0, 0.45, 0.0, 0.45, 0.04, 0.45),  # the seat, 47 cm high
    (0.0, 0.72, -0.205, 0.45, 0.5, 0.04),  # the back
] + [(sx * 0.2, 0.215, sz * 0.2, 0.04, 0.43, 0.04) for sx in (-1, 1) for sz in (-1, 1)]

# Corners of a unit cube (0/1 per axis) and its faces, counter-clockwise seen from outside.
CORNERS = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)]
FACES = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]


def write(path, title, boxes):
    lines = [f"# {title}: {len(boxes)} boxes, made by tools/make_furniture.py", f"o {title}"]
    faces = []
    for b, (cx, cy, cz, sx, sy, sz) in enumerate(boxes):
        for x, y, z in CORNERS:
            lines.append(f"v {cx + (x - 0.5) * sx:.4f} {cy + (y - 0.5) * sy:.4f} "
                         f"{cz + (z - 0.5) * sz:.4f}")
        base = 8 * b + 1
        for a, b1, c, d in FACES:
            faces.append(f"f {base + a} {base + b1} {base + c}")
            faces.append(f"f {base + a} {base + c} {base + d}")
    open(path, "w").write("\n".join(lines + faces) + "\n")


write("scenes/meshes/table.obj", "table", TABLE)
write("scenes/meshes/chair.obj", "chair", CHAIR)
