#!/usr/bin/env bash
# `weft run --video` end to end: ffprobe counts the frames of the MP4 and finds the size asked
# for; without ffmpeg, weft says so and stops before simulating anything.
#   video_check.sh WEFT SCENES_DIR WORK_DIR
# Exits 77 (ctest: skipped) when ffmpeg or ffprobe is not installed.
set -euo pipefail
weft=$1
scenes=$2
work=$3
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "SKIPPED: ffmpeg is not installed (apt-get install ffmpeg)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# 60 frames of 1/60 s at 30 pictures per second: frames 0, 2, ..., 60 are drawn, 31 pictures.
output=$("$weft" run "$scenes/glut_cloth.toml" --gpu --frames 60 --video "$work/cloth.mp4" \
  --size 320x180 --fps 30 --validation --quiet 2>&1) || fail "weft failed: $output"
echo "$output"
grep -Eq "^video: +31 frames in " <<<"$output" || fail "weft did not report 31 frames"
probe=$(ffprobe -v error -count_frames -select_streams v:0 \
  -show_entries stream=nb_read_frames,width,height -of default=noprint_wrappers=1 "$work/cloth.mp4")
echo "$probe"
grep -qx "nb_read_frames=31" <<<"$probe" || fail "ffprobe counts other than 31 frames"
grep -qx "width=320" <<<"$probe" || fail "width"
grep -qx "height=180" <<<"$probe" || fail "height"
# Nothing but the video is left in the directory (no temporary file, no ffmpeg log).
[ "$(ls -A "$work")" = "cloth.mp4" ] || fail "left behind: $(ls -A "$work")"

# The CPU reference's run drawn through Vulkan: the same pictures, framed by a first CPU run.
output=$("$weft" run "$scenes/glut_cloth.toml" --cpu --frames 60 --video "$work/cpu.mp4" \
  --size 320x180 --fps 30 --validation --quiet 2>&1) || fail "weft --cpu failed: $output"
grep -Eq "^solver: +CPU reference" <<<"$output" || fail "--cpu did not run the CPU reference"
grep -Eq "^video: +31 frames in " <<<"$output" || fail "weft --cpu did not report 31 frames"
probe=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
  -of default=noprint_wrappers=1 "$work/cpu.mp4")
grep -qx "nb_read_frames=31" <<<"$probe" || fail "ffprobe counts other than 31 frames (--cpu)"
rm "$work/cpu.mp4"

# No ffmpeg on PATH: a clear message, a non-zero exit, and no run (no summary, no file).
code=0
output=$(PATH=/nonexistent "$weft" run "$scenes/glut_cloth.toml" --frames 60 \
  --video "$work/none.mp4" 2>&1) || code=$?
echo "$output"
[ "$code" -ne 0 ] || fail "weft exited 0 without ffmpeg"
grep -Eq "^weft: a video needs ffmpeg" <<<"$output" || fail "no message about ffmpeg"
if grep -q "^scene:" <<<"$output"; then fail "the run went ahead without ffmpeg"; fi
[ ! -e "$work/none.mp4" ] || fail "a video was written without ffmpeg"

# An odd size is refused before the run.
code=0
output=$("$weft" run "$scenes/glut_cloth.toml" --video "$work/odd.mp4" --size 321x180 2>&1) ||
  code=$?
[ "$code" -eq 2 ] || fail "odd size: exit $code"
grep -q "even" <<<"$output" || fail "odd size: $output"
echo "videos counted by ffprobe"
