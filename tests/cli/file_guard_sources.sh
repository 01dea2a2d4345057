#!/usr/bin/env bash
# Every file weft opens goes through one guard (docs/security.md): outputs through
# app/export/output_file.cpp and its temporary files (app/export/temporary_file.cpp), inputs
# through app/scene/text_file.cpp. This check finds a call that opens, creates, renames or removes
# a file anywhere else in weft's sources, so that a new output or input cannot go around them.
# The few exceptions below are not user paths, and each says why.
#   file_guard_sources.sh SOURCE_DIR
set -uo pipefail
source_dir=$1
cd "$source_dir" || exit 1

# Calls that reach the file system by name.
pattern='std::(i|o)?fstream|\bfopen\(|\bfreopen\(|[^_a-zA-Z0-9.>]open\([^)]*,|\bopenat\(|\bcreat\(|O_CREAT|'
pattern+='stbi_write_(png|bmp|tga|jpg|hdr)\(|filesystem::rename|fs::rename|\brenameat2?\(|'
pattern+='[^_a-zA-Z0-9.>]rename\(|\bunlink(at)?\(|filesystem::remove|fs::remove|\bmkstemp|\btmpfile\(|'
pattern+='\blinkat\(|\bsymlink\(|\bmkdirat?\(|create_director(y|ies)\(|copy_file\(|\bchmod\('

# file: why it may
allowed=(
  "app/export/output_file.cpp: the writer every output goes through"
  "app/export/temporary_file.cpp: its temporary files"
  "app/export/interrupt.cpp: removes those temporary files when a signal ends weft at once"
  "app/scene/text_file.cpp: the reader every input goes through"
  "sim/model/host_memory.cpp: reads the machine's own /proc and cgroup files, no user's path"
  "shaders/shader_library.cpp: WEFT_SHADER_DIR, shaders a developer builds (docs/security.md)"
)

status=0
while IFS= read -r hit; do
  file=${hit%%:*}
  ok=0
  for entry in "${allowed[@]}"; do
    [ "$file" = "${entry%%:*}" ] && ok=1
  done
  if [ "$ok" -eq 0 ]; then
    echo "FAIL: $hit" >&2
    status=1
  fi
done < <(grep -rnE --include='*.cpp' --include='*.h' "$pattern" app engine sim shaders lib python examples |
  grep -vE '^[^:]+:[0-9]+: *//')

if [ "$status" -eq 0 ]; then
  echo "every file weft opens goes through the guard (or is one of ${#allowed[@]} known files)"
else
  echo "a file is opened outside the guard: go through app/export/output_file.h (outputs) or" >&2
  echo "app/scene/text_file.h (inputs), or say here why it may not" >&2
fi
exit $status
