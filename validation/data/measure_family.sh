#!/bin/sh
# validation/data/measure_family.sh: measures one hwbench family whose kernels
# need nothing else kept (launch: empty and short kernels over 1..135168
# groups of 32..1024; store: stores by sector coverage; l2fit: L2 residency
# of streams from launch to launch) on the "NVIDIA CUDA"
# platform at the small and medium scales, recording the device and its
# clocks (measure_lib.sh). Usage (repository root on the GPU machine):
#   sh validation/data/measure_family.sh FAMILY OUTDIR
set -u
fam=${1:?usage: measure_family.sh FAMILY OUTDIR}
out=${2:-${OUT:-.}}
mkdir -p "$out"
cd "$(dirname "$0")/../.." || exit 1
. validation/data/measure_lib.sh
measure_family "$fam" "$out" || exit 1
date -u >> "$out/status.txt"
