// Sobel edge magnitude on an 8-bit image (|gx| + |gy|, clamped to 255);
// borders copied through.
// RUN: kernel=sobel global=80,60 local=16,4
// +    args=src:buf:uchar:4800:rand(0,255) dst:buf:uchar:4800:zero w:int:80 h:int:60
__kernel void sobel(__global const uchar *src, __global uchar *dst, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    dst[y * w + x] = src[y * w + x];
    return;
  }
#define P(dx, dy) ((int)src[(y + (dy)) * w + x + (dx)])
  int gx = -P(-1, -1) - 2 * P(-1, 0) - P(-1, 1) + P(1, -1) + 2 * P(1, 0) + P(1, 1);
  int gy = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
  /* clamp by hand (convert_uchar_sat is covered in convert_sat.cl) */
  dst[y * w + x] = (uchar)min((int)(abs(gx) + abs(gy)), 255);
}
