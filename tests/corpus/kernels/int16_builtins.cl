// 8- and 16-bit integer builtins (clz, popcount, abs, hadd, rhadd, mul_hi, add_sat, sub_sat,
// abs_diff, rotate, max, min, mad_hi, mad_sat, upsample) on char/uchar/short/ushort, scalar
// and 2-vectors, edge inputs (piglit reported 16-bit clz/bswap-like results wrong).
// RUN: kernel=k global=128 local=64 args=a_char:buf:char:128:edge(-100,100) b_char:buf:char:128:edge(-100,100) c_char:buf:char:128:edge(-100,100) a_uchar:buf:uchar:128:edge(-100,100) b_uchar:buf:uchar:128:edge(-100,100) c_uchar:buf:uchar:128:edge(-100,100) a_short:buf:short:128:edge(-100,100) b_short:buf:short:128:edge(-100,100) c_short:buf:short:128:edge(-100,100) a_ushort:buf:ushort:128:edge(-100,100) b_ushort:buf:ushort:128:edge(-100,100) c_ushort:buf:ushort:128:edge(-100,100) o_char:buf:int:5760:zero o_uchar:buf:int:5760:zero o_short:buf:int:5760:zero o_ushort:buf:int:5760:zero
__kernel void k(__global const char *a_char, __global const char *b_char, __global const char *c_char, __global const uchar *a_uchar, __global const uchar *b_uchar, __global const uchar *c_uchar, __global const short *a_short, __global const short *b_short, __global const short *c_short, __global const ushort *a_ushort, __global const ushort *b_ushort, __global const ushort *c_ushort, __global int *o_char, __global int *o_uchar, __global int *o_short, __global int *o_ushort) {
  size_t i = get_global_id(0);
  { char a = a_char[i], b = b_char[i], c = c_char[i]; __global int *p = o_char + i * 45; int k = 0;
    char2 va = (char2)(a, b), vb = (char2)(b, c), vc = (char2)(c, a); char2 r;
    p[k++] = clz(a); r = as_char2(clz(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = popcount(a); r = as_char2(popcount(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs(a); r = as_char2(abs(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = hadd(a, b); r = as_char2(hadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rhadd(a, b); r = as_char2(rhadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mul_hi(a, b); r = as_char2(mul_hi(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = add_sat(a, b); r = as_char2(add_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = sub_sat(a, b); r = as_char2(sub_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs_diff(a, b); r = as_char2(abs_diff(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rotate(a, b); r = as_char2(rotate(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = max(a, b); r = as_char2(max(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = min(a, b); r = as_char2(min(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_hi(a, b, c); r = mad_hi(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_sat(a, b, c); r = mad_sat(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = upsample(a, (uchar)b); short2 w = upsample(va, as_uchar2(vb)); p[k++] = w.x; p[k++] = w.y; }
  { uchar a = a_uchar[i], b = b_uchar[i], c = c_uchar[i]; __global int *p = o_uchar + i * 45; int k = 0;
    uchar2 va = (uchar2)(a, b), vb = (uchar2)(b, c), vc = (uchar2)(c, a); uchar2 r;
    p[k++] = clz(a); r = as_uchar2(clz(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = popcount(a); r = as_uchar2(popcount(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs(a); r = as_uchar2(abs(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = hadd(a, b); r = as_uchar2(hadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rhadd(a, b); r = as_uchar2(rhadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mul_hi(a, b); r = as_uchar2(mul_hi(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = add_sat(a, b); r = as_uchar2(add_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = sub_sat(a, b); r = as_uchar2(sub_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs_diff(a, b); r = as_uchar2(abs_diff(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rotate(a, b); r = as_uchar2(rotate(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = max(a, b); r = as_uchar2(max(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = min(a, b); r = as_uchar2(min(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_hi(a, b, c); r = mad_hi(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_sat(a, b, c); r = mad_sat(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = upsample(a, (uchar)b); ushort2 w = upsample(va, as_uchar2(vb)); p[k++] = w.x; p[k++] = w.y; }
  { short a = a_short[i], b = b_short[i], c = c_short[i]; __global int *p = o_short + i * 45; int k = 0;
    short2 va = (short2)(a, b), vb = (short2)(b, c), vc = (short2)(c, a); short2 r;
    p[k++] = clz(a); r = as_short2(clz(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = popcount(a); r = as_short2(popcount(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs(a); r = as_short2(abs(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = hadd(a, b); r = as_short2(hadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rhadd(a, b); r = as_short2(rhadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mul_hi(a, b); r = as_short2(mul_hi(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = add_sat(a, b); r = as_short2(add_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = sub_sat(a, b); r = as_short2(sub_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs_diff(a, b); r = as_short2(abs_diff(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rotate(a, b); r = as_short2(rotate(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = max(a, b); r = as_short2(max(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = min(a, b); r = as_short2(min(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_hi(a, b, c); r = mad_hi(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_sat(a, b, c); r = mad_sat(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = upsample(a, (ushort)b); int2 w = upsample(va, as_ushort2(vb)); p[k++] = w.x; p[k++] = w.y; }
  { ushort a = a_ushort[i], b = b_ushort[i], c = c_ushort[i]; __global int *p = o_ushort + i * 45; int k = 0;
    ushort2 va = (ushort2)(a, b), vb = (ushort2)(b, c), vc = (ushort2)(c, a); ushort2 r;
    p[k++] = clz(a); r = as_ushort2(clz(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = popcount(a); r = as_ushort2(popcount(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs(a); r = as_ushort2(abs(va)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = hadd(a, b); r = as_ushort2(hadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rhadd(a, b); r = as_ushort2(rhadd(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mul_hi(a, b); r = as_ushort2(mul_hi(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = add_sat(a, b); r = as_ushort2(add_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = sub_sat(a, b); r = as_ushort2(sub_sat(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = abs_diff(a, b); r = as_ushort2(abs_diff(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = rotate(a, b); r = as_ushort2(rotate(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = max(a, b); r = as_ushort2(max(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = min(a, b); r = as_ushort2(min(va, vb)); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_hi(a, b, c); r = mad_hi(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = mad_sat(a, b, c); r = mad_sat(va, vb, vc); p[k++] = r.x; p[k++] = r.y;
    p[k++] = upsample(a, (ushort)b); uint2 w = upsample(va, as_ushort2(vb)); p[k++] = w.x; p[k++] = w.y; }
}
