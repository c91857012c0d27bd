/* Memory semantics: global through a two-region memmap, LDS, scratch, scalar
 * loads, atomics in lane order, access records, and faults that leave memory
 * untouched while naming the lane and address. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "isa_test_util.h"

enum { BASE_A = 0x1000, SIZE_A = 64, BASE_B = 0x10000, SIZE_B = 512 };

typedef struct gmem {
  uint8_t a[SIZE_A], b[SIZE_B];
  isa_region r[2];
  isa_memmap map;
} gmem;

static void gmem_init(gmem *g, tw *t) {
  for (unsigned i = 0; i < SIZE_A; i++) g->a[i] = (uint8_t)(0xa0 + i);
  for (unsigned i = 0; i < SIZE_B; i++) g->b[i] = (uint8_t)i;
  g->r[0] = (isa_region){BASE_A, SIZE_A, g->a};
  g->r[1] = (isa_region){BASE_B, SIZE_B, g->b};
  g->map = (isa_memmap){g->r, 2};
  t->w.global = &g->map;
}

static void set_addr(tw *t, unsigned reg, unsigned lane, uint64_t a) {
  *tw_v(t, reg, lane) = (uint32_t)a;
  *tw_v(t, reg + 1, lane) = (uint32_t)(a >> 32);
}

START_TEST(test_translate) {
  uint8_t a[16], b[16];
  isa_region r[2] = {{0x100, 16, a}, {0x200, 16, b}};
  isa_memmap m = {r, 2};
  ck_assert_ptr_eq(isa_memmap_translate(&m, 0x100, 16), a);
  ck_assert_ptr_eq(isa_memmap_translate(&m, 0x10f, 1), a + 15);
  ck_assert_ptr_null(isa_memmap_translate(&m, 0x10f, 2)); /* straddles the end */
  ck_assert_ptr_null(isa_memmap_translate(&m, 0x110, 1)); /* gap */
  ck_assert_ptr_null(isa_memmap_translate(&m, 0xff, 1));  /* below all */
  ck_assert_ptr_eq(isa_memmap_translate(&m, 0x208, 8), b + 8);
  ck_assert_ptr_null(isa_memmap_translate(&m, 0x210, 1));
  ck_assert_ptr_null(isa_memmap_translate(&m, UINT64_MAX, 1));
  isa_memmap empty = {NULL, 0};
  ck_assert_ptr_null(isa_memmap_translate(&empty, 0x100, 1));
  ck_assert_ptr_null(isa_memmap_translate(NULL, 0x100, 1));
}
END_TEST

START_TEST(test_global_load_store) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = tw_new(ws, ws == 64 ? ~0ull : 0xffffffffull, 0);
    gmem g;
    gmem_init(&g, t);
    /* lanes 0..7 read region A (unaligned base +1), the rest region B */
    for (unsigned i = 0; i < ws; i++)
      set_addr(t, 6, i, i < 8 ? BASE_A + 1 + 4 * i : BASE_B + 4 * i);
    ck_assert_int_eq(tw_exec(t, "global_load_b32 v4, v[6:7], offset:4"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) {
      uint32_t want;
      memcpy(&want, i < 8 ? &g.a[1 + 4 * i + 4] : &g.b[4 * i + 4], 4);
      ck_assert_uint_eq(*tw_v(t, 4, i), want);
    }
    ck_assert_uint_eq(t->w.access.space, ISA_SPACE_GLOBAL);
    ck_assert_uint_eq(t->w.access.size, 4);
    ck_assert_uint_eq(t->w.access.kind, ISA_F_LOAD);
    ck_assert_uint_eq(t->w.access.mask, t->w.exec);
    ck_assert_uint_eq(t->w.access.addr[0], BASE_A + 5);
    ck_assert_uint_eq(t->w.access.addr[9], BASE_B + 40);
    /* sign/zero extension: byte 0x80 and halfword 0x8180 at region B 0x80 */
    for (unsigned i = 0; i < ws; i++) set_addr(t, 6, i, BASE_B + 0x80);
    ck_assert_int_eq(tw_exec(t, "global_load_i8 v4, v[6:7]"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 4, 3), 0xffffff80u);
    ck_assert_int_eq(tw_exec(t, "global_load_u8 v4, v[6:7]"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 4, 3), 0x80);
    ck_assert_int_eq(tw_exec(t, "global_load_i16 v4, v[6:7]"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 4, 3), 0xffff8180u);
    ck_assert_int_eq(tw_exec(t, "global_load_u16 v4, v[6:7]"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 4, 3), 0x8180);
    ck_assert_int_eq(tw_exec(t, "global_load_b128 v[8:11], v[6:7], offset:-16"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 8, 5), 0x73727170u);
    ck_assert_uint_eq(*tw_v(t, 11, 5), 0x7f7e7d7cu);
    ck_assert_uint_eq(t->w.access.size, 16);
    /* loading into the address registers themselves */
    ck_assert_int_eq(tw_exec(t, "global_load_b64 v[6:7], v[6:7]"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 6, 1), 0x83828180u);
    ck_assert_uint_eq(*tw_v(t, 7, 1), 0x87868584u);
    /* stores: each lane writes its own 16 bytes; inactive lanes do not store */
    for (unsigned i = 0; i < ws; i++) {
      set_addr(t, 6, i, BASE_B + 16 * (i % 32));
      for (unsigned k = 0; k < 4; k++) *tw_v(t, 8 + k, i) = 0x1000 * i + k;
    }
    t->w.exec = 0x3;
    ck_assert_int_eq(tw_exec(t, "global_store_b128 v[6:7], v[8:11]"), ISA_RUN);
    uint32_t got[8];
    memcpy(got, g.b, 32);
    ck_assert_uint_eq(got[0], 0);
    ck_assert_uint_eq(got[3], 3);
    ck_assert_uint_eq(got[4], 0x1000);
    ck_assert_uint_eq(got[7], 0x1003);
    ck_assert_uint_eq(g.b[32], 32); /* lane 2 inactive */
    ck_assert_uint_eq(t->w.access.kind, ISA_F_STORE);
    ck_assert_uint_eq(t->w.access.mask, 0x3);
    t->w.exec = 0x4;
    ck_assert_int_eq(tw_exec(t, "global_store_b8 v[6:7], v9"), ISA_RUN);
    ck_assert_uint_eq(g.b[32], 0x01);
    ck_assert_uint_eq(g.b[33], 33);
    ck_assert_int_eq(tw_exec(t, "global_store_b16 v[6:7], v9, offset:2"), ISA_RUN);
    ck_assert_uint_eq(g.b[34], 0x01);
    ck_assert_uint_eq(g.b[35], 0x20);
    ck_assert_uint_eq(g.b[36], 36);
    ck_assert_int_eq(tw_exec(t, "global_store_b64 v[6:7], v[8:9], offset:5"), ISA_RUN);
    ck_assert_uint_eq(g.b[37], 0x00);
    ck_assert_uint_eq(g.b[38], 0x20);
    ck_assert_uint_eq(g.b[41], 0x01);
    ck_assert_uint_eq(g.b[42], 0x20);
    ck_assert_uint_eq(g.b[45], 45);
    ck_assert_int_eq(tw_exec(t, "global_store_b32 v[6:7], v11, offset:0x40"), ISA_RUN);
    ck_assert_uint_eq(g.b[96], 0x03);
    ck_assert_uint_eq(g.b[97], 0x20);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_global_fault_untouched) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g, before;
  gmem_init(&g, t);
  for (unsigned i = 0; i < 32; i++) set_addr(t, 6, i, BASE_B + 4 * i);
  set_addr(t, 6, 17, BASE_A + SIZE_A - 2); /* straddles region A's end */
  tw_load(t, "s_nop\nglobal_store_b32 v[6:7], v1\ns_endpgm\n");
  memcpy(&before, &g, sizeof g);
  ck_assert_int_eq(tw_run(t, 0xffffffffull, 10), ISA_FAULTED);
  ck_assert_int_eq(memcmp(g.a, before.a, SIZE_A), 0);
  ck_assert_int_eq(memcmp(g.b, before.b, SIZE_B), 0);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_GLOBAL_OOB);
  ck_assert_uint_eq(t->w.fault.pc, 1);
  ck_assert_uint_eq(t->w.fault.lane, 17);
  ck_assert_uint_eq(t->w.fault.addr, BASE_A + SIZE_A - 2);
  ck_assert_uint_eq(t->w.fault.size, 4);
  ck_assert_uint_eq(t->w.pc, 1); /* stays on the faulting instruction */
  /* the same lane inactive: no fault */
  ck_assert_int_eq(tw_run(t, 0xffffffffull & ~(1ull << 17), 10), ISA_END);
  /* loads fault too, without writing the destination */
  *tw_v(t, 9, 0) = 77;
  set_addr(t, 6, 0, 0x8000); /* gap between the regions */
  t->w.exec = 1;
  ck_assert_int_eq(tw_exec(t, "global_atomic_add_u32 v9, v[6:7], v1"), ISA_FAULTED);
  ck_assert_uint_eq(*tw_v(t, 9, 0), 77);
  ck_assert_uint_eq(t->w.fault.addr, 0x8000);
  ck_assert_uint_eq(t->w.fault.lane, 0);
  tw_free(t);
}
END_TEST

/* isa_wave.oob_ignore: the out-of-bounds lanes of global, LDS, scratch and
 * scalar accesses read zeros, their stores and atomics change nothing (an
 * atomic returns 0), the bytes of a straddling load or store inside memory
 * are accessed, such lanes leave the access mask, the other lanes go on,
 * and the first such lane is noted in w->oob (not faulted). */
START_TEST(test_oob_ignored) {
  tw *t = tw_new(32, 0xffffffffull, 16);
  gmem g, before;
  gmem_init(&g, t);
  t->w.oob_ignore = 1;
  for (unsigned i = 0; i < 32; i++) set_addr(t, 6, i, BASE_B + 4 * i), *tw_v(t, 1, i) = 0x77;
  set_addr(t, 6, 17, BASE_A + SIZE_A - 2); /* straddles region A's end */
  set_addr(t, 6, 20, 0x8000);              /* between the regions */
  memcpy(&before, &g, sizeof g);
  ck_assert_int_eq(tw_exec(t, "global_store_b32 v[6:7], v1"), ISA_RUN);
  /* lane 17 straddles the end: its 2 bytes inside land, the rest is dropped */
  ck_assert_int_eq(memcmp(g.a, before.a, SIZE_A - 2), 0);
  ck_assert_uint_eq(g.a[SIZE_A - 2], 0x77);
  ck_assert_uint_eq(g.a[SIZE_A - 1], 0);
  ck_assert_uint_eq(g.b[4 * 16], 0x77); /* other lanes stored */
  ck_assert_uint_eq(t->w.oob.kind, ISA_FAULT_GLOBAL_OOB);
  ck_assert_uint_eq(t->w.oob.lane, 17);
  ck_assert_uint_eq(t->w.oob.addr, BASE_A + SIZE_A - 2);
  ck_assert_uint_eq(t->w.oob.size, 4);
  ck_assert_uint_eq(t->w.access.mask, 0xffffffffull & ~(1ull << 17) & ~(1ull << 20));
  t->w.oob.kind = ISA_FAULT_NONE; /* the simulator takes the note */
  for (unsigned i = 0; i < 32; i++) *tw_v(t, 9, i) = 5;
  g.a[SIZE_A - 1] = 0x12;
  ck_assert_int_eq(tw_exec(t, "global_load_b32 v9, v[6:7]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 17), 0x1277); /* the bytes inside, zeros past the end */
  ck_assert_uint_eq(*tw_v(t, 9, 20), 0);
  ck_assert_uint_eq(*tw_v(t, 9, 16), 0x77);
  ck_assert_uint_eq(t->w.oob.lane, 17);
  memcpy(&before, &g, sizeof g);
  ck_assert_int_eq(tw_exec(t, "global_atomic_add_u32 v9, v[6:7], v1"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 20), 0);
  ck_assert_uint_eq(*tw_v(t, 9, 17), 0);    /* a straddling atomic: all or nothing */
  ck_assert_uint_eq(*tw_v(t, 9, 16), 0x77); /* the old value */
  ck_assert_int_eq(memcmp(g.a, before.a, SIZE_A), 0);
  /* __local: 1024 bytes */
  t->w.oob.kind = ISA_FAULT_NONE;
  memset(t->lds, 0x11, 1024);
  for (unsigned i = 0; i < 32; i++) *tw_v(t, 5, i) = 4 * i;
  *tw_v(t, 5, 3) = 1022;
  ck_assert_int_eq(tw_exec(t, "ds_write_b32 v5, v1"), ISA_RUN);
  ck_assert_uint_eq(t->lds[1022], 0x77); /* the 2 bytes below the bound */
  ck_assert_uint_eq(t->lds[1023], 0);
  ck_assert_uint_eq(t->lds[8], 0x77);
  ck_assert_int_eq(tw_exec(t, "ds_read_b32 v9, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 3), 0x77);
  *tw_v(t, 5, 3) = 1024; /* wholly past the end */
  ck_assert_int_eq(tw_exec(t, "ds_read_b32 v9, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 3), 0);
  ck_assert_uint_eq(*tw_v(t, 9, 2), 0x77);
  ck_assert_uint_eq(t->w.oob.kind, ISA_FAULT_LDS_OOB);
  ck_assert_uint_eq(t->w.oob.addr, 1022);
  /* private: 16 bytes per work-item */
  t->w.oob.kind = ISA_FAULT_NONE;
  for (unsigned i = 0; i < 32; i++) *tw_v(t, 5, i) = 0;
  *tw_v(t, 5, 4) = 16;
  ck_assert_int_eq(tw_exec(t, "scratch_store_b32 v5, v1"), ISA_RUN);
  ck_assert_int_eq(tw_exec(t, "scratch_load_b32 v9, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 4), 0);
  ck_assert_uint_eq(*tw_v(t, 9, 5), 0x77);
  ck_assert_uint_eq(t->w.oob.kind, ISA_FAULT_SCRATCH_OOB);
  ck_assert_uint_eq(t->w.oob.lane, 4);
  /* scalar */
  t->w.oob.kind = ISA_FAULT_NONE;
  t->s[0] = BASE_A + SIZE_A - 4;
  t->s[1] = 0;
  t->s[8] = t->s[9] = 9;
  ck_assert_int_eq(tw_exec(t, "s_load_b64 s[8:9], s[0:1]"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0);
  ck_assert_uint_eq(t->w.access.mask, 0);
  ck_assert_uint_eq(t->w.oob.kind, ISA_FAULT_GLOBAL_OOB);
  tw_free(t);
}
END_TEST

START_TEST(test_global_atomics) {
  tw *t = tw_new(64, ~0ull, 0);
  gmem g;
  gmem_init(&g, t);
  memset(g.b, 0, SIZE_B);
  for (unsigned i = 0; i < 64; i++) {
    set_addr(t, 6, i, BASE_B);
    *tw_v(t, 1, i) = i + 1;
  }
  ck_assert_int_eq(tw_exec(t, "global_atomic_add_u32 v2, v[6:7], v1"), ISA_RUN);
  uint32_t m;
  memcpy(&m, g.b, 4);
  ck_assert_uint_eq(m, 64 * 65 / 2);
  for (unsigned i = 0; i < 64; i++)
    ck_assert_uint_eq(*tw_v(t, 2, i), i * (i + 1) / 2); /* lane order */
  ck_assert_uint_eq(t->w.access.kind, ISA_F_ATOMIC);
  /* inc/dec: OpenCL atomic_inc/atomic_dec without a wrap bound */
  t->w.exec = 0xf;
  ck_assert_int_eq(tw_exec(t, "global_atomic_inc_u32 v2, v[6:7]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 2, 3), 2080 + 3);
  ck_assert_int_eq(tw_exec(t, "global_atomic_dec_u32 v2, v[6:7]"), ISA_RUN);
  memcpy(&m, g.b, 4);
  ck_assert_uint_eq(m, 2080);
  /* cmpxchg(p, cmp=src1, val=src2): only the first lane whose cmp matches wins */
  for (unsigned i = 0; i < 4; i++) {
    *tw_v(t, 1, i) = 2080;
    *tw_v(t, 3, i) = 100 + i;
  }
  ck_assert_int_eq(tw_exec(t, "global_atomic_cmpxchg_b32 v2, v[6:7], v1, v3"), ISA_RUN);
  memcpy(&m, g.b, 4);
  ck_assert_uint_eq(m, 100);
  ck_assert_uint_eq(*tw_v(t, 2, 0), 2080);
  ck_assert_uint_eq(*tw_v(t, 2, 1), 100);
  static const struct {
    const char *op;
    uint32_t init, v, want;
  } ops[] = {
      {"global_atomic_sub_u32", 10, 3, 7},
      {"global_atomic_xchg_b32", 10, 3, 3},
      {"global_atomic_min_i32", 10, (uint32_t)-3, (uint32_t)-3},
      {"global_atomic_max_i32", 10, (uint32_t)-3, 10},
      {"global_atomic_min_u32", 10, (uint32_t)-3, 10},
      {"global_atomic_max_u32", 10, (uint32_t)-3, (uint32_t)-3},
      {"global_atomic_and_b32", 0xc, 0xa, 0x8},
      {"global_atomic_or_b32", 0xc, 0xa, 0xe},
      {"global_atomic_xor_b32", 0xc, 0xa, 0x6},
  };
  t->w.exec = 1;
  char text[96];
  for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    memcpy(g.b, &ops[k].init, 4);
    *tw_v(t, 1, 0) = ops[k].v;
    snprintf(text, sizeof text, "%s v2, v[6:7], v1", ops[k].op);
    ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
    memcpy(&m, g.b, 4);
    ck_assert_msg(m == ops[k].want, "%s: %u", ops[k].op, m);
    ck_assert_uint_eq(*tw_v(t, 2, 0), ops[k].init);
  }
  tw_free(t);
}
END_TEST

START_TEST(test_lds) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  for (unsigned i = 0; i < 32; i++) {
    *tw_v(t, 1, i) = 8 * i;
    *tw_v(t, 2, i) = 0x100 + i;
    *tw_v(t, 3, i) = 0x200 + i;
  }
  ck_assert_int_eq(tw_exec(t, "ds_write_b64 v1, v[2:3], offset:4"), ISA_RUN);
  ck_assert_uint_eq(t->w.access.space, ISA_SPACE_LDS);
  ck_assert_uint_eq(t->w.access.addr[5], 44);
  uint32_t m;
  memcpy(&m, t->lds + 44, 4);
  ck_assert_uint_eq(m, 0x105);
  memcpy(&m, t->lds + 48, 4);
  ck_assert_uint_eq(m, 0x205);
  ck_assert_int_eq(tw_exec(t, "ds_read_b32 v4, v1, offset:8"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0x200);
  ck_assert_uint_eq(*tw_v(t, 4, 31), 0x21f);
  t->lds[300] = 0xfe;
  *tw_v(t, 5, 0) = 300;
  t->w.exec = 1;
  ck_assert_int_eq(tw_exec(t, "ds_read_i8 v4, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0xfffffffeu);
  ck_assert_int_eq(tw_exec(t, "ds_read_u8 v4, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0xfe);
  /* atomics: all lanes on one word */
  t->w.exec = 0xffffffffull;
  memset(t->lds, 0, 4);
  for (unsigned i = 0; i < 32; i++) *tw_v(t, 5, i) = 0;
  ck_assert_int_eq(tw_exec(t, "ds_atomic_inc_u32 v6, v5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 6, 31), 31);
  memcpy(&m, t->lds, 4);
  ck_assert_uint_eq(m, 32);
  ck_assert_int_eq(tw_exec(t, "ds_atomic_max_u32 v6, v5, v1"), ISA_RUN);
  memcpy(&m, t->lds, 4);
  ck_assert_uint_eq(m, 248);
  /* faults: last byte past the end, and a negative address */
  uint8_t before[1024];
  memcpy(before, t->lds, sizeof before);
  *tw_v(t, 5, 7) = 1021;
  ck_assert_int_eq(tw_exec(t, "ds_write_b32 v5, v1"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_LDS_OOB);
  ck_assert_uint_eq(t->w.fault.lane, 7);
  ck_assert_uint_eq(t->w.fault.addr, 1021);
  ck_assert_uint_eq(t->w.fault.size, 4);
  ck_assert_int_eq(memcmp(before, t->lds, sizeof before), 0);
  *tw_v(t, 5, 7) = 1020;
  ck_assert_int_eq(tw_exec(t, "ds_read_b32 v6, v5"), ISA_RUN);
  ck_assert_int_eq(tw_exec(t, "ds_read_b32 v6, v5, offset:-1"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.lane, 0);
  /* LDS addresses are 32-bit: 0 - 1 wraps to the top of the space */
  ck_assert_uint_eq(t->w.fault.addr, 0xffffffffu);
  /* and register + offset wraps: 0xfffffffc + 8 is byte 4, in range (the
   * compiler moves constants out of indices into the offset, addr_fold.c) */
  for (uint32_t l = 0; l < 64; l++) *tw_v(t, 5, l) = 0xfffffffcu;
  t->lds[4] = 0x5a;
  ck_assert_int_eq(tw_exec(t, "ds_read_u8 v6, v5, offset:8"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 6, 3), 0x5a);
  tw_free(t);
}
END_TEST

START_TEST(test_scratch) {
  tw *t = tw_new(64, ~0ull, 32);
  for (unsigned i = 0; i < 64; i++) {
    *tw_v(t, 1, i) = 4; /* the same private offset in every lane */
    *tw_v(t, 2, i) = 0xabc00 + i;
  }
  ck_assert_int_eq(tw_exec(t, "scratch_store_b32 v1, v2, offset:4"), ISA_RUN);
  uint32_t m;
  memcpy(&m, t->scratch + 5 * 32 + 8, 4); /* lane 5's area, offset 8 */
  ck_assert_uint_eq(m, 0xabc05);
  /* the timing view: dword-interleaved, lanes of one variable adjacent */
  ck_assert_uint_eq(t->w.access.space, ISA_SPACE_SCRATCH);
  ck_assert_uint_eq(t->w.access.addr[0], 0x100000 + 2 * 64 * 4);
  ck_assert_uint_eq(t->w.access.addr[5], 0x100000 + 2 * 64 * 4 + 5 * 4);
  ck_assert_int_eq(tw_exec(t, "scratch_load_b32 v3, v1, offset:4"), ISA_RUN);
  for (unsigned i = 0; i < 64; i++) ck_assert_uint_eq(*tw_v(t, 3, i), 0xabc00 + i);
  /* lane 1 holds bytes 01 bc 0a 00 at offset 8 */
  ck_assert_int_eq(tw_exec(t, "scratch_load_i16 v3, v1, offset:4"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 3, 1), 0xffffbc01u);
  ck_assert_int_eq(tw_exec(t, "scratch_load_u16 v3, v1, offset:5"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 3, 1), 0x0abc);
  ck_assert_uint_eq(t->w.access.addr[1], 0x100000 + 2 * 64 * 4 + 4 + 1);
  ck_assert_int_eq(tw_exec(t, "scratch_store_b128 v1, v[4:7], offset:12"), ISA_RUN);
  /* 16 bytes at offset 16 exceed 32? 16+16 = 32: fits; 17 does not */
  uint8_t before[64 * 32];
  memcpy(before, t->scratch, sizeof before);
  *tw_v(t, 1, 63) = 5;
  ck_assert_int_eq(tw_exec(t, "scratch_store_b128 v1, v[4:7], offset:12"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_SCRATCH_OOB);
  ck_assert_uint_eq(t->w.fault.lane, 63);
  ck_assert_uint_eq(t->w.fault.addr, 17);
  ck_assert_uint_eq(t->w.fault.size, 16);
  ck_assert_int_eq(memcmp(before, t->scratch, sizeof before), 0);
  tw_free(t);
}
END_TEST

START_TEST(test_scalar_load) {
  tw *t = tw_new(32, 0x1, 0);
  gmem g;
  gmem_init(&g, t);
  t->s[0] = BASE_B;
  t->s[1] = 0;
  ck_assert_int_eq(tw_exec(t, "s_load_b64 s[8:9], s[0:1], offset:8"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0x0f0e0d0c0b0a0908ull);
  ck_assert_uint_eq(t->w.access.space, ISA_SPACE_SCALAR);
  ck_assert_uint_eq(t->w.access.addr[0], BASE_B + 8);
  ck_assert_uint_eq(t->w.access.size, 8);
  ck_assert_int_eq(tw_exec(t, "s_load_b32 s10, s[0:1], offset:1"), ISA_RUN);
  ck_assert_uint_eq(t->s[10], 0x04030201u);
  t->s[0] = BASE_A + SIZE_A - 4;
  ck_assert_int_eq(tw_exec(t, "s_load_b64 s[8:9], s[0:1]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_GLOBAL_OOB);
  ck_assert_uint_eq(t->w.fault.addr, BASE_A + SIZE_A - 4);
  ck_assert_uint_eq(t->w.fault.size, 8);
  ck_assert_uint_eq(tw_s64(t, 8), 0x0f0e0d0c0b0a0908ull);
  /* a non-memory step clears the access record */
  ck_assert_int_eq(tw_exec(t, "s_nop"), ISA_RUN);
  ck_assert_uint_eq(t->w.access.space, ISA_SPACE_NONE);
  /* a fence changes nothing functionally (its cost is the timing model's) */
  uint32_t s10 = t->s[10];
  ck_assert_int_eq(tw_exec(t, "s_waitmem"), ISA_RUN);
  ck_assert_uint_eq(t->w.access.space, ISA_SPACE_NONE);
  ck_assert_uint_eq(t->s[10], s10);
  tw_free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_mem");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_translate);
  tcase_add_test(tc, test_global_load_store);
  tcase_add_test(tc, test_global_fault_untouched);
  tcase_add_test(tc, test_oob_ignored);
  tcase_add_test(tc, test_global_atomics);
  tcase_add_test(tc, test_lds);
  tcase_add_test(tc, test_scratch);
  tcase_add_test(tc, test_scalar_load);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
