__kernel void if_else(__global int *out, __global const int *in) {
  size_t i = get_global_id(0);
  int v = in[i];
  if (v > 10)
    v = v * 2;
  else
    v = v - 3;
  out[i] = v;
}
