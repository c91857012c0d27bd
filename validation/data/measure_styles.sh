#!/bin/sh
# validation/data/measure_styles.sh: measures hwbench's plain-style families
# (gemm, gemv, dconv, tensor, memdep, gramschmidt; issue #23) on the
# "NVIDIA CUDA" platform at the small and medium scales, with the device and
# its clocks recorded as measure_lib.sh does, and keeps the SASS NVIDIA's
# OpenCL compiler made of each kernel file (dump_sass.sh). Everything lands in
# OUTDIR/styles.tar.xz (the device tool returns at most 8 files).
# Usage (repository root on the GPU machine): sh validation/data/measure_styles.sh OUTDIR
# FAMS and SCALES override the families and scales (the probes that followed:
# FAMS=stchain,linestream SCALES=small TAG=probes).
set -u
out=${1:-${OUT:-.}}
fams=${FAMS:-gemm,gemv,dconv,tensor,memdep,gramschmidt}
scales=${SCALES:-small medium}
tag=${TAG:-styles}
cd "$(dirname "$0")/../.." || exit 1
w=/tmp/styles
rm -rf $w && mkdir -p $w
cu=/usr/local/cuda
gcc -O2 -std=c11 validation/hwbench.c -o /tmp/hwbench -I$cu/include -L$cu/lib64 -lOpenCL -lm || exit 1
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > $w/device.txt 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu \
  --format=csv -lms 200 > $w/clocks.csv 2>&1 &
smi=$!
for sc in $scales; do
  /tmp/hwbench --platform "NVIDIA CUDA" --scale $sc --cases $fams > $w/h100_${tag}_$sc.csv \
    2> $w/h100_${tag}_$sc.err
  echo "$sc exit $?" >> $w/status.txt
done
kill $smi
set --
if [ "$tag" = styles ]; then
  for f in gemm gemv dconv tensor memdep gramschmidt; do set -- "$@" $f validation/kernels/$f.cl ""; done
else
  set -- stchain_st validation/kernels/stchain.cl -DSTORE=1 stchain_dep validation/kernels/stchain.cl -DSTORE=0 \
    linestream_k4 validation/kernels/linestream.cl -DK=4 linestream_k16 validation/kernels/linestream.cl -DK=16
fi
sh validation/data/dump_sass.sh $w/sass "$@" 2> $w/sass.err
date -u >> $w/status.txt
cp $w/h100_${tag}_*.csv "$out"/
tar -C /tmp -cJf "$out/$tag.tar.xz" styles
