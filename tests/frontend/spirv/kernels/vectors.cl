__constant float weights[4] = {0.5f, 1.0f, 2.0f, 4.0f};
__kernel void vectors(__global float4 *out, __global const float4 *in, float4 bias, uint d) {
  size_t i = get_global_id(0);
  float4 v = in[i] + bias;
  v.y = weights[i & 3];
  out[i] = v.wzyx * (float)get_global_size(d);
}
