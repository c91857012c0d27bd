/* cli/compile_affine.c: the address forms it finds for LDS instructions in
 * hand-written ISA (straight code, a uniform loop, divergent branches and
 * their reconvergence, runtime strides, loaded addresses) and the passes it
 * reports per wave on a config's LDS. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "check_run.h"
#include "compile.h"

/* The forms of the LDS instructions of `text` (out: ncode entries, freed
 * by the caller). */
static cli_lds_addr *analyse(const char *text, isa_kernel *k) {
  char err[256];
  memset(k, 0, sizeof *k);
  ck_assert_msg(isa_assemble(text, &k->code, &k->ncode, err, sizeof err) == 0, "%s", err);
  cli_lds_addr *a = calloc(k->ncode, sizeof *a);
  ck_assert_ptr_nonnull(a);
  ck_assert_int_eq(cli_affine_lds(k, a), 0);
  return a;
}

static void check_form(const cli_lds_addr *a, int known, uint32_t base, uint32_t cx, uint32_t cy,
                       uint32_t cz) {
  ck_assert(a->lds);
  ck_assert(a->affine);
  ck_assert_int_eq(a->base_known, known);
  if (known) ck_assert_uint_eq(a->base, base);
  ck_assert_uint_eq(a->coef[0], cx);
  ck_assert_uint_eq(a->coef[1], cy);
  ck_assert_uint_eq(a->coef[2], cz);
}

/* tile[y][x] with 128-byte rows, through the pointer bias the backend
 * adds and the offset that takes it off again */
START_TEST(straight_line) {
  isa_kernel k;
  cli_lds_addr *a = analyse("v_lshl_b32 v3, v0, 2\n"
                            "v_mad_u32 v4, v1, 128, v3\n"
                            "v_add_u32 v4, 0x10000, v4\n"
                            "ds_read_b32 v5, v4, offset:-65520\n"
                            "v_zext_u64_u32 v[6:7], v2\n"
                            "v_mad_u64_u32 v[8:9], v6, 12, v[6:7]\n"
                            "ds_write_b32 v8, v5\n"
                            "v_mov_b32 v10, 0\n"
                            "ds_read_b32 v11, v10, offset:8\n"
                            "s_endpgm\n",
                            &k);
  check_form(&a[3], 1, 16, 4, 128, 0);
  check_form(&a[6], 1, 0, 0, 0, 13); /* 12*z + z, read as the low half */
  check_form(&a[8], 1, 8, 0, 0, 0);
  ck_assert(!a[0].lds);
  free(a);
  free(k.code);
}
END_TEST

/* A uniform loop counter in an SGPR: the base becomes a runtime value
 * common to the wave, the stride stays. */
START_TEST(uniform_loop) {
  isa_kernel k;
  cli_lds_addr *a = analyse("s_mov_b32 s7, 0\n"
                            "loop:\n"
                            "v_add_u32 v3, v0, s7\n"
                            "v_lshl_b32 v3, v3, 2\n"
                            "ds_read_b32 v4, v3\n"
                            "s_add_u32 s7, s7, 1\n"
                            "s_cmp_lt_u32 s7, 16\n"
                            "s_cbranch_scc1 loop\n"
                            "s_endpgm\n",
                            &k);
  check_form(&a[3], 0, 0, 4, 0, 0);
  free(a);
  free(k.code);
}
END_TEST

/* After a divergent branch, a register the branch wrote with different
 * uniform parts per side differs per lane; one written with the same
 * function of the id on both sides, or not written, keeps its form. */
START_TEST(divergent_reconvergence) {
  isa_kernel k;
  cli_lds_addr *a = analyse("s_load_b32 s8, s[0:1]\n"               /* 0 */
                            "v_lshl_b32 v9, v0, 2\n"                /* 1 */
                            "v_add_u32 v9, v9, s8\n"                /* 2: untouched below */
                            "v_cmp_lt_u32 s[10:11], v0, 5\n"        /* 3 */
                            "s_cbranch_div s[10:11], @5, @9, @12\n" /* 4 */
                            "v_lshl_b32 v3, v0, 3\n"                /* 5 */
                            "v_add_u32 v3, v3, 64\n"                /* 6 */
                            "v_lshl_b32 v4, v0, 2\n"                /* 7 */
                            "s_branch @12\n"                        /* 8 */
                            "v_lshl_b32 v3, v0, 3\n"                /* 9 */
                            "v_add_u32 v3, v3, s8\n"                /* 10 */
                            "v_lshl_b32 v4, v0, 2\n"                /* 11 */
                            "ds_read_b32 v5, v3\n"                  /* 12: per lane */
                            "ds_read_b32 v6, v4\n"                  /* 13: same form both ways */
                            "ds_read_b32 v7, v9\n"                  /* 14: not written inside */
                            "s_endpgm\n",
                            &k);
  ck_assert(a[12].lds);
  ck_assert(!a[12].affine);
  check_form(&a[13], 1, 0, 4, 0, 0);
  check_form(&a[14], 0, 0, 4, 0, 0);
  free(a);
  free(k.code);
}
END_TEST

/* A stride that is a kernel argument, an address loaded from memory, a
 * division and a lane-wise select are not affine with known strides. */
START_TEST(not_affine) {
  isa_kernel k;
  cli_lds_addr *a = analyse("s_load_b32 s8, s[0:1]\n"
                            "v_mul_lo_u32 v3, v0, s8\n"
                            "ds_read_b32 v4, v3\n"
                            "ds_read_b32 v5, v4\n"
                            "v_div_u32 v6, v0, 3\n"
                            "ds_read_b32 v7, v6\n"
                            "v_cmp_lt_u32 s[10:11], v0, 5\n"
                            "v_cndmask_b32 v8, v0, 4, s[10:11]\n"
                            "ds_write_b32 v8, v7\n"
                            "v_div_u32 v9, s8, 3\n"
                            "ds_write_b32 v9, v7\n"
                            "s_endpgm\n",
                            &k);
  ck_assert(!a[2].affine);
  ck_assert(!a[3].affine);
  ck_assert(!a[5].affine);
  ck_assert(!a[8].affine);
  check_form(&a[10], 0, 0, 0, 0, 0); /* uniform: every lane on one word */
  free(a);
  free(k.code);
}
END_TEST

/* Passes per wave as the timing model counts them: a 128-byte stride puts
 * every lane of a 32-wide wave on one bank; 132 bytes spreads them; one
 * word for all is a broadcast; in a 16x16 group a wave spans two rows. */
START_TEST(degree) {
  cfg_device c;
  cfg_defaults(&c);
  c.wave_size = 32;
  c.lds_banks = 32;
  c.lds_bank_width = 4;
  c.lds_broadcast = 1;
  c.lds_phase_bytes = 0;
  isa_inst rd = {.op = ISA_OP_ds_read_b32};
  cli_lds_cost cost;
  uint32_t local[3] = {32, 32, 1};
  cli_lds_addr col = {.lds = 1, .affine = 1, .base_known = 1, .coef = {128, 4, 0}};
  cli_lds_degree(&col, &rd, &c, local, &cost);
  ck_assert_uint_eq(cost.passes, 32);
  ck_assert_uint_eq(cost.ideal, 1);
  cli_lds_addr pad = {.lds = 1, .affine = 1, .base_known = 1, .coef = {132, 4, 0}};
  cli_lds_degree(&pad, &rd, &c, local, &cost);
  ck_assert_uint_eq(cost.passes, 1);
  cli_lds_addr one = {.lds = 1, .affine = 1, .base_known = 1, .base = 12};
  cli_lds_degree(&one, &rd, &c, local, &cost);
  ck_assert_uint_eq(cost.passes, 1);
  /* 16x16: lanes 0-15 at row y, 16-31 at row y+1; 8-byte stride in x
   * folds 16 lanes onto 16 even banks twice -> 2-way */
  uint32_t sq[3] = {16, 16, 1};
  cli_lds_addr even = {.lds = 1, .affine = 1, .base_known = 1, .coef = {8, 128, 0}};
  cli_lds_degree(&even, &rd, &c, sq, &cost);
  ck_assert_uint_eq(cost.passes, 2);
  ck_assert_uint_eq(cost.passes_min, 2);
  ck_assert_uint_eq(cost.passes_max, 2);
  /* a 48-item group: the second wave has 16 lanes, fewer conflicts */
  uint32_t odd[3] = {48, 1, 1};
  cli_lds_addr s8 = {.lds = 1, .affine = 1, .base_known = 1, .coef = {32, 0, 0}};
  cli_lds_degree(&s8, &rd, &c, odd, &cost);
  ck_assert_uint_eq(cost.passes_max, 8);
  ck_assert_uint_eq(cost.passes_min, 4);
  ck_assert_uint_eq(cost.passes, 8);
  cfg_fini(&c);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("compile_affine");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, straight_line);
  tcase_add_test(tc, uniform_loop);
  tcase_add_test(tc, divergent_reconvergence);
  tcase_add_test(tc, not_affine);
  tcase_add_test(tc, degree);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
