/* Final emission: blocks in reverse post-order, branches threaded
 * through blocks that only jump on (left by coalesced edge copies), branches
 * to the next block dropped (or inverted), virtual registers replaced by
 * their allocation, branch targets resolved to instruction indices, source
 * lines attached. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

static isa_operand emit_opnd(const be_func *bf, const be_opnd *o, unsigned width) {
  isa_operand r;
  memset(&r, 0, sizeof r);
  if (o->kind == BE_O_IMM) {
    r.file = ISA_RF_IMM;
    r.imm = width == 1 ? (o->imm & 0xffffffffu) : o->imm;
  } else if (o->kind == BE_O_VREG) {
    const be_vreg *v = &bf->vregs[o->reg];
    r.file = v->file;
    r.reg = (uint16_t)(v->phys + (o->sub ? o->sub - 1 : 0)); /* sub k+1: from register k of the tuple */
  }
  return r;
}

/* A block that does nothing but "s_branch T", and that is no divergent
 * branch's reconvergence point (lanes must arrive there to merge). */
static int emit_forwarder(const be_func *bf, const uint8_t *rpc, uint32_t b) {
  const be_mblock *mb = &bf->blocks[b];
  return mb->n == 1 && mb->code[0].op == ISA_OP_s_branch && !rpc[b];
}

/* 0. Branches to a forwarder go straight to its target (for a divergent
 * branch its two sides; lanes skipping a block that does nothing is the same
 * execution); a forwarder nothing branches to any more, and that the block
 * before it does not fall into, is dropped. */
static void emit_thread(be_func *bf) {
  uint32_t nb = bf->nblocks, nr = bf->dom.nrpo;
  uint8_t *rpc = NULL, *refd = NULL;
  uint32_t mark = fe_oom_keep(BE_OOM(bf), &rpc);
  rpc = fe_xcalloc(BE_OOM(bf), nb ? nb : 1, 1);
  refd = fe_xcalloc(BE_OOM(bf), nb ? nb : 1, 1);
  fe_oom_pop(BE_OOM(bf), mark);
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++) {
      const be_mi *mi = &bf->blocks[b].code[j];
      if (mi->op == ISA_OP_s_cbranch_div && mi->target[2] < nb) rpc[mi->target[2]] = 1;
    }
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++) {
      be_mi *mi = &bf->blocks[b].code[j];
      int div = mi->op == ISA_OP_s_cbranch_div;
      if (!div && mi->op != ISA_OP_s_branch && mi->op != ISA_OP_s_cbranch_scc0 && mi->op != ISA_OP_s_cbranch_scc1)
        continue;
      for (int t = 0; t < (div ? 3 : 1); t++) {
        /* bounded: a cycle of forwarders (an empty infinite loop) stays put */
        for (uint32_t hop = 0; t < 2 && hop < nb && mi->target[t] < nb && mi->target[t] != b &&
                               emit_forwarder(bf, rpc, mi->target[t]);
             hop++)
          mi->target[t] = bf->blocks[mi->target[t]].code[0].target[0];
        if (mi->target[t] < nb) refd[mi->target[t]] = 1;
      }
    }
  for (uint32_t r = 1; r < nr; r++) {
    uint32_t b = bf->dom.rpo[r];
    if (!emit_forwarder(bf, rpc, b) || refd[b]) continue;
    const be_mblock *prev = NULL;
    for (uint32_t q = r; q-- > 0 && !prev;)
      if (bf->blocks[bf->dom.rpo[q]].n) prev = &bf->blocks[bf->dom.rpo[q]];
    uint16_t last = prev ? prev->code[prev->n - 1].op : ISA_OP_s_endpgm;
    /* a divergent branch names both sides: it never falls through either */
    if (last == ISA_OP_s_branch || last == ISA_OP_s_endpgm || last == ISA_OP_s_cbranch_div) bf->blocks[b].n = 0;
  }
  free(rpc);
  free(refd);
}

int be_emit_kernel(be_func *bf, isa_kernel *k) {
  uint32_t nr = bf->dom.nrpo;
  emit_thread(bf);
  /* 1. decide which branches fall through (empty blocks fall through too) */
  for (uint32_t r = 0; r < nr; r++) {
    be_mblock *mb = &bf->blocks[bf->dom.rpo[r]];
    uint32_t next = IR_NONE;
    for (uint32_t q = r + 1; q < nr && next == IR_NONE; q++)
      if (bf->blocks[bf->dom.rpo[q]].n) next = bf->dom.rpo[q];
    if (!mb->n) continue;
    be_mi *last = &mb->code[mb->n - 1];
    if (last->op != ISA_OP_s_branch) continue;
    if (last->target[0] == next) {
      mb->n--;
      continue;
    }
    if (mb->n >= 2 && mb->code[mb->n - 2].op == ISA_OP_s_cbranch_scc1 && mb->code[mb->n - 2].target[0] == next) {
      mb->code[mb->n - 2].op = ISA_OP_s_cbranch_scc0;
      mb->code[mb->n - 2].target[0] = last->target[0];
      mb->n--;
    }
  }
  /* 2. block start indices */
  uint32_t *start = NULL, total = 0;
  uint32_t mark = fe_oom_keep(BE_OOM(bf), &start);
  start = fe_xmalloc(BE_OOM(bf), (bf->nblocks + 1) * sizeof(uint32_t));
  for (uint32_t b = 0; b < bf->nblocks; b++) start[b] = ISA_NO_PC;
  for (uint32_t r = 0; r < nr; r++) {
    start[bf->dom.rpo[r]] = total;
    total += bf->blocks[bf->dom.rpo[r]].n;
  }
  k->code = fe_xcalloc(BE_OOM(bf), total ? total : 1, sizeof(isa_inst)); /* k's owner frees */
  k->line = fe_xcalloc(BE_OOM(bf), total ? total : 1, sizeof(uint32_t));
  fe_oom_pop(BE_OOM(bf), mark);
  k->ncode = total;
  uint32_t pc = 0;
  int rc = 0;
  for (uint32_t r = 0; r < nr && !rc; r++) {
    const be_mblock *mb = &bf->blocks[bf->dom.rpo[r]];
    for (uint32_t j = 0; j < mb->n; j++, pc++) {
      const be_mi *mi = &mb->code[j];
      isa_inst *in = &k->code[pc];
      in->op = mi->op;
      in->dst = emit_opnd(bf, &mi->dst, be_slot_width((isa_opcode)mi->op, 0));
      for (int s = 0; s < 3; s++) in->src[s] = emit_opnd(bf, &mi->src[s], be_slot_width((isa_opcode)mi->op, s + 1));
      in->offset = mi->offset;
      in->sync = mi->sync;
      for (int t = 0; t < 3; t++) {
        uint32_t tb = mi->target[t];
        in->target[t] = tb == ISA_NO_PC ? ISA_NO_PC : start[tb] == ISA_NO_PC ? total : start[tb];
      }
      k->line[pc] = mi->line;
      char msg[200];
      if (isa_inst_check(in, msg, sizeof msg) != 0) {
        snprintf(bf->err, bf->errlen, "%s:%u: internal compiler error: emitted %s (please report)", bf->file,
                 mi->line, msg);
        rc = -1;
        break;
      }
    }
  }
  free(start);
  return rc;
}
