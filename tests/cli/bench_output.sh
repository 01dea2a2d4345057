#!/usr/bin/env bash
# `weft bench --output FILE` writes its report whole or not at all (docs/security.md): a bench
# stopped by SIGTERM or SIGINT leaves an earlier report as it was, and nothing else; a link
# planted at FILE is replaced by the report, never followed.
#   bench_output.sh WEFT WORK_DIR
set -uo pipefail
weft=$1
work=$2
status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

# Long enough to be stopped in the middle of its measurements.
long=(bench --grid 128x128 --frames 100000 --format json --output report.json)
for signal in TERM INT; do
  echo "the report of an earlier bench" >report.json
  "$weft" "${long[@]}" >bench.log 2>&1 &
  pid=$!
  sleep 1.5
  kill -s "$signal" "$pid"
  wait "$pid"
  code=$?
  expected=$([ "$signal" = TERM ] && echo 143 || echo 130)
  [ "$code" -eq "$expected" ] || fail "SIG$signal: exit $code, expected $expected: $(cat bench.log)"
  [ "$(cat report.json)" = "the report of an earlier bench" ] ||
    fail "SIG$signal: the earlier report was changed"
  [ -z "$(ls -A | grep '^\.')" ] || fail "SIG$signal: left $(ls -A)"
  echo "SIG$signal: exit $code, the earlier report kept"
done

echo "precious" >victim
rm -f report.json
ln -s victim report.json
"$weft" bench --grid 8x8 --frames 2 --warmup 1 --copy-mib 1 --format json --output report.json \
  >bench.log 2>&1 || fail "a short bench failed: $(cat bench.log)"
[ "$(cat victim)" = "precious" ] || fail "the report went through the planted link"
[ -f report.json ] && [ ! -L report.json ] || fail "the report is not a regular file"
grep -q '"grids"' report.json || fail "the report: $(head -c 200 report.json)"
echo "planted link: replaced, not followed"

cd / && rm -rf "$work"
exit $status
