#!/usr/bin/env bash
# What users read speaks of weft and its use only: README.md, every page under docs/ and the
# --help of weft and of each of its commands hold no word about how weft was made (work items,
# the people or tools that made it, files that are not in the repository).
#   user_text_check.sh WEFT ROOT
# ROOT: the folder holding README.md and docs/. Exits 1, naming each line, when a word is found.
set -uo pipefail
weft=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Whole words, any case.
words='issues?|tickets?|sessions?|helpers?|worktrees?|carry|carried|carrying|seed scenarios?'
words+="|machine's clock|SEEDS\\.md|DESIGN\\.md|\\.\\./shared|device-vulkan-loader"
# Exact case: the shell variable of the machines weft was measured on.
exact='\$OUT\b'

files=()
[ -f "$root/README.md" ] && files+=("$root/README.md")
while IFS= read -r -d '' page; do files+=("$page"); done < <(find "$root/docs" -name '*.md' -print0)
if [ ${#files[@]} -eq 0 ]; then
  echo "FAIL: no README.md or docs/*.md under $root" >&2
  exit 1
fi

# Every command's help: the commands are read from weft's own list, so a new one is checked too.
"$weft" --help >"$work/weft--help" 2>&1 || { echo "FAIL: weft --help failed" >&2; exit 1; }
files+=("$work/weft--help")
commands=$(sed -n '/^Subcommands:/,/^$/p' "$work/weft--help" | awk 'NR > 1 && NF { print $1 }')
[ -n "$commands" ] || { echo "FAIL: no commands found in weft --help" >&2; exit 1; }
for command in $commands; do
  "$weft" "$command" --help >"$work/weft-$command--help" 2>&1 ||
    { echo "FAIL: weft $command --help failed" >&2; exit 1; }
  files+=("$work/weft-$command--help")
done

status=0
for file in "${files[@]}"; do
  hits=$(grep -n -i -w -E "$words" "$file"; grep -n -P "$exact" "$file")
  if [ -n "$hits" ]; then
    while IFS= read -r hit; do
      echo "FAIL: $(basename "$file"):$hit" >&2
    done <<<"$hits"
    status=1
  fi
done
[ $status -eq 0 ] && echo "checked ${#files[@]} texts: README.md, docs/ and the help of weft," \
  $commands
exit $status
