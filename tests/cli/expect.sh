#!/usr/bin/env bash
# Runs a command and checks its exit code and output: the command-line tests of ctest.
#   expect.sh CODE REGEX [--absent PATH]... -- COMMAND [ARGS...]
# CODE: the exit code expected. REGEX: an extended regular expression that stdout and stderr
# together must match (CMake splits arguments at semicolons: write . for ;). --absent PATH: a path that must not exist afterwards (no partial output).
set -uo pipefail
expected_code=$1
pattern=$2
shift 2
absent=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --absent) absent+=("$2"); rm -rf "$2"; shift 2 ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
shift  # --
output=$("$@" 2>&1)
code=$?
echo "$output"
status=0
if [ "$code" -ne "$expected_code" ]; then
  echo "FAIL: exit code $code, expected $expected_code" >&2
  status=1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then
  echo "FAIL: output does not match: $pattern" >&2
  status=1
fi
for path in "${absent[@]}"; do
  if [ -e "$path" ]; then
    echo "FAIL: $path exists; nothing should have been written" >&2
    status=1
  fi
done
exit $status
