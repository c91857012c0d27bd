// Integer hashing: xorshift/murmur-style mixing with shifts, rotate, mul_hi,
// 64-bit multiplies (popcount/clz are covered in int_bits.cl).
// RUN: kernel=hashmix global=4096 local=256
// +    args=keys:buf:uint:4096:rand(0,4294967295) h32:buf:uint:4096:zero h64:buf:ulong:4096:zero
// +    bits:buf:uint:4096:zero seed:uint:0x9747b28c
__kernel void hashmix(__global const uint *keys, __global uint *h32, __global ulong *h64,
                      __global uint *bits, uint seed) {
  size_t i = get_global_id(0);
  uint k = keys[i];
  uint h = seed ^ k;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h = rotate(h, 7u) * 0xc2b2ae35u;
  h ^= mul_hi(h, 0x9e3779b9u);
  h32[i] = h ^ (h >> 16);
  ulong z = ((ulong)k << 32 | h) + 0x9e3779b97f4a7c15ul;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ul;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebul;
  h64[i] = z ^ (z >> 31);
  int sk = (int)k;
  bits[i] = (k & 0xff) | ((k >> 5) & 0xff00) | ((uint)(sk >> 28) << 16) | (mul_hi(sk, -7) & 0xff) << 24;
}
