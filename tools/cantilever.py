#!/usr/bin/env python3
"""The cantilever bending test of textiles (Peirce 1930; ASTM D1388) as a weft scene, and its answer.

A strip of cloth lies on a ledge and overhangs it by a few bending lengths c = (B / w)^(1/3), with
B the bending stiffness (N m) and w the weight per area (N/m^2). It droops under its own weight;
for an overhang of 2c the chord from the ledge to the free end makes 41.5 degrees with the
horizontal. The exact shape is the heavy elastica: B phi''(s) = -w (l - s) cos(phi(s)) along the
overhang, level at the ledge (phi(0) = 0) and free at the end (phi'(l) = 0).

  tools/cantilever.py scene  [options] > strip.toml     a [[cloth]] strip (or a [[mesh]]: --mesh)
  weft run strip.toml --cpu --export-csv strip.csv       settles it (10 s)
  tools/cantilever.py judge strip.csv [options]          the droop against the exact one

Options (the same for both): --nodes N over the overhang (default 10), --overhang in bending
lengths (2), --density kg/m^2 and --bending N m (cotton's: 0.15 and 3e-6), --substeps,
--variant general|grid, --mesh FILE.obj (write the strip as a mesh).
"""
import argparse
import csv
import math
import sys

GRAVITY = 9.81
HELD_COLUMNS = 3  # columns on the ledge, pinned: the last one is the ledge's edge


def elastica(length, bending, weight, steps=2000):
    """(reach, drop) of the free end of the heavy elastica, by shooting on the slope's rate at s=0.

    phi is the angle below the horizontal, so the drop is the integral of sin(phi)."""

    def integrate(kappa0):
        h = length / steps
        phi, kappa, x, y = 0.0, kappa0, 0.0, 0.0  # y: how far below the ledge

        def rates(s, phi, kappa):
            return kappa, -weight * (length - s) * math.cos(phi) / bending, math.cos(phi), math.sin(phi)

        for k in range(steps):
            s = k * h
            k1 = rates(s, phi, kappa)
            k2 = rates(s + h / 2, phi + h / 2 * k1[0], kappa + h / 2 * k1[1])
            k3 = rates(s + h / 2, phi + h / 2 * k2[0], kappa + h / 2 * k2[1])
            k4 = rates(s + h, phi + h * k3[0], kappa + h * k3[1])
            step = [h / 6 * (a + 2 * b + 2 * c + d) for a, b, c, d in zip(k1, k2, k3, k4)]
            phi, kappa, x, y = phi + step[0], kappa + step[1], x + step[2], y + step[3]
        return kappa, x, y

    # The curvature at the free end falls as the curvature at the ledge grows: bisect to 0.
    low, high = 0.0, weight * length**2 / bending
    for _ in range(60):
        middle = (low + high) / 2
        if integrate(middle)[0] > 0.0:
            high = middle
        else:
            low = middle
    _, reach, drop = integrate((low + high) / 2)
    return reach, drop


class Strip:
    def __init__(self, a):
        self.density, self.bending = a.density, a.bending
        self.weight = self.density * GRAVITY
        self.length_scale = (self.bending / self.weight) ** (1 / 3)
        self.overhang = a.overhang * self.length_scale
        self.spacing = self.overhang / a.nodes
        self.columns = a.nodes + HELD_COLUMNS
        self.width = 0.8 * self.overhang
        self.rows = max(3, round(self.width / self.spacing) + 1)
        self.x0 = -(HELD_COLUMNS - 1) * self.spacing  # the ledge's edge is at x = 0
        self.height = 1.0

    def material(self):
        return (f"{{ areal_density = {self.density}, stretch_stiffness = 1000.0, "
                f"shear_stiffness = 40.0, bending_stiffness = {self.bending:.6e} }}")

    def node(self, column, row):
        return (self.x0 + column * self.spacing, self.height, row * self.width / (self.rows - 1))


def write_scene(a):
    strip = Strip(a)
    out = sys.stdout
    out.write("[scene]\n")
    out.write(f'title = "cantilever: {a.nodes} nodes over a {1000 * strip.overhang:.1f} mm overhang"\n')
    out.write("frames = 600\n\n[solver]\nintegrator = \"verlet\"\nframe_dt = 0.016666667\n")
    out.write("damping = 3.0\n")
    if a.substeps:
        out.write(f"substeps = {a.substeps}\n")
    if a.variant:
        out.write(f'variant = "{a.variant}"\n')
    out.write("\n[environment]\ngravity = [0.0, -9.81, 0.0]\n\n")
    held = strip.x0 + (HELD_COLUMNS - 1) * strip.spacing
    pin = (f"pin = {{ region = {{ min = [{strip.x0 - 1e-4:.9f}, {strip.height - 0.01}, -0.01], "
           f"max = [{held + 1e-4:.9f}, {strip.height + 0.01}, {strip.width + 0.01:.6f}] }} }}")
    if a.mesh:
        with open(a.mesh, "w") as obj:
            for r in range(strip.rows):
                for c in range(strip.columns):
                    obj.write("v %.9f %.9f %.9f\n" % strip.node(c, r))
            for r in range(strip.rows - 1):
                for c in range(strip.columns - 1):
                    i = r * strip.columns + c + 1  # OBJ counts from 1
                    j, k, m = i + 1, i + strip.columns, i + strip.columns + 1
                    # Diagonals alternate like a woven checker, so the mesh has no favoured side.
                    if (r + c) % 2:
                        obj.write(f"f {i} {j} {m}\nf {i} {m} {k}\n")
                    else:
                        obj.write(f"f {i} {j} {k}\nf {j} {m} {k}\n")
        out.write(f'[[mesh]]\nname = "strip"\nfile = "{a.mesh}"\nmaterial = {strip.material()}\n{pin}\n')
    else:
        ox, oy, oz = strip.node(0, 0)
        out.write(f'[[cloth]]\nname = "strip"\norigin = [{ox:.9f}, {oy}, {oz}]\n')
        out.write(f"width_axis = [{(strip.columns - 1) * strip.spacing:.9f}, 0.0, 0.0]\n")
        out.write(f"height_axis = [0.0, 0.0, {strip.width:.9f}]\n")
        out.write(f"columns = {strip.columns}\nrows = {strip.rows}\nmaterial = {strip.material()}\n{pin}\n")


def judge(a):
    strip = Strip(a)
    points = {}
    with open(a.csv) as f:
        for row in csv.reader(f):
            if row and row[0].strip().isdigit():
                points[int(row[0])] = tuple(float(v) for v in row[1:4])
    # The free end: the strip's row ends, furthest from the ledge's edge along the drooping strip
    # (a mesh's particles need not keep the file's order).
    furthest = sorted(points.values(), key=lambda p: math.hypot(p[0], strip.height - p[1]))
    ends = furthest[-strip.rows:]
    reach = sum(p[0] for p in ends) / len(ends)
    drop = strip.height - sum(p[1] for p in ends) / len(ends)
    exact_reach, exact_drop = elastica(strip.overhang, strip.bending, strip.weight)
    angle = math.degrees(math.atan2(drop, reach))
    exact_angle = math.degrees(math.atan2(exact_drop, exact_reach))
    print(f"spacing {1000 * strip.spacing:.2f} mm: droop {angle:.1f} deg (exact {exact_angle:.1f}), "
          f"tip drop {1000 * drop:.2f} mm (exact {1000 * exact_drop:.2f}, "
          f"{100 * (drop - exact_drop) / exact_drop:+.1f}%)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["scene", "judge"])
    p.add_argument("csv", nargs="?", help="judge: the strip's final positions (weft run --export-csv)")
    p.add_argument("--nodes", type=int, default=10)
    p.add_argument("--overhang", type=float, default=2.0, help="in bending lengths")
    # Cotton's figures (docs/scenes.md, Materials).
    p.add_argument("--density", type=float, default=0.15, help="kg/m^2")
    p.add_argument("--bending", type=float, default=3e-6, help="N m")
    p.add_argument("--substeps", type=int)
    p.add_argument("--variant", choices=["general", "grid"])
    p.add_argument("--mesh", help="scene: write the strip as this OBJ and a [[mesh]] of it")
    a = p.parse_args()
    if a.what == "judge" and not a.csv:
        p.error("judge needs the CSV that weft run --export-csv wrote")
    write_scene(a) if a.what == "scene" else judge(a)


if __name__ == "__main__":
    main()
