/* The shared L2 (sim/sim_l2.c, sim_atomic.c): xor-folded slice hashing
 * spreading a power-of-two stride, per-slice bandwidth queues, partitions
 * keeping copies of lines used away from home, and atomics executed by
 * atomic units, lanes on one address serializing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_access.h"
#include "sim_coalesce.h"
#include "sim_drain.h"
#include "sim_internal.h"

static sim_device *dev_set(const char *const *sets, size_t nsets) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(NULL, "teaching", sets, nsets, &c, err, sizeof err) == 0, "%s", err);
  sim_device *d = sim_device_create(&c, err, sizeof err);
  ck_assert_msg(d != NULL, "%s", err);
  cfg_fini(&c);
  return d;
}

/* One request reaching the L2 (sim_l2_request, its upstream port). */
static uint64_t l2_req(sim_device *d, uint32_t cu, uint64_t addr, uint64_t mask, uint64_t t,
                       int kind, uint32_t steps, sim_stats *st) {
  sim_memsys *m = &d->mem;
  sim_req r = {.addr = addr,
               .mask = mask,
               .block = m->l2.p.line,
               .sector = m->l2.p.sector,
               .cu = cu,
               .steps = steps,
               .kind = (uint8_t)kind,
               .t = (double)t};
  uint64_t done = (uint64_t)sim_l2_request(&m->l2, &r);
  drain(d, st);
  return done;
}

/* A store of CU cu's L1 line at addr, sectors `whole` written whole and
 * `part` in part, leaving the CU at t (sim_store_send over the link). */
static uint64_t store_send(sim_device *d, uint32_t cu, uint64_t addr, uint64_t whole, uint64_t part,
                           uint64_t t, sim_stats *st) {
  sim_cu_mem *cm = &d->cu_mem[cu];
  sim_port link = sim_noc_port(&cm->link);
  uint64_t done = sim_store_send(&link, cu, addr, cm->l1.p.line, cm->l1.p.sector, whole, part,
                                 cm->l1.p.fill_partial, t);
  drain(d, st);
  return done;
}

/* 16 slices; lines 16 apart (a 1 KiB stride) would all land in one slice
 * under a plain modulo. The fold brings the stride's bits down: each slice
 * gets exactly one. */
START_TEST(test_slice_hash_spreads_stride) {
  const char *sets[] = {"l2.slices=16"};
  sim_device *d = dev_set(sets, 1);
  uint32_t seen[16] = {0};
  for (uint64_t k = 0; k < 16; k++) seen[sim_l2_slice(&d->mem.l2, SIM_MEM_BASE + k * 16 * 64)]++;
  for (int s = 0; s < 16; s++) ck_assert_uint_eq(seen[s], 1);
  /* consecutive lines spread too: 64 lines, 4 per slice */
  memset(seen, 0, sizeof seen);
  for (uint64_t k = 0; k < 64; k++) seen[sim_l2_slice(&d->mem.l2, SIM_MEM_BASE + k * 64)]++;
  for (int s = 0; s < 16; s++) ck_assert_uint_eq(seen[s], 4);
  /* the busiest slice count follows: 16 strided requests, one per slice */
  sim_stats st;
  memset(&st, 0, sizeof st);
  for (uint64_t k = 0; k < 16; k++)
    l2_req(d, 0, SIM_MEM_BASE + 65536 + k * 1024, 1, 0, SIM_REQ_WRITE, 0, &st);
  ck_assert_uint_eq(st.l2_slice_max_requests, 1);
  /* a non-power-of-two count still covers every slice */
  sim_device_destroy(d);
  const char *sets80[] = {"l2.slices=80"};
  d = dev_set(sets80, 1);
  uint32_t seen80[80] = {0};
  for (uint64_t k = 0; k < 8000; k++) seen80[sim_l2_slice(&d->mem.l2, SIM_MEM_BASE + k * 64)]++;
  for (int s = 0; s < 80; s++) ck_assert_uint_gt(seen80[s], 0);
  /* ... evenly: a stream of 8000 lines and a 64-line (4 KiB) stride put
   * 100 +- 2 on every slice (a plain fold to 7 bits would give 48 slices
   * twice the others' share) */
  for (int stride = 1; stride <= 64; stride *= 64) {
    memset(seen80, 0, sizeof seen80);
    for (uint64_t k = 0; k < 8000; k++)
      seen80[sim_l2_slice(&d->mem.l2, SIM_MEM_BASE + k * 64 * (uint64_t)stride)]++;
    for (int s = 0; s < 80; s++) {
      ck_assert_uint_ge(seen80[s], 98);
      ck_assert_uint_le(seen80[s], 102);
    }
  }
  sim_device_destroy(d);
}
END_TEST

/* l2.partitions = 2 on the teaching device's 2 slices: slice p is partition
 * p, CU c is in partition c % 2. A CU reading a line homed in the other
 * partition keeps a copy in its own (the sibling slice serves the next
 * read); a write from home drops it; copies take room in the reader's
 * partition. l2.bytes = 512: each partition one set of 4 64-byte lines. */
START_TEST(test_partitions) {
  const char *sets[] = {"l2.partitions=2", "l2.bytes=512"};
  sim_device *d = dev_set(sets, 2);
  sim_memsys *m = &d->mem;
  sim_stats st;
  memset(&st, 0, sizeof st);
  const uint64_t a = SIM_MEM_BASE;
  const uint32_t home = sim_l2_slice(&m->l2, a), far_cu = 1 - home, home_cu = home;
  const uint64_t lat = (uint64_t)d->cfg.l2_latency;
  /* first read from away: a miss at home, filled from DRAM */
  l2_req(d, far_cu, a, 3, 0, SIM_REQ_READ, 0, &st);
  ck_assert_uint_eq(st.l2_misses, 1);
  ck_assert_uint_eq(st.dram_read_bytes, 64);
  ck_assert_uint_eq(m->l2.slice_reqs[home], 1);
  /* again: the copy in the reader's partition, at its sibling slice */
  ck_assert_uint_eq(l2_req(d, far_cu, a, 3, 10000, SIM_REQ_READ, 0, &st), 10000 + lat);
  ck_assert_uint_eq(st.l2_hits, 1);
  ck_assert_uint_eq(m->l2.slice_reqs[1 - home], 1);
  ck_assert_uint_eq(m->l2.slice_reqs[home], 1);
  /* a CU of the home partition reads it at home */
  ck_assert_uint_eq(l2_req(d, home_cu, a, 3, 20000, SIM_REQ_READ, 0, &st), 20000 + lat);
  ck_assert_uint_eq(m->l2.slice_reqs[home], 2);
  /* its write drops the copy: the next read from away goes home (a hit) */
  l2_req(d, home_cu, a, 3, 30000, SIM_REQ_WRITE, 0, &st);
  ck_assert_uint_eq(l2_req(d, far_cu, a, 3, 40000, SIM_REQ_READ, 0, &st), 40000 + lat);
  ck_assert_uint_eq(m->l2.slice_reqs[home], 4);
  ck_assert_uint_eq(m->l2.slice_reqs[1 - home], 1);
  ck_assert_uint_eq(st.dram_read_bytes, 64);
  /* capacity: a line homed in the far CU's own partition, then copies of 4
   * lines homed in the other one: they fill its 4 ways and evict the first */
  uint64_t own = 0, other[4];
  int n = 0;
  for (uint64_t k = 1; n < 4 || !own; k++) {
    uint64_t x = SIM_MEM_BASE + k * 64;
    if (sim_l2_slice(&m->l2, x) == home) {
      if (n < 4) other[n++] = x;
    } else if (!own) {
      own = x;
    }
  }
  l2_req(d, far_cu, own, 3, 50000, SIM_REQ_READ, 0, &st);
  ck_assert_uint_eq(st.dram_read_bytes, 128);
  for (int i = 0; i < 4; i++)
    l2_req(d, far_cu, other[i], 3, 60000 + 1000 * (uint64_t)i, SIM_REQ_READ, 0, &st);
  ck_assert_uint_eq(st.dram_read_bytes, 128 + 4 * 64);
  l2_req(d, far_cu, own, 3, 70000, SIM_REQ_READ, 0, &st);
  ck_assert_uint_eq(st.dram_read_bytes, 128 + 5 * 64);
  sim_device_destroy(d);
}
END_TEST

/* l2.far_cycles = 30 with two partitions: a read from the other partition
 * that its copy cannot serve pays 30 cycles more than one from home; the
 * copy then serves it at the plain latency, and home never pays. */
START_TEST(test_far_cycles) {
  for (int far = 0; far <= 30; far += 30) {
    char fc[32];
    snprintf(fc, sizeof fc, "l2.far_cycles=%d", far);
    const char *sets[] = {"l2.partitions=2", fc};
    sim_device *d = dev_set(sets, 2);
    sim_memsys *m = &d->mem;
    sim_stats st;
    memset(&st, 0, sizeof st);
    const uint64_t a = SIM_MEM_BASE, lat = (uint64_t)d->cfg.l2_latency;
    const uint32_t home = sim_l2_slice(&m->l2, a), far_cu = 1 - home, home_cu = home;
    /* a whole-line write from home puts the line there: no DRAM involved */
    ck_assert_uint_eq(l2_req(d, home_cu, a, 3, 0, SIM_REQ_WRITE, 0, &st), lat);
    ck_assert_uint_eq(l2_req(d, far_cu, a, 3, 10000, SIM_REQ_READ, 0, &st),
                      10000 + lat + (uint64_t)far);
    ck_assert_uint_eq(l2_req(d, far_cu, a, 3, 20000, SIM_REQ_READ, 0, &st), 20000 + lat);
    ck_assert_uint_eq(l2_req(d, home_cu, a, 3, 30000, SIM_REQ_READ, 0, &st), 30000 + lat);
    ck_assert_uint_eq(st.dram_read_bytes, 0);
    sim_device_destroy(d);
  }
}
END_TEST

/* l2.host_write_bytes = 256 (4 teaching lines of 64 B): a transfer of 16
 * lines takes every fourth (3, 7, 11, 15) into the L2 and writes line 0,
 * which a kernel had read before, in place; 0 leaves the L2 as it was. */
START_TEST(test_host_write) {
  for (int keep = 0; keep <= 256; keep += 256) {
    char hw[40];
    snprintf(hw, sizeof hw, "l2.host_write_bytes=%d", keep);
    const char *sets[] = {hw};
    sim_device *d = dev_set(sets, 1);
    sim_memsys *m = &d->mem;
    sim_stats st;
    memset(&st, 0, sizeof st);
    l2_req(d, 0, SIM_MEM_BASE, 3, 0, SIM_REQ_READ, 0, &st); /* line 0 now in the L2 */
    ck_assert_uint_eq(st.l2_misses, 1);
    dev_reset(d);
    sim_memsys_host_write(m, SIM_MEM_BASE, 16 * 64);
    memset(&st, 0, sizeof st);
    for (uint64_t k = 0; k < 16; k++) {
      l2_req(d, 0, SIM_MEM_BASE + k * 64, 3, 1000 * k, SIM_REQ_READ, 0, &st);
      int hit = k == 0 || (keep && k % 4 == 3);
      ck_assert_uint_eq(st.l2_hits, hit ? 1 : 0);
      memset(&st, 0, sizeof st);
    }
    sim_device_destroy(d);
  }
}
END_TEST

/* A host write updates the copy of a line in another partition in place:
 * the far CU's next read is still served there, a whole-line hit. */
START_TEST(test_host_write_copies) {
  const char *sets[] = {"l2.partitions=2", "l2.host_write_bytes=1048576"};
  sim_device *d = dev_set(sets, 2);
  sim_memsys *m = &d->mem;
  sim_stats st;
  memset(&st, 0, sizeof st);
  const uint64_t a = SIM_MEM_BASE;
  const uint32_t home = sim_l2_slice(&m->l2, a), far_cu = 1 - home;
  l2_req(d, far_cu, a, 1, 0, SIM_REQ_READ, 0, &st); /* one sector: the copy has it */
  sim_memsys_host_write(m, a, 64);
  memset(&st, 0, sizeof st);
  /* both sectors: the copy has them now (before the write it had one) */
  l2_req(d, far_cu, a, 3, 2000, SIM_REQ_READ, 0, &st);
  ck_assert_uint_eq(m->l2.slice_reqs[home], 1);
  ck_assert_uint_eq(m->l2.slice_reqs[1 - home], 1);
  ck_assert_uint_eq(st.l2_hits, 1);
  ck_assert_uint_eq(st.dram_read_bytes, 0);
  sim_device_destroy(d);
}
END_TEST

/* A transfer covers whole sectors only where it covers them: at its edges
 * the other sectors keep what they held. Teaching: 64-byte lines of two
 * 32-byte sectors. A kernel's dirty sector 1 of line 0 stays dirty when the
 * host writes sector 0; a transfer of bytes 168..231 takes in sector 1 of
 * line 2 and both sectors of line 3. */
START_TEST(test_host_write_partial) {
  const char *sets[] = {"l2.host_write_bytes=1048576"};
  sim_device *d = dev_set(sets, 1);
  sim_memsys *m = &d->mem;
  sim_stats st;
  memset(&st, 0, sizeof st);
  const uint64_t a = SIM_MEM_BASE;
  l2_req(d, 0, a, 2, 0, SIM_REQ_WRITE, 0, &st);
  sim_memsys_host_write(m, a, 32);
  sim_memsys_host_write(m, a + 2 * 64 + 40, 64);
  const uint64_t want_valid[4] = {3, 0, 2, 3}, want_dirty[4] = {2, 0, 0, 0};
  for (uint64_t k = 0; k < 4; k++) {
    const uint64_t line = a + k * 64;
    sim_cache_ref r;
    sim_cache_access(&m->l2.tags[sim_l2_slice(&m->l2, line) % m->l2.p.nparts], line, 0, &r);
    if (!want_valid[k]) {
      ck_assert_ptr_null(r.valid);
      continue;
    }
    ck_assert_ptr_nonnull(r.valid);
    ck_assert_uint_eq(*r.valid, want_valid[k]);
    ck_assert_uint_eq(*r.dirty, want_dirty[k]);
  }
  sim_device_destroy(d);
}
END_TEST

/* noc.bytes_per_cycle is each CU's own link to the L2: at 8 bytes per
 * cycle a CU's second 64-byte line leaves 8 cycles after its first (at 64,
 * one cycle after), while another CU's line leaves at once. Teaching: lines
 * a and b in different slices, l2.latency 50. */
START_TEST(test_noc_link) {
  for (int bpc = 8; bpc <= 64; bpc *= 8) {
    char noc[40];
    snprintf(noc, sizeof noc, "noc.bytes_per_cycle=%d", bpc);
    const char *sets[] = {noc};
    const uint64_t a = SIM_MEM_BASE, b = SIM_MEM_BASE + 64;
    sim_device *d = dev_set(sets, 1);
    sim_stats st;
    memset(&st, 0, sizeof st);
    ck_assert_uint_ne(sim_l2_slice(&d->mem.l2, a), sim_l2_slice(&d->mem.l2, b));
    ck_assert_uint_eq(store_send(d, 0, a, 3, 0, 0, &st), 50);
    ck_assert_uint_eq(store_send(d, 0, b, 3, 0, 0, &st), 50 + 64 / bpc);
    sim_device_destroy(d);
    d = dev_set(sets, 1);
    ck_assert_uint_eq(store_send(d, 0, a, 3, 0, 0, &st), 50);
    ck_assert_uint_eq(store_send(d, 1, b, 3, 0, 0, &st), 50);
    sim_device_destroy(d);
  }
}
END_TEST

/* Two writes to one slice queue behind each other at 32 B/cycle; a write to
 * the other slice does not. Teaching: 2 slices, L2 latency 50. */
START_TEST(test_slice_queues) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint64_t a = SIM_MEM_BASE, b = SIM_MEM_BASE + 64; /* line numbers 2^26 and 2^26 + 1 */
  ck_assert_uint_ne(sim_l2_slice(&d->mem.l2, a), sim_l2_slice(&d->mem.l2, b));
  uint64_t c = SIM_MEM_BASE + 192; /* 2^26 + 3: a's slice */
  ck_assert_uint_eq(sim_l2_slice(&d->mem.l2, a), sim_l2_slice(&d->mem.l2, c));
  /* a 64-byte line (2 sectors) occupies its slice 2 cycles */
  ck_assert_uint_eq(l2_req(d, 0, a, 3, 0, SIM_REQ_WRITE, 0, &st), 50);
  ck_assert_uint_eq(l2_req(d, 0, b, 3, 0, SIM_REQ_WRITE, 0, &st), 50);
  ck_assert_uint_eq(l2_req(d, 0, c, 3, 0, SIM_REQ_WRITE, 0, &st), 52);
  ck_assert_uint_eq(st.l2_slice_max_requests, 2);
  ck_assert_uint_eq(st.l2_write_sectors, 6);
  sim_device_destroy(d);
}
END_TEST

/* l2.request_cycles = 1.5 on one slice of 64 bytes per cycle: each request
 * holds the slice 1.5 cycles besides its bytes, so three one-sector writes
 * arriving together start at 0, 2 (1.5 + 0.5) and 4, finishing at 50, 52
 * and 54 (l2.latency 50), where the bytes alone (0.5 cycles each) give 50,
 * 51, 51; a whole 64-byte line then takes 2.5 and starts at 6. */
START_TEST(test_request_cycles) {
  for (int on = 0; on <= 1; on++) {
    const char *sets[] = {"l2.slices=1", on ? "l2.request_cycles=1.5" : "l2.request_cycles=0"};
    sim_device *d = dev_set(sets, 2);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint64_t done[4];
    for (uint64_t k = 0; k < 3; k++)
      done[k] = l2_req(d, 0, SIM_MEM_BASE + k * 64, 1, 0, SIM_REQ_WRITE, 0, &st);
    done[3] = l2_req(d, 0, SIM_MEM_BASE + 3 * 64, 3, 0, SIM_REQ_WRITE, 0, &st);
    uint64_t want[2][4] = {{50, 51, 51, 52}, {50, 52, 54, 56}};
    for (int k = 0; k < 4; k++) ck_assert_uint_eq(done[k], want[on][k]);
    sim_device_destroy(d);
  }
}
END_TEST

/* l2.write_bytes_per_cycle: one slice of 64 B/cycle for reads; written
 * sectors at 16 B/cycle hold it 2 cycles each instead of 0.5. Two one-sector
 * writes arriving together start at 0 and 2, a read of the first line's
 * written sector then at 4 and the next read at 4.5 (finishing at
 * ceil + l2.latency 50). Without the key writes take the read rate: 50, 51,
 * 51, 52. */
START_TEST(test_write_bytes_per_cycle) {
  for (int on = 0; on <= 1; on++) {
    const char *sets[] = {"l2.slices=1",
                          on ? "l2.write_bytes_per_cycle=16" : "l2.write_bytes_per_cycle=0"};
    sim_device *d = dev_set(sets, 2);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint64_t done[4];
    done[0] = l2_req(d, 0, SIM_MEM_BASE, 1, 0, SIM_REQ_WRITE, 0, &st);
    done[1] = l2_req(d, 0, SIM_MEM_BASE + 64, 1, 0, SIM_REQ_WRITE, 0, &st);
    done[2] = l2_req(d, 0, SIM_MEM_BASE, 1, 0, SIM_REQ_READ, 0, &st);
    done[3] = l2_req(d, 0, SIM_MEM_BASE, 1, 0, SIM_REQ_READ, 0, &st);
    const uint64_t want[2][4] = {{50, 51, 51, 52}, {50, 52, 54, 55}};
    for (int k = 0; k < 4; k++) ck_assert_uint_eq(done[k], want[on][k]);
    ck_assert_uint_eq(st.l2_misses, 2); /* the writes; the reads hit what they wrote */
    sim_device_destroy(d);
  }
}
END_TEST

/* The CU's link has a wire each way: a load's fill does not wait behind a
 * store's data going out at noc.bytes_per_cycle 8 (a 64-byte line: 8
 * cycles), while a second store does. */
START_TEST(test_noc_directions) {
  const char *sets[] = {"noc.bytes_per_cycle=8"};
  isa_access ld = acc(SIM_MEM_BASE + 4096, 16, 4, 4, ISA_F_LOAD);
  uint32_t nreq;
  sim_stats st;
  memset(&st, 0, sizeof st);
  sim_device *d = dev_set(sets, 1);
  uint64_t alone = vec(d, 0, 0, &ld, &st, &nreq);
  sim_device_destroy(d);
  d = dev_set(sets, 1);
  ck_assert_uint_eq(store_send(d, 0, SIM_MEM_BASE, 3, 0, 0, &st), 50);
  ck_assert_uint_eq(vec(d, 0, 0, &ld, &st, &nreq), alone);
  ck_assert_uint_eq(store_send(d, 0, SIM_MEM_BASE + 64, 3, 0, 0, &st), 50 + 8);
  sim_device_destroy(d);
}
END_TEST

/* dram.write_queue: one slice (a 64-byte line per cycle), channels of
 * 8 B/cycle (dram.bandwidth_gbs 16 on teaching's 1 GHz: a line's write-back
 * takes 8 cycles) and a queue of one line (8 cycles). Four dirty lines fill
 * an L2 set (128 sets of 4 ways: lines 8 KiB apart, all on channel 0), four
 * more evict them at slice times 0, 1, 2, 3. The first two write-backs are
 * queued (drained by 8 and 16); the third waits until the queue would hold
 * no more than 8 cycles, at 8 (stalling the slice 6 cycles), the fourth at
 * 16: it finishes at 16 + l2.latency 50 = 66, not 3 + 50 = 53 as without
 * the bound, and the slice's next request starts after it, at 17. */
START_TEST(test_write_queue) {
  for (int bounded = 0; bounded <= 1; bounded++) {
    const char *sets[] = {"l2.slices=1", "dram.bandwidth_gbs=16",
                          bounded ? "dram.write_queue=1" : "dram.write_queue=0"};
    sim_device *d = dev_set(sets, 3);
    sim_stats st;
    memset(&st, 0, sizeof st);
    for (uint64_t k = 0; k < 4; k++)
      l2_req(d, 0, SIM_MEM_BASE + k * 8192, 3, 0, SIM_REQ_WRITE, 0, &st);
    dev_reset(d);
    uint64_t done[4];
    for (uint64_t k = 0; k < 4; k++)
      done[k] = l2_req(d, 0, SIM_MEM_BASE + (4 + k) * 8192, 3, 0, SIM_REQ_WRITE, 0, &st);
    ck_assert_uint_eq(st.dram_write_bytes, 4 * 64);
    uint64_t want[2][4] = {{50, 51, 52, 53}, {50, 51, 58, 66}};
    for (int k = 0; k < 4; k++) ck_assert_uint_eq(done[k], want[bounded][k]);
    /* a hit after them waits behind the stalls: the slice is free at 4 or 17 */
    uint64_t hit = l2_req(d, 0, SIM_MEM_BASE + 7 * 8192, 1, 0, SIM_REQ_READ, 0, &st);
    ck_assert_uint_eq(hit, bounded ? 17 + 50 : 4 + 50);
    sim_device_destroy(d);
  }
}
END_TEST

/* Which sectors a store writes only in part: 4-byte lanes 32 bytes apart
 * touch every sector in part; 8 lanes filling a sector write it whole; one
 * 16-byte lane covers half a sector. Teaching lines: 64 B, 2 sectors. */
START_TEST(test_coalesce_partial) {
  uint64_t lines[ISA_MAX_WAVE * 2], masks[ISA_MAX_WAVE * 2], part[ISA_MAX_WAVE * 2], cov[256];
  isa_access a = acc(SIM_MEM_BASE, 4, 32, 4, ISA_F_STORE); /* 2 lines, both sectors each */
  uint32_t n = sim_coalesce(&a, 64, 32, lines, masks);
  ck_assert_uint_eq(n, 2);
  sim_coalesce_partial(&a, 64, 32, lines, n, cov, part);
  ck_assert_uint_eq(part[0], 3);
  ck_assert_uint_eq(part[1], 3);
  a = acc(SIM_MEM_BASE, 12, 4, 4, ISA_F_STORE); /* sector 0 whole, 16 bytes of sector 1 */
  n = sim_coalesce(&a, 64, 32, lines, masks);
  sim_coalesce_partial(&a, 64, 32, lines, n, cov, part);
  ck_assert_uint_eq(n, 1);
  ck_assert_uint_eq(masks[0], 3);
  ck_assert_uint_eq(part[0], 2);
  a = acc(SIM_MEM_BASE + 32, 2, 16, 16, ISA_F_STORE); /* two 16-byte halves: one sector whole */
  n = sim_coalesce(&a, 64, 32, lines, masks);
  sim_coalesce_partial(&a, 64, 32, lines, n, cov, part);
  ck_assert_uint_eq(part[0], 0);
}
END_TEST

/* l2.partial_write_fill: a store of part of a sector the L2 lacks reads the
 * sector from DRAM (32 bytes) first; once the sector is there, or when the
 * store writes it whole, nothing is read. Without the key, never. */
START_TEST(test_partial_write_fill) {
  for (int fill = 0; fill <= 1; fill++) {
    const char *sets[] = {fill ? "l2.partial_write_fill=1" : "l2.partial_write_fill=0"};
    sim_device *d = dev_set(sets, 1);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    isa_access whole = acc(SIM_MEM_BASE, 16, 4, 4, ISA_F_STORE);
    vec(d, 0, 0, &whole, &st, &nreq);
    ck_assert_uint_eq(st.dram_read_bytes, 0);
    isa_access one = acc(SIM_MEM_BASE + 4096, 1, 4, 4, ISA_F_STORE);
    uint64_t done = vec(d, 0, 0, &one, &st, &nreq);
    ck_assert_uint_eq(st.dram_read_bytes, fill ? 32 : 0);
    /* the write waits for the fill: past the L2 and DRAM latencies */
    if (fill) ck_assert_uint_gt(done, (uint64_t)d->cfg.l2_latency + (uint64_t)d->cfg.dram_latency);
    isa_access again = acc(SIM_MEM_BASE + 4100, 1, 4, 4, ISA_F_STORE);
    vec(d, 0, 1000, &again, &st, &nreq);
    ck_assert_uint_eq(st.dram_read_bytes, fill ? 32 : 0);
    ck_assert_uint_eq(st.l2_write_sectors, 4);
    sim_device_destroy(d);
  }
}
END_TEST

/* l1.write_combine_lines = 2 on the teaching device (64-byte lines of two
 * 32-byte sectors, l1.latency 10): two waves' 4-byte writes to sector 0 of
 * lines 0 and 1 merge in the buffer (nothing reaches the L2; each counts as
 * acknowledged l1.latency + l2.latency after the CU's pipeline takes it); a third line evicts the
 * oldest, line 0 (one partial sector to the L2); completing line 1 sends it whole at once (2
 * sectors); the launch-end flush sends line 2 (1). 4 sectors in all where the same stores without
 * the buffer send 7. A store of a whole line never waits. */
START_TEST(test_write_combine) {
  for (int on = 0; on <= 1; on++) {
    const char *sets[] = {"l2.slices=1",
                          on ? "l1.write_combine_lines=2" : "l1.write_combine_lines=0"};
    sim_device *d = dev_set(sets, 2);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    const uint64_t b = SIM_MEM_BASE;
    isa_access s1 = acc(b, 2, 64, 4, ISA_F_STORE), s2 = acc(b + 4, 2, 64, 4, ISA_F_STORE);
    uint64_t t1 = vec(d, 0, 0, &s1, &st, &nreq);
    uint64_t t2 = vec(d, 0, 5, &s2, &st, &nreq);
    ck_assert_uint_eq(st.l2_write_sectors, on ? 0 : 4);
    if (on) {
      /* the CU's pipeline takes one line per cycle; a buffered line's
       * acknowledgement is due l1.latency 10 + l2.latency 50 later */
      ck_assert_uint_eq(t1, 1 + 60);
      ck_assert_uint_eq(t2, 6 + 60);
    }
    isa_access s3 = acc(b + 128, 1, 4, 4, ISA_F_STORE);
    vec(d, 0, 20, &s3, &st, &nreq);
    ck_assert_uint_eq(st.l2_write_sectors, on ? 1 : 5);
    isa_access s4 = acc(b + 64, 16, 4, 4, ISA_F_STORE); /* all of line 1 */
    uint64_t t4 = vec(d, 0, 30, &s4, &st, &nreq);
    ck_assert_uint_eq(st.l2_write_sectors, on ? 3 : 7);
    ck_assert_uint_ge(t4, 30 + 50); /* sent, so acknowledged by the L2 */
    uint64_t end = flush(d, 100, &st);
    ck_assert_uint_eq(st.l2_write_sectors, on ? 4 : 7);
    if (on)
      ck_assert_uint_ge(end, 100 + 50);
    else
      ck_assert_uint_eq(end, 100);
    ck_assert_uint_eq(flush(d, 200, &st), 200); /* empty now */
    isa_access whole = acc(b + 4096, 16, 4, 4, ISA_F_STORE);
    ck_assert_uint_ge(vec(d, 0, 300, &whole, &st, &nreq), 300 + 50);
    ck_assert_uint_eq(st.l2_write_sectors, on ? 6 : 9);
    sim_device_destroy(d);
  }
}
END_TEST

/* l2.partial_write_cycles = 3 on one slice of 64 bytes per cycle: writes of
 * part of one present sector take 0.5 + 3 cycles each, so three arriving
 * together finish at 50, ceil(3.5) + 50 = 54 and 7 + 50 = 57 (l2.latency
 * 50), against 50, 51, 51 without the key. Whole-sector writes pay nothing. */
START_TEST(test_partial_write_cycles) {
  for (int on = 0; on <= 1; on++) {
    const char *sets[] = {"l2.slices=1",
                          on ? "l2.partial_write_cycles=3" : "l2.partial_write_cycles=0"};
    sim_device *d = dev_set(sets, 2);
    sim_stats st;
    memset(&st, 0, sizeof st);
    for (uint64_t k = 0; k < 3; k++)
      l2_req(d, 0, SIM_MEM_BASE + k * 64, 3, 0, SIM_REQ_WRITE, 0, &st);
    dev_reset(d);
    uint64_t done[3];
    for (uint64_t k = 0; k < 3; k++)
      done[k] = l2_req(d, 0, SIM_MEM_BASE + k * 64, 1, 0, SIM_REQ_WRITE_PARTIAL, 0, &st);
    uint64_t want[2][3] = {{50, 51, 51}, {50, 54, 57}};
    for (int k = 0; k < 3; k++) ck_assert_uint_eq(done[k], want[on][k]);
    ck_assert_uint_eq(st.dram_read_bytes, 0);
    dev_reset(d);
    for (uint64_t k = 0; k < 3; k++)
      done[k] = l2_req(d, 0, SIM_MEM_BASE + k * 64, 1, 0, SIM_REQ_WRITE, 0, &st);
    for (int k = 0; k < 3; k++) ck_assert_uint_eq(done[k], want[0][k]);
    sim_device_destroy(d);
  }
}
END_TEST

/* Atomics on a line the L2 holds (warmed by a load from CU 1, queues reset):
 * L2 latency 50 + 2 cycles per operation (l2.atomic_cycles); teaching lines
 * are 64 bytes of two 32-byte sectors. */
static uint64_t atomic_at(sim_device *d, const isa_access *a, sim_stats *st) {
  uint32_t nreq;
  isa_access warm = acc(a->addr[0] & ~63ull, 16, 4, 4, ISA_F_LOAD);
  vec(d, 1, 0, &warm, st, &nreq);
  dev_reset(d);
  memset(st, 0, sizeof *st);
  return vec(d, 0, 0, a, st, &nreq);
}

START_TEST(test_atomics_serialize) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  /* 32 lanes on one address: 32 operations */
  isa_access same = acc(SIM_MEM_BASE, 32, 0, 4, ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE);
  ck_assert_uint_eq(atomic_at(d, &same, &st), 50 + 32 * 2);
  ck_assert_uint_eq(st.l2_atomic_ops, 32);
  ck_assert_uint_eq(st.l2_atomic_cycles, 64);
  ck_assert_uint_eq(st.l1_hits + st.l1_misses, 0); /* atomics bypass the L1 */
  ck_assert_uint_eq(st.l2_hits, 1);
  ck_assert_uint_eq(st.l2_write_sectors, 1);
  /* 16 lanes on 16 addresses of one line: one operation per sector, 2 */
  isa_access distinct = acc(SIM_MEM_BASE + 1024, 16, 4, 4, ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE);
  ck_assert_uint_eq(atomic_at(d, &distinct, &st), 50 + 2 * 2);
  ck_assert_uint_eq(st.l2_atomic_cycles, 4);
  /* 8 lanes in the first sector: one operation */
  isa_access half = acc(SIM_MEM_BASE + 1024, 8, 4, 4, ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE);
  ck_assert_uint_eq(atomic_at(d, &half, &st), 50 + 2);
  /* 16 lanes on 4 addresses of one sector, 4 lanes each: 4 operations */
  isa_access four = distinct;
  for (int i = 0; i < 16; i++) four.addr[i] = SIM_MEM_BASE + 2048 + (uint64_t)(i % 4) * 4;
  ck_assert_uint_eq(atomic_at(d, &four, &st), 50 + 8);
  /* a second same-address atomic enters the pipeline at 1, passes the
   * slice (the first held it one cycle for its sector) and waits for the
   * atomic unit, busy with the first until 64: 64 + 64 + 50 */
  uint32_t nreq;
  ck_assert_uint_eq(atomic_at(d, &same, &st), 114);
  ck_assert_uint_eq(vec(d, 0, 0, &same, &st, &nreq), 64 + 64 + 50);
  sim_device_destroy(d);
}
END_TEST

/* Atomic units: granules of l2.atomic_granule bytes hash onto
 * l2.atomic_units units like lines onto slices. Teaching: 2 slices. */
START_TEST(test_atomic_units) {
  const char *sets[] = {"l2.atomic_units=4", "l2.atomic_granule=256"};
  sim_device *d = dev_set(sets, 2);
  /* the four lines of one granule share a unit; four granules, four units */
  uint32_t seen[4] = {0};
  for (uint64_t k = 0; k < 4; k++) {
    ck_assert_uint_eq(sim_l2_atomic_unit(&d->mem.l2, SIM_MEM_BASE + k * 64),
                      sim_l2_atomic_unit(&d->mem.l2, SIM_MEM_BASE));
    seen[sim_l2_atomic_unit(&d->mem.l2, SIM_MEM_BASE + k * 256)]++;
  }
  for (int u = 0; u < 4; u++) ck_assert_uint_eq(seen[u], 1);
  /* one lane each on two lines of one granule (different slices): the
   * second reaches its slice at 1 and waits for the unit until 2 */
  sim_stats st;
  uint32_t nreq;
  isa_access a = acc(SIM_MEM_BASE, 1, 0, 4, ISA_F_ATOMIC);
  isa_access b = acc(SIM_MEM_BASE + 64, 1, 0, 4, ISA_F_ATOMIC);
  ck_assert_uint_ne(sim_l2_slice(&d->mem.l2, a.addr[0]), sim_l2_slice(&d->mem.l2, b.addr[0]));
  atomic_at(d, &b, &st); /* warm b's line too */
  ck_assert_uint_eq(atomic_at(d, &a, &st), 50 + 2);
  ck_assert_uint_eq(vec(d, 0, 0, &b, &st, &nreq), 2 + 2 + 50);
  sim_device_destroy(d);
  /* by default a unit per slice serving whole lines: no wait */
  d = dev_set(NULL, 0);
  atomic_at(d, &b, &st);
  ck_assert_uint_eq(atomic_at(d, &a, &st), 50 + 2);
  ck_assert_uint_eq(vec(d, 0, 0, &b, &st, &nreq), 1 + 2 + 50);
  sim_device_destroy(d);
}
END_TEST

/* A fractional l2.atomic_cycles accumulates in the unit; the result is
 * back at the cycle the last operation ends, rounded up. */
START_TEST(test_atomic_fractional_cycles) {
  const char *sets[] = {"l2.atomic_cycles=1.25"};
  sim_device *d = dev_set(sets, 1);
  sim_stats st;
  isa_access same = acc(SIM_MEM_BASE, 3, 0, 4, ISA_F_ATOMIC);
  ck_assert_uint_eq(atomic_at(d, &same, &st), 50 + 4); /* 3 x 1.25 = 3.75 */
  ck_assert_uint_eq(st.l2_atomic_cycles, 4);
  sim_device_destroy(d);
}
END_TEST

/* LDS atomics: lanes on one word serialize (a pass each) unless combined. */
START_TEST(test_lds_atomic_passes) {
  uint32_t ideal;
  isa_access same = acc(0, 32, 0, 4, ISA_F_ATOMIC);
  same.space = ISA_SPACE_LDS;
  ck_assert_uint_eq(sim_lds_atomic_passes(&same, 32, 4, 0, &ideal), 32);
  ck_assert_uint_eq(ideal, 1);
  ck_assert_uint_eq(sim_lds_atomic_passes(&same, 32, 4, 1, &ideal), 1);
  ck_assert_uint_eq(ideal, 1);
  /* 32 distinct words in 32 banks: one pass either way */
  isa_access distinct = acc(0, 32, 4, 4, ISA_F_ATOMIC);
  ck_assert_uint_eq(sim_lds_atomic_passes(&distinct, 32, 4, 0, &ideal), 1);
  /* pairs of lanes on 16 words: 2 passes serialized, 1 combined */
  isa_access pairs = distinct;
  for (int i = 0; i < 32; i++) pairs.addr[i] = (uint64_t)(i / 2) * 4;
  ck_assert_uint_eq(sim_lds_atomic_passes(&pairs, 32, 4, 0, &ideal), 2);
  ck_assert_uint_eq(sim_lds_atomic_passes(&pairs, 32, 4, 1, &ideal), 1);
  /* 64-bit atomics on 4-byte banks: 16 lanes cover all 32 banks once */
  isa_access wide = acc(0, 16, 8, 8, ISA_F_ATOMIC);
  ck_assert_uint_eq(sim_lds_atomic_passes(&wide, 32, 4, 0, &ideal), 1);
  /* a 128-byte stride puts 4 lanes' words in bank 0: 4 passes */
  isa_access strided = acc(0, 4, 128, 4, ISA_F_ATOMIC);
  ck_assert_uint_eq(sim_lds_atomic_passes(&strided, 32, 4, 1, &ideal), 4);
  ck_assert_uint_eq(ideal, 1);
}
END_TEST

/* The no-return form: an atomic whose old value no path reads. */
static void noret_of(const char *text, uint8_t *out, uint32_t n) {
  char err[256];
  isa_kernel k;
  memset(&k, 0, sizeof k);
  ck_assert_msg(isa_assemble(text, &k.code, &k.ncode, err, sizeof err) == 0, "%s", err);
  ck_assert_uint_eq(k.ncode, n);
  sim_decoded dec[16];
  memset(dec, 0, sizeof dec);
  for (uint32_t pc = 0; pc < k.ncode; pc++) isa_inst_regs(&k.code[pc], &dec[pc].rs);
  ck_assert_int_eq(sim_atomic_mark_noret(&k, dec), 0);
  for (uint32_t pc = 0; pc < n; pc++) out[pc] = dec[pc].noret;
  free(k.code);
}

START_TEST(test_atomic_noret) {
  uint8_t nr[8];
  /* a loop of two atomics into v1: the first's value is overwritten by the
   * second; the second's is read after the loop */
  noret_of("global_atomic_add_u32 v1, v[2:3], v0\n"
           "global_atomic_add_u32 v1, v[2:3], v0\n"
           "s_cbranch_scc1 @0\n"
           "v_mov_b32 v4, v1\n"
           "s_endpgm\n",
           nr, 5);
  ck_assert_uint_eq(nr[0], 1);
  ck_assert_uint_eq(nr[1], 0);
  /* without the read after the loop both are dead: around the back edge
   * the first atomic writes v1 before anything reads it */
  noret_of("global_atomic_add_u32 v1, v[2:3], v0\n"
           "global_atomic_add_u32 v1, v[2:3], v0\n"
           "s_cbranch_scc1 @0\n"
           "s_endpgm\n",
           nr, 4);
  ck_assert_uint_eq(nr[0], 1);
  ck_assert_uint_eq(nr[1], 1);
  /* a read on one side of a divergent branch keeps it live */
  noret_of("ds_atomic_add_u32 v1, v2, v0\n"
           "s_cbranch_div s[4:5], @2, @3, @4\n"
           "v_mov_b32 v4, v1\n"
           "v_mov_b32 v5, v0\n"
           "s_endpgm\n",
           nr, 5);
  ck_assert_uint_eq(nr[0], 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("l2");
  TCase *tc = tcase_create("l2");
  tcase_add_test(tc, test_slice_hash_spreads_stride);
  tcase_add_test(tc, test_slice_queues);
  tcase_add_test(tc, test_partitions);
  tcase_add_test(tc, test_far_cycles);
  tcase_add_test(tc, test_host_write);
  tcase_add_test(tc, test_host_write_copies);
  tcase_add_test(tc, test_host_write_partial);
  tcase_add_test(tc, test_noc_link);
  tcase_add_test(tc, test_coalesce_partial);
  tcase_add_test(tc, test_partial_write_fill);
  tcase_add_test(tc, test_write_queue);
  tcase_add_test(tc, test_write_combine);
  tcase_add_test(tc, test_partial_write_cycles);
  tcase_add_test(tc, test_request_cycles);
  tcase_add_test(tc, test_write_bytes_per_cycle);
  tcase_add_test(tc, test_noc_directions);
  tcase_add_test(tc, test_atomics_serialize);
  tcase_add_test(tc, test_atomic_units);
  tcase_add_test(tc, test_atomic_fractional_cycles);
  tcase_add_test(tc, test_lds_atomic_passes);
  tcase_add_test(tc, test_atomic_noret);
  suite_add_tcase(s, tc);
  return check_run(s);
}
