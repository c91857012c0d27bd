/* The texture unit (sim/sim_tex.c) on the teaching config (1 texel per
 * cycle, 10 cycles beyond an L1 hit) with its L1 (64-byte lines) and a
 * stub link 100 cycles away: throughput, latency and counters, and the
 * scenario images exist for: a wave reading a 2D block touches fewer L1
 * lines in a tiled image than in row-major memory. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "isa_image.h"
#include "sim_stub.h"
#include "sim_tex.h"

enum { CL_RGBA = 0x10B5, CL_UNORM_INT8 = 0x10D2, CL_MEM_OBJECT_IMAGE2D = 0x10F1 };

typedef struct fixture {
  sim_l1 l1, l1b;    /* CU 0's and CU 1's */
  sim_tex tex, texb; /* each in front of its CU's L1 */
  stub link;         /* both CUs' */
} fixture;

static fixture *fx_make(void) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_l1_params lp;
  sim_tex_params tp;
  sim_l1_params_read(&lp, &c);
  sim_tex_params_read(&tp, &c);
  cfg_fini(&c);
  fixture *f = calloc(1, sizeof *f);
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(sim_l1_init(&f->l1, &lp, 0, NULL, stub_port(&f->link, 100, 64, 32), NULL), 0);
  ck_assert_int_eq(sim_l1_init(&f->l1b, &lp, 1, NULL, stub_port(&f->link, 100, 64, 32), NULL), 0);
  sim_tex_init(&f->tex, &tp, &f->l1);
  sim_tex_init(&f->texb, &tp, &f->l1b);
  return f;
}

static void fx_free(fixture *f) {
  sim_l1_fini(&f->l1);
  sim_l1_fini(&f->l1b);
  free(f);
}

/* Lane i reads the texel of image d (its data at 0x100000) at
 * (x0 + i % w, y0 + i / w): a w-wide block of 32 lanes, one tap each. */
static isa_tex_access *block(const isa_image_desc *d, uint32_t x0, uint32_t y0, uint32_t w) {
  isa_tex_access *t = calloc(1, sizeof *t);
  ck_assert_ptr_nonnull(t);
  t->kind = ISA_F_LOAD;
  t->size = 4;
  t->sampled = 1;
  t->taps = 32;
  for (uint32_t i = 0; i < 32; i++) {
    t->mask |= 1ull << i;
    t->ntaps[i] = 1;
    t->addr[i][0] = 0x100000 + isa_image_texel_offset(d, x0 + i % w, y0 + i / w, 0);
  }
  return t;
}

START_TEST(test_throughput_and_latency) {
  fixture *f = fx_make();
  /* 4 lanes filtering bilinearly: 16 texels, 16 cycles of the unit */
  isa_tex_access *t = calloc(1, sizeof *t);
  t->kind = ISA_F_LOAD;
  t->size = 4;
  t->filtered = 1;
  t->sampled = 1;
  t->taps = 16;
  for (uint32_t i = 0; i < 4; i++) {
    t->mask |= 1ull << i;
    t->ntaps[i] = 4;
    for (uint32_t k = 0; k < 4; k++) t->addr[i][k] = 0x1000 + 4 * (i + (k & 1)) + 256 * (k >> 1);
  }
  uint32_t nreq;
  /* texels addressed by 16; taps 0 and 2 miss a line each (rows 256 bytes
   * apart), taps 1 and 3 hit them; fills back 100 later, then the
   * pipeline's 10 */
  uint64_t done = sim_tex_access(&f->tex, 0, t, &nreq);
  ck_assert_uint_eq(f->tex.stats.tex_instructions, 1);
  ck_assert_uint_eq(f->tex.stats.tex_taps, 16);
  ck_assert_uint_eq(f->tex.stats.tex_filter_cycles, 16);
  ck_assert_uint_eq(f->tex.stats.tex_misses, 2);
  ck_assert_uint_eq(f->tex.stats.tex_hits, 2); /* taps 2, 3 find taps 0, 1's lines */
  ck_assert_uint_eq(nreq, 4);
  ck_assert_double_eq(f->link.got[0].t, 16);
  ck_assert_uint_ge(done, 16 + 100 + 10);
  /* the same again at 0 waits for the unit: its texels are addressed by 32 */
  sim_tex_access(&f->tex, 0, t, &nreq);
  ck_assert_uint_eq(f->tex.stats.tex_filter_cycles, 32);
  /* another CU's unit is its own: its first line leaves at 16 again (the
   * second at 18, behind two lines in the L1's pipeline), from CU 1, and
   * counts in its own counters */
  unsigned before = f->link.n;
  sim_tex_access(&f->texb, 0, t, &nreq);
  ck_assert_uint_eq(f->link.n, before + 2);
  ck_assert_double_eq(f->link.got[before].t, 16);
  ck_assert_double_eq(f->link.got[before + 1].t, 18);
  ck_assert_uint_eq(f->link.got[before].cu, 1);
  ck_assert_uint_eq(f->texb.stats.tex_filter_cycles, 16);
  ck_assert_uint_eq(f->tex.stats.tex_filter_cycles, 32);
  free(t);
  fx_free(f);
}
END_TEST

/* A 4 x 8 block of RGBA8 texels read by one wave. Row-major (a buffer, or
 * a linear image): 8 rows, 8 lines. Tiled in 4 x 4 tiles of 64 bytes, one
 * L1 line each: 2 lines. */
START_TEST(test_2d_locality) {
  isa_image_desc lin, til;
  memset(&lin, 0, sizeof lin);
  memset(&til, 0, sizeof til);
  ck_assert_uint_gt(
      isa_image_layout(&lin, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 1024, 1024, 1, 1, 0, 0),
      0);
  ck_assert_uint_gt(
      isa_image_layout(&til, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 1024, 1024, 1, 1, 2, 2),
      0);
  fixture *f = fx_make();
  uint32_t nreq;
  isa_tex_access *t = block(&lin, 64, 64, 4);
  sim_tex_access(&f->tex, 0, t, &nreq);
  ck_assert_uint_eq(nreq, 8);
  ck_assert_uint_eq(f->tex.stats.tex_misses, 8);
  free(t);
  fx_free(f);
  f = fx_make();
  t = block(&til, 64, 64, 4);
  sim_tex_access(&f->tex, 0, t, &nreq);
  ck_assert_uint_eq(nreq, 2);
  ck_assert_uint_eq(f->tex.stats.tex_misses, 2);
  ck_assert_uint_eq(f->link.n, 2);
  free(t);
  fx_free(f);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_tex");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_throughput_and_latency);
  tcase_add_test(tc, test_2d_locality);
  suite_add_tcase(s, tc);
  return check_run(s);
}
