// Built at build time by clang and llvm-spirv (no wavesim-legal, no opt
// pipeline of ours) at -O0 and at -O2, loaded with clCreateProgramWithIL.
kernel void mix(global const float *x, global const int *n, global float *out, float k) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int j = 0; j <= (n[i] & 7); j++) acc += x[i] * (float)j;
  out[i] = n[i] > 0 ? acc + k : acc - k;
}
