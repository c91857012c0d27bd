// 1-D convolution with the filter passed as a __constant kernel argument and
// zero padding at both ends.
// RUN: kernel=conv1d global=1000 local=100
// +    args=in:buf:float:1000:rand(-1,1) filt:buf:float:9:rand(0,1) out:buf:float:1000:zero
// +    n:int:1000 r:int:4
#pragma OPENCL FP_CONTRACT OFF
__kernel void conv1d(__global const float *in, __constant float *filt, __global float *out, int n,
                     int r) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int k = -r; k <= r; k++) {
    int j = i + k;
    float v = (j >= 0 && j < n) ? in[j] : 0.0f;
    acc += v * filt[k + r];
  }
  out[i] = acc;
}
