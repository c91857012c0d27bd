#!/bin/sh
# validation/data/measure_launch.sh: measures hwbench's "launch" family (empty
# kernels over 1..135168 work-groups of 32..1024 work-items, and the short
# compute-bound kernel at four group sizes) on the "NVIDIA CUDA" platform at the
# small and medium scales. Usage (repository root on the GPU machine):
#   sh validation/data/measure_launch.sh OUTDIR
set -u
out=${1:-${OUT:-.}}
mkdir -p "$out"
cd "$(dirname "$0")/../.." || exit 1
. validation/data/measure_lib.sh
measure_family launch "$out" || exit 1
date -u >> "$out/status.txt"
