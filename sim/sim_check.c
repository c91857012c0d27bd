/* The correctness checks (sim_check.h): per-byte shadow state of __local
 * memory (per resident work-group), global memory (lazily, by page) and
 * private memory (written bits per work-item), fed after every executed
 * memory instruction by both executors; reports race and uninitialised-read
 * diagnostics into the launch's statistics, once per pair of source lines. */
#include "sim_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_exec.h"
#include "sim_hb.h"
#include "sim_internal.h"

/* One byte's history. For __local memory `g` fields are unused and `gen`
 * names the work-group instance it belongs to (an entry of an older one
 * reads as never touched, so a new group needs no clearing). The writer is
 * the last one; A is the first reader and B the latest reader other than A
 * (two are enough to know whether some reader conflicts with a new write:
 * if A does not, B is a distinct one). */
typedef struct sim_shadow {
  uint32_t gen;
  uint32_t wg, wi, wpc, wep; /* writer: group, item, pc, barrier epoch */
  uint32_t ag, ai, apc, aep; /* reader A */
  uint32_t bg, bi, bpc, bep; /* reader B */
  uint32_t val;              /* what the writer stored (benign same-value writes): the
                                byte, or the word of a word-mode page */
  uint8_t f;                 /* SH_* */
} sim_shadow;

enum { SH_W = 1, SH_WAT = 2, SH_A = 4, SH_B = 8, SH_INIT = 16 };

/* The happens-before clocks (sim_hb_clock) of a shadow entry's writer and
 * readers, in an array beside the shadow that exists only while the kernel
 * has ordered atomics or fences (sim_check.hb): other kernels pay nothing. */
typedef struct sim_chk_clk {
  uint32_t w, a, b;
} sim_chk_clk;

/* Global shadow pages: open addressing on the page number. A page starts
 * with one entry per aligned 4-byte word (most programs move whole words:
 * a quarter of the memory and work) and switches to one per byte, each a
 * copy of its word's, the first time an access covers part of a word. */
#define SIM_CHK_PAGE_BITS 12u
#define SIM_CHK_PAGE (1u << SIM_CHK_PAGE_BITS)

typedef struct sim_chk_page {
  uint64_t pageno; /* address >> SIM_CHK_PAGE_BITS, + 1 (0: empty) */
  sim_shadow *sh;  /* SIM_CHK_PAGE / 4 word entries, or SIM_CHK_PAGE byte entries */
  sim_chk_clk *clk; /* one per entry of sh, with sim_check.hb only */
  int bytes;       /* byte mode */
} sim_chk_page;

typedef struct sim_chk_slot {
  uint32_t gen, group; /* group: linear work-group index */
  /* barriers the group left (they order __local accesses), and those of
   * them with a global fence (s_barrier, not s_barrier_local: they order
   * global accesses within the group) */
  uint32_t epoch, gepoch;
  int global_fence; /* a wave arrived at the pending barrier through s_barrier */
  /* per wave of the group: the sub_group_barriers (s_wave_barrier) it passed,
   * which order the accesses of its own work-items (waves_per_wg entries) */
  uint32_t *wave_ep;
  uint64_t gid[3], lsz[3];
  sim_shadow *lds;   /* lds_total entries, allocated on first use */
  sim_chk_clk *lds_clk; /* one per entry of lds, with sim_check.hb only */
  uint8_t *written;  /* private bytes written, items x private_bytes */
  uint32_t nwritten; /* bytes of `written` */
} sim_chk_slot;

enum {
  CHK_RACE_LDS,
  CHK_RACE_GLOBAL,
  CHK_BENIGN_LDS,
  CHK_BENIGN_GLOBAL,
  CHK_UNINIT_LDS,
  CHK_UNINIT_PRIVATE,
  CHK_OOM,
  CHK_KINDS
};
static const char *const sim_chk_kind_names[CHK_KINDS] = {
    "race_local",   "race_global",    "benign_race_local", "benign_race_global",
    "uninit_local", "uninit_private", "checks_stopped"};

struct sim_check {
  sim_ctx *c;
  uint32_t flags, nslots, gen;
  sim_chk_slot *slots;
  sim_chk_page *pages;
  size_t npages, cappages;      /* cappages: a power of two */
  sim_chk_page *last;           /* the page the previous byte was on */
  uint64_t skip_base, skip_end; /* the printf buffer: the compiler's own records */
  uint32_t (*seen)[3];          /* reports already given: kind, line pair */
  size_t nseen, capseen;
  uint64_t reports;
  uint8_t *copy; /* per pc: a load whose value is only stored again (see sim_chk_mark_copies) */
  /* happens-before through atomics: only when the kernel has an ordered
   * atomic or fence (isa_inst.sync) and races are checked */
  sim_hb *hb;
  int oom;
};

static void sim_chk_oom(sim_check *k);
static void sim_chk_hb_stop(sim_check *k);

/* ---- the switch --------------------------------------------------------------- */
int sim_check_parse(const char *list, uint32_t *flags, char *err, size_t errlen) {
  static const struct {
    const char *name;
    uint32_t bits;
  } names[] = {{"races", SIM_CHECK_RACES},
               {"uninit", SIM_CHECK_UNINIT},
               {"all", SIM_CHECK_RACES | SIM_CHECK_UNINIT},
               {"benign", SIM_CHECK_BENIGN | SIM_CHECK_RACES},
               {"fatal", SIM_CHECK_FATAL | SIM_CHECK_OOB_FAULT},
               {"oob-fatal", SIM_CHECK_OOB_FAULT},
               {"none", 0}};
  *flags = 0;
  const char *p = list ? list : "";
  while (*p) {
    const char *e = p;
    while (*e && *e != ',') e++;
    size_t n = (size_t)(e - p);
    while (n && p[0] == ' ') p++, n--;
    while (n && p[n - 1] == ' ') n--;
    if (n) {
      size_t i;
      for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == n && strncmp(names[i].name, p, n) == 0) break;
      if (i == sizeof names / sizeof names[0]) {
        snprintf(err, errlen,
                 "unknown check '%.*s' (valid: races, uninit, all, benign, fatal, oob-fatal, none; "
                 "separate several with commas)",
                 (int)(n > 64 ? 64 : n), p);
        return -1;
      }
      *flags |= names[i].bits;
    }
    p = *e ? e + 1 : e;
  }
  /* benign and fatal qualify the checks; alone they would check nothing */
  if ((*flags & SIM_CHECK_FATAL) && !(*flags & (SIM_CHECK_RACES | SIM_CHECK_UNINIT)))
    *flags |= SIM_CHECK_RACES | SIM_CHECK_UNINIT;
  return 0;
}

/* ---- set-up ---------------------------------------------------------------------- */
static int sim_chk_overlap(const isa_regref *r, uint16_t reg, unsigned count) {
  return r->file == ISA_RF_V && r->reg < reg + count && reg < r->reg + r->count;
}

/* Marks the __local and private loads whose value goes to a store to the
 * same memory and nowhere else: the next instruction that touches the
 * loaded registers (in straight-line code) stores them as data. Copying a
 * struct copies its padding, which nobody wrote: such a copy is not a use,
 * so the uninit check does not report it (the bytes it writes count as
 * written; a copy out to global memory is still reported). */
static void sim_chk_mark_copies(sim_check *k) {
  const isa_kernel *kn = k->c->k;
  const sim_decoded *dec = k->c->dec;
  for (uint32_t pc = 0; pc < kn->ncode; pc++) {
    const isa_inst *in = &kn->code[pc];
    uint32_t fl = isa_ops[in->op].flags;
    if (!(fl & ISA_F_LOAD) || (dec[pc].unit != ISA_UNIT_LDS && dec[pc].unit != ISA_UNIT_SCRATCH))
      continue;
    uint16_t reg = in->dst.reg;
    unsigned cnt = isa_operand_width((isa_opcode)in->op, 0);
    for (uint32_t q = pc + 1; q < kn->ncode; q++) {
      const isa_inst *u = &kn->code[q];
      const isa_regset *rs = &dec[q].rs;
      if (isa_ops[u->op].flags & (ISA_F_BRANCH | ISA_F_END)) break;
      int reads = 0, writes = 0;
      for (unsigned i = 0; i < rs->nreads; i++) reads |= sim_chk_overlap(&rs->reads[i], reg, cnt);
      for (unsigned i = 0; i < rs->nwrites; i++)
        writes |= sim_chk_overlap(&rs->writes[i], reg, cnt);
      if (!reads && !writes) continue;
      if (reads && (isa_ops[u->op].flags & ISA_F_STORE) && dec[q].unit == dec[pc].unit &&
          u->src[1].file == ISA_RF_V && u->src[1].reg <= reg &&
          reg + cnt <= u->src[1].reg + isa_operand_width((isa_opcode)u->op, 2) &&
          !(u->src[0].file == ISA_RF_V && u->src[0].reg < reg + cnt &&
            reg < u->src[0].reg + isa_operand_width((isa_opcode)u->op, 1)))
        k->copy[pc] = 1;
      break;
    }
  }
}

sim_check *sim_check_create(sim_ctx *c, uint32_t nslots, uint32_t flags) {
  sim_check *k = calloc(1, sizeof *k);
  if (!k) return NULL;
  k->c = c;
  k->flags = flags;
  k->nslots = nslots ? nslots : 1;
  k->slots = calloc(k->nslots, sizeof *k->slots);
  k->cappages = 64;
  k->pages = calloc(k->cappages, sizeof *k->pages);
  k->copy = calloc(c->k->ncode ? c->k->ncode : 1, 1);
  if (!k->slots || !k->pages || !k->copy) {
    sim_check_destroy(k);
    return NULL;
  }
  /* the printf buffer's records are reserved by a global atomic and its
   * overflow area is shared junk: not the program's memory */
  const isa_kernel *kn = c->k;
  const isa_hidden_arg *pf = isa_kernel_hidden(kn, ISA_HIDDEN_PRINTF_BUFFER);
  if (pf && c->l->kernarg && pf->offset + 8 <= kn->kernarg_bytes) {
    uint64_t base = 0;
    memcpy(&base, c->l->kernarg + pf->offset, 8);
    int inside = 0;
    const sim_buffer *b = sim_mem_find(c->d, base, &inside);
    if (b && inside) k->skip_base = b->base, k->skip_end = b->base + b->size;
  }
  sim_chk_mark_copies(k);
  int ordered = 0;
  for (uint32_t pc = 0; pc < kn->ncode; pc++)
    ordered |= (kn->code[pc].sync & (ISA_SYNC_ACQ | ISA_SYNC_REL)) != 0;
  if (ordered && (flags & SIM_CHECK_RACES)) {
    k->hb = sim_hb_create(k->nslots, c->wave_size, SIM_HB_MAX_ENTRIES);
    if (!k->hb) {
      sim_check_destroy(k);
      return NULL;
    }
  }
  return k;
}

void sim_check_destroy(sim_check *k) {
  if (!k) return;
  for (uint32_t s = 0; k->slots && s < k->nslots; s++) {
    free(k->slots[s].lds);
    free(k->slots[s].lds_clk);
    free(k->slots[s].wave_ep);
    free(k->slots[s].written);
  }
  for (size_t i = 0; k->pages && i < k->cappages; i++) free(k->pages[i].sh), free(k->pages[i].clk);
  sim_hb_destroy(k->hb);
  free(k->slots);
  free(k->pages);
  free(k->seen);
  free(k->copy);
  free(k);
}

uint64_t sim_check_reports(const sim_check *k) {
  return k ? k->reports : 0;
}

void sim_check_group(sim_check *k, uint32_t slot, const uint64_t gid[3], const uint64_t lsz[3]) {
  sim_ctx *c = k->c;
  sim_chk_slot *s = &k->slots[slot];
  s->gen = ++k->gen;
  s->epoch = s->gepoch = 0;
  s->global_fence = 0;
  uint64_t g = gid[0] + c->ngroups[0] * (gid[1] + c->ngroups[1] * gid[2]);
  s->group = g > UINT32_MAX ? UINT32_MAX : (uint32_t)g;
  memcpy(s->gid, gid, sizeof s->gid);
  memcpy(s->lsz, lsz, sizeof s->lsz);
  if (!s->wave_ep) {
    s->wave_ep = calloc(c->occ.waves_per_wg ? c->occ.waves_per_wg : 1, sizeof *s->wave_ep);
    if (!s->wave_ep) sim_chk_oom(k);
  }
  if (s->wave_ep)
    memset(s->wave_ep, 0, (c->occ.waves_per_wg ? c->occ.waves_per_wg : 1) * sizeof *s->wave_ep);
  if (c->lds_total && !s->lds) {
    s->lds = calloc(c->lds_total, sizeof *s->lds);
    if (!s->lds) sim_chk_oom(k);
  }
  if (k->hb && c->lds_total && !s->lds_clk) {
    s->lds_clk = calloc(c->lds_total, sizeof *s->lds_clk);
    if (!s->lds_clk) sim_chk_oom(k);
  }
  if (k->hb) sim_hb_group(k->hb, slot, s->group);
  uint64_t items = lsz[0] * lsz[1] * lsz[2];
  uint64_t need = (uint64_t)c->k->private_bytes * c->occ.waves_per_wg * c->wave_size;
  if (need && !s->written) {
    s->written = calloc(need, 1);
    if (!s->written)
      sim_chk_oom(k);
    else
      s->nwritten = (uint32_t)need;
  }
  if (s->written) memset(s->written, 0, (size_t)c->k->private_bytes * items);
}

void sim_check_barrier(sim_check *k, uint32_t slot) {
  sim_chk_slot *s = &k->slots[slot];
  s->epoch++;
  /* what the group's items acquired through atomics passes to all of them
   * through a barrier that fences global memory */
  if (s->global_fence && k->hb && !k->oom && sim_hb_barrier(k->hb, slot) != 0) sim_chk_hb_stop(k);
  if (s->global_fence) s->gepoch++, s->global_fence = 0;
}

/* ---- reports ----------------------------------------------------------------------- */
static uint32_t sim_chk_line(const sim_check *k, uint32_t pc) {
  const isa_kernel *kn = k->c->k;
  return kn->line && pc < kn->ncode ? kn->line[pc] : 0;
}

static void sim_chk_where(const sim_check *k, uint32_t pc, char *buf, size_t len) {
  uint32_t line = sim_chk_line(k, pc);
  const isa_kernel *kn = k->c->k;
  if (line)
    snprintf(buf, len, "%s:%u", kn->source_file ? kn->source_file : "<kernel>", line);
  else
    snprintf(buf, len, "instruction %u", pc);
}

/* "(x,y,z)" global id of local item `item` of linear group `group`. */
static void sim_chk_item(const sim_check *k, uint32_t group, uint32_t item, char *buf, size_t len) {
  const sim_ctx *c = k->c;
  uint64_t gid[3], lsz[3], gl[3];
  sim_group_coords(c, group, gid, lsz);
  uint64_t lid[3] = {item % lsz[0], item / lsz[0] % lsz[1], item / (lsz[0] * lsz[1])};
  for (int d = 0; d < 3; d++)
    gl[d] = gid[d] * c->l->local_size[d] + lid[d] + c->l->global_offset[d];
  snprintf(buf, len, "(%" PRIu64 ",%" PRIu64 ",%" PRIu64 ")", gl[0], gl[1], gl[2]);
}

static void sim_chk_group_name(const sim_check *k, uint32_t group, char *buf, size_t len) {
  uint64_t gid[3], lsz[3];
  sim_group_coords(k->c, group, gid, lsz);
  snprintf(buf, len, "(%" PRIu64 ",%" PRIu64 ",%" PRIu64 ")", gid[0], gid[1], gid[2]);
}

/* Whether kind between the lines of pc a and pc b was reported already;
 * records it if not. Keys are unordered in the pair. */
static int sim_chk_seen(sim_check *k, int kind, uint32_t pca, uint32_t pcb) {
  uint32_t la = sim_chk_line(k, pca), lb = sim_chk_line(k, pcb);
  /* an unknown line: the pc stands for it, marked apart from lines */
  uint32_t a = la ? la : (0x80000000u | pca), b = lb ? lb : (0x80000000u | pcb);
  if (a > b) {
    uint32_t t = a;
    a = b, b = t;
  }
  for (size_t i = 0; i < k->nseen; i++)
    if (k->seen[i][0] == (uint32_t)kind && k->seen[i][1] == a && k->seen[i][2] == b) return 1;
  if (k->nseen == k->capseen) {
    size_t cap = k->capseen ? k->capseen * 2 : 32;
    uint32_t(*n)[3] = realloc(k->seen, cap * sizeof *n);
    if (!n) return 1; /* out of memory: stay quiet rather than repeat */
    k->seen = n, k->capseen = cap;
  }
  k->seen[k->nseen][0] = (uint32_t)kind;
  k->seen[k->nseen][1] = a;
  k->seen[k->nseen][2] = b;
  k->nseen++;
  return 0;
}

static void sim_chk_emit(sim_check *k, int kind, uint32_t line, uint32_t other_line,
                         const char *msg) {
  k->reports++;
  sim_stats_add_diag(k->c->st, sim_chk_kind_names[kind], line, other_line, msg);
}

static const char *sim_chk_verb(int atomic, int write) {
  return atomic ? "atomically updated" : write ? "wrote" : "read";
}

/* The earlier access (group og, item oi, pc opc, atomic/write) conflicts with
 * this lane's (me*) on `size` bytes at addr. */
static void sim_chk_race(sim_check *k, int global, int benign, uint32_t og, uint32_t oi,
                         uint32_t opc, int oatomic, int owrite, const sim_chk_slot *s, uint32_t mi,
                         uint32_t mpc, int matomic, int mwrite, uint64_t addr, uint32_t size) {
  int kind = global ? (benign ? CHK_BENIGN_GLOBAL : CHK_RACE_GLOBAL)
                    : (benign ? CHK_BENIGN_LDS : CHK_RACE_LDS);
  if (sim_chk_seen(k, kind, opc, mpc)) return;
  char ow[300], mw[300], oid[64], mid[64], where[256], msg[1400];
  sim_chk_where(k, opc, ow, sizeof ow);
  sim_chk_where(k, mpc, mw, sizeof mw);
  sim_chk_item(k, og, oi, oid, sizeof oid);
  sim_chk_item(k, s->group, mi, mid, sizeof mid);
  const char *name = k->c->k->name;
  const char *what = benign ? "benign data race (both wrote the same value)" : "data race";
  if (!global) {
    snprintf(msg, sizeof msg,
             "kernel '%s': %s on __local memory: work-item %s %s at %s, work-item %s %s %u byte%s "
             "at local offset %" PRIu64 " at %s with no barrier between",
             name, what, oid, sim_chk_verb(oatomic, owrite), ow, mid, sim_chk_verb(matomic, mwrite),
             size, size == 1 ? "" : "s", addr, mw);
  } else {
    int inside = 0;
    const sim_buffer *b = sim_mem_find(k->c->d, addr, &inside);
    if (b && inside)
      snprintf(where, sizeof where,
               "global buffer 0x%" PRIx64 " + offset %" PRIu64 " (a %" PRIu64 "-byte buffer)",
               b->base, addr - b->base, b->size);
    else
      snprintf(where, sizeof where, "global address 0x%" PRIx64, addr);
    char og_name[64], mg_name[64];
    sim_chk_group_name(k, og, og_name, sizeof og_name);
    sim_chk_group_name(k, s->group, mg_name, sizeof mg_name);
    if (og != s->group)
      snprintf(msg, sizeof msg,
               "kernel '%s': %s on %s: work-group %s work-item %s %s at %s, work-group %s "
               "work-item %s %s %u byte%s there at %s within one launch",
               name, what, where, og_name, oid, sim_chk_verb(oatomic, owrite), ow, mg_name, mid,
               sim_chk_verb(matomic, mwrite), size, size == 1 ? "" : "s", mw);
    else
      snprintf(msg, sizeof msg,
               "kernel '%s': %s on %s: work-item %s %s at %s, work-item %s %s %u byte%s there at "
               "%s with no barrier between (both in work-group %s)",
               name, what, where, oid, sim_chk_verb(oatomic, owrite), ow, mid,
               sim_chk_verb(matomic, mwrite), size, size == 1 ? "" : "s", mw, mg_name);
  }
  sim_chk_emit(k, kind, sim_chk_line(k, mpc), sim_chk_line(k, opc), msg);
}

static void sim_chk_uninit(sim_check *k, int local, const sim_chk_slot *s, uint32_t mi, uint32_t pc,
                           uint64_t off, uint32_t size) {
  int kind = local ? CHK_UNINIT_LDS : CHK_UNINIT_PRIVATE;
  if (sim_chk_seen(k, kind, pc, pc)) return;
  char w[300], id[64], msg[800];
  sim_chk_where(k, pc, w, sizeof w);
  sim_chk_item(k, s->group, mi, id, sizeof id);
  if (local)
    snprintf(msg, sizeof msg,
             "kernel '%s': work-item %s read %u byte%s of __local memory at offset %" PRIu64
             " that no work-item wrote, at %s",
             k->c->k->name, id, size, size == 1 ? "" : "s", off, w);
  else
    snprintf(msg, sizeof msg,
             "kernel '%s': work-item %s read %u byte%s of private memory at offset %" PRIu64
             " that it never wrote, at %s",
             k->c->k->name, id, size, size == 1 ? "" : "s", off, w);
  sim_chk_emit(k, kind, sim_chk_line(k, pc), sim_chk_line(k, pc), msg);
}

/* ---- the shadow --------------------------------------------------------------------- */
/* Out of host memory for the shadow: the checks stop for the rest of the
 * launch, and say so (a silent stop would read as "no bugs"). */
static void sim_chk_oom(sim_check *k) {
  if (k->oom) return;
  k->oom = 1;
  char msg[400];
  snprintf(msg, sizeof msg,
           "kernel '%s': the correctness checks stopped: out of host memory for their shadow "
           "state after %zu KiB of global memory touched (about %u bytes per byte); check a "
           "smaller problem size",
           k->c->k->name, k->npages * (SIM_CHK_PAGE / 1024), k->hb ? 18u : 15u);
  sim_chk_emit(k, CHK_OOM, 0, 0, msg);
}

/* The happens-before state failed (host memory, or its bound): the checks
 * stop as for sim_chk_oom, saying which. */
static void sim_chk_hb_stop(sim_check *k) {
  if (!sim_hb_full(k->hb)) {
    sim_chk_oom(k);
    return;
  }
  if (k->oom) return;
  k->oom = 1;
  char msg[400];
  snprintf(msg, sizeof msg,
           "kernel '%s': the correctness checks stopped: ordering accesses through atomics "
           "took more than %u vector-clock entries (work-items that synchronise times the "
           "work-items they learn of); check fewer work-groups or work-items",
           k->c->k->name, SIM_HB_MAX_ENTRIES);
  sim_chk_emit(k, CHK_OOM, 0, 0, msg);
}

/* A word-mode page becomes a byte-mode one: each byte's entry is its
 * word's, with its byte of the value. */
static int sim_chk_page_bytes(sim_check *k, sim_chk_page *p) {
  sim_shadow *nb = malloc(SIM_CHK_PAGE * sizeof *nb);
  if (!nb) return sim_chk_oom(k), -1;
  for (uint32_t w = 0; w < SIM_CHK_PAGE / 4; w++)
    for (uint32_t j = 0; j < 4; j++) {
      nb[w * 4 + j] = p->sh[w];
      nb[w * 4 + j].val = (p->sh[w].val >> (8 * j)) & 0xffu;
    }
  if (p->clk) {
    sim_chk_clk *nc = malloc(SIM_CHK_PAGE * sizeof *nc);
    if (!nc) return free(nb), sim_chk_oom(k), -1;
    for (uint32_t w = 0; w < SIM_CHK_PAGE; w++) nc[w] = p->clk[w / 4];
    free(p->clk);
    p->clk = nc;
  }
  free(p->sh);
  p->sh = nb;
  p->bytes = 1;
  return 0;
}

/* The shadow entry of global address addr: of its word (*step = 4) when
 * `word` (the access covers the whole aligned word) and the page is in word
 * mode, else of the byte (*step = 1); *clk its clocks (with k->hb). NULL
 * when out of memory. */
static sim_shadow *sim_chk_global(sim_check *k, uint64_t addr, int word, uint32_t *step,
                                  sim_chk_clk **clk) {
  uint64_t pn = (addr >> SIM_CHK_PAGE_BITS) + 1;
  sim_chk_page *p = k->last;
  if (!p || p->pageno != pn) {
    size_t mask = k->cappages - 1, i = (size_t)(pn * 0x9e3779b97f4a7c15ull >> 20) & mask;
    while (k->pages[i].pageno && k->pages[i].pageno != pn) i = (i + 1) & mask;
    if (!k->pages[i].pageno) {
      if ((k->npages + 1) * 2 > k->cappages) { /* grow, then look again */
        size_t cap = k->cappages * 2;
        sim_chk_page *np = calloc(cap, sizeof *np);
        if (!np) return sim_chk_oom(k), NULL;
        for (size_t j = 0; j < k->cappages; j++) {
          if (!k->pages[j].pageno) continue;
          size_t x = (size_t)(k->pages[j].pageno * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
          while (np[x].pageno) x = (x + 1) & (cap - 1);
          np[x] = k->pages[j];
        }
        free(k->pages);
        k->pages = np, k->cappages = cap, k->last = NULL;
        return sim_chk_global(k, addr, word, step, clk);
      }
      size_t ne = word ? SIM_CHK_PAGE / 4 : SIM_CHK_PAGE;
      k->pages[i].sh = calloc(ne, sizeof(sim_shadow));
      if (!k->pages[i].sh) return sim_chk_oom(k), NULL;
      if (k->hb && !(k->pages[i].clk = calloc(ne, sizeof(sim_chk_clk)))) {
        free(k->pages[i].sh), k->pages[i].sh = NULL;
        return sim_chk_oom(k), NULL;
      }
      k->pages[i].pageno = pn;
      k->pages[i].bytes = !word;
      k->npages++;
    }
    p = k->last = &k->pages[i];
  }
  uint32_t off = (uint32_t)(addr & (SIM_CHK_PAGE - 1));
  if (!p->bytes && word) {
    *clk = p->clk ? &p->clk[off / 4] : NULL;
    return *step = 4, &p->sh[off / 4];
  }
  if (!p->bytes && sim_chk_page_bytes(k, p) != 0) return NULL;
  *clk = p->clk ? &p->clk[off] : NULL;
  return *step = 1, &p->sh[off];
}

/* The epoch an access records: the group's barriers (those with a global
 * fence for global memory) in the high bits, the sub_group_barriers of the
 * accessing item's wave, modulo 2^SIM_CHK_WAVE_BITS, in the low ones. */
#define SIM_CHK_WAVE_BITS 12u
static inline uint32_t sim_chk_ep(const sim_chk_slot *s, int global, uint32_t wave) {
  uint32_t we = s->wave_ep ? s->wave_ep[wave] : 0;
  return (global ? s->gepoch : s->epoch) << SIM_CHK_WAVE_BITS |
         (we & ((1u << SIM_CHK_WAVE_BITS) - 1));
}

/* Whether an earlier access by (g, i, ep) conflicts with one by this lane
 * (item mi, epoch cur; n: the wave size): another work-group of the launch
 * (global only), or another work-item of the group since the last barrier,
 * unless both are of one sub-group (wave) with a sub_group_barrier between. */
static inline int sim_chk_conflicts(uint32_t g, uint32_t i, uint32_t ep, const sim_chk_slot *s,
                                    uint32_t mi, int global, uint32_t cur, uint32_t n) {
  if (global && g != s->group) return 1;
  if (i == mi || ep >> SIM_CHK_WAVE_BITS != cur >> SIM_CHK_WAVE_BITS) return 0;
  return i / n != mi / n || ep == cur;
}

/* Whether the earlier access by (og, oi) at clock ot (0: unknown) and epoch
 * oep is ordered before this lane's (item mi) by synchronisation through
 * atomics and fences (sim_hb.h); for global memory also through the barriers
 * of og's group that the synchronisation carried. */
static inline int sim_chk_hb(const sim_check *k, const sim_chk_slot *s, uint32_t mi, int global,
                             uint32_t og, uint32_t oi, uint32_t ot, uint32_t oep) {
  return k->hb && sim_hb_before(k->hb, (uint32_t)(s - k->slots), s->group, mi, og, oi, ot,
                                global ? oep >> SIM_CHK_WAVE_BITS : UINT32_MAX);
}

/* The 1 or 4 bytes at p as the value a shadow entry keeps. */
static inline uint32_t sim_chk_val(const uint8_t *p, uint32_t step) {
  uint32_t v = 0;
  memcpy(&v, p, step); /* little-endian, as the device */
  return v;
}

/* The bytes [addr, addr + size) one lane (item mi) accessed; data: what a
 * store wrote (NULL otherwise). Returns after the first conflict. */
static void sim_chk_bytes(sim_check *k, int global, sim_chk_slot *s, uint32_t mi, uint32_t pc,
                          int write, int atomic, uint64_t addr, uint32_t size,
                          const uint8_t *data) {
  int reported = 0;
  uint32_t n = k->c->wave_size, ep = sim_chk_ep(s, global, mi / n), step = 1;
  uint32_t now = k->hb ? sim_hb_clock(k->hb, s->group, mi) : 0; /* this lane's clock */
  for (uint32_t b = 0; b < size; b += step) {
    sim_shadow *h;
    sim_chk_clk *clk = NULL;
    step = 1;
    if (global) {
      h = sim_chk_global(k, addr + b, (addr + b) % 4 == 0 && size - b >= 4, &step, &clk);
      if (!h) return;
    } else {
      h = &s->lds[addr + b];
      clk = s->lds_clk ? &s->lds_clk[addr + b] : NULL;
      if (h->gen != s->gen) {
        memset(h, 0, sizeof *h), h->gen = s->gen;
        if (clk) memset(clk, 0, sizeof *clk);
      }
    }
    if (!reported) {
      /* an atomic orders nothing against another atomic, and a plain read
       * next to an atomic update is how compare-and-swap loops take their
       * first guess (the atomic checks it): neither pair is reported */
      if ((h->f & SH_W) && !((atomic || !write) && (h->f & SH_WAT)) &&
          sim_chk_conflicts(h->wg, h->wi, h->wep, s, mi, global, ep, n) &&
          !sim_chk_hb(k, s, mi, global, h->wg, h->wi, clk ? clk->w : 0, h->wep)) {
        int benign =
            write && !atomic && !(h->f & SH_WAT) && data && h->val == sim_chk_val(data + b, step);
        if (!benign || (k->flags & SIM_CHECK_BENIGN))
          sim_chk_race(k, global, benign, h->wg, h->wi, h->wpc, !!(h->f & SH_WAT), 1, s, mi, pc,
                       atomic, write, addr, size),
              reported = 1;
      }
      if (!reported && write) {
        if ((h->f & SH_A) && sim_chk_conflicts(h->ag, h->ai, h->aep, s, mi, global, ep, n) &&
            !sim_chk_hb(k, s, mi, global, h->ag, h->ai, clk ? clk->a : 0, h->aep))
          sim_chk_race(k, global, 0, h->ag, h->ai, h->apc, 0, 0, s, mi, pc, atomic, write, addr,
                       size),
              reported = 1;
        else if ((h->f & SH_B) && sim_chk_conflicts(h->bg, h->bi, h->bep, s, mi, global, ep, n) &&
                 !sim_chk_hb(k, s, mi, global, h->bg, h->bi, clk ? clk->b : 0, h->bep))
          sim_chk_race(k, global, 0, h->bg, h->bi, h->bpc, 0, 0, s, mi, pc, atomic, write, addr,
                       size),
              reported = 1;
      }
    }
    if (write || atomic) {
      h->f = (uint8_t)((h->f & ~SH_WAT) | SH_W | SH_INIT | (atomic ? SH_WAT : 0));
      h->wg = s->group, h->wi = mi, h->wpc = pc, h->wep = ep;
      if (clk) clk->w = now;
      if (data) h->val = sim_chk_val(data + b, step);
    } else if (!(h->f & SH_A) || (h->ag == s->group && h->ai == mi)) {
      h->f |= SH_A;
      h->ag = s->group, h->ai = mi, h->apc = pc, h->aep = ep;
      if (clk) clk->a = now;
    } else {
      h->f |= SH_B;
      h->bg = s->group, h->bi = mi, h->bpc = pc, h->bep = ep;
      if (clk) clk->b = now;
    }
  }
}

/* Whether none of lane bytes [off, off + size) of __local memory was written
 * by the group (every byte: a wide load over padding is not a bug). */
static int sim_chk_lds_unwritten(const sim_chk_slot *s, uint64_t off, uint32_t size) {
  for (uint32_t b = 0; b < size; b++) {
    const sim_shadow *h = &s->lds[off + b];
    if (h->gen == s->gen && (h->f & SH_INIT)) return 0;
  }
  return 1;
}

void sim_check_step(sim_check *k, uint32_t slot, const isa_wave *w, uint32_t wi, uint32_t pc) {
  const isa_access *a = &w->access;
  sim_ctx *c = k->c;
  const sim_decoded *d = &c->dec[pc];
  if (d->unit == ISA_UNIT_BARRIER && c->k->code[pc].op == ISA_OP_s_barrier)
    k->slots[slot].global_fence = 1;
  if (c->k->code[pc].op == ISA_OP_s_wave_barrier && k->slots[slot].wave_ep &&
      wi < c->occ.waves_per_wg)
    k->slots[slot].wave_ep[wi]++;
  if (k->hb && !k->oom && c->k->code[pc].op == ISA_OP_s_waitmem && c->k->code[pc].sync) {
    /* an atomic_work_item_fence of every active work-item */
    sim_chk_slot *s = &k->slots[slot];
    for (uint32_t lane = 0; lane < w->wave_size; lane++)
      if (((w->exec >> lane) & 1) && sim_hb_fence(k->hb, slot, s->group, wi * w->wave_size + lane,
                                                  c->k->code[pc].sync, s->gepoch) != 0)
        return sim_chk_hb_stop(k);
    return;
  }
  if (!a->mask || k->oom) return;
  int space = a->space;
  if (!(d->unit == ISA_UNIT_VMEM && space == ISA_SPACE_GLOBAL) &&
      !(d->unit == ISA_UNIT_LDS && space == ISA_SPACE_LDS) &&
      !(d->unit == ISA_UNIT_SCRATCH && space == ISA_SPACE_SCRATCH))
    return; /* not a vector memory instruction (a stale access record) */
  sim_chk_slot *s = &k->slots[slot];
  uint32_t n = w->wave_size, size = a->size;
  int write = (a->kind & ISA_F_STORE) != 0, atomic = (a->kind & ISA_F_ATOMIC) != 0;
  const isa_inst *in = &c->k->code[pc];
  /* image stores write packed texels (isa_sem_image.c keeps them), not their registers */
  int image = (isa_ops[in->op].flags & ISA_F_IMAGE) != 0;
  /* an exchange stores a value that does not depend on memory: it is how
   * atomic_store and atomic_flag_clear initialise a __local word (the old
   * value it returns is then unused), so it is not an uninitialised read */
  int xchg = in->op == ISA_OP_ds_atomic_xchg_b32 || in->op == ISA_OP_ds_atomic_xchg_b64;
  const uint32_t *src = write && !image ? &w->v[(size_t)in->src[1].reg * n] : NULL;
  /* an atomic, or an atomic load, synchronises (after its own check) */
  int sync = k->hb && (atomic || (in->sync && !write));
  for (uint32_t lane = 0; lane < n; lane++) {
    if (!((a->mask >> lane) & 1)) continue;
    uint32_t mi = wi * n + lane;
    uint64_t addr = a->addr[lane];
    uint32_t t[4] = {0, 0, 0, 0};
    if (src)
      for (uint32_t r = 0; r < (size <= 4 ? 1u : size / 4); r++) t[r] = src[(size_t)r * n + lane];
    const uint8_t *data = src                        ? (const uint8_t *)t
                          : write && image && w->tex ? w->tex->texel[lane]
                                                     : NULL;
    if (space == ISA_SPACE_SCRATCH) {
      if (!(k->flags & SIM_CHECK_UNINIT) || !s->written) continue;
      uint64_t rel = addr - w->scratch_base, off = rel / ((uint64_t)n * 4) * 4 + rel % 4;
      uint8_t *wb = s->written + (size_t)mi * c->k->private_bytes + off;
      if ((size_t)mi * c->k->private_bytes + off + size > s->nwritten) continue;
      if (write) {
        memset(wb, 1, size);
      } else {
        uint32_t b = 0;
        while (b < size && !wb[b]) b++;
        if (b == size && !k->copy[pc]) sim_chk_uninit(k, 0, s, mi, pc, off, size);
      }
      continue;
    }
    if (space == ISA_SPACE_LDS) {
      if (!s->lds) continue;
      if ((k->flags & SIM_CHECK_UNINIT) && !write && !xchg && !k->copy[pc] &&
          sim_chk_lds_unwritten(s, addr, size))
        sim_chk_uninit(k, 1, s, mi, pc, addr, size);
      if (k->flags & SIM_CHECK_RACES)
        sim_chk_bytes(k, 0, s, mi, pc, write, atomic, addr, size, data);
      /* __local locations are the group instance's (gen) */
      if (sync && !k->oom &&
          sim_hb_atomic(k->hb, slot, s->group, mi,
                        1ull << 63 | (uint64_t)(s->gen & 0x7fffffffu) << 32 | (uint32_t)addr,
                        in->sync, atomic && !((a->cas_failed >> lane) & 1), s->gepoch) != 0)
        sim_chk_hb_stop(k);
      else if (write || atomic)
        for (uint32_t b = 0; b < size; b++) { /* uninit alone: only the written bits */
          sim_shadow *h = &s->lds[addr + b];
          if (h->gen != s->gen) memset(h, 0, sizeof *h), h->gen = s->gen;
          h->f |= SH_INIT;
        }
      continue;
    }
    if (!(k->flags & SIM_CHECK_RACES)) continue;
    if (addr >= k->skip_base && addr < k->skip_end) continue;
    sim_chk_bytes(k, 1, s, mi, pc, write, atomic, addr, size, data);
    if (sync && !k->oom &&
        sim_hb_atomic(k->hb, slot, s->group, mi, addr, in->sync,
                      atomic && !((a->cas_failed >> lane) & 1), s->gepoch) != 0)
      sim_chk_hb_stop(k);
  }
}

/* The checks as an observer of the executor core (sim_exec.h). */
static void sim_check_on_group(void *self, uint32_t slot, const uint64_t gid[3],
                               const uint64_t lsz[3]) {
  sim_check_group(self, slot, gid, lsz);
}
static void sim_check_on_step(void *self, const sim_xwave *x, uint32_t pc) {
  sim_check_step(self, x->slot, x->w, x->wi, pc);
}
static void sim_check_on_barrier(void *self, uint32_t slot) {
  sim_check_barrier(self, slot);
}
const sim_hooks sim_check_hooks = {
    .group = sim_check_on_group,
    .step = sim_check_on_step,
    .barrier = sim_check_on_barrier,
};
