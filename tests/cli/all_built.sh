#!/usr/bin/env bash
# Fails, naming them, when programs listed in a file (one path per line) were not built.
set -u
missing=0
while IFS= read -r program; do
  [ -z "$program" ] && continue
  if [ ! -x "$program" ]; then
    echo "not built: $program"
    missing=$((missing + 1))
  fi
done <"$1"
count=$(grep -c . "$1")
[ "$missing" -eq 0 ] || { echo "$missing of $count test programs were not built"; exit 1; }
echo "all $count test programs were built"
