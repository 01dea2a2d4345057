#!/usr/bin/env bash
# Runs a command and checks both its exit status and its output (stdout and stderr together):
#   expect_run.sh EXIT_STATUS REGEX command [args...]
# ctest's PASS_REGULAR_EXPRESSION alone would ignore the exit status.
set -u
expected_status=$1
pattern=$2
shift 2
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output"
if [ "$status" -ne "$expected_status" ]; then
  echo "expect_run: exit status $status, expected $expected_status" >&2
  exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq -- "$pattern"; then
  echo "expect_run: output does not match /$pattern/" >&2
  exit 1
fi
