#!/usr/bin/env bash
# SIGINT and SIGTERM in the middle of `weft run --export`: weft stops after the frames under way,
# prints the summary of the frames done, exits with 128 + the signal, and leaves only complete
# exports (no hidden temporary file). A second signal stops it at once, just as clean.
#   interrupt.sh WEFT WORK_DIR
set -uo pipefail
weft=$1
work=$2
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}

# 64 x 64 cloth: each OBJ holds a comment, 4096 v, 4096 vt, 4096 vn and 2 x 63 x 63 f lines.
expected_lines=$((1 + 4096 + 4096 + 4096 + 2 * 63 * 63))

check_run() {  # NAME SIGNALS EXPECTED_CODE
  local name=$1 signals=$2 expected=$3
  rm -rf "$work"
  mkdir -p "$work"
  "$weft" run --cpu --columns 64 --rows 64 --frames 1000000 --export "$work/out" --quiet \
    >"$work/log" 2>&1 &
  local pid=$!
  # Wait until frames are being written, then signal (up to a minute: a sanitized build on a
  # busy machine takes seconds per frame).
  for _ in $(seq 1200); do
    [ "$(ls "$work/out" 2>/dev/null | wc -l)" -ge 3 ] && break
    sleep 0.05
  done
  for signal in $signals; do
    kill -s "$signal" "$pid"
    sleep 0.02
  done
  for _ in $(seq 1200); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -s KILL "$pid"
    fail "$name: still running a minute after the signal"
  fi
  wait "$pid"
  local code=$?
  [ "$code" -eq "$expected" ] || fail "$name: exit $code, expected $expected: $(tail -3 "$work/log")"
  local hidden
  hidden=$(cd "$work/out" && ls -A | grep '^\.')
  [ -z "$hidden" ] || fail "$name: hidden files left: $hidden"
  local files
  files=$(ls "$work/out" | wc -l)
  [ "$files" -ge 3 ] || fail "$name: only $files exports"
  for file in "$work"/out/*.obj; do
    [ "$(wc -l <"$file")" -eq "$expected_lines" ] || fail "$name: $file is incomplete"
  done
  echo "$name: exit $code, $files complete exports"
}

check_run "SIGINT" INT 130
grep -q "^blow-up: *none" "$work/log" || fail "SIGINT: no summary: $(cat "$work/log")"
grep -q "interrupted by SIGINT after [0-9]* of 1000000 frames" "$work/log" ||
  fail "SIGINT: no word of the interruption: $(cat "$work/log")"
check_run "SIGTERM" TERM 143
grep -q "^blow-up: *none" "$work/log" || fail "SIGTERM: no summary: $(cat "$work/log")"
check_run "SIGINT twice" "INT INT" 130
rm -rf "$work"
exit $status
