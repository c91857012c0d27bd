struct S { char a, b, c; };
__kernel void odd_width(__global int *o, __global const int *in, int n, __global struct S *s) {
  int acc = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      switch ((in[j] + i) & 7) {
      case 0: acc += 3; break;
      case 1: acc ^= j; break;
      case 2: acc -= 7; break;
      case 3: acc *= 5; break;
      case 5: acc += in[i]; break;
      default: acc += 1;
      }
    }
  }
  struct S t = s[0]; t.b = (char)acc; s[1] = t;
  bool flags[5] = {0}; flags[n & 3] = true; o[1] = flags[2] ? 5 : 6;
  o[0] = acc;
}
