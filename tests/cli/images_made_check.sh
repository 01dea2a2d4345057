#!/usr/bin/env bash
# Every picture README.md and docs/ show is in docs/images/ and made by tools/make_images.sh, so
# that none of them can go stale unnoticed: running the script remakes them all.
#   images_made_check.sh ROOT
# ROOT: the folder holding README.md, docs/ and tools/. Exits 1, naming each picture, when one
# is missing or not made by the script.
set -uo pipefail
root=$1
script="$root/tools/make_images.sh"
[ -f "$script" ] || { echo "FAIL: no $script" >&2; exit 1; }
pages=("$root/README.md")
while IFS= read -r -d '' page; do pages+=("$page"); done < <(find "$root/docs" -name '*.md' -print0)
# Markdown images: ![text](docs/images/NAME) in README.md, ![text](images/NAME) under docs/.
pictures=$(grep -ohE '!\[[^]]*\]\(((docs/)?images/[^)]+)\)' "${pages[@]}" |
  sed -E 's/.*\((docs\/)?images\/([^)]+)\)$/\2/' | sort -u)
[ -n "$pictures" ] || { echo "FAIL: README.md and docs/ show no pictures" >&2; exit 1; }
status=0
for picture in $pictures; do
  if [ ! -f "$root/docs/images/$picture" ]; then
    echo "FAIL: $picture is shown but not in docs/images/" >&2
    status=1
  fi
  if ! grep -qF "$picture" "$script"; then
    echo "FAIL: $picture is shown but tools/make_images.sh does not make it" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "every picture shown is made by tools/make_images.sh:" $pictures
exit $status
