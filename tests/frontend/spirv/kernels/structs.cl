typedef struct { float x; int n; char tag; } item_t;
__kernel void structs(__global item_t *items, item_t proto, __global int *out) {
  size_t i = get_global_id(0);
  item_t t = items[i];
  t.x += proto.x;
  t.n = (int)t.tag + proto.n;
  items[i] = t;
  uchar4 c = as_uchar4(t.n);
  out[i] = c.x + c.w;
}
