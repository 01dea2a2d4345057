#!/usr/bin/env bash
# Table-driven command-line cases: every line of a case file is one run of weft,
#
#   CODE  REGEX  [--not REGEX]  [--absent PATH]...  [NAME=VALUE | limit-as=KIB | limit-fsize=KIB]...
#         ARGUMENTS...
#
# split into words as the shell splits them (quote a regex or an argument that holds spaces).
# CODE is the exit code expected; REGEX an extended regular expression that stdout and stderr
# together must match, and the --not one an expression they must not match; each --absent PATH
# must not exist afterwards. NAME=VALUE sets an
# environment variable for the run; limit-as=KIB runs weft under `ulimit -v KIB` (its address
# space), limit-fsize=KIB under `ulimit -f KIB` (the largest file it may write). In arguments, @SCENES@ is scenes/, @DATA@ tests/data/ and @WORK@ a folder
# emptied before each case. After a case that exits 2 (refused before any work), @WORK@ must
# still be empty. No case may leave a hidden temporary file (.*.tmp) in @WORK@.
# Blank lines and lines starting with # are comments. A case still running after
# $WEFT_CASE_SECONDS (default 120: a case that should refuse at once ends in well under a
# second, one that simulates instead runs for minutes) seconds is stopped and fails.
#
#   cases.sh WEFT CASE_FILE WORK_DIR [SOURCE_DIR]
set -uo pipefail
weft=$1
cases=$2
work=$3
source_dir=${4:-$(cd "$(dirname "$0")/../.." && pwd)}
scenes="$source_dir/scenes"
data="$source_dir/tests/data"

case_seconds=${WEFT_CASE_SECONDS:-120}
failures=0
count=0
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in '' | '#'*) continue ;; esac
  count=$((count + 1))
  line=${line//@SCENES@/$scenes}
  line=${line//@DATA@/$data}
  line=${line//@WORK@/$work}
  eval "set -- $line"
  expected=$1
  pattern=$2
  shift 2
  refused_pattern=""
  if [ "${1:-}" = "--not" ]; then
    refused_pattern=$2
    shift 2
  fi
  absent=()
  while [ "${1:-}" = "--absent" ]; do
    absent+=("$2")
    shift 2
  done
  environment=()
  address_space=unlimited
  file_size=unlimited
  while :; do
    if [[ "${1:-}" =~ ^[A-Z_][A-Z0-9_]*= ]]; then
      environment+=("$1")
    elif [[ "${1:-}" =~ ^limit-as=([0-9]+)$ ]]; then
      address_space=${BASH_REMATCH[1]}
    elif [[ "${1:-}" =~ ^limit-fsize=([0-9]+)$ ]]; then
      file_size=${BASH_REMATCH[1]}
    else
      break
    fi
    shift
  done
  rm -rf "$work"
  mkdir -p "$work"
  # A case that should be refused at once but simulates instead ends here, named.
  output=$(ulimit -v "$address_space" && ulimit -f "$file_size" &&
    timeout --kill-after=5 "$case_seconds" env "${environment[@]}" "$weft" "$@" 2>&1 </dev/null)
  code=$?
  problems=()
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    problems+=("still running after $case_seconds s: stopped")
  elif [ "$code" -ne "$expected" ]; then
    problems+=("exit code $code, expected $expected")
  fi
  grep -Eq -- "$pattern" <<<"$output" || problems+=("output does not match: $pattern")
  if [ -n "$refused_pattern" ] && grep -Eq -- "$refused_pattern" <<<"$output"; then
    problems+=("output matches what it must not: $refused_pattern")
  fi
  if [ "$expected" -eq 2 ]; then
    left=$(cd "$work" && find . -mindepth 1 | head -5)
    [ -z "$left" ] || problems+=("refused, yet it wrote: $left")
  fi
  for path in "${absent[@]}"; do
    [ ! -e "$path" ] || problems+=("$path exists; it should not")
  done
  temporary=$(find "$work" -name '.*.tmp*' | head -5)
  [ -z "$temporary" ] || problems+=("temporary files left behind: $temporary")
  if [ ${#problems[@]} -eq 0 ]; then
    echo "ok   $*"
  else
    failures=$((failures + 1))
    echo "FAIL weft $*"
    for problem in "${problems[@]}"; do echo "     $problem"; done
    echo "$output" | head -20 | sed 's/^/     | /'
  fi
done <"$cases"
rm -rf "$work"
if [ "$count" -eq 0 ]; then
  echo "FAIL: $cases holds no case"
  exit 1
fi
echo "$((count - failures)) of $count cases passed"
[ "$failures" -eq 0 ]
