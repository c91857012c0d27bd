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
. validation/data/measure_lib.sh
measure_family atomics "$out" || exit 1
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
