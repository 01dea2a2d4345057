#!/usr/bin/env bash
# `weft run --video` writes through weft's own temporary file (docs/security.md):
#   - links planted at predictable names beside the target receive nothing: the temporary file
#     has a random name, created exclusively, and ffmpeg writes it through a descriptor weft hands
#     it (its command line holds no path);
#   - a folder named like one of ffmpeg's protocols ("pipe:1", "file:sub") is a folder;
#   - two Ctrl-C in a row leave no temporary file and no ffmpeg;
#   - SIGKILL leaves no ffmpeg running, and the next weft in that folder removes the temporary
#     file it left.
#   video_guard.sh WEFT SCENES_DIR WORK_DIR
# Exits 77 (ctest: skipped) when ffmpeg or ffprobe is not installed.
set -uo pipefail
weft=$1
scenes=$2
work=$3
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "SKIPPED: ffmpeg is not installed (apt-get install ffmpeg)"
  exit 77
fi
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
rm -rf "$work"
mkdir -p "$work/v"
cd "$work" || exit 1
scene=$scenes/glut_cloth.toml
# A chosen camera: without one, weft simulates the whole run once to frame it before ffmpeg
# starts, and the signals below would arrive before there is a video to guard.
video=(--size 160x96 --quiet --camera eye=0,1,3 target=0,0,0)

# True while process $1 runs (a zombie no parent reaps has ended).
running() {
  local state
  state=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
  [[ $state != Z* ]]
}

# The ffmpeg that weft (process $1) started, once it is there.
ffmpeg_of() {
  local child=""
  for _ in $(seq 200); do
    child=$(pgrep -P "$1" ffmpeg) && break
    sleep 0.05
  done
  echo "$child"
}

# 1. Links planted at the names a predictable scheme would give this very process.
echo "precious video" >victim.mp4
echo "precious log" >victim.log
mkfifo gate
(
  read -r _ <gate
  exec "$weft" run "$scene" --frames 30 --video v/x.mp4 "${video[@]}"
) >planted.log 2>&1 &
pid=$!
ln -s ../victim.mp4 "v/.x.mp4.tmp-$pid.mp4"
ln -s ../victim.log "v/.x.mp4.tmp-$pid.log"
echo go >gate
wait "$pid" || fail "planted links: weft failed: $(cat planted.log)"
[ "$(cat victim.mp4)" = "precious video" ] || fail "a planted link received the video"
[ "$(cat victim.log)" = "precious log" ] || fail "a planted link received ffmpeg's messages"
[ -f v/x.mp4 ] && [ ! -L v/x.mp4 ] || fail "the video is not a regular file"
rm -f "v/.x.mp4.tmp-$pid.mp4" "v/.x.mp4.tmp-$pid.log"
[ -z "$(ls -A v | grep '^\.')" ] || fail "left in the folder: $(ls -A v)"
echo "planted links: untouched"

# 2. While it runs: the temporary file's name, and ffmpeg's command line. (A 192 x 192 cloth, so
# that the frames under way when the first signal comes are still under way at the second.)
"$weft" run --columns 192 --rows 192 --frames 100000 --video v/y.mp4 "${video[@]}" \
  >running.log 2>&1 &
pid=$!
ffmpeg=$(ffmpeg_of "$pid")
[ -n "$ffmpeg" ] || fail "no ffmpeg started"
sleep 0.3
hidden=$(ls -A v | grep '^\.')
[[ $hidden =~ ^\.y\.mp4\.weft-$pid-[0-9a-f]{16}\.tmp$ ]] || fail "temporary file: '$hidden'"
arguments=$(tr '\0' ' ' <"/proc/$ffmpeg/cmdline")
[[ $arguments == *" /proc/self/fd/3 " ]] || fail "ffmpeg's output: $arguments"
[[ $arguments != *"$work"* && $arguments != *"v/"* ]] || fail "ffmpeg was given a path: $arguments"
# 3. Two Ctrl-C in a row (apart enough for each to be delivered on its own).
kill -s INT "$pid"
sleep 0.02
kill -s INT "$pid"
wait "$pid"
code=$?
[ "$code" -eq 130 ] || fail "two SIGINT: exit $code, expected 130: $(tail -3 running.log)"
grep -q "stopped at once by SIGINT" running.log ||
  fail "the second SIGINT did not stop weft at once: $(tail -3 running.log)"
sleep 0.2
if running "$ffmpeg"; then fail "ffmpeg still runs after two SIGINT"; fi
[ -z "$(ls -A v | grep '^\.')" ] || fail "left after two SIGINT: $(ls -A v)"
echo "two SIGINT: exit $code, nothing left"

# 4. SIGKILL: ffmpeg goes with weft; the temporary file stays until the next weft writes there.
"$weft" run "$scene" --frames 100000 --video v/z.mp4 "${video[@]}" >killed.log 2>&1 &
pid=$!
ffmpeg=$(ffmpeg_of "$pid")
sleep 0.3
kill -s KILL "$pid"
wait "$pid" 2>/dev/null
for _ in $(seq 40); do
  running "$ffmpeg" || break
  sleep 0.05
done
if running "$ffmpeg"; then fail "ffmpeg still runs 2 s after weft was killed"; fi
[ -n "$(ls -A v | grep "^\.z\.mp4\.weft-$pid-")" ] || fail "SIGKILL left no temporary file?"
"$weft" run --cpu --columns 4 --rows 4 --frames 1 --quiet --export-csv v/after.csv >/dev/null ||
  fail "the run after SIGKILL failed"
[ -z "$(ls -A v | grep '^\.')" ] || fail "left after SIGKILL and a later run: $(ls -A v)"
echo "SIGKILL: ffmpeg ended, the next run removed the temporary file"

# 5. Folders named like ffmpeg's protocols are folders.
for folder in "pipe:1" "file:sub"; do
  mkdir -p "$folder"
  "$weft" run "$scene" --frames 30 --video "$folder/x.mp4" "${video[@]}" >protocol.log 2>&1 ||
    fail "$folder: weft failed: $(cat protocol.log)"
  frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries \
    stream=nb_read_frames -of default=noprint_wrappers=1:nokey=1 "file:$PWD/$folder/x.mp4")
  [ "$frames" = "16" ] || fail "$folder/x.mp4: $frames frames, expected 16"
  [ "$(ls -A "$folder")" = "x.mp4" ] || fail "left in $folder: $(ls -A "$folder")"
done
echo "protocol-like folders: a video each"

cd / && rm -rf "$work"
exit $status
