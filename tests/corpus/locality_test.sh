#!/bin/sh
# The 2D-locality scenario of the texture path: scenarios/image_locality.cl
# reads the same 256 x 256 floats in 8 x 32 work-groups from a tiled image
# and from a row-major buffer on h100 (timing mode). The image's reads must
# touch fewer L1 lines and miss fewer (measured: half of each). Cycles are
# printed, not compared: each texel is read once, so the same sectors come
# from DRAM either way and the texture pipeline's latency offsets the L1
# pipeline time saved. Model counters, not host time.
# usage: locality_test.sh WAVESIM CLRUN DIR_OF_THIS_SCRIPT WORKDIR
set -u
wavesim=$1 clrun=$2 dir=$3 work=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
"$wavesim" run --config h100 --mode timing --db "$work/s.db" -- \
  "$clrun" "$dir/scenarios/image_locality.cl" "$work/out.bin" >"$work/log" 2>&1 ||
  { cat "$work/log"; echo "FAIL: the run failed"; exit 1; }
q() { sqlite3 "$work/s.db" "SELECT $1 FROM launches WHERE kernel = '$2'"; }
img_lines=$(q "tex_hits + tex_misses" from_image)
img_miss=$(q "tex_misses" from_image)
buf_lines=$(q "l1_hits + l1_misses" from_buffer)
buf_miss=$(q "l1_misses" from_buffer)
img_cyc=$(q cycles from_image)
buf_cyc=$(q cycles from_buffer)
echo "image: $img_lines texel-line lookups, $img_miss misses, $img_cyc cycles"
echo "buffer: $buf_lines line lookups, $buf_miss misses, $buf_cyc cycles"
[ -n "$img_lines" ] && [ -n "$buf_lines" ] || { echo "FAIL: launches missing"; exit 1; }
[ "$img_miss" -lt "$buf_miss" ] || { echo "FAIL: the tiled image misses no less than the buffer"; exit 1; }
[ "$img_lines" -lt "$buf_lines" ] || { echo "FAIL: the tiled image touches no fewer lines"; exit 1; }
echo PASS
