#!/usr/bin/env bash
# A SPIR-V file in WEFT_SHADER_DIR cut at half its size (its magic number intact) is refused
# with its path and exit 1 before any driver sees it; it used to crash inside the driver. The
# shaders are the build's own (glslc -mfmt=c arrays, turned back into .spv files).
#   truncated_shader.sh WEFT SPIRV_INC_DIR WORK_DIR
set -uo pipefail
weft=$1
includes=$2
work=$3
rm -rf "$work"
mkdir -p "$work/spirv"
python3 - "$includes" "$work/spirv" <<'PYTHON' || { echo "FAIL: no SPIR-V in $includes"; exit 1; }
import pathlib, re, struct, sys
source, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
files = sorted(source.glob("*.inc"))
if not files:
    sys.exit(1)
for inc in files:
    words = [int(w, 16) for w in re.findall(r"0x[0-9a-fA-F]+", inc.read_text())]
    (target / (inc.stem + ".spv")).write_bytes(struct.pack("<%dI" % len(words), *words))
PYTHON
status=0
# cloth.vert cut at half crashed the driver when drawn; integrate.comp failed inside it.
for shader in cloth.vert integrate.comp; do
  rm -rf "$work/cut"
  cp -r "$work/spirv" "$work/cut"
  file="$work/cut/$shader.spv"
  truncate -s $(($(stat -c %s "$file") / 8 * 4)) "$file"
  output=$(WEFT_SHADER_DIR="$work/cut" "$weft" run --gpu --frames 1 --columns 4 --rows 4 --quiet \
    --screenshot "$work/shot.png" 2>&1)
  code=$?
  if [ "$code" -ne 1 ] || ! grep -q "^weft: $file is not valid SPIR-V: " <<<"$output"; then
    echo "FAIL: $shader cut at half: exit $code: $output"
    status=1
  else
    echo "$shader cut at half: $(tail -1 <<<"$output")"
  fi
done
# The whole set, uncut, runs.
WEFT_SHADER_DIR="$work/spirv" "$weft" run --gpu --frames 1 --columns 4 --rows 4 --quiet \
  --screenshot "$work/shot.png" >/dev/null 2>&1 || { echo "FAIL: the uncut shaders do not run"; status=1; }
rm -rf "$work"
exit $status
