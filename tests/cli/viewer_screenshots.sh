#!/usr/bin/env bash
# The viewer's screenshots (the P key, `screenshot FILE` in a script) go through weft's one writer
# (docs/security.md): a numbered name skips every name in use, an earlier run's file and a planted
# link alike, and never writes through a link; a full device is an error that names the file, and
# the viewer then exits with 1.
#   viewer_screenshots.sh VIRTUAL_DISPLAY WEFT WORK_DIR
set -uo pipefail
display=$1
weft=$2
work=$3
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
rm -rf "$work"
mkdir -p "$work/shots"
cd "$work/shots" || exit 1
echo "an earlier run's" >weft-screenshot-1.png
echo "precious" >../victim
ln -s ../victim weft-screenshot-2.png
output=$("$display" "$weft" view --grid 8x8 --size 320x200 --hide-panel --frames 12 \
  --script "2 key screenshot; 4 screenshot /dev/full; 6 key screenshot" 2>&1)
code=$?
echo "$output"
[ "$code" -eq 1 ] || fail "exit $code, expected 1 (a screenshot was not written)"
grep -q "cannot write /dev/full: No space left on device" <<<"$output" || fail "no word of /dev/full"
grep -q "^screenshot: weft-screenshot-3.png$" <<<"$output" || fail "the first went elsewhere"
grep -q "^screenshot: weft-screenshot-4.png$" <<<"$output" || fail "the second went elsewhere"
[ "$(cat weft-screenshot-1.png)" = "an earlier run's" ] || fail "an earlier screenshot was replaced"
[ "$(cat ../victim)" = "precious" ] || fail "a screenshot went through a planted link"
for n in 3 4; do
  [ "$(head -c 8 weft-screenshot-$n.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
    fail "weft-screenshot-$n.png is not a PNG"
done
[ -z "$(ls -A | grep '^\.')" ] || fail "left: $(ls -A)"
cd / && rm -rf "$work"
exit $status
