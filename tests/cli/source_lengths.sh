#!/bin/sh
# Every source file stays readable top to bottom: none is over 500 lines; and the README, a
# user's first page, stays under 200 (what goes deeper lives in docs/). Usage: source_lengths.sh ROOT
set -eu
root=$1
long=$(find "$root/engine" "$root/sim" "$root/app" "$root/shaders" "$root/tests" "$root/lib" \
  "$root/include" "$root/python" "$root/examples" \
  \( -name '*.cpp' -o -name '*.h' -o -name '*.comp' -o -name '*.glsl' -o -name '*.vert' \
  -o -name '*.frag' \) -type f -exec awk 'END { if (NR > 500) print FILENAME ": " NR " lines" }' {} \;)
if [ -n "$long" ]; then
  echo "source files over 500 lines (split them by concept):"
  echo "$long"
  exit 1
fi
readme=$(wc -l <"$root/README.md")
if [ "$readme" -ge 200 ]; then
  echo "README.md has $readme lines: keep it under 200, and move the details to docs/"
  exit 1
fi
echo "every source file is 500 lines or fewer, and README.md $readme lines"
