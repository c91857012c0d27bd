// Switches whose cases share a target with a phi there: LLVM gives the phi one
// entry per edge, so llvm-spirv 14 writes the same (value, parent) pair twice,
// which SPIR-V validation rejected ("OpPhi's number of incoming blocks does not
// match block's predecessor count"); the reader reads the pair once per edge.
// A guarded remainder helper (y == 0 || y == -1, which opt makes a switch),
// a switch of several shared targets in a loop, and 64-bit and char cases.
// RUN: kernel=switch_shared global=256 local=64
// +    args=a:buf:int:256:edge(-50,50) b:buf:int:256:rand(-3,3) o:buf:int:1024:zero
// +    l:buf:long:256:edge(-1000,1000) lo:buf:long:256:zero
int irem(int x, int y) { if (y == 0 || y == -1) return 0; return x % y; }

long lpick(long v, int k) {
  if (k == 1 || k == 3 || k == -2) return v;
  if (k == 0 || k == 2) return -v;
  return v * 3;
}

kernel void switch_shared(global const int *a, global const int *b, global int *o,
                          global const long *l, global long *lo) {
  int i = get_global_id(0), x = a[i], y = b[i];
  o[i * 4 + 0] = irem(x, y);
  int acc = 0;
  for (int k = 0; k < 8; k++) {
    int v;
    switch ((x + k) & 7) {
    case 0: case 3: case 5: v = k; break;
    case 1: case 6: v = -k; break;
    case 2: v = x; break;
    default: v = 7; break;
    }
    acc += v * (k + 1);
  }
  o[i * 4 + 1] = acc;
  char c = (char)x, r;
  switch (c & 3) {
  case 0: case 2: r = (char)(c + 1); break;
  default: r = c;
  }
  o[i * 4 + 2] = r;
  o[i * 4 + 3] = irem(y, x);
  lo[i] = lpick(l[i], y);
}
