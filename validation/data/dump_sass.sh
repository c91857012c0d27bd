#!/bin/sh
# validation/data/dump_sass.sh: what NVIDIA's OpenCL compiler makes of a kernel
# file (validation/data/kernels_sass/README.md). Builds ptxdump against the
# CUDA toolkit's OpenCL, compiles FILE.cl with OPTIONS on "NVIDIA CUDA",
# assembles the PTX for sm_90 and writes the SASS, encodings stripped, to
# OUTDIR/NAME.sass. Usage (repository root on the GPU machine):
#   sh validation/data/dump_sass.sh OUTDIR NAME FILE.cl "OPTIONS" [NAME FILE.cl "OPTIONS"]...
set -u
out=${1:?usage: dump_sass.sh OUTDIR NAME FILE.cl OPTIONS ...}
shift
cu=/usr/local/cuda
mkdir -p "$out"
gcc -O2 -std=c11 validation/data/ptxdump.c -o /tmp/ptxdump -I$cu/include -L$cu/lib64 -lOpenCL || exit 1
while [ $# -ge 3 ]; do
  name=$1 file=$2 opts=$3
  shift 3
  /tmp/ptxdump "NVIDIA CUDA" "$file" "-cl-std=CL1.2 $opts" | tr -d '\000' > "/tmp/$name.ptx" &&
    $cu/bin/ptxas -arch=sm_90 "/tmp/$name.ptx" -o "/tmp/$name.cubin" &&
    $cu/bin/cuobjdump -sass "/tmp/$name.cubin" | sed 's@ */\* 0x[0-9a-f]* \*/@@' > "$out/$name.sass" ||
    echo "dump_sass: $name failed" >&2
done
