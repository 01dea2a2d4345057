#!/usr/bin/env bash
# The viewer's recording key, scripted: frames 5 to 24 recorded, then ffprobe counts them. The
# window is 321 pixels wide: the video keeps an even 320.
#   viewer_video_check.sh VIRTUAL_DISPLAY WEFT SCENES_DIR WORK_DIR
# Exits 77 (ctest: skipped) when ffmpeg or ffprobe is not installed.
set -euo pipefail
virtual_display=$1
weft=$2
scenes=$3
work=$4
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "SKIPPED: ffmpeg is not installed (apt-get install ffmpeg)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
output=$("$virtual_display" "$weft" view "$scenes/glut_cloth.toml" --size 321x200 --validation \
  --frames 40 --script "5 key record; 25 key record" 2>&1) || fail "weft view failed: $output"
echo "$output"
grep -qx "video weft-recording-1.mp4: 20 frames" <<<"$output" || fail "no 20-frame video"
probe=$(ffprobe -v error -count_frames -select_streams v:0 \
  -show_entries stream=nb_read_frames,width,height -of default=noprint_wrappers=1 \
  weft-recording-1.mp4)
echo "$probe"
grep -qx "nb_read_frames=20" <<<"$probe" || fail "ffprobe counts other than 20 frames"
grep -qx "width=320" <<<"$probe" || fail "width"
[ "$(ls -A)" = "weft-recording-1.mp4" ] || fail "left behind: $(ls -A)"
echo "the recording holds the frames recorded"
