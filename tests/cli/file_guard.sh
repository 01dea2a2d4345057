#!/usr/bin/env bash
# What every file weft reads or writes goes through (docs/security.md), on the CPU reference:
#   - a signal while a scene is loaded and built ends weft at once (nothing is running yet that
#     could stop cleanly), with 128 + the signal;
#   - limits come before quadratic work: a vertex shared by 30,000 triangles is refused before
#     its constraints are coloured (the message says the least the frame would take);
#   - a temporary file a killed weft left is removed by the next weft that writes in that folder;
#   - `weft view --save-to` creates a missing folder, as `weft run` does for its outputs;
#   - with `memory` (under a limit of the address space, which AddressSanitizer cannot run under:
#     its own ctest label), an OBJ file's mesh is bounded as it is read: one of more triangles
#     than fit in the memory weft may use is refused at the line that crosses the bound, with
#     exit 2, not std::bad_alloc.
#   file_guard.sh WEFT WORK_DIR [memory]
set -uo pipefail
weft=$1
work=$2
part=${3:-}
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

if [ "$part" = memory ]; then
  # 4 million triangles (a 32 MB file) where about 150 MB of address space is left: refused at
  # the triangle that crosses the bound, before the memory is taken.
  cat >many.toml <<'EOF'
[[mesh]]
file = "many.obj"
particle_mass = 0.001
edge = { kind = "constraint", compliance = 0.0 }
EOF
  awk 'BEGIN { print "v 0 0 0\nv 1 0 0\nv 0 0 1"; for (i = 0; i < 4000000; ++i) print "f 1 2 3" }' \
    >many.obj
  output=$(ulimit -v 200000 && "$weft" run many.toml --cpu --frames 1 2>&1)
  code=$?
  [ "$code" -eq 2 ] || fail "many triangles: exit $code, expected 2: $output"
  grep -Eq "many.obj:[0-9]+: broken OBJ: more than [0-9]+ triangles, 4 for each vertex a scene" \
    <<<"$output" || fail "many triangles: $output"
  if grep -q "bad_alloc" <<<"$output"; then fail "many triangles: $output"; fi
  echo "4 M triangles under ulimit -v 200000: exit $code"
  cd / && rm -rf "$work"
  exit $status
fi

# 1. SIGTERM while a 1024 x 1024 cloth is built (seconds of work): weft ends at once.
"$weft" run --cpu --columns 1024 --rows 1024 --frames 1 --quiet >building.log 2>&1 &
pid=$!
sleep 0.5
kill -s TERM "$pid"
sent=$(date +%s.%N)
wait "$pid"
code=$?
took=$(awk "BEGIN { print $(date +%s.%N) - $sent }")
[ "$code" -eq 143 ] || fail "SIGTERM while building: exit $code, expected 143: $(cat building.log)"
grep -q "stopped at once by SIGTERM" building.log ||
  fail "SIGTERM while building: no word of it: $(cat building.log)"
if grep -q "frames under way" building.log; then
  fail "SIGTERM while building spoke of frames under way when none was"
fi
awk "BEGIN { exit !($took < 1.0) }" || fail "SIGTERM while building: took $took s to stop"
echo "building: exit $code, $took s after SIGTERM"

# 2. One vertex shared by 30,000 triangles (a fan written as separate faces): the frame could
# never fit, and weft says so before colouring the 30,000 constraints at that vertex.
awk 'BEGIN {
  print "v 0 0 0";
  for (k = 0; k <= 30000; ++k) printf "v %.6f 0 %.6f\n", cos(k * 0.0002), sin(k * 0.0002);
  for (k = 2; k <= 30001; ++k) printf "f 1 %d %d\n", k, k + 1;
}' >fan.obj
cat >fan.toml <<'EOF'
[solver]
substeps = 8
relaxation_sweeps = 4
[[mesh]]
file = "fan.obj"
particle_mass = 0.001
edge = { kind = "constraint", compliance = 0.0 }
EOF
start=$(date +%s.%N)
output=$(timeout 60 "$weft" run fan.toml --cpu --frames 1 2>&1)
code=$?
took=$(awk "BEGIN { print $(date +%s.%N) - $start }")
[ "$code" -eq 2 ] || fail "fan: exit $code, expected 2: $output"
grep -q "runs at least [0-9]* passes (a particle takes part in 30001 constraints" <<<"$output" ||
  fail "fan: $output"
awk "BEGIN { exit !($took < 30.0) }" || fail "fan: refused after $took s"
echo "fan of 30,000 triangles: exit $code after $took s"

rm -f fan.obj

# 3. A temporary file left by a weft that was killed (its process is gone) is removed by the next
# write into that folder; one of a running process is not.
mkdir out
sleep 0 &
gone=$!
wait "$gone"
stale=".final.csv.weft-$gone-0123456789abcdef.tmp"
live=".final.csv.weft-$$-0123456789abcdef.tmp"
echo "left by a killed weft" >"out/$stale"
echo "being written" >"out/$live"
"$weft" run --cpu --columns 4 --rows 4 --frames 1 --quiet --export-csv out/final.csv >/dev/null ||
  fail "the write after a killed weft failed"
[ ! -e "out/$stale" ] || fail "the killed weft's temporary file is still there"
[ -e "out/$live" ] || fail "a running process's temporary file was removed"
# And a real one: weft killed (SIGKILL) in the middle of an export.
"$weft" run --cpu --columns 256 --rows 256 --frames 1000000 --export killed --quiet \
  >/dev/null 2>&1 &
pid=$!
for _ in $(seq 2000); do  # up to 20 s: a sanitized build takes its time to start
  [ -n "$(ls -A killed 2>/dev/null | grep '^\.')" ] && break
  sleep 0.01
done
kill -s KILL "$pid"
wait "$pid" 2>/dev/null
left=$(ls -A killed 2>/dev/null | grep -c '^\.')
[ "$left" -gt 0 ] || fail "weft was not caught writing an export (nothing to clean up after it)"
"$weft" run --cpu --columns 4 --rows 4 --frames 1 --quiet --export-csv killed/final.csv \
  >/dev/null || fail "the write after SIGKILL failed"
[ -z "$(ls -A killed | grep '^\.')" ] || fail "left after SIGKILL and a later run: $(ls -A killed)"
echo "SIGKILL left $left temporary file(s), for the next run to remove"

# 4. --save-to in a folder that is not there yet: accepted (the viewer then needs a display).
output=$(DISPLAY= WAYLAND_DISPLAY= "$weft" view --save-to new/folder/saved.toml 2>&1)
if grep -q "does not exist" <<<"$output"; then fail "--save-to refused a missing folder: $output"; fi
grep -q "weft run --frames" <<<"$output" || fail "--save-to: $output"

cd / && rm -rf "$work"
exit $status
