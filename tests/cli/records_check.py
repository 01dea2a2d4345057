#!/usr/bin/env python3
"""`weft run --stats` and `--summary-json` against what a falling particle must do.

    records_check.py WEFT DATA_DIR WORK_DIR

A 2 kg particle falls from rest under g = 10 m/s^2 (tests/data/falling_particle.toml): each
frame's kinetic energy must be m (g t)^2 / 2 and its kinetic plus gravitational energy what it
was at frame 0, both to float rounding; the CSV and JSON records must agree; the summary must
say what the last record says. Then a scene that blows up: its summary says so, exit code 3.
"""
import csv
import json
import os
import shutil
import subprocess
import sys

weft, data, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def run(*arguments, code=0):
    result = subprocess.run([weft, "run", *arguments, "--quiet"], capture_output=True, text=True,
                            timeout=60)
    if result.returncode != code:
        sys.exit(f"FAIL: weft run {' '.join(arguments)} exited {result.returncode}, not {code}:\n"
                 f"{result.stdout}{result.stderr}")
    return result


scene = os.path.join(data, "falling_particle.toml")
stats_csv = os.path.join(work, "fall.csv")
stats_json = os.path.join(work, "fall.json")
summary = os.path.join(work, "fall-summary.json")
run(scene, "--cpu", "--frames", "40", "--stats", stats_csv, "--summary-json", summary)
run(scene, "--cpu", "--frames", "40", "--stats", stats_json)

with open(stats_csv, newline="") as f:
    rows = list(csv.DictReader(f))
with open(stats_json) as f:
    records = json.load(f)["records"]
with open(summary) as f:
    final = json.load(f)

m, g, dt = 2.0, 10.0, 0.01
check(len(rows) == 41, f"{len(rows)} CSV records, expected 41 (frames 0 to 40)")
check(len(records) == len(rows), f"{len(records)} JSON records, {len(rows)} CSV records")
# Float positions near y = 100 m carry about 1e-5 m of rounding: m g 1e-5 = 2e-4 J.
energy_tolerance = 1e-3
for i, row in enumerate(rows):
    frame = int(row["frame"])
    t = float(row["time"])
    kinetic = float(row["kinetic"])
    total = kinetic + float(row["gravitational"]) + float(row["elastic"])
    check(frame == i, f"record {i} is frame {frame}")
    check(abs(t - i * dt) < 1e-6, f"frame {i}: time {t}, expected {i * dt}")
    expected = 0.5 * m * (g * t) ** 2
    check(abs(kinetic - expected) <= energy_tolerance + 1e-5 * expected,
          f"frame {i}: kinetic {kinetic} J, expected m (g t)^2 / 2 = {expected} J")
    # Semi-implicit Euler gains m g^2 t dt_substep / 2 at most: 0.02 J by t = 0.4 s.
    drift = abs(total - (float(rows[0]["kinetic"]) + float(rows[0]["gravitational"])))
    check(drift <= 0.5 * m * g * g * t * dt / 4 + energy_tolerance,
          f"frame {i}: total energy drifted {drift} J")
    check(float(row["max_strain"]) == 0.0 and int(row["torn_links"]) == 0,
          f"frame {i}: strain or torn links on a lone particle")
    check(float(row["wall_ms"]) >= 0.0, f"frame {i}: negative wall time")
    other = records[i] if i < len(records) else {}
    check(abs(other.get("kinetic", -1.0) - kinetic) <= 1e-6 * max(1.0, kinetic),
          f"frame {i}: JSON kinetic {other.get('kinetic')}, CSV {kinetic}")
check(float(rows[-1]["kinetic"]) > 15.0, "the particle did not fall")

system = final["systems"][0]
check(final["frames_done"] == 40 and not final["blew_up"], f"summary: {final}")
check(final["solver"].startswith("CPU reference"), f"summary solver: {final['solver']}")
check(abs(system["energy"]["kinetic"] - float(rows[-1]["kinetic"])) <= 1e-6 * 16.0,
      "summary kinetic energy differs from the last record")
check(system["particles"] == 1, f"summary particles: {system['particles']}")

# A blow-up: the summary is still written, and says so.
blown = os.path.join(work, "blown.json")
blown_stats = os.path.join(work, "blown.csv")
run(os.path.join(os.path.dirname(data.rstrip("/")), "..", "scenes", "explicit_euler_blow_up.toml"),
    "--cpu", "--summary-json", blown, "--stats", blown_stats, code=3)
with open(blown) as f:
    blown_summary = json.load(f)
check(blown_summary["blew_up"] and blown_summary["systems"][0]["blow_up"],
      f"blown-up summary: {blown_summary}")
check(os.path.getsize(blown_stats) > 0, "no stats of the blown-up run")

for failure in failures:
    print("FAIL:", failure)
if failures:
    sys.exit(1)
print(f"records: {len(rows)} frames of a falling particle as m (g t)^2 / 2; summaries agree")
