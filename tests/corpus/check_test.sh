#!/bin/sh
# Correctness-check test driver: runs one planted-bug (or correct) kernel of
# tests/corpus/checks/ through `wavesim run --check VALUE` in timing and
# functional mode and compares its check reports (stderr lines starting
# "wavesim: kernel") with the file's "// EXPECT: line" lines, exactly and in
# order ("// EXPECT-FAIL": clrun must fail, as `fatal` makes it).
# usage: check_test.sh WAVESIM CLRUN FILE.cl WORKDIR
set -u
wavesim=$1 clrun=$2 file=$3 work=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
check=$(sed -n 's|^// CHECK: *||p' "$file" | head -n 1)
sed -n 's|^// EXPECT: *||p' "$file" > "$work/want.txt"
fail=0
grep -q '^// EXPECT-FAIL' "$file" && fail=1
for mode in timing functional; do
  "$wavesim" run --quiet --db none --mode "$mode" --check "$check" -- \
    "$clrun" "$file" "$work/out.bin" > "$work/out.txt" 2> "$work/err.txt"
  rc=$?
  if [ $fail = 1 ] && [ $rc = 0 ]; then echo "FAIL ($mode): the launch should have failed: $file"; exit 1; fi
  if [ $fail = 0 ] && [ $rc != 0 ]; then
    echo "FAIL ($mode): clrun exited $rc on $file"; cat "$work/err.txt"; exit 1
  fi
  grep '^wavesim: kernel' "$work/err.txt" > "$work/got.txt"
  if ! cmp -s "$work/want.txt" "$work/got.txt"; then
    echo "FAIL ($mode): reports differ on $file"
    diff "$work/want.txt" "$work/got.txt"
    exit 1
  fi
done
echo "PASS: $file"
