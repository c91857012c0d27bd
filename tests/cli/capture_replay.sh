#!/bin/sh
# capture_replay.sh WAVESIM WORKDIR IMAGE_APP DOT_APP DOT_IL DOT_WIDTHS: captures a program
# with image arguments (image_blur) and one built from SPIR-V with specialization
# constants (tests/api/int_dot_bits), then replays every launch on another preset
# (wave64) and expects each to end with the captured outputs.
set -u
wavesim=$1 work=$2 image_app=$3 dot_app=$4 dot_il=$5 dot_widths=$6
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$wavesim" run --quiet --db none --capture img -- "$image_app" > /dev/null || { echo "FAIL: image_blur"; exit 1; }
"$wavesim" run --quiet --db none --capture il -- "$dot_app" wavesim "$dot_il" "$dot_widths" > /dev/null ||
  { echo "FAIL: int_dot_bits"; exit 1; }
grep -q '^arg 0 image ' img/launch-0001/capture.txt || { echo "FAIL: no image argument captured"; exit 1; }
n=0
for l in img/launch-* $(grep -l '^program il ' il/*/capture.txt | xargs -n1 dirname); do
  out=$("$wavesim" replay "$l" --config gcn --db none --quiet) ||
    { echo "FAIL: replay of $l: $out"; exit 1; }
  echo "$out" | grep -q "equal the captured run's" || { echo "FAIL: $l: $out"; exit 1; }
  n=$((n + 1))
done
[ "$n" -ge 5 ] || { echo "FAIL: only $n launches replayed"; exit 1; }
echo "PASS: $n launches replayed on gcn"
