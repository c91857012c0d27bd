#!/bin/sh
# validation/data/measure_alu.sh: measures hwbench's "alu" family on the "NVIDIA CUDA"
# platform at the small and medium scales and keeps the SASS of every chain (one
# chain and eight) that NVIDIA's OpenCL compiler made (PTX via ptxdump.c, then ptxas).
# Usage (repository root on the GPU machine): sh validation/data/measure_alu.sh OUTDIR
set -u
out=${1:-${OUT:-.}}
mkdir -p "$out/sass"
cd "$(dirname "$0")/../.." || exit 1
. validation/data/measure_lib.sh
measure_family alu "$out" || exit 1
# op kind unroll, as in hwbench.c's alu_ops table
while read -r op kind un; do
  for ch in 1 8; do
    f="$out/sass/${op}_c$ch"
    /tmp/ptxdump "NVIDIA CUDA" validation/kernels/alu.cl \
      "-cl-std=CL1.2 -DOP_$op -DKIND_$kind -DCHAINS=$ch -DUNROLL=$un" | tr -d '\000' > "$f.ptx" \
      2>> "$out/ptx.err"
    if [ -x $cu/bin/ptxas ] && [ -x $cu/bin/cuobjdump ]; then
      # encodings (the /* 0x... */ lines) stripped to keep the files small
      $cu/bin/ptxas -arch=sm_90 "$f.ptx" -o /tmp/a.cubin 2>> "$out/ptx.err" &&
        $cu/bin/cuobjdump -sass /tmp/a.cubin | sed -e 's@ */\* 0x[0-9a-f]* \*/ *$@@' |
        grep -v '^ *$' > "$f.sass" 2>> "$out/ptx.err"
    fi
    rm -f "$f.ptx"
  done
done <<OPS
ffma F32 16
ffma_imm F32 16
fadd F32 16
fmul F32 16
imad U32 16
ixoradd U32 16
i64xoradd U64 16
salu U32 16
rsq_native F32 16
rsq F32 16
sqrt_native F32 16
sqrt F32 8
exp2_native F32 16
exp2 F32 8
sin_native F32 16
sin F32 4
rcp_native F32 16
fdiv F32 8
dfma F64 16
dadd F64 16
udiv U32 8
u64div U64 4
OPS
date -u >> "$out/status.txt"
