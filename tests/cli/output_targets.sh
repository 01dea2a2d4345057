#!/usr/bin/env bash
# Outputs that are not plain new files: `--export-csv` into a FIFO, a character device, standard
# output (as "-" and as /proc/self/fd/1), and over a symbolic link someone planted. Streams are
# written in place and stay what they were; a planted link is replaced, never followed.
#   output_targets.sh WEFT WORK_DIR
set -uo pipefail
weft=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
run=("$weft" run --cpu --frames 2 --columns 4 --rows 4 --quiet)
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}

# A FIFO: its reader gets the 17 lines (header and 16 particles), and the FIFO stays a FIFO.
mkfifo "$work/pipe"
timeout 20 cat "$work/pipe" >"$work/from_pipe" &
reader=$!
timeout 20 "${run[@]}" --export-csv "$work/pipe" >"$work/log" 2>&1 || fail "FIFO: exit $?: $(cat "$work/log")"
wait "$reader" || fail "FIFO: its reader got no end of file"
[ -p "$work/pipe" ] || fail "FIFO: $work/pipe is no longer a FIFO"
[ "$(wc -l <"$work/from_pipe")" -eq 17 ] || fail "FIFO: the reader got $(wc -l <"$work/from_pipe") lines, expected 17"

# A character device that is always full: exit 1 naming it and the reason, the device intact.
# As root, a private twin of /dev/full (major 1, minor 7) keeps the test away from the real one.
full=/dev/full
if [ "$(id -u)" -eq 0 ] && mknod "$work/full" c 1 7 2>/dev/null; then full="$work/full"; fi
output=$("${run[@]}" --export-csv "$full" 2>&1)
code=$?
[ "$code" -eq 1 ] || fail "full device: exit $code, expected 1: $output"
grep -Eq "^weft: cannot write $full: No space left on device$" <<<"$output" ||
  fail "full device: message: $output"
[ -c "$full" ] || fail "full device: $full is no longer a character device"
ls -A "$work" | grep -q '^\.' && fail "full device: hidden files left in $work: $(ls -A "$work")"

# Standard output, as "-" and as /proc/self/fd/1: the data alone on stdout, the report on stderr.
for target in - /proc/self/fd/1; do
  "${run[@]}" --export-csv "$target" >"$work/stdout" 2>"$work/stderr" || fail "$target: exit $?"
  [ "$(head -1 "$work/stdout")" = "index,x,y,z" ] || fail "$target: stdout starts: $(head -1 "$work/stdout")"
  [ "$(wc -l <"$work/stdout")" -eq 17 ] || fail "$target: stdout holds $(wc -l <"$work/stdout") lines, expected 17"
  grep -q "blow-up:" "$work/stderr" || fail "$target: the report is not on stderr"
done
[ -e "$work/-" ] && fail "a file named '-' was created"

# A symbolic link planted where the CSV goes: replaced by the CSV; what it pointed to is untouched.
echo "precious" >"$work/victim"
ln -s "$work/victim" "$work/final.csv"
"${run[@]}" --export-csv "$work/final.csv" >/dev/null 2>&1 || fail "planted link: exit $?"
[ "$(cat "$work/victim")" = "precious" ] || fail "planted link: the file it pointed to was written"
[ -f "$work/final.csv" ] && [ ! -L "$work/final.csv" ] || fail "planted link: final.csv is not a regular file"

rm -rf "$work"
[ $status -eq 0 ] && echo "FIFO, full device, standard output and planted link: as expected"
exit $status
