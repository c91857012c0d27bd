__kernel void loop_phi(__global float *out, __global const float *in, int n) {
  float acc = 0.0f;
  for (int k = 0; k < n; k++)
    acc += in[k] * (float)k;
  out[get_global_id(0)] = acc;
}
