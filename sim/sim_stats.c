/* Per-launch statistics helpers: freeing, folding per-instruction counters
 * into per-source-line rows, and the unit names used as DB columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_check.h"
#include "sim_internal.h"

const char *const sim_unit_names[ISA_UNIT_COUNT] = {
    [ISA_UNIT_SALU] = "salu",     [ISA_UNIT_SMEM] = "smem",       [ISA_UNIT_VALU] = "valu",
    [ISA_UNIT_VALU64] = "valu64", [ISA_UNIT_IDIV] = "idiv",       [ISA_UNIT_TRANS] = "trans",
    [ISA_UNIT_VMEM] = "vmem",     [ISA_UNIT_LDS] = "lds",         [ISA_UNIT_SCRATCH] = "scratch",
    [ISA_UNIT_BRANCH] = "branch", [ISA_UNIT_BARRIER] = "barrier", [ISA_UNIT_FP64] = "fp64",
    [ISA_UNIT_XLANE] = "xlane",
};

void sim_stats_fini(sim_stats *s) {
  free(s->lines);
  s->lines = NULL;
  s->nlines = 0;
  for (uint32_t i = 0; i < s->ndiags; i++) free(s->diags[i].message);
  free(s->diags);
  s->diags = NULL;
  s->ndiags = 0;
  s->diags_more = 0;
}

void sim_stats_add_diag(sim_stats *s, const char *kind, uint32_t line, uint32_t other_line,
                        const char *msg) {
  if (s->ndiags >= SIM_CHECK_MAX_REPORTS) {
    s->diags_more++;
    return;
  }
  if (!s->diags) {
    s->diags = calloc(SIM_CHECK_MAX_REPORTS, sizeof *s->diags);
    if (!s->diags) return;
  }
  sim_diag *d = &s->diags[s->ndiags];
  d->message = malloc(strlen(msg) + 1);
  if (!d->message) return;
  strcpy(d->message, msg);
  snprintf(d->kind, sizeof d->kind, "%s", kind);
  d->line = line;
  d->other_line = other_line;
  s->ndiags++;
}

int sim_stats_fold_lines(sim_stats *s, const isa_kernel *k, const uint64_t *pc_insts,
                         const uint64_t *pc_stall, const uint64_t *pc_lds, const uint64_t *pc_mem) {
  free(s->lines);
  s->lines = NULL;
  s->nlines = 0;
  if (!k->line || !k->ncode) return 0;
  uint32_t maxline = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++)
    if (k->line[pc] > maxline) maxline = k->line[pc];
  if (!maxline) return 0;
  sim_line_stats *by = calloc((size_t)maxline + 1, sizeof *by);
  if (!by) return -1;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    sim_line_stats *l = &by[k->line[pc]];
    l->insts += pc_insts[pc];
    l->stall_cycles += pc_stall[pc];
    l->lds_conflict_cycles += pc_lds[pc];
    l->mem_requests += pc_mem[pc];
  }
  uint32_t n = 0;
  for (uint32_t i = 1; i <= maxline; i++)
    if (by[i].insts) by[n] = by[i], by[n++].line = i;
  if (n == 0) {
    free(by);
    return 0;
  }
  s->lines = by; /* compacted in place; the unused tail is a few bytes per line */
  s->nlines = n;
  return 0;
}

void sim_stats_fold_pc(sim_stats *s, const isa_kernel *k, const uint64_t *pc_counts, size_t field) {
  if (!k->line || !pc_counts) return;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    if (!pc_counts[pc]) continue;
    /* lines are sorted, and a line with such an instruction issued instructions */
    uint32_t lo = 0, hi = s->nlines;
    while (lo < hi) {
      uint32_t mid = (lo + hi) / 2;
      if (s->lines[mid].line < k->line[pc])
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < s->nlines && s->lines[lo].line == k->line[pc])
      *(uint64_t *)((char *)&s->lines[lo] + field) += pc_counts[pc];
  }
}
