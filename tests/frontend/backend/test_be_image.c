/* Image kernels through the whole compiler: read_image/write_image/get_image_*
 * compiled to image_* instructions and descriptor loads, run on isa_step over
 * hand-made descriptors; argument kinds and access qualifiers; the build
 * error on a target without image support. */
#include <CL/cl.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "isa.h"
#include "isa_image.h"

static fe_target img_target(void) {
  fe_target t = tb_target();
  t.images = 1;
  return t;
}

static int count_sub(const char *text, const char *w) {
  int n = 0;
  for (const char *q = strstr(text, w); q; q = strstr(q + 1, w)) n++;
  return n;
}

/* Disassembly of kernel k (caller frees). */
static char *listing(const isa_kernel *k) {
  size_t cap = (size_t)k->ncode * 160 + 1, n = 0;
  char *s = calloc(cap, 1);
  for (uint32_t i = 0; i < k->ncode; i++) {
    char dis[160];
    isa_disasm(&k->code[i], dis, sizeof dis);
    n += (size_t)snprintf(s + n, cap - n, "%s\n", dis);
  }
  return s;
}

/* buffer 0 at 0x10000 (be_testlib's layout) holds both descriptors and texels */
enum { BASE = 0x10000, DESC_IN = 0, DESC_OUT = 64, TEX_IN = 128, TEX_OUT = 256 };

START_TEST(test_image_run) {
  isa_program *p = tb_build_cl_ok(
      "const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;\n"
      "float4 at(read_only image2d_t im, int2 p) { return read_imagef(im, p); }\n"
      "__kernel void k(read_only image2d_t in, write_only image2d_t out, __global float *o) {\n"
      "  int i = get_global_id(0);\n"
      "  int2 p = (int2)(i % 4, i / 4);\n"
      "  float4 a = at(in, p);\n"
      "  float4 b = read_imagef(in, s, (float2)((p.x + 4.5f) / 4.0f, (p.y + 0.5f) / 2.0f));\n"
      "  float4 c = read_imagef(in, (int2)(p.x - 2, p.y));\n"
      "  o[i * 4 + 0] = a.x + a.w;\n"
      "  o[i * 4 + 1] = b.y;\n"
      "  o[i * 4 + 2] = get_image_width(in) * 100 + get_image_height(in) + c.z;\n"
      "  o[i * 4 + 3] = get_image_channel_order(in) - CLK_RGBA + "
      "get_image_channel_data_type(out);\n"
      "  write_imagei(out, p, (int4)(-i, i, 300, -300));\n"
      "}\n",
      img_target());
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_eq(k->args[0].kind, ISA_ARG_IMAGE);
  ck_assert_uint_eq(k->args[0].access, ISA_ACCESS_READ_ONLY);
  ck_assert_uint_eq(k->args[1].kind, ISA_ARG_IMAGE);
  ck_assert_uint_eq(k->args[1].access, ISA_ACCESS_WRITE_ONLY);
  ck_assert_uint_eq(k->args[2].access, ISA_ACCESS_NONE);
  static uint8_t mem[512];
  memset(mem, 0, sizeof mem);
  isa_image_desc din, dout;
  memset(&din, 0, sizeof din);
  memset(&dout, 0, sizeof dout);
  ck_assert_uint_ne(
      isa_image_layout(&din, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_FLOAT, 4, 2, 1, 1, 0, 0), 0);
  ck_assert_uint_ne(
      isa_image_layout(&dout, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT8, 4, 2, 1, 1, 0, 0), 0);
  din.data = BASE + TEX_IN;
  dout.data = BASE + TEX_OUT;
  memcpy(mem + DESC_IN, &din, sizeof din);
  memcpy(mem + DESC_OUT, &dout, sizeof dout);
  for (int i = 0; i < 8; i++)
    for (int c = 0; c < 4; c++) {
      float v = (float)(i * 10 + c);
      memcpy(mem + TEX_IN + (i * 4 + c) * 4, &v, 4);
    }
  float out[32] = {0};
  tb_launch l = {.wave_size = 32,
                 .local_size = 8,
                 .groups = 1,
                 .nbufs = 2,
                 .bufs = {mem, (uint8_t *)out},
                 .sizes = {sizeof mem, sizeof out},
                 .args = {BASE + DESC_IN, BASE + DESC_OUT, TB_BUF | 1}};
  tb_run_ok(k, &l);
  for (int i = 0; i < 8; i++) {
    int x = i % 4, y = i / 4;
    float cz =
        x >= 2 ? (float)((y * 4 + x - 2) * 10 + 2) : 0.0f; /* x - 2 < 0: border (0, 0, 0, 0) */
    ck_assert_float_eq(out[i * 4 + 0], (float)(i * 10) + (float)(i * 10 + 3));
    ck_assert_float_eq(out[i * 4 + 1], (float)(i * 10 + 1)); /* repeat wraps to the same texel */
    ck_assert_float_eq(out[i * 4 + 2], 402.0f + cz);
    ck_assert_float_eq(out[i * 4 + 3], (float)CL_SIGNED_INT8);
    const int8_t *t = (const int8_t *)(mem + TEX_OUT + i * 4);
    ck_assert_int_eq(t[0], -i);
    ck_assert_int_eq(t[1], i);
    ck_assert_int_eq(t[2], 127); /* saturated */
    ck_assert_int_eq(t[3], -128);
  }
  isa_program_destroy(p);
}
END_TEST

/* Every image type's queries (get_image_* of a 1D buffer image too, which
 * the PoCL-compared corpus cannot use) and the instruction each access form
 * compiles to. */
START_TEST(test_image_forms) {
  isa_program *p = tb_build_cl_ok(
      "__kernel void q(read_only image1d_buffer_t b, read_only image3d_t v, write_only "
      "image2d_array_t a,\n"
      "                sampler_t s, __global int *o) {\n"
      "  o[0] = get_image_width(b) + get_image_channel_order(b) + get_image_channel_data_type(b);\n"
      "  int4 d = get_image_dim(v);\n"
      "  o[1] = d.x + d.y + d.z + d.w + (int)get_image_array_size(a) + get_image_height(a);\n"
      "  float4 f = read_imagef(v, s, (float4)(0.5f, 1.5f, 2.5f, 0.0f));\n"
      "  uint4 u = read_imageui(b, 3);\n"
      "  write_imagef(a, (int4)(1, 2, 3, 0), f);\n"
      "  write_imageui(a, (int4)(1, 2, 3, 0), u);\n"
      "}\n",
      img_target());
  const isa_kernel *k = &p->kernels[0];
  static const uint8_t kinds[] = {ISA_ARG_IMAGE, ISA_ARG_IMAGE, ISA_ARG_IMAGE, ISA_ARG_SAMPLER,
                                  ISA_ARG_GLOBAL_PTR};
  static const uint8_t acc[] = {ISA_ACCESS_READ_ONLY, ISA_ACCESS_READ_ONLY, ISA_ACCESS_WRITE_ONLY,
                                ISA_ACCESS_NONE, ISA_ACCESS_NONE};
  ck_assert_uint_eq(k->nargs, 5);
  for (int a = 0; a < 5; a++) {
    ck_assert_uint_eq(k->args[a].kind, kinds[a]);
    ck_assert_uint_eq(k->args[a].access, acc[a]);
    ck_assert_uint_eq(k->args[a].size, 8);
  }
  char *text = listing(k);
  ck_assert_int_eq(count_sub(text, "image_sample_f "), 1);
  /* integer accesses take the _i form, which follows the format's signedness
   * (SPIR-V 1.2 does not tell read_imagei from read_imageui): no branch */
  ck_assert_int_eq(count_sub(text, "image_load_u "), 0);
  ck_assert_int_eq(count_sub(text, "image_load_i "), 1);
  ck_assert_int_eq(count_sub(text, "image_store_f "), 1);
  ck_assert_int_eq(count_sub(text, "image_store_u "), 0);
  ck_assert_int_eq(count_sub(text, "image_store_i "), 1);
  char off[32];
  snprintf(off, sizeof off, "offset:%d\n", ISA_IMAGE_OFF_DEPTH);
  ck_assert_int_ge(count_sub(text, off), 1);
  snprintf(off, sizeof off, "offset:%d\n", ISA_IMAGE_OFF_ARRAY_SIZE);
  ck_assert_int_ge(count_sub(text, off), 1);
  free(text);
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_image_no_support) {
  char err[1024];
  fe_target t = tb_target(); /* images 0 */
  isa_program *p = tb_build_cl("__kernel void k(read_only image2d_t im, __global float4 *o) {\n"
                               "  o[0] = read_imagef(im, (int2)(0, 0));\n"
                               "}\n",
                               t, err, sizeof err);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(err, "image support") && strstr(err, "image.support"), "%s", err);
}
END_TEST

Suite *be_image_suite(void);
Suite *be_image_suite(void) {
  Suite *s = suite_create("backend_image");
  TCase *tc = tcase_create("images");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_image_run);
  tcase_add_test(tc, test_image_forms);
  tcase_add_test(tc, test_image_no_support);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_image_suite());
}
