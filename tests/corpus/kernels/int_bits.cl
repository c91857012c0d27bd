// Integer bit builtins: popcount, clz on 8/16/32/64-bit types (zero
// included; ctz is OpenCL C 2.0, not declared at 1.2), mul_hi/mad_hi on 32- and 64-bit types, upsample. All exact.
// RUN: kernel=int_bits global=512 local=64
// +    args=a:buf:uint:512:rand(0,4294967295) b:buf:uint:512:rand(0,4294967295)
// +    l:buf:ulong:512:rand(0,18446744073709551615) out:buf:uint:8192:zero
// +    lo:buf:ulong:4096:zero
__kernel void int_bits(__global const uint *a, __global const uint *b, __global const ulong *l,
                       __global uint *out, __global ulong *lo) {
  int i = get_global_id(0);
  uint x = a[i], y = b[i];
  if ((i & 15) == 3) x = 0;
  if ((i & 15) == 5) y = 0;
  ulong L = l[i], M = l[511 - i];
  if ((i & 31) == 7) L = 0;
  if ((i & 31) == 9) L = (ulong)x; /* high half zero */
  if ((i & 31) == 11) L = (ulong)x << 32; /* low half zero */
  __global uint *o = out + i * 16;
  o[0] = popcount(x);
  o[1] = clz(x);
  o[2] = popcount(x ^ y);
  o[3] = (uint)popcount((uchar)y) | (uint)clz((uchar)y) << 8;
  o[4] = (uint)popcount((short)x) | (uint)clz((ushort)x) << 8;
  o[5] = (uint)popcount(L) | (uint)clz(L) << 8;
  o[6] = mul_hi(x, y);
  o[7] = (uint)mul_hi((int)x, (int)y);
  o[8] = mad_hi(x, y, 12345u);
  o[9] = (uint)mad_hi((int)x, (int)y, -77);
  o[10] = (uint)mul_hi((short)x, (short)y) & 0xffff;
  o[11] = (uint)mul_hi((uchar)x, (uchar)y);
  o[12] = (uint)upsample((uchar)x, (uchar)y);
  o[13] = (uint)upsample((short)x, (ushort)y);
  int4 v = (int4)((int)x, (int)y, (int)(x ^ y), 0);
  int4 pc = popcount(v) + clz(v) * 64;
  o[14] = (uint)(pc.x + pc.y * 3 + pc.z * 5 + pc.w * 7);
  o[15] = (uint)popcount((char)x) + (uint)clz((char)y);
  __global ulong *q = lo + i * 8;
  q[0] = mul_hi(L, M);
  q[1] = (ulong)mul_hi((long)L, (long)M);
  q[2] = mad_hi(L, M, (ulong)x);
  q[3] = (ulong)mad_hi((long)L, (long)M, (long)-5);
  q[4] = (ulong)upsample((int)x, y);
  q[5] = upsample(x, y);
  q[6] = (ulong)mul_hi((long)L, -(long)y);
  q[7] = mul_hi(L, 0xffffffffffffffffUL);
}
