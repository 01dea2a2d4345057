#!/usr/bin/env python3
"""Writes scenes/tearing_curtain.toml at another resolution: the same curtain, material and rail,
with COLUMNS x ROWS nodes, every node of the top row an anchor, and the rail's halves pulled apart
at the same frame and speed. `weft run --columns/--rows` cannot do this, since the curtain's
anchors name nodes by number.

usage: python3 tools/tearing_curtain_at.py COLUMNS ROWS > curtain.toml
       weft run curtain.toml --cpu
"""
import os
import re
import sys

PRESET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenes",
                      "tearing_curtain.toml")


def main():
    if len(sys.argv) != 3 or not all(a.isdigit() for a in sys.argv[1:]):
        sys.exit(__doc__.strip().splitlines()[-2].strip())
    columns, rows = int(sys.argv[1]), int(sys.argv[2])
    if columns < 2 or columns % 2 or rows < 2:
        sys.exit("COLUMNS must be even (the rail splits in two halves) and ROWS at least 2")
    text = open(PRESET).read()
    # The preset up to its anchors, at the new size; then the rail, regenerated.
    body = text[:text.index("[[anchor]]")]
    pulls = re.findall(r"frame = (\d+)\n.*\nanchor_velocity = \[(\S+), ", text)
    frame, speed = pulls[0][0], abs(float(pulls[0][1]))
    body = re.sub(r"(?m)^columns = \d+", f"columns = {columns}", body)
    body = re.sub(r"(?m)^rows = \d+", f"rows = {rows}", body)
    body = re.sub(r"\d+ x \d+ particles", f"{columns} x {rows} particles", body)
    out = [f"# tools/tearing_curtain_at.py {columns} {rows}: scenes/tearing_curtain.toml at "
           f"{columns} x {rows} nodes\n", body]
    for c in range(columns):
        out.append(f'[[anchor]]\nparticle = "curtain[{c}]"\n')
    for c in range(columns):
        v = -speed if c < columns // 2 else speed
        out.append(f'[[event]]\nframe = {frame}\nparticle = "curtain[{c}]"\n'
                   f"anchor_velocity = [{v}, 0.0, 0.0]  # m/s\n")
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
