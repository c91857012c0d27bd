#!/bin/sh
# validation/data/measure_styles.sh: measures hwbench's plain-style families
# (gemm, gemv, dconv, tensor, memdep, gramschmidt; issue #23) on the
# "NVIDIA CUDA" platform at the small and medium scales, with the device and
# its clocks recorded as measure_lib.sh does, and keeps the SASS NVIDIA's
# OpenCL compiler made of each kernel file (dump_sass.sh). Everything lands in
# OUTDIR/styles.tar.xz (the device tool returns at most 8 files).
# Usage (repository root on the GPU machine): sh validation/data/measure_styles.sh OUTDIR
set -u
out=${1:-${OUT:-.}}
fams=gemm,gemv,dconv,tensor,memdep,gramschmidt
cd "$(dirname "$0")/../.." || exit 1
w=/tmp/styles
rm -rf $w && mkdir -p $w
cu=/usr/local/cuda
gcc -O2 -std=c11 validation/hwbench.c -o /tmp/hwbench -I$cu/include -L$cu/lib64 -lOpenCL -lm || exit 1
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > $w/device.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu \
  --format=csv -lms 200 > $w/clocks.csv 2>&1 &
smi=$!
for sc in small medium; do
  /tmp/hwbench --platform "NVIDIA CUDA" --scale $sc --cases $fams > $w/h100_styles_$sc.csv \
    2> $w/h100_styles_$sc.err
  echo "$sc exit $?" >> $w/status.txt
done
kill $smi
set --
for f in gemm gemv dconv tensor memdep gramschmidt; do set -- "$@" $f validation/kernels/$f.cl ""; done
sh validation/data/dump_sass.sh $w/sass "$@" 2> $w/sass.err
date -u >> $w/status.txt
cp $w/h100_styles_*.csv "$out"/
tar -C /tmp -cJf "$out/styles.tar.xz" styles
