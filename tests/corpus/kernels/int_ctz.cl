// ctz (OpenCL C 2.0, hence -cl-std=CL2.0) on 8/16/32/64-bit types, zero
// inputs included (the result is then the type's width). Exact.
// RUN: kernel=int_ctz global=256 local=64 opts=-cl-std=CL2.0
// +    args=a:buf:uint:256:rand(0,4294967295) out:buf:uint:1024:zero
__kernel void int_ctz(__global const uint *a, __global uint *out) {
  int i = get_global_id(0);
  uint x = a[i];
  if ((i & 7) == 3) x = 0;
  out[i * 4] = ctz(x);
  out[i * 4 + 1] = ctz((uchar)x);
  out[i * 4 + 2] = ctz((ulong)x << 20);
  out[i * 4 + 3] = ctz((short)(x >> 16));
}
