# validation/data/measure_lib.sh: shared by the measure_<family>.sh scripts (sourced,
# not run). measure_family FAMILY OUTDIR builds hwbench and ptxdump against the CUDA
# toolkit's OpenCL, records the device and its clocks (every 200 ms) while it runs
# FAMILY at the small and medium scales on "NVIDIA CUDA", and leaves $cu set.
cu=/usr/local/cuda
measure_family() {
  fam=$1 mout=$2
  gcc -O2 -std=c11 validation/hwbench.c -o /tmp/hwbench -I$cu/include -L$cu/lib64 -lOpenCL -lm || return 1
  gcc -O2 -std=c11 validation/data/ptxdump.c -o /tmp/ptxdump -I$cu/include -L$cu/lib64 -lOpenCL || return 1
  { date -u; nvidia-smi; nvidia-smi -q -d CLOCK,PERFORMANCE,POWER; } > "$mout/device.txt" 2>&1
  nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu \
    --format=csv -lms 200 > "$mout/clocks.csv" 2>&1 &
  smi=$!
  for sc in small medium; do
    /tmp/hwbench --platform "NVIDIA CUDA" --scale "$sc" --cases "$fam" > "$mout/h100_${fam}_$sc.csv" \
      2> "$mout/h100_${fam}_$sc.err"
    echo "$sc exit $?" >> "$mout/status.txt"
  done
  kill "$smi"
}
