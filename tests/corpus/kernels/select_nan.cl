// Float selects, ternaries and comparisons with NaN, infinities and -0.0 in
// the inputs: ordered/unordered compares, fmin/fmax, isnan/isinf, select.
// RUN: kernel=nan_select global=1024 local=64
// +    args=a:buf:float:1024:nanmix(-10,10) b:buf:float:1024:nanmix(-10,10)
// +    o1:buf:float:1024:zero o2:buf:float:1024:zero flags:buf:int:1024:zero
__kernel void nan_select(__global const float *a, __global const float *b, __global float *o1,
                         __global float *o2, __global int *flags) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  o1[i] = x < y ? x : y;
  float m = fmax(x, y);
  o2[i] = select(fmin(x, y), m, (int)(x != x)) + (isnan(y) ? 1.0f : 0.0f);
  int f = 0;
  f |= (x < y) << 0;
  f |= (x <= y) << 1;
  f |= (x == y) << 2;
  f |= (x != y) << 3;
  f |= (x > y) << 4;
  f |= isnan(x) << 5;
  f |= isinf(y) << 6;
  f |= !(x >= y) << 7;
  f |= isunordered(x, y) << 8;
  f |= (as_int(x) < 0) << 9; /* the sign bit by hand; signbit() is covered in float_misc.cl */
  f |= (y > 0.0f ? 1.0f : -1.0f) > 0.0f ? 1 << 10 : 0; /* copysign: not in the reader yet */
  flags[i] = f;
}
