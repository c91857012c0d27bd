#!/bin/sh
# printf corpus driver: runs a printf kernel with clrun on PoCL and on wavesim
# (timing wave32, functional wave64) and compares stdout. PoCL may interleave
# work-items, so the rule is: the sorted lines must be equal, and wavesim's
# own output must already be grouped by work-item in global-id order (every
# line starts "wi N:"; a stable numeric sort on N leaves it unchanged).
# usage: printf_test.sh CLRUN FILE.cl WORKDIR WAVESIM_VENDORS POCL_ICD
set -u
clrun=$1 file=$2 work=$3 vendors=$4 pocl=$5
rm -rf "$work" && mkdir -p "$work" || exit 1
OCL_ICD_VENDORS=$pocl "$clrun" "$file" "$work/ref.bin" >"$work/ref.txt" ||
  { echo "FAIL: PoCL run of $file"; exit 1; }
[ -s "$work/ref.txt" ] || { echo "FAIL: PoCL printed nothing for $file"; exit 1; }
LC_ALL=C sort "$work/ref.txt" >"$work/ref.sorted"
for run in timing:default functional:gcn; do
  mode=${run%%:*} cfg=${run#*:}
  OCL_ICD_VENDORS=$vendors WAVESIM_MODE=$mode WAVESIM_CONFIG=$cfg WAVESIM_DB=none \
    "$clrun" "$file" "$work/$mode.bin" >"$work/$mode.txt" ||
    { echo "FAIL: wavesim ($mode, $cfg) run of $file"; exit 1; }
  "$clrun" --compare "$file" "$work/ref.bin" "$work/$mode.bin" ||
    { echo "FAIL: wavesim ($mode, $cfg) buffers differ from PoCL on $file"; exit 1; }
  LC_ALL=C sort "$work/$mode.txt" | diff "$work/ref.sorted" - ||
    { echo "FAIL: wavesim ($mode, $cfg) stdout differs from PoCL on $file"; exit 1; }
  LC_ALL=C sort -s -n -k2,2 "$work/$mode.txt" | diff "$work/$mode.txt" - ||
    { echo "FAIL: wavesim ($mode, $cfg) stdout not grouped by work-item on $file"; exit 1; }
done
echo "PASS: $file"
