// A switch on data with fallthrough and default, plus early returns from
// divergent lanes.
// RUN: kernel=dispatch_ops global=1024 local=64
// +    args=ops:buf:int:1024:rand(-1,9) a:buf:int:1024:rand(-1000,1000) out:buf:int:1024:const(-7)
__kernel void dispatch_ops(__global const int *ops, __global const int *a, __global int *out) {
  int i = get_global_id(0);
  int op = ops[i], v = a[i];
  if (op < 0) return;
  int r = 0;
  switch (op) {
  case 0: r = v + 1; break;
  case 1: r = v * 3; break;
  case 2: r = v - 100; /* fall through */
  case 3: r += v << 2; break;
  case 5:
    if (v < 0) return;
    r = v / 7;
    break;
  case 7: r = v % 13; break;
  default: r = -v; break;
  }
  out[i] = r;
}
