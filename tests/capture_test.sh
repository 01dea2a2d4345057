#!/usr/bin/env bash
# A headless RenderDoc capture of one frame, checked through RenderDoc's own XML export:
#   capture_test.sh WEFT SCRATCH_DIR [plain|launched|viewer]
# plain: weft run loads librenderdoc itself (--capture-frame, --capture-file). launched: weft runs
# under `renderdoccmd capture`, which injects RenderDoc first, and writes where RenderDoc says.
# viewer: weft view on a virtual display (tools/virtual_display.sh) captures a frame with its
# graphics, UI and present.
# Exits 77 (ctest: skipped) only when RenderDoc is not installed, and never when
# WEFT_REQUIRE_RENDERDOC=1 (CI installs it).
set -u
weft=$1
scratch=$2
mode=${3:-plain}

skip_or_fail() {
  if [ "${WEFT_REQUIRE_RENDERDOC:-0}" = 1 ]; then
    echo "capture_test: FAILED: $1 (WEFT_REQUIRE_RENDERDOC=1)" >&2
    exit 1
  fi
  echo "capture_test: SKIPPED: $1"
  exit 77
}
fail() {
  echo "capture_test: FAILED: $*" >&2
  exit 1
}

command -v renderdoccmd >/dev/null ||
  skip_or_fail "renderdoccmd is not installed (apt-get install --no-install-recommends renderdoccmd librenderdoc)"
rm -rf "$scratch" && mkdir -p "$scratch" || fail "cannot make $scratch"

# Frame 1 of 3 on a tiny cloth, validation on (weft exits 4 on any validation error).
run=("$weft" run --frames 3 --columns 8 --rows 6 --capture-frame 1 --validation)
if [ "$mode" = viewer ]; then
  output=$("$(dirname "$0")/tools/virtual_display.sh" "$weft" view --frames 3 --grid 8x6 --capture-frame 1 --validation \
    --capture-file "$scratch/frame1.rdc" 2>&1)
elif [ "$mode" = launched ]; then
  output=$(renderdoccmd capture -w -c "$scratch/launched" "${run[@]}" 2>&1)
else
  output=$("${run[@]}" --capture-file "$scratch/frame1.rdc" 2>&1)
fi
status=$?
printf '%s\n' "$output"
if printf '%s\n' "$output" | grep -q "RenderDoc is not installed"; then
  skip_or_fail "librenderdoc is not installed"
fi
[ "$status" -eq 0 ] || fail "weft exited with status $status"

capture=$(printf '%s\n' "$output" | sed -n 's/^capture: *\(.*\) (frame 1)$/\1/p')
[ -n "$capture" ] || fail "weft did not report a capture of frame 1"
if [ "$mode" != launched ]; then
  [ "$capture" = "$scratch/frame1.rdc" ] || fail "capture written to $capture, not --capture-file"
else
  case "$capture" in "$scratch"/launched*.rdc) ;; *) fail "capture $capture is not where renderdoccmd asked" ;; esac
fi
[ -s "$capture" ] || fail "no capture file at $capture"

renderdoccmd convert -f "$capture" -o "$scratch/capture.xml" -c xml >/dev/null ||
  fail "renderdoccmd convert failed"
xml=$scratch/capture.xml

# Labels are exported as <string name="pLabelName" ...>TEXT</string>, names as ObjectName.
count_label() { grep -c "name=\"pLabelName\"[^>]*>$1</string>" "$xml"; }
has_name() { grep -q "name=\"ObjectName\"[^>]*>$1</string>" "$xml" || fail "no object named '$1'"; }

grep -q 'name="vkCmdDispatch"' "$xml" || fail "no vkCmdDispatch in the capture"
if [ "$mode" = viewer ]; then
  # One whole viewer frame: its simulation, the graphics passes, the UI and the present.
  [ "$(count_label 'simulation frame')" -eq 1 ] || fail "expected exactly one 'simulation frame' label"
  for label in "bending and stretch along lines (rows, integrating)" "normals" "draw cloth" "UI"; do
    [ "$(count_label "$label")" -ge 1 ] || fail "no '$label' label in the viewer's frame"
  done
  grep -q 'name="vkCmdDraw' "$xml" || fail "no draw call in the viewer's frame"
  grep -q 'name="vkQueuePresentKHR"' "$xml" || fail "no present in the viewer's frame"
  echo "capture_test: $capture holds one viewer frame: simulation, graphics, UI, present"
  exit 0
fi
# Exactly one frame: one "simulation frame" region holding the 16 substeps of weft's default scene.
[ "$(count_label 'simulation frame')" -eq 1 ] || fail "expected exactly one 'simulation frame' label"
for label in "substep 0" "substep 15"; do
  [ "$(count_label "$label")" -eq 1 ] || fail "expected one '$label' label"
done
# The default cloth has no springs: its integration computes its gravity and air drag, with no
# force gather before it; and it is all one grid whose lines are walked for its bending and
# stretch, so the walk along rows integrates it, with no integration pass.
[ "$(count_label 'force accumulation')" -eq 0 ] || fail "a force gather ran on a cloth with no springs"
[ "$(count_label 'Verlet update')" -eq 0 ] || fail "an integration pass ran on a cloth the line walks integrate"
for label in "bending and stretch along lines (rows, integrating)" "collision" \
  "constraint relaxation (sweep 0, colour 0)" "constraint relaxation (sweep 7, colour 0)"; do
  [ "$(count_label "$label")" -eq 16 ] || fail "expected '$label' once per substep (16)"
done
dispatches=$(grep -c 'name="vkCmdDispatch"' "$xml")
labels=$(grep -c 'name="vkCmdBeginDebugUtilsLabelEXT"' "$xml")
# Every dispatch sits in a pass label: labels = dispatches + 16 substeps + 1 frame.
[ "$labels" -eq $((dispatches + 17)) ] || fail "$dispatches dispatches but $labels labels"
# Particle buffers by field, module buffers as "<module>: <buffer>", pipelines by shader.
for name in positions "previous positions" forces \
  "distance constraints: constraints" "distance constraints: lambdas" \
  "simulation commands [0-9]" "solve_grid_lines.comp" "compute layout (sets of 7 10 buffers)"; do
  has_name "$name"
done
echo "capture_test: $capture holds one frame: $dispatches labelled dispatches, named buffers"
