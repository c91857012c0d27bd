#!/bin/sh
# validation/data/measure.sh: builds hwbench against the system OpenCL (CUDA) and measures
# every case at the small and medium scales on the "NVIDIA CUDA" platform.
# Usage (repository root on the GPU machine): sh validation/data/measure.sh OUTDIR
# Writes OUTDIR/h100_{small,medium}.csv (+ .err: hwbench's device line and any
# failure), device.txt (nvidia-smi before), clocks.csv (SM/memory clock, power and
# temperature sampled every 200 ms during the runs), status.txt (exit codes).
set -u
out=${1:-${OUT:-.}}
mkdir -p "$out"
cd "$(dirname "$0")/../.." || exit 1
gcc -O2 -std=c11 validation/hwbench.c -o /tmp/hwbench -I/usr/local/cuda/include \
  -L/usr/local/cuda/lib64 -lOpenCL -lm || exit 1
{ date -u; nvidia-smi; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > "$out/device.txt" 2>&1
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu \
  --format=csv -lms 200 > "$out/clocks.csv" 2>&1 &
smi=$!
for sc in small medium; do
  /tmp/hwbench --platform "NVIDIA CUDA" --scale "$sc" > "$out/h100_$sc.csv" 2> "$out/h100_$sc.err"
  echo "$sc exit $?" >> "$out/status.txt"
done
kill "$smi"
date -u >> "$out/status.txt"
