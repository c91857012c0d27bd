__kernel void math(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] = sqrt(x) + fabs(x) + fma(x, x, 1.0f) + fmin(x, 2.0f) + exp(x) + native_sin(x) +
           pow(x, 3.0f) + floor(x) + rsqrt(x) + mad(x, 2.0f, 3.0f);
  out[i + 1] = (float)max((int)x, 3) + (float)abs((int)x);
}
