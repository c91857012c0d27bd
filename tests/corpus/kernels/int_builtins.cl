// Integer builtins: min/max/clamp (signed and unsigned), mad24/mul24, abs,
// abs_diff, hadd, rhadd, sub_sat.
// RUN: kernel=ibuiltins global=512 local=64
// +    args=a:buf:int:512:rand(-8000000,8000000) b:buf:int:512:rand(-8000000,8000000)
// +    u:buf:uint:512:rand(0,4294967295) out:buf:int:4096:zero
__kernel void ibuiltins(__global const int *a, __global const int *b, __global const uint *u,
                        __global int *out) {
  int i = get_global_id(0);
  int x = a[i], y = b[i];
  uint w = u[i];
  __global int *o = out + i * 8;
  o[0] = min(x, y) ^ max(x, y);
  o[1] = clamp(x, -1000, 1000 + (y & 255));
  o[2] = (int)clamp(w, 100u, 3000000000u);
  o[3] = mad24(x, y & 0xfff, 77);
  o[4] = mul24(x >> 4, y >> 8);
  o[5] = (int)abs(x) + (int)abs_diff(x, y);
  o[6] = hadd(x, y) ^ rhadd(x, y);
  o[7] = sub_sat((int)((uint)x * 300u), (int)((uint)y * 300u)) ^ (int)max(w, (uint)y) ^ (int)min(w, 12345u);
}
