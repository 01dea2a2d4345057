#!/usr/bin/env bash
# The viewer's "save scene", scripted (tests/viewer_save_script.txt): pins by hand (a Ctrl-click
# and a Ctrl-drag box) and a panel value, saved with Ctrl+S; then `weft run` runs the saved scene
# for 5 frames and saved_pins_check finds every pinned particle where it started and the free
# ones fallen. A second run of the viewer, without --save-to, saves beside a file of the default
# name without touching it.
#   viewer_save_check.sh VIRTUAL_DISPLAY WEFT SAVED_PINS_CHECK SCRIPT WORK_DIR
set -euo pipefail
virtual_display=$1
weft=$2
check=$3
script=$4
work=$5
rm -rf "$work"
mkdir -p "$work/saved"
cd "$work"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
view() {
  "$virtual_display" "$weft" view --grid 24x24 --size 640x400 --hide-panel --validation --frames 60 \
    --script "$script" "$@" 2>&1
}

output=$(view --save-to saved/pinned.toml) || fail "weft view failed: $output"
echo "$output"
grep -qx "viewer: saved the scene to saved/pinned.toml" <<<"$output" || fail "no save reported"
counts=$(sed -n 's/.*pinned by hand: \([0-9]*\), freed by hand: \([0-9]*\)$/\1 \2/p' <<<"$output")
read -r pinned freed <<<"$counts"
[ "${pinned:-0}" -gt 1 ] || fail "nothing was pinned by hand"
grep -qx "substeps = 3" saved/pinned.toml || fail "the panel's substeps are not in the saved scene"

"$weft" run saved/pinned.toml --frames 5 --validation --export-csv final.csv ||
  fail "weft run could not run the saved scene"
# The preset's two corners, and what was pinned by hand.
"$check" saved/pinned.toml final.csv $((2 + pinned - freed)) || fail "the pins did not hold"

# The default name, beside a file that has it: a new name, and the file is left as it was.
echo "mine" >cloth_on_a_sphere-saved.toml
output=$(view) || fail "weft view failed: $output"
grep -qx "viewer: saved the scene to cloth_on_a_sphere-saved-2.toml" <<<"$output" ||
  fail "not saved under the next free name: $output"
[ "$(cat cloth_on_a_sphere-saved.toml)" = "mine" ] || fail "a file of the default name was replaced"
"$weft" run cloth_on_a_sphere-saved-2.toml --frames 1 --cpu >/dev/null ||
  fail "the scene saved under the default name does not run"
echo "the saved scene holds the pins made by hand"
