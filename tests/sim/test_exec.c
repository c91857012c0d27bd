/* Kernel execution on the teaching config: hand-computed cycle counts for
 * tiny programs, functional and timing modes agreeing on memory, barriers
 * and LDS, determinism, caches persisting across launches, fault reports. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_tkernel.h"

typedef struct tkernel {
  isa_kernel k;
} tkernel;

static void kernel_init(isa_kernel *k, const char *name, const char *text, uint32_t nvgprs,
                        uint32_t nsgprs, uint32_t lds, uint32_t kernarg) {
  stk_kernel_init(k, name, text, nvgprs, nsgprs);
  k->lds_bytes = lds;
  k->kernarg_bytes = kernarg;
}

static sim_device *dev(const char *name) { return stk_device(name, NULL); }

static sim_launch launch1(const isa_kernel *k, const void *kernarg, uint64_t global, uint64_t local,
                          int functional) {
  sim_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.kernarg = kernarg;
  l.work_dim = 1;
  l.global_size[0] = global;
  l.local_size[0] = local;
  l.global_size[1] = l.global_size[2] = l.local_size[1] = l.local_size[2] = 1;
  l.functional_only = functional;
  return l;
}

static sim_stats run_ok(sim_device *d, const sim_launch *l) {
  sim_stats st;
  char err[512] = "";
  sim_status s = sim_run(d, l, &st, err, sizeof err);
  ck_assert_msg(s == SIM_OK, "status %d: %s", s, err);
  return st;
}

START_TEST(test_dependent_valu_cycles) {
  sim_device *d = dev("teaching");
  isa_kernel k;
  /* VALU latency 4, one pass: issue at 0, 4, 8; s_endpgm issues at 9 and the
   * wave retires when v3 lands at 12 */
  kernel_init(&k, "dep", "v_mov_b32 v3, 1\nv_add_u32 v3, v3, v3\nv_add_u32 v3, v3, v3\ns_endpgm\n", 4, 8, 0, 0);
  sim_launch l = launch1(&k, NULL, 32, 32, 0);
  sim_stats st = run_ok(d, &l);
  ck_assert_uint_eq(st.cycles, 12);
  ck_assert_uint_eq(st.stall_dependency, 6);
  ck_assert_uint_eq(st.inst[ISA_UNIT_VALU], 3);
  ck_assert_uint_eq(st.inst[ISA_UNIT_BRANCH], 1);
  ck_assert_uint_eq(st.thread_insts, 4 * 32);
  ck_assert_uint_eq(st.waves, 1);
  ck_assert_uint_eq(st.workgroups, 1);
  ck_assert_double_eq(st.time_ns, 12.0);
  /* per-line counters */
  ck_assert_uint_eq(st.nlines, 4);
  ck_assert_uint_eq(st.lines[1].line, 2);
  ck_assert_uint_eq(st.lines[1].insts, 1);
  ck_assert_uint_eq(st.lines[1].stall_cycles, 3);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
  /* independent: issue at 0, 1, 2; the last lands at 6 */
  kernel_init(&k, "indep", "v_mov_b32 v3, 1\nv_mov_b32 v4, 2\nv_mov_b32 v5, 3\ns_endpgm\n", 6, 8, 0, 0);
  l = launch1(&k, NULL, 32, 32, 0);
  st = run_ok(d, &l);
  ck_assert_uint_eq(st.cycles, 6);
  ck_assert_uint_eq(st.stall_dependency, 0);
  sim_stats_fini(&st);
  /* two waves on one SIMD share its VALU: with 1 SIMD, wave 1 issues a cycle behind */
  sim_device_destroy(d);
  cfg_device c;
  char err[256];
  const char *sets[] = {"cu.simds=1", "cu.count=1"};
  ck_assert_int_eq(cfg_load(NULL, "teaching", sets, 2, &c, err, sizeof err), 0);
  d = sim_device_create(&c, err, sizeof err);
  cfg_fini(&c);
  l = launch1(&k, NULL, 64, 64, 0);
  st = run_ok(d, &l);
  /* wave 0 issues at 0,1,2 (end 3); wave 1 at 4,5,6 (end 7): wave 1's v5 lands at 10 */
  ck_assert_uint_eq(st.cycles, 10);
  sim_stats_fini(&st);
  sim_device_destroy(d);
  stk_kernel_fini(&k);
}
END_TEST

/* out[gid] = a[gid] + b[gid] with kernargs a, b, out (8 bytes each), local size 64 */
static const char *vadd_src =
    "s_load_b64 s[8:9], s[0:1]\n"
    "s_load_b64 s[10:11], s[0:1], offset:8\n"
    "s_load_b64 s[12:13], s[0:1], offset:16\n"
    "s_mul_i32 s14, s4, 64\n"
    "v_add_u32 v3, s14, v0\n"
    "v_lshl_b32 v3, v3, 2\n"
    "v_mov_b32 v4, 0\n"
    "v_add_u64 v[6:7], s[8:9], v[3:4]\n"
    "global_load_b32 v8, v[6:7]\n"
    "v_add_u64 v[6:7], s[10:11], v[3:4]\n"
    "global_load_b32 v9, v[6:7]\n"
    "v_add_f32 v8, v8, v9\n"
    "v_add_u64 v[6:7], s[12:13], v[3:4]\n"
    "global_store_b32 v[6:7], v8\n"
    "s_endpgm\n";

typedef struct vadd_bufs {
  uint64_t a, b, out, args[3];
  uint32_t n;
} vadd_bufs;

static vadd_bufs vadd_setup(sim_device *d, uint32_t n, uint32_t alloc_n) {
  vadd_bufs v;
  v.n = n;
  v.a = sim_mem_alloc(d, alloc_n * 4, NULL);
  v.b = sim_mem_alloc(d, alloc_n * 4, NULL);
  v.out = sim_mem_alloc(d, alloc_n * 4, NULL);
  float *a = sim_mem_host(d, v.a, alloc_n * 4), *b = sim_mem_host(d, v.b, alloc_n * 4);
  for (uint32_t i = 0; i < alloc_n; i++) a[i] = (float)i, b[i] = 0.5f * (float)i;
  v.args[0] = v.a, v.args[1] = v.b, v.args[2] = v.out;
  return v;
}

START_TEST(test_vadd_modes_agree) {
  isa_kernel k;
  kernel_init(&k, "vadd", vadd_src, 10, 16, 0, 24);
  sim_stats st[2];
  float out[2][1024];
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("teaching");
    vadd_bufs v = vadd_setup(d, 1024, 1024);
    sim_launch l = launch1(&k, v.args, 1024, 64, mode);
    st[mode] = run_ok(d, &l);
    memcpy(out[mode], sim_mem_host(d, v.out, 4096), 4096);
    for (int i = 0; i < 1024; i++) ck_assert_float_eq(out[mode][i], 1.5f * (float)i);
    sim_device_destroy(d);
  }
  ck_assert_mem_eq(out[0], out[1], sizeof out[0]);
  /* functional only: the issue-bound estimate, 15 instructions x 32 waves over
   * 2 CUs x 2 SIMDs at one (single-pass) instruction per cycle */
  ck_assert_uint_eq(st[1].cycles, 15 * 32 / 4);
  ck_assert_uint_gt(st[0].cycles, 0);
  for (int u = 0; u < ISA_UNIT_COUNT; u++) ck_assert_uint_eq(st[0].inst[u], st[1].inst[u]);
  ck_assert_uint_eq(st[0].inst[ISA_UNIT_VMEM], 3 * 32);
  ck_assert_uint_eq(st[0].global_load_bytes, 8192);
  ck_assert_uint_eq(st[0].global_store_bytes, 4096);
  ck_assert_uint_eq(st[1].global_load_bytes, 8192);
  ck_assert_uint_eq(st[0].workgroups, 16);
  ck_assert_uint_eq(st[0].waves, 32);
  ck_assert_uint_eq(st[0].l1_misses, 2 * 64);   /* each 64-byte line of a and b once */
  ck_assert_uint_eq(st[0].dram_read_bytes, 8192 + 64); /* a, b and the kernarg line */
  ck_assert_uint_eq(st[0].scalar_cache_misses, 2);     /* the kernarg line, once per CU */
  ck_assert_uint_eq(st[0].scalar_cache_hits, 3 * 32 - 2);
  ck_assert_uint_eq(st[0].wgs_per_cu, 4); /* 2 waves per WG in 8 slots; ties with max 4 WGs */
  ck_assert_str_eq(st[0].limiter, "wave_slots");
  ck_assert(st[0].achieved_occupancy > 0 && st[0].achieved_occupancy <= 1);
  sim_stats_fini(&st[0]);
  sim_stats_fini(&st[1]);
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_determinism_and_warm_caches) {
  isa_kernel k;
  kernel_init(&k, "vadd", vadd_src, 10, 16, 0, 24);
  uint64_t cycles[2];
  for (int rep = 0; rep < 2; rep++) {
    sim_device *d = dev("teaching");
    vadd_bufs v = vadd_setup(d, 1024, 1024);
    sim_launch l = launch1(&k, v.args, 1024, 64, 0);
    sim_stats st = run_ok(d, &l);
    cycles[rep] = st.cycles;
    sim_stats_fini(&st);
    /* the same device again: a and b (8 KiB) are still in L2 (32 KiB); only
     * the new launch's kernarg segment comes from DRAM */
    sim_stats st2 = run_ok(d, &l);
    ck_assert_uint_eq(st2.dram_read_bytes, 64);
    ck_assert_uint_eq(st2.l2_misses, 1);
    ck_assert_uint_lt(st2.cycles, cycles[rep]);
    sim_stats_fini(&st2);
    sim_device_destroy(d);
  }
  ck_assert_uint_eq(cycles[0], cycles[1]);
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_fault_report) {
  isa_kernel k;
  kernel_init(&k, "vadd", vadd_src, 10, 16, 0, 24);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("teaching");
    vadd_bufs v = vadd_setup(d, 1000, 1000); /* 4000-byte buffers, 1024 work-items */
    sim_launch l = launch1(&k, v.args, 1024, 64, mode);
    l.checks = SIM_CHECK_OOB_FAULT;
    sim_stats st;
    char err[512] = "", expect[512];
    ck_assert_int_eq(sim_run(d, &l, &st, err, sizeof err), SIM_FAULT);
    snprintf(expect, sizeof expect,
             "kernel 'vadd' faulted: out-of-bounds global load of 4 bytes at 0x%llx by work-item "
             "(1000,0,0) at test.cl:9 (0 bytes past the end of the 4000-byte buffer at 0x%llx; check "
             "the index against the buffer size)",
             (unsigned long long)(v.a + 4000), (unsigned long long)v.a);
    ck_assert_str_eq(err, expect);
    sim_stats_fini(&st);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* Without SIM_CHECK_OOB_FAULT the same launch completes: the loads past
 * a and b read zeros, the stores past the output are dropped, the results
 * in bounds are right, and each source line is reported once, in the
 * stats' diagnostics; with a caller's oob_seen, once across launches. */
START_TEST(test_oob_tolerated) {
  isa_kernel k;
  kernel_init(&k, "vadd", vadd_src, 10, 16, 0, 24);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("teaching");
    vadd_bufs v = vadd_setup(d, 1000, 1000);
    sim_launch l = launch1(&k, v.args, 1024, 64, mode);
    sim_oob_seen seen = {0};
    l.oob_seen = &seen;
    for (int rep = 0; rep < 2; rep++) {
      sim_stats st;
      char err[512] = "", expect[512];
      ck_assert_int_eq(sim_run(d, &l, &st, err, sizeof err), SIM_OK);
      if (rep == 1) { /* reported already */
        ck_assert_uint_eq(st.ndiags, 0);
        sim_stats_fini(&st);
        continue;
      }
      ck_assert_uint_ge(st.ndiags, 1);
      snprintf(
          expect, sizeof expect,
          "kernel 'vadd': out-of-bounds global load of 4 bytes at 0x%llx by work-item "
          "(1000,0,0) at test.cl:9 (0 bytes past the end of the 4000-byte buffer at 0x%llx; "
          "check the index against the buffer size); the load read zeros out of bounds, as GPUs do "
          "(reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)",
          (unsigned long long)(v.a + 4000), (unsigned long long)v.a);
      ck_assert_str_eq(st.diags[0].message, expect);
      ck_assert_str_eq(st.diags[0].kind, "oob_global");
      ck_assert_uint_eq(st.diags[0].line, 9);
      for (uint32_t i = 1; i < st.ndiags; i++) /* one per line */
        for (uint32_t j = 0; j < i; j++) ck_assert_uint_ne(st.diags[i].line, st.diags[j].line);
      const float *c = sim_mem_host(d, v.out, 4000);
      for (int i = 0; i < 1000; i++) ck_assert_float_eq(c[i], 1.5f * (float)i);
      sim_stats_fini(&st);
    }
    sim_oob_seen_fini(&seen);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_bad_launch) {
  isa_kernel k;
  kernel_init(&k, "vadd", vadd_src, 10, 16, 0, 24);
  sim_device *d = dev("teaching");
  vadd_bufs v = vadd_setup(d, 1024, 1024);
  sim_launch l = launch1(&k, v.args, 1024, 512, 0);
  sim_stats st;
  char err[512] = "";
  ck_assert_int_eq(sim_run(d, &l, &st, err, sizeof err), SIM_BAD_LAUNCH);
  ck_assert_str_eq(err, "kernel 'vadd': work-group of 512 work-items exceeds cu.max_workgroup_size = "
                        "256; pick a smaller local size");
  l = launch1(&k, v.args, 64, 64, 0);
  l.dyn_lds_bytes = 10000;
  ck_assert_int_eq(sim_run(d, &l, &st, err, sizeof err), SIM_BAD_LAUNCH);
  ck_assert_str_eq(err, "kernel 'vadd': work-group needs 10000 bytes of __local memory but "
                        "lds.max_per_workgroup = 8192 (CL_DEVICE_LOCAL_MEM_SIZE); shrink the __local "
                        "arrays or arguments");
  k.nvgprs = 8; /* the code uses v9 */
  l = launch1(&k, v.args, 64, 64, 0);
  ck_assert_int_eq(sim_run(d, &l, &st, err, sizeof err), SIM_BAD_LAUNCH);
  ck_assert_str_eq(err, "kernel 'vadd': instruction 8 (global_load_b32) uses v8 but the kernel declares 8 VGPRs");
  sim_device_destroy(d);
  stk_kernel_fini(&k);
}
END_TEST

/* out[gid] = (lid + 1) % 64 through LDS and a barrier across the group's two waves */
static const char *rotate_src =
    "v_lshl_b32 v3, v0, 2\n"
    "ds_write_b32 v3, v0\n"
    "s_barrier\n"
    "v_add_u32 v4, v0, 1\n"
    "v_and_b32 v4, v4, 63\n"
    "v_lshl_b32 v4, v4, 2\n"
    "ds_read_b32 v5, v4\n"
    "s_load_b64 s[8:9], s[0:1]\n"
    "s_mul_i32 s14, s4, 64\n"
    "v_add_u32 v6, s14, v0\n"
    "v_lshl_b32 v6, v6, 2\n"
    "v_mov_b32 v7, 0\n"
    "v_add_u64 v[8:9], s[8:9], v[6:7]\n"
    "global_store_b32 v[8:9], v5\n"
    "s_endpgm\n";

START_TEST(test_lds_barrier) {
  isa_kernel k;
  kernel_init(&k, "rotate", rotate_src, 10, 16, 256, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("teaching");
    uint64_t out = sim_mem_alloc(d, 256 * 4, NULL);
    sim_launch l = launch1(&k, &out, 256, 64, mode);
    sim_stats st = run_ok(d, &l);
    uint32_t *o = sim_mem_host(d, out, 1024);
    for (uint32_t i = 0; i < 256; i++) ck_assert_uint_eq(o[i], (i % 64 + 1) % 64);
    ck_assert_uint_eq(st.inst[ISA_UNIT_BARRIER], 8);
    if (!mode) {
      ck_assert_uint_eq(st.lds_accesses, 16);
      ck_assert_uint_eq(st.lds_bank_conflict_cycles, 0);
      ck_assert_uint_eq(st.scalar_cache_misses, 2); /* 4 groups on 2 CUs: one miss per CU */
      ck_assert_uint_eq(st.scalar_cache_hits, 6);
    }
    sim_stats_fini(&st);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* lds.shares_l1_port: a 32-way conflicted ds_read_b32 (lanes 128 bytes
 * apart: every lane on bank 0, 32 passes) issued the cycle before a
 * global load (its address made to wait for the load's, so nothing else
 * separates them). On separate pipes the load starts at once; on one shared
 * pipe (NVIDIA) it waits for the 32 passes, 31 cycles later, and so does
 * everything after it. */
static const char *port_src = "v_lshl_b32 v3, v0, 7\n"
                              "s_load_b64 s[8:9], s[0:1]\n"
                              "v_lshl_b32 v6, v0, 2\n"
                              "v_mov_b32 v7, 0\n"
                              "v_add_u64 v[8:9], s[8:9], v[6:7]\n"
                              "v_and_b32 v11, v8, 0\n"
                              "v_add_u32 v3, v3, v11\n"
                              "ds_read_b32 v5, v3\n"
                              "global_load_b32 v10, v[8:9]\n"
                              "s_endpgm\n";

START_TEST(test_lds_shares_l1_port) {
  isa_kernel k;
  kernel_init(&k, "port", port_src, 12, 16, 4096, 8);
  uint64_t cycles[2];
  for (int shared = 0; shared < 2; shared++) {
    const char *sets[] = {"cu.count=1", shared ? "lds.shares_l1_port=1" : "lds.shares_l1_port=0"};
    cfg_device c;
    char err[512];
    ck_assert_msg(cfg_load(NULL, "teaching", sets, 2, &c, err, sizeof err) == 0, "%s", err);
    sim_device *d = sim_device_create(&c, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    cfg_fini(&c);
    uint64_t buf = sim_mem_alloc(d, 32 * 4, NULL);
    sim_launch l = launch1(&k, &buf, 32, 32, 0);
    sim_stats st = run_ok(d, &l);
    ck_assert_uint_eq(st.lds_bank_conflict_cycles, 31);
    cycles[shared] = st.cycles;
    sim_stats_fini(&st);
    sim_device_destroy(d);
  }
  ck_assert_uint_eq(cycles[1] - cycles[0], 31);
  stk_kernel_fini(&k);
}
END_TEST

/* Bank conflicts are counted per instruction and folded to its source line
 * (line = instruction index + 1 here): lanes 8 bytes apart (stride 2
 * words) take gcd(2, 32) = 2 passes, one over the ideal; 4 bytes apart, one
 * pass; 16 bytes apart, 4 passes, three over. Two waves: twice each. */
static const char *conflict_src = "v_lshl_b32 v3, v0, 3\n"
                                  "v_lshl_b32 v4, v0, 2\n"
                                  "ds_read_b32 v5, v3\n"
                                  "ds_read_b32 v6, v4\n"
                                  "v_lshl_b32 v8, v0, 4\n"
                                  "ds_read_b32 v9, v8\n"
                                  "s_endpgm\n";

START_TEST(test_lds_conflicts_per_line) {
  sim_device *d = dev("teaching");
  isa_kernel k;
  kernel_init(&k, "conflicts", conflict_src, 12, 8, 4096, 0);
  sim_launch l = launch1(&k, NULL, 64, 32, 0);
  sim_stats st = run_ok(d, &l);
  const uint64_t want[8] = {0, 0, 0, 2, 0, 0, 6, 0}; /* by line */
  uint32_t seen = 0;
  for (uint32_t i = 0; i < st.nlines; i++) {
    const sim_line_stats *ls = &st.lines[i];
    ck_assert_uint_lt(ls->line, 8);
    ck_assert_msg(ls->lds_conflict_cycles == want[ls->line], "line %u: %llu conflict cycles",
                  ls->line, (unsigned long long)ls->lds_conflict_cycles);
    seen |= 1u << ls->line;
  }
  ck_assert_uint_eq(seen & 0x58, 0x58); /* lines 3, 4 and 6 are there */
  ck_assert_uint_eq(st.lds_bank_conflict_cycles, 8);
  ck_assert_uint_eq(st.lds_accesses, 6);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
  sim_device_destroy(d);
}
END_TEST

/* Timing mode's link requests are messages merged at quantum boundaries
 * (sim_msg.h): a wave whose last instruction is a store retires only when
 * the merge has answered it, at least l2.latency (50) after the store
 * issued; and no answer resolves before the end
 * of the quantum that delivered it (the quantum is l2.latency). */
START_TEST(test_pending_store_holds_retirement) {
  static const char *with_store = "s_load_b64 s[8:9], s[0:1]\n"
                                  "v_lshl_b32 v3, v0, 2\n"
                                  "v_mov_b32 v4, 0\n"
                                  "v_add_u64 v[6:7], s[8:9], v[3:4]\n"
                                  "global_store_b32 v[6:7], v3\n"
                                  "s_endpgm\n";
  static const char *without = "s_load_b64 s[8:9], s[0:1]\n"
                               "v_lshl_b32 v3, v0, 2\n"
                               "v_mov_b32 v4, 0\n"
                               "v_add_u64 v[6:7], s[8:9], v[3:4]\n"
                               "v_mov_b32 v3, v6\n"
                               "s_endpgm\n";
  uint64_t cycles[2];
  for (int i = 0; i < 2; i++) {
    sim_device *d = dev("teaching");
    uint64_t out = sim_mem_alloc(d, 32 * 4, NULL);
    isa_kernel k;
    kernel_init(&k, "st", i ? without : with_store, 8, 16, 0, 8);
    sim_launch l = launch1(&k, &out, 32, 32, 0);
    for (int again = 0; again < 2; again++) { /* the counts are the launch's own */
      sim_stats st = run_ok(d, &l);
      cycles[i] = st.cycles;
      ck_assert_uint_eq(st.sim_late_answers, 0);
      /* the kernarg line; with the store, its two 64-byte lines */
      ck_assert_uint_eq(st.sim_messages, i ? 1 : 3);
      ck_assert_uint_ge(st.sim_merges, 1);
      sim_stats_fini(&st);
    }
    stk_kernel_fini(&k);
    sim_device_destroy(d);
  }
  /* without the store the wave ends when the v_mov in its place lands,
   * latency.valu (4) after it issued; with it, at least 50 after that */
  ck_assert_uint_ge(cycles[0], cycles[1] - 4 + 50);
}
END_TEST

int main(void) {
  Suite *s = suite_create("exec");
  TCase *tc = tcase_create("exec");
  tcase_add_test(tc, test_dependent_valu_cycles);
  tcase_add_test(tc, test_vadd_modes_agree);
  tcase_add_test(tc, test_determinism_and_warm_caches);
  tcase_add_test(tc, test_fault_report);
  tcase_add_test(tc, test_oob_tolerated);
  tcase_add_test(tc, test_bad_launch);
  tcase_add_test(tc, test_lds_barrier);
  tcase_add_test(tc, test_lds_shares_l1_port);
  tcase_add_test(tc, test_lds_conflicts_per_line);
  tcase_add_test(tc, test_pending_store_holds_retirement);
  suite_add_tcase(s, tc);
  return check_run(s);
}
