// 64-bit integer division and remainder: per-lane (divergent) operands, a
// uniform divisor from a kernel argument, and size_t index arithmetic.
// RUN: kernel=div64 global=2048 local=128
// +    args=x:buf:long:2048:rand(-1000000,1000000) y:buf:long:2048:rand(1,1000)
// +    q:buf:long:2048:zero r:buf:long:2048:zero u:buf:ulong:2048:zero d:long:-7
__kernel void div64(__global const long *x, __global const long *y, __global long *q,
                    __global long *r, __global ulong *u, long d) {
  size_t i = get_global_id(0);
  long a = x[i] * 4099, b = y[i];
  q[i] = a / b + a / d;
  r[i] = a % b - a % d;
  ulong ua = (ulong)a;
  u[i] = ua / (ulong)b + ua % 977 + get_global_id(0) % get_local_size(0) +
         get_global_size(0) / (get_local_size(0) + 3);
}
