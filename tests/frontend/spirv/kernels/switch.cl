__kernel void sw(__global int *out, int sel) {
  int r;
  switch (sel) {
  case 0: r = 10; break;
  case 1: r = 20; break;
  case 7: r = 70; break;
  default: r = -1;
  }
  out[get_global_id(0)] = r;
}
