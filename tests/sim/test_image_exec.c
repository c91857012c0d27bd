/* Image instructions on a device (teaching config, wave32), in the functional and the timing
 * executor: hand-written ISA reads, samples and writes tiled images whose descriptors and
 * texels the test puts in device memory; statistics, race reports and fault messages. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_tkernel.h"

/* out[2 gid] = read_imagef(img, (x, y)).x, out[2 gid + 1] = read_imagef(img, linear clamp
 * to edge sampler, (x + 0.75, y + 0.5)).x for gid = 8 y + x; kernarg: img, out */
static const char *read_src = "s_load_b64 s[8:9], s[0:1]\n"
                              "s_load_b64 s[10:11], s[0:1], offset:8\n"
                              "s_mul_i32 s12, s4, 32\n"
                              "v_add_u32 v3, s12, v0\n"
                              "v_and_b32 v4, v3, 7\n"
                              "v_lshr_b32 v5, v3, 3\n"
                              "v_mov_b32 v6, 0\n"
                              "v_mov_b32 v7, 0\n"
                              "image_load_f v[8:11], s[8:9], v[4:7]\n"
                              "v_cvt_f32_u32 v12, v4\n"
                              "v_add_f32 v12, v12, 0.75f\n"
                              "v_cvt_f32_u32 v13, v5\n"
                              "v_add_f32 v13, v13, 0.5f\n"
                              "v_mov_b32 v14, 0\n"
                              "v_mov_b32 v15, 0\n"
                              "image_sample_f v[16:19], s[8:9], 0x22, v[12:15]\n"
                              "v_lshl_b32 v20, v3, 3\n"
                              "v_mov_b32 v21, 0\n"
                              "v_add_u64 v[22:23], s[10:11], v[20:21]\n"
                              "global_store_b32 v[22:23], v8\n"
                              "global_store_b32 v[22:23], v16, offset:4\n"
                              "s_endpgm\n";

/* write_imageui(img, (gid & 7, gid >> 3), (gid, gid + 1, 300, 255)); kernarg: img */
static const char *write_src = "s_load_b64 s[8:9], s[0:1]\n"
                               "s_mul_i32 s12, s4, 32\n"
                               "v_add_u32 v3, s12, v0\n"
                               "v_and_b32 v4, v3, 7\n"
                               "v_lshr_b32 v5, v3, 3\n"
                               "v_mov_b32 v6, 0\n"
                               "v_mov_b32 v7, 0\n"
                               "v_mov_b32 v8, v3\n"
                               "v_add_u32 v9, v3, 1\n"
                               "v_mov_b32 v10, 300\n"
                               "v_mov_b32 v11, 255\n"
                               "image_store_u s[8:9], v[4:7], v[8:11]\n"
                               "s_endpgm\n";

/* every group writes texel (lid, 0) of a 32 x 1 image: value %s */
static const char *clash_fmt = "s_load_b64 s[8:9], s[0:1]\n"
                               "s_mul_i32 s12, s4, 32\n"
                               "v_add_u32 v8, %s, v0\n"
                               "v_mov_b32 v4, v0\n"
                               "v_mov_b32 v5, 0\n"
                               "image_store_u s[8:9], v[4:7], v[8:11]\n"
                               "s_endpgm\n";

/* A buffer holding a descriptor (at its start) and the texels after it;
 * returns the descriptor's device address, the layout in *d. */
static uint64_t make_image(sim_device *dv, isa_image_desc *d, uint32_t type, uint32_t order,
                           uint32_t dtype, uint32_t w, uint32_t h, uint32_t tile) {
  isa_image_desc tmp;
  memset(&tmp, 0, sizeof tmp);
  uint64_t bytes = isa_image_layout(&tmp, type, order, dtype, w, h, 1, 1, tile, tile);
  ck_assert_uint_ne(bytes, 0);
  uint64_t base = sim_mem_alloc(dv, ISA_IMAGE_DESC_BYTES + bytes, NULL);
  ck_assert_uint_ne(base, 0);
  tmp.data = base + ISA_IMAGE_DESC_BYTES;
  memcpy(sim_mem_host(dv, base, ISA_IMAGE_DESC_BYTES), &tmp, sizeof tmp);
  memset(sim_mem_host(dv, tmp.data, bytes), 0, bytes);
  *d = tmp;
  return base;
}

static sim_launch launch1(const isa_kernel *k, const void *kernarg, uint64_t global, int functional,
                          uint32_t checks) {
  sim_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.kernarg = kernarg;
  l.work_dim = 1;
  l.global_size[0] = global;
  l.local_size[0] = 32;
  l.global_size[1] = l.global_size[2] = l.local_size[1] = l.local_size[2] = 1;
  l.functional_only = functional;
  l.checks = checks;
  return l;
}

START_TEST(test_read_and_sample) {
  for (int mode = 0; mode < 2; mode++) {
    sim_device *dv = stk_device("teaching", NULL);
    isa_image_desc d;
    uint64_t img = make_image(dv, &d, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, 8, 8, 1);
    for (uint32_t y = 0; y < 8; y++)
      for (uint32_t x = 0; x < 8; x++) {
        float v = (float)(100 * y + x);
        memcpy(sim_mem_host(dv, d.data + isa_image_texel_offset(&d, x, y, 0), 4), &v, 4);
      }
    uint64_t out = sim_mem_alloc(dv, 64 * 8, NULL);
    uint64_t args[2] = {img, out};
    isa_kernel k;
    stk_kernel_init(&k, "rd", read_src, 24, 16);
    k.kernarg_bytes = sizeof args;
    sim_launch l = launch1(&k, args, 64, mode, SIM_CHECK_RACES);
    sim_stats st;
    char err[512] = "";
    ck_assert_msg(sim_run(dv, &l, &st, err, sizeof err) == SIM_OK, "%s", err);
    const float *o = sim_mem_host(dv, out, 64 * 8);
    for (uint32_t g = 0; g < 64; g++) {
      uint32_t x = g % 8, y = g / 8;
      ck_assert_msg(o[2 * g] == (float)(100 * y + x), "mode %d gid %u: %g", mode, g, o[2 * g]);
      /* a = 0.25 between x and x + 1 (clamped at the edge), b = 0 */
      float want = x < 7 ? (float)(100 * y + x) + 0.25f : (float)(100 * y + 7);
      ck_assert_msg(o[2 * g + 1] == want, "mode %d gid %u: %g", mode, g, o[2 * g + 1]);
    }
    /* 2 waves x (2 image reads + 2 stores), reported as vector memory; the
     * loads count each lane's first texel (4 bytes) */
    ck_assert_uint_eq(st.inst[ISA_UNIT_VMEM], 8);
    ck_assert_uint_eq(st.global_load_bytes, 2 * 64 * 4);
    ck_assert_uint_eq(st.global_store_bytes, 2 * 64 * 4);
    ck_assert_uint_eq(st.ndiags, 0);
    if (!mode) {
      ck_assert_uint_eq(st.lines[8].insts, 2); /* per-line: image_load_f on line 9 */
      ck_assert_uint_gt(st.cycles, 0);
    }
    sim_stats_fini(&st);
    stk_kernel_fini(&k);
    sim_device_destroy(dv);
  }
}
END_TEST

START_TEST(test_write) {
  for (int mode = 0; mode < 2; mode++) {
    sim_device *dv = stk_device("teaching", NULL);
    isa_image_desc d;
    uint64_t img = make_image(dv, &d, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT8, 8, 8, 2);
    isa_kernel k;
    stk_kernel_init(&k, "wr", write_src, 16, 16);
    k.kernarg_bytes = 8;
    sim_launch l = launch1(&k, &img, 64, mode, SIM_CHECK_RACES);
    sim_stats st;
    char err[512] = "";
    ck_assert_msg(sim_run(dv, &l, &st, err, sizeof err) == SIM_OK, "%s", err);
    for (uint32_t g = 0; g < 64; g++) {
      const uint8_t *p = sim_mem_host(dv, d.data + isa_image_texel_offset(&d, g % 8, g / 8, 0), 4);
      ck_assert(p[0] == g && p[1] == g + 1 && p[2] == 255 && p[3] == 255);
    }
    ck_assert_uint_eq(st.global_store_bytes, 64 * 4);
    ck_assert_uint_eq(st.ndiags, 0);
    sim_stats_fini(&st);
    stk_kernel_fini(&k);
    sim_device_destroy(dv);
  }
}
END_TEST

static sim_stats run_clash(const char *value, uint32_t checks, int mode) {
  char src[1024];
  snprintf(src, sizeof src, clash_fmt, value);
  sim_device *dv = stk_device("teaching", NULL);
  isa_image_desc d;
  uint64_t img = make_image(dv, &d, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_UNSIGNED_INT32, 32, 1, 0);
  isa_kernel k;
  stk_kernel_init(&k, "clash", src, 16, 16);
  k.kernarg_bytes = 8;
  sim_launch l = launch1(&k, &img, 64, mode, checks);
  sim_stats st;
  char err[512] = "";
  ck_assert_msg(sim_run(dv, &l, &st, err, sizeof err) == SIM_OK, "%s", err);
  stk_kernel_fini(&k);
  sim_device_destroy(dv);
  return st;
}

START_TEST(test_race_checker_sees_texels) {
  for (int mode = 0; mode < 2; mode++) {
    /* different values from the two groups: a race on the texel's bytes */
    sim_stats st = run_clash("s12", SIM_CHECK_RACES, mode);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "race_global");
    ck_assert_msg(strstr(st.diags[0].message, "+ offset 64 ") &&
                      strstr(st.diags[0].message, "wrote 4 bytes there at test.cl:6"),
                  "%s", st.diags[0].message);
    sim_stats_fini(&st);
    /* the same packed texel from both: benign, reported only when asked */
    st = run_clash("0", SIM_CHECK_RACES, mode);
    ck_assert_uint_eq(st.ndiags, 0);
    sim_stats_fini(&st);
    st = run_clash("0", SIM_CHECK_RACES | SIM_CHECK_BENIGN, mode);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "benign_race_global");
    sim_stats_fini(&st);
  }
}
END_TEST

START_TEST(test_fault_messages) {
  for (int mode = 0; mode < 2; mode++) {
    sim_device *dv = stk_device("teaching", NULL);
    isa_image_desc d;
    uint64_t img = make_image(dv, &d, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, 8, 8, 1);
    uint64_t out = sim_mem_alloc(dv, 64 * 8, NULL);
    isa_kernel k;
    stk_kernel_init(&k, "rd", read_src, 24, 16);
    k.kernarg_bytes = 16;
    sim_stats st;
    char err[512] = "";
    /* the descriptor address is no buffer */
    uint64_t bad[2] = {0x7700000000ull, out};
    sim_launch l = launch1(&k, bad, 64, mode, 0);
    ck_assert_int_eq(sim_run(dv, &l, &st, err, sizeof err), SIM_FAULT);
    ck_assert_str_eq(err, "kernel 'rd' faulted: image_load_f with an image descriptor address "
                          "0x7700000000 that no buffer contains by work-item (0,0,0) at "
                          "test.cl:9 (pass an image object for the image argument)");
    sim_stats_fini(&st);
    /* a descriptor that is not one: the output buffer's zeros */
    uint64_t zero[2] = {out, out};
    l = launch1(&k, zero, 64, mode, 0);
    ck_assert_int_eq(sim_run(dv, &l, &st, err, sizeof err), SIM_FAULT);
    ck_assert_msg(strstr(err, "image_load_f with an invalid image descriptor at 0x"), "%s", err);
    sim_stats_fini(&st);
    /* texels moved three quarters of an image on: tile rows from y = 2 lie past the
     * buffer; one wave, whose load meets them first at work-item 16 */
    isa_image_desc moved = d;
    moved.data = d.data + 192;
    memcpy(sim_mem_host(dv, img, sizeof moved), &moved, sizeof moved);
    uint64_t args[2] = {img, out};
    l = launch1(&k, args, 32, mode, 0);
    l.checks = SIM_CHECK_OOB_FAULT;
    ck_assert_int_eq(sim_run(dv, &l, &st, err, sizeof err), SIM_FAULT);
    char want[512];
    snprintf(want, sizeof want,
             "kernel 'rd' faulted: image_load_f read of a 4-byte texel at 0x%llx outside device "
             "memory by work-item (16,0,0) at test.cl:9 (the image descriptor at 0x%llx places "
             "its texels where no buffer is: was the image released?)",
             (unsigned long long)(d.data + 256), (unsigned long long)img);
    ck_assert_str_eq(err, want);
    sim_stats_fini(&st);
    /* by default those texels read zeros and each line's access is reported */
    l.checks = 0;
    ck_assert_int_eq(sim_run(dv, &l, &st, err, sizeof err), SIM_OK);
    ck_assert_uint_eq(st.ndiags, 2); /* the load at line 9, the sample at line 16 */
    ck_assert_str_eq(st.diags[0].kind, "oob_global");
    ck_assert_uint_eq(st.diags[0].line, 9);
    ck_assert_uint_eq(st.diags[1].line, 16);
    ck_assert_msg(strstr(st.diags[0].message, want + strlen("kernel 'rd' faulted: ")) &&
                      strstr(st.diags[0].message, "the load read zeros out of bounds"),
                  "%s", st.diags[0].message);
    sim_stats_fini(&st);
    stk_kernel_fini(&k);
    sim_device_destroy(dv);
  }
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("sim_image");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_read_and_sample);
  tcase_add_test(tc, test_write);
  tcase_add_test(tc, test_race_checker_sees_texels);
  tcase_add_test(tc, test_fault_messages);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
