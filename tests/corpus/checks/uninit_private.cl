// Reading a private array element the work-item never wrote: the loop
// fills n elements, the read takes one past them.
// RUN: kernel=tail global=32 local=32 args=out:buf:int:32:zero n:int:5
// CHECK: uninit
// EXPECT: wavesim: kernel 'tail': work-item (0,0,0) read 4 bytes of private memory at offset 20 that it never wrote, at input.cl:12
__kernel void tail(__global int *out, int n) {
  int a[16];
  int l = get_local_id(0);
  for (int i = 0; i < n; i++)
    a[i] = i * l;
  /* off by one: a[n] was never written */
  out[l] = a[n];
}
