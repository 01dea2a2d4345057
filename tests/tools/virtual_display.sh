#!/bin/sh
# Runs a command on a virtual X display of its own and exits with the command's status: what the
# viewer's tests run under. Xvfb picks a free display number itself (-displayfd), so tests that
# run in parallel cannot race for one, and nothing is left to clean up but its own folder.
# usage: virtual_display.sh COMMAND [ARGUMENTS...]
set -u
folder=$(mktemp -d) || exit 1
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$folder/display" 2>"$folder/log" &
server=$!
tries=0
until [ -s "$folder/display" ]; do
  tries=$((tries + 1))
  if [ "$tries" -gt 1200 ] || ! kill -0 "$server" 2>/dev/null; then  # a minute on a busy machine
    echo "virtual_display.sh: Xvfb did not start:" >&2
    cat "$folder/log" >&2
    kill "$server" 2>/dev/null
    rm -rf "$folder"
    exit 1
  fi
  sleep 0.05
done
DISPLAY=":$(cat "$folder/display")" "$@"
status=$?
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
rm -rf "$folder"
exit "$status"
