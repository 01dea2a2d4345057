#!/usr/bin/env bash
# The viewer's "save scene", scripted (tests/viewer_save_script.txt): pins by hand (a Ctrl-click
# and a Ctrl-drag box), panel values (the material's bending stiffness among them) and two knife
# strokes across the Paper preset's sheet (Alt + drag, then a drag with the knife switched on),
# saved with Ctrl+S. Each stroke must have
# cut links, and the viewer must count at least as many torn.
# Then `weft run` runs the saved scene for 5 frames and saved_pins_check finds every pinned
# particle where it started and the free ones fallen. A second run of the viewer, on the default
# cloth (which cannot tear) and without --save-to, says why the knife cut nothing, and saves
# beside a file of the default name without touching it.
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

output=$(view --preset 6 --save-to saved/pinned.toml) || fail "weft view failed: $output"
echo "$output"
grep -qx "viewer: saved the scene to saved/pinned.toml" <<<"$output" || fail "no save reported"
counts=$(sed -n 's/.*pinned by hand: \([0-9]*\), freed by hand: \([0-9]*\)$/\1 \2/p' <<<"$output")
read -r pinned freed <<<"$counts"
[ "${pinned:-0}" -gt 1 ] || fail "nothing was pinned by hand"
grep -qx "substeps = 3" saved/pinned.toml || fail "the panel's substeps are not in the saved scene"
grep -qx "bending_stiffness = 2e-04" saved/pinned.toml ||
  fail "the material's bending stiffness set in the panel is not in the saved scene"
# Both strokes (Alt + drag, and a drag with the knife switched on) cut links.
strokes=$(grep -c "^viewer: cut [0-9]* links$" <<<"$output" || true)
[ "$strokes" -eq 2 ] || fail "$strokes knife strokes cut links, expected 2"
cut=$(sed -n 's/^viewer: cut \([0-9]*\) links$/\1/p' <<<"$output" | awk '{s += $1} END {print s + 0}')
torn=$(sed -n 's/^viewer: torn links: \([0-9]*\), cut by the knife: [0-9]*$/\1/p' <<<"$output")
[ "${torn:-0}" -ge "$cut" ] || fail "$cut links cut, but ${torn:-no} torn links counted"

"$weft" run saved/pinned.toml --frames 5 --validation --export-csv final.csv ||
  fail "weft run could not run the saved scene"
# The Paper preset's far edge (24 particles), and what was pinned by hand.
"$check" saved/pinned.toml final.csv $((24 + pinned - freed)) || fail "the pins did not hold"

# The default name, beside a file that has it: a new name, and the file is left as it was.
echo "mine" >cloth_on_a_sphere-saved.toml
output=$(view) || fail "weft view failed: $output"
grep -q "^viewer: the knife cuts only cloth that can tear" <<<"$output" ||
  fail "the knife on a cloth that cannot tear did not say why: $output"
grep -qx "viewer: saved the scene to cloth_on_a_sphere-saved-2.toml" <<<"$output" ||
  fail "not saved under the next free name: $output"
[ "$(cat cloth_on_a_sphere-saved.toml)" = "mine" ] || fail "a file of the default name was replaced"
"$weft" run cloth_on_a_sphere-saved-2.toml --frames 1 --cpu >/dev/null ||
  fail "the scene saved under the default name does not run"
echo "the knife cut $cut links ($torn torn); the saved scene holds the pins made by hand"
