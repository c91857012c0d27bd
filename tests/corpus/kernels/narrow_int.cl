// char/short arithmetic with wrap-around, sign/zero extension, saturating
// adds and mixed-width conversions.
// RUN: kernel=narrow global=1024 local=128
// +    args=a:buf:char:1024:rand(-128,127) b:buf:char:1024:rand(-128,127)
// +    s:buf:short:1024:rand(-32768,32767) u:buf:uchar:1024:rand(0,255)
// +    oc:buf:char:1024:zero os:buf:short:1024:zero ou:buf:ushort:1024:zero oi:buf:int:1024:zero
__kernel void narrow(__global const char *a, __global const char *b, __global const short *s,
                     __global const uchar *u, __global char *oc, __global short *os,
                     __global ushort *ou, __global int *oi) {
  int i = get_global_id(0);
  char x = a[i], y = b[i];
  char sum = x + y;           /* wraps */
  char prod = x * y;          /* wraps */
  short ss = s[i];
  short sp = ss * (short)3;   /* wraps */
  uchar uu = u[i];
  oc[i] = (char)(sum ^ prod) + add_sat(x, y);
  os[i] = sp + (short)(x >> 2) + add_sat(ss, (short)y);
  ou[i] = (ushort)(uu * uu) + (ushort)ss + (ushort)(uchar)(uu + 200);
  oi[i] = (int)x * (int)uu - (int)ss / (y | 1) + (ss >> 5) + (int)(ushort)ss;
}
