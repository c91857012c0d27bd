// By-value structs: a function that writes one (helper f, kernel arg w) works on a
// private copy made at entry; one only read (r) is used in place.
typedef struct { int a[2]; } pair_t;
__attribute__((noinline)) int f(pair_t p) {
  p.a[0] += 1;
  return p.a[0] + p.a[1];
}
__kernel void byval_copy(pair_t w, pair_t r, __global int *out) {
  int i = get_global_id(0);
  w.a[i & 1] = i;
  out[i] = f(w) + r.a[1];
}
