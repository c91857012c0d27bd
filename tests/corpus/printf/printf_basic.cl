// printf of ints, floats (exactly printable), chars, strings and vectors, two
// calls per work-item, several work-groups; stdout compared with PoCL's.
// RUN: kernel=pf global=8 local=4 args=out:buf:int:8:zero
kernel void pf(global int *out) {
  int i = (int)get_global_id(0);
  float4 v = (float4)(0.5f, 1.25f, -2.0f, (float)i);
  int2 w = (int2)(i, -i);
  int r = printf("wi %d: u=%u x=%x X=%X o=%o c=%c s=%s f=%f e=%e g=%g\n", i, 40u + i, 255 + i,
                 171 + i, 8 + i, 'a' + i, "str", 0.5f * i, 1.5f, 0.25f);
  printf("wi %d: v=%v4hlf w=%v2hld l=%ld h=%hd hh=%hhu pct=%% %5.2f|%-4d|%04d\n", i, v, w,
         (long)i * 100000000000L, (short)(i - 4), (uchar)(250 + i), 3.5f, i, i);
  out[i] = r;
}
