#!/bin/sh
# Runs wavesim-legal (frontend/legal/legal.c) on one case CASE.ll and checks its result:
# every "; CHECK: TEXT" line must occur in the output, no "; CHECK-NOT: TEXT" line may, the
# output must verify and translate with llvm-spirv (the point of the rewrite), and the SPIR-V
# must pass spirv-val (translated without the debug info: llvm-spirv 14 spells a
# DebugSource SPIRV-Tools rejects, which frontend/spirv/spv_module.c leaves out too). A case
# with "; ERROR: TEXT" lines must instead fail with exit 1 and print each TEXT (its
# "; SOURCE:" lines are written to input.cl first, the file the tool quotes the source line
# from), never a stack dump. The kernel facts it writes (--facts) must be exactly the
# case's "; FACT: MARKER" lines, in order (none when it has none).
# usage: legal_test.sh WAVESIM_LEGAL LLVM_AS LLVM_SPIRV CASE.ll WORKDIR OPT SPIRV_VAL
set -u
legal=$1 as=$2 spirv=$3 case=$4 work=$5 opt=$6 val=$7
rm -rf "$work" && mkdir -p "$work" || exit 1
sed -n 's|^; SOURCE: \{0,1\}||p' "$case" > "$work/input.cl"
(cd "$work" && "$legal" --facts facts "$case" out.ll) > "$work/log" 2>&1
rc=$?
cat "$work/log"
grep -q 'Stack dump' "$work/log" && { echo "FAIL: a stack dump"; exit 1; }
if grep -q '^; ERROR:' "$case"; then
  [ $rc = 1 ] || { echo "FAIL: expected exit 1 (a diagnosed construct), got $rc"; exit 1; }
  sed -n 's|^; ERROR: ||p' "$case" | while IFS= read -r want; do
    grep -qF -- "$want" "$work/log" || { echo "FAIL: message missing: $want"; exit 1; }
  done || exit 1
  echo "PASS: $case (diagnosed)"
  exit 0
fi
[ $rc = 0 ] || { echo "FAIL: wavesim-legal exit $rc on $case"; exit 1; }
sed -n 's|^; FACT: ||p' "$case" > "$work/facts.want"
tr '\0' '\n' < "$work/facts" > "$work/facts.got" || { echo "FAIL: no facts file"; exit 1; }
last=$(tail -c 1 "$work/facts" | od -An -tx1 | tr -d ' \n')
[ -z "$last" ] || [ "$last" = 00 ] || { echo "FAIL: the facts do not end with a NUL"; exit 1; }
diff "$work/facts.want" "$work/facts.got" || { echo "FAIL: the kernel facts differ (< want, > got)"; exit 1; }
sed -n 's|^; CHECK: ||p' "$case" | while IFS= read -r want; do
  grep -qF -- "$want" "$work/out.ll" || { echo "FAIL: not in the output: $want"; cat "$work/out.ll"; exit 1; }
done || exit 1
sed -n 's|^; CHECK-NOT: ||p' "$case" | while IFS= read -r bad; do
  grep -F -- "$bad" "$work/out.ll" && { echo "FAIL: still in the output: $bad"; exit 1; }
  true
done || exit 1
"$as" "$work/out.ll" -o "$work/out.bc" || { echo "FAIL: the output does not verify"; exit 1; }
# a "; SPIRV-EXT: +EXT,..." line: the extensions clc.c gives llvm-spirv that the output needs
ext=$(sed -n 's|^; SPIRV-EXT: ||p' "$case" | head -n 1)
"$spirv" --spirv-max-version=1.2 ${ext:+--spirv-ext=$ext} "$work/out.bc" -o "$work/out.spv" > "$work/spirv.log" 2>&1 ||
  { head -5 "$work/spirv.log"; echo "FAIL: llvm-spirv cannot translate the output"; exit 1; }
"$opt" -strip-debug "$work/out.bc" -o "$work/nodbg.bc" || { echo "FAIL: opt -strip-debug"; exit 1; }
"$spirv" --spirv-max-version=1.2 ${ext:+--spirv-ext=$ext} "$work/nodbg.bc" -o "$work/nodbg.spv" > "$work/spirv.log" 2>&1 ||
  { head -5 "$work/spirv.log"; echo "FAIL: llvm-spirv cannot translate the output"; exit 1; }
"$val" --target-env opencl2.2 "$work/nodbg.spv" || { echo "FAIL: spirv-val rejects the SPIR-V"; exit 1; }
echo "PASS: $case"
