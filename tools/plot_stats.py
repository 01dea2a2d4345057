#!/usr/bin/env python3
"""Plots what `weft run --stats FILE.csv|FILE.json` recorded: energy and strain over time.

    tools/plot_stats.py STATS.csv|STATS.json OUT.png [--title TITLE]

Draws with matplotlib (Debian: python3-matplotlib) when it is there, else with gnuplot (Debian:
gnuplot-nox). Two panels share the time axis: kinetic, gravitational, elastic and total energy
(J, the gravitational energy relative to its value at frame 0 so that all four share a scale),
and the largest and mean strain (%).
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

COLUMNS = ["time", "kinetic", "gravitational", "elastic", "max_strain", "mean_strain"]


def read_records(path):
    if path.lower().endswith(".json"):
        with open(path, encoding="utf-8") as f:
            records = json.load(f)["records"]
    else:
        with open(path, encoding="utf-8", newline="") as f:
            records = list(csv.DictReader(f))
    rows = []
    for record in records:
        try:
            rows.append({c: float(record[c]) for c in COLUMNS})
        except (TypeError, ValueError):
            break  # a blown-up frame (null or nan) ends what can be drawn
    if not rows:
        sys.exit(f"plot_stats.py: {path} has no records with finite numbers")
    g0 = rows[0]["gravitational"]
    for row in rows:
        row["gravitational"] -= g0
        row["total"] = row["kinetic"] + row["gravitational"] + row["elastic"]
        row["max_strain"] *= 100.0
        row["mean_strain"] *= 100.0
    return rows


def plot_matplotlib(rows, out, title):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = [r["time"] for r in rows]
    fig, (energy, strain) = plt.subplots(2, 1, sharex=True, figsize=(8, 6), dpi=100)
    for key, label in [("kinetic", "kinetic"), ("gravitational", "gravitational (from frame 0)"),
                       ("elastic", "elastic"), ("total", "total")]:
        energy.plot(t, [r[key] for r in rows], label=label)
    energy.set_ylabel("energy (J)")
    energy.legend(loc="best", fontsize="small")
    energy.grid(True, alpha=0.3)
    strain.plot(t, [r["max_strain"] for r in rows], label="max")
    strain.plot(t, [r["mean_strain"] for r in rows], label="mean")
    strain.set_ylabel("strain (%)")
    strain.set_xlabel("simulated time (s)")
    strain.legend(loc="best", fontsize="small")
    strain.grid(True, alpha=0.3)
    if title:
        energy.set_title(title)
    fig.tight_layout()
    fig.savefig(out)


def plot_gnuplot(rows, out, title):
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        sys.exit("plot_stats.py: needs python3-matplotlib or gnuplot (apt-get install one)")
    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "stats.dat")
        with open(data, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(" ".join(str(r[k]) for k in
                                 ["time", "kinetic", "gravitational", "elastic", "total",
                                  "max_strain", "mean_strain"]) + "\n")
        script = f"""set terminal pngcairo size 800,600
set output {json.dumps(out)}
set multiplot layout 2,1 title {json.dumps(title or "")}
set ylabel "energy (J)"
set grid
plot {json.dumps(data)} using 1:2 with lines title "kinetic", '' using 1:3 with lines title "gravitational (from frame 0)", '' using 1:4 with lines title "elastic", '' using 1:5 with lines title "total"
set ylabel "strain (%)"
set xlabel "simulated time (s)"
plot {json.dumps(data)} using 1:6 with lines title "max", '' using 1:7 with lines title "mean"
unset multiplot
"""
        subprocess.run([gnuplot], input=script, text=True, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stats", help="a file written by weft run --stats")
    parser.add_argument("out", help="the picture to write (PNG)")
    parser.add_argument("--title", default="")
    args = parser.parse_args()
    rows = read_records(args.stats)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        plot_gnuplot(rows, args.out, args.title)
    else:
        plot_matplotlib(rows, args.out, args.title)
    print(f"plot_stats.py: {len(rows)} frames drawn into {args.out}")


if __name__ == "__main__":
    main()
