// Mandelbrot escape-time iteration counts: a loop whose exit differs per lane.
// RUN: kernel=mandelbrot global=96,64 local=16,8
// +    args=out:buf:int:6144:zero w:int:96 h:int:64 maxit:int:200
#pragma OPENCL FP_CONTRACT OFF
__kernel void mandelbrot(__global int *out, int w, int h, int maxit) {
  int px = get_global_id(0), py = get_global_id(1);
  float cx = -2.25f + 3.0f * (float)px / (float)w;
  float cy = -1.25f + 2.5f * (float)py / (float)h;
  float x = 0.0f, y = 0.0f;
  int it = 0;
  while (it < maxit) {
    float x2 = x * x, y2 = y * y;
    if (x2 + y2 > 4.0f) break;
    float xy = x * y;
    y = xy + xy + cy;
    x = x2 - y2 + cx;
    it++;
  }
  out[py * w + px] = it;
}
