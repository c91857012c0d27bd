#!/bin/sh
# Checks clrun --compare's failure report: runs explain/explain.cl on PoCL, plants a
# difference at element 5 of the output buffer and expects the kernel name, the work-item
# (linear 5 = global id 8 with offset 3) and each buffer's inputs and results for it; then
# plants a second difference in another buffer and expects both reported.
# usage: explain_test.sh CLRUN DIR_OF_THIS_SCRIPT WORKDIR POCL_ICD
set -u
clrun=$1 dir=$2 work=$3 pocl=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
cl=$dir/explain/explain.cl
OCL_ICD_VENDORS=$pocl "$clrun" "$cl" "$work/ref.bin" || { echo "FAIL: PoCL run"; exit 1; }
cp "$work/ref.bin" "$work/got.bin"
# dump = a (16 ints) | b (32 shorts) | o (16 ints); o[5] starts at 64 + 64 + 20
printf '\377' | dd of="$work/got.bin" bs=1 seek=148 conv=notrunc 2>/dev/null
if "$clrun" --compare "$cl" "$work/ref.bin" "$work/got.bin" 2>"$work/msg"; then
  echo "FAIL: the planted difference was not reported"; exit 1
fi
cat "$work/msg"
for want in "buffer 'o' (int) first differs at element 5: reference 17, got 255" \
            "kernel: twice" "work-item: linear 5, global id (8,0,0)" \
            "a (int, fill iota) elements 5..5:" "[5] input 5  reference 5  got 5" \
            "b (short, fill const(7)) elements 10..11:" "[11] input 7  reference 7  got 7" \
            "[5] input 0  reference 17  got 255  <-- differs"; do
  grep -qF "$want" "$work/msg" || { echo "FAIL: report lacks: $want"; exit 1; }
done
# a file of many kernels: every differing buffer gets its line (only the first is explained),
# so one run names every failing kernel; here a[3] (bytes 12..15) and o[5] both differ
cp "$work/got.bin" "$work/got2.bin"
printf '\377' | dd of="$work/got2.bin" bs=1 seek=12 conv=notrunc 2>/dev/null
"$clrun" --compare "$cl" "$work/ref.bin" "$work/got2.bin" 2>"$work/msg2" &&
  { echo "FAIL: the planted differences were not reported"; exit 1; }
for want in "buffer 'a' (int) first differs at element 3: reference 3, got 255" \
            "buffer 'o' (int) first differs at element 5: reference 17, got 255"; do
  grep -qF "$want" "$work/msg2" || { cat "$work/msg2"; echo "FAIL: report lacks: $want"; exit 1; }
done
# "// SOURCE: NAME" builds NAME beside the file: explain.cl's kernels under the variant's RUN
# lines give explain.cl's dump; a name that is not there fails clearly, before any run
{ echo "// SOURCE: $(realpath --relative-to="$work" "$cl")"; grep '^// [R+]' "$cl"; } > "$work/variant.cl"
OCL_ICD_VENDORS=$pocl "$clrun" "$work/variant.cl" "$work/variant.bin" ||
  { echo "FAIL: the // SOURCE: variant did not run"; exit 1; }
cmp -s "$work/ref.bin" "$work/variant.bin" || { echo "FAIL: the // SOURCE: variant's dump differs"; exit 1; }
printf '// SOURCE: missing.cl\n// RUN: kernel=k global=1 args=o:buf:int:1:zero\n' > "$work/nosrc.cl"
OCL_ICD_VENDORS=$pocl "$clrun" "$work/nosrc.cl" "$work/nosrc.bin" 2>"$work/msg3" &&
  { echo "FAIL: a // SOURCE: naming a missing file ran"; exit 1; }
grep -qF "clrun: cannot open $work/missing.cl" "$work/msg3" ||
  { cat "$work/msg3"; echo "FAIL: no clear error for a missing // SOURCE: file"; exit 1; }
echo "PASS"
