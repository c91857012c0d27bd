// Conversions between double and float/int/long (exact or correctly rounded;
// plain in-range casts: the SPIR-V reader has no convert_*_sat from double
// yet) and compares with NaN and infinities
// (ordered and unordered forms, isnan, isinf, select): byte-exact vs PoCL.
// RUN: kernel=dconv global=512 local=64
// +    args=x:buf:double:512:nanmix(-3e9,3e9) f:buf:float:512:zero
// +         i:buf:int:1536:zero l:buf:long:1024:zero d:buf:double:1536:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dconv(__global const double *x, __global float *f, __global int *i,
                    __global long *l, __global double *d) {
  size_t g = get_global_id(0);
  double a = x[g];
  f[g] = (float)a;
  double fin = isnan(a) || isinf(a) ? 0.0 : a; /* plain casts: in range only */
  i[g * 3 + 0] = (int)(fin * 0.5);
  i[g * 3 + 1] = (int)(uint)(fabs(fin) * 0.75);
  i[g * 3 + 2] = (a < 1.0) + 2 * (a >= 0.5) + 4 * isnan(a) + 8 * isinf(a) + 16 * (a != a) +
                 32 * !(a > 2.0) + 64 * isless(a, 0.0) + 128 * isunordered(a, 1.0);
  l[g * 2 + 0] = (long)(fin * 4096.0);
  l[g * 2 + 1] = (long)(ulong)(fabs(fin) * 1e6);
  long k = (long)g * 123456789012345L - 31415926535897932L;
  d[g * 3 + 0] = (double)k;
  d[g * 3 + 1] = (double)(ulong)(k * 977) + (double)(int)(g * 40503u) + (double)(uint)(g * 2654435761u);
  d[g * 3 + 2] = isnan(a) ? -1.0 : (double)(float)a + (double)x[(g + 1) % 512];
}
