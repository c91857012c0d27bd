// 1-D convolution with a program-scope __constant filter table and a second
// integer table (program-scope constant data of two types).
// RUN: kernel=conv1d_fixed global=1024 local=64
// +    args=in:buf:float:1024:rand(-1,1) out:buf:float:1024:zero idx:buf:int:1024:zero n:int:1024
#pragma OPENCL FP_CONTRACT OFF
__constant float gauss7[7] = {0.0702702703f, 0.1316216216f, 0.1945945946f, 0.2270270270f,
                              0.1945945946f, 0.1316216216f, 0.0702702703f};
__constant int perm[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__kernel void conv1d_fixed(__global const float *in, __global float *out, __global int *idx, int n) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < 7; k++) {
    int j = clamp(i + k - 3, 0, n - 1);
    acc += in[j] * gauss7[k];
  }
  out[i] = acc;
  idx[i] = perm[i & 7] * 100 + perm[(i >> 3) & 7];
}
