#!/bin/sh
# validation/data/measure_atomics.sh: measures hwbench's "atomics" family on the
# "NVIDIA CUDA" platform at the small and medium scales (as measure.sh does for
# the rest), and keeps the PTX NVIDIA's OpenCL compiler made of each variant
# (validation/data/ptxdump.c) plus its SASS when ptxas/cuobjdump are installed.
# Usage (repository root on the GPU machine): sh validation/data/measure_atomics.sh OUTDIR
set -u
out=${1:-${OUT:-.}}
mkdir -p "$out"
cd "$(dirname "$0")/../.." || exit 1
cu=/usr/local/cuda
gcc -O2 -std=c11 validation/hwbench.c -o /tmp/hwbench -I$cu/include -L$cu/lib64 -lOpenCL -lm || exit 1
gcc -O2 -std=c11 validation/data/ptxdump.c -o /tmp/ptxdump -I$cu/include -L$cu/lib64 -lOpenCL || exit 1
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > "$out/device.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu \
  --format=csv -lms 200 > "$out/clocks.csv" 2>&1 &
smi=$!
for sc in small medium; do
  /tmp/hwbench --platform "NVIDIA CUDA" --scale "$sc" --cases atomics > "$out/h100_atomics_$sc.csv" \
    2> "$out/h100_atomics_$sc.err"
  echo "$sc exit $?" >> "$out/status.txt"
done
kill "$smi"
for d in "" "-DRET=1" "-DINC=1"; do
  tag=$(echo "plain$d" | tr -d ' =-')
  # the driver's binary is the PTX text plus a terminating NUL, which ptxas rejects
  /tmp/ptxdump "NVIDIA CUDA" validation/kernels/atomics.cl "-cl-std=CL1.2 $d" | tr -d '\000' \
    > "$out/atomics_$tag.ptx" 2>> "$out/ptx.err"
  if [ -x $cu/bin/ptxas ] && [ -x $cu/bin/cuobjdump ]; then
    $cu/bin/ptxas -arch=sm_90 "$out/atomics_$tag.ptx" -o /tmp/a.cubin 2>> "$out/ptx.err" &&
      $cu/bin/cuobjdump -sass /tmp/a.cubin > "$out/atomics_$tag.sass" 2>> "$out/ptx.err"
  fi
done
date -u >> "$out/status.txt"
