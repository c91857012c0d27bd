#!/bin/sh
# validation/data/measure_store.sh: measures hwbench's "store" family (uint..uint8
# stores that write whole 32-byte sectors, parts of sectors, or whole sectors in
# parts from 8 warps; footprints beyond and within the L2) on the "NVIDIA CUDA"
# platform at the small and medium scales. Usage (repository root on the GPU
# machine): sh validation/data/measure_store.sh OUTDIR
set -u
out=${1:-${OUT:-.}}
mkdir -p "$out"
cd "$(dirname "$0")/../.." || exit 1
. validation/data/measure_lib.sh
measure_family store "$out" || exit 1
date -u >> "$out/status.txt"
