/* Wave execution: the dispatch table built from isa.def, isa_step, and the
 * per-wave reconvergence stack that handles divergent branches in any CFG. */
#include "isa_sem.h"

static const isa_sem_fn isa_sem_table[ISA_OP_COUNT] = {
#define ISA_OP(name, unit, d, s0, s1, s2, flags) [ISA_OP_##name] = isa_sem_##name,
#include "isa.def"
#undef ISA_OP
};

void isa_wave_start(isa_wave *w, uint64_t exec) {
  w->exec = exec;
  w->scc = 0;
  w->pc = 0;
  w->sp = 1;
  w->stack[0].pc = 0;
  w->stack[0].rpc = ISA_NO_PC;
  w->stack[0].mask = exec;
  w->access.space = ISA_SPACE_NONE;
  w->access.mask = 0;
  w->diverged = 0;
  memset(&w->fault, 0, sizeof w->fault);
}

/* Stack discipline (the top entry is the one executing; its pc lives in w->pc):
 * lanes that split at a divergent branch get one entry per side whose rpc is
 * the reconvergence point R; the entry below resumes at R with the union mask
 * once both sides arrived. If the top already reconverges at R (a loop exit
 * branching again), its lanes are replaced by the two sides: lanes heading to
 * R are simply parked until the entry below resumes at R. */
isa_status isa_simt_branch(isa_wave *w, uint64_t cond, const uint32_t target[3], int pred) {
  uint64_t mt = cond & w->exec, mf = w->exec & ~cond;
  uint32_t r = target[2];
  if (mf == 0) {
    w->pc = target[0];
    return ISA_RUN;
  }
  if (mt == 0 && !pred) {
    w->pc = target[1];
    return ISA_RUN;
  }
  isa_simt_entry *top = &w->stack[w->sp - 1];
  uint32_t need = (target[0] != r) + (target[1] != r);
  uint32_t base = top->rpc == r ? w->sp - 1 : w->sp; /* re-diverging at R replaces the top */
  if (base + need > ISA_SIMT_DEPTH) goto overflow;
  if (top->rpc != r) top->pc = r;
  w->sp = base;
  w->diverged = 1;
  if (target[1] != r) w->stack[w->sp++] = (isa_simt_entry){target[1], r, mf};
  if (target[0] != r) w->stack[w->sp++] = (isa_simt_entry){target[0], r, mt};
  w->pc = w->stack[w->sp - 1].pc;
  w->exec = w->stack[w->sp - 1].mask;
  /* a predicated body that no lane takes is not a divergence: every lane
   * goes on past it together */
  if (mt == 0) w->diverged = 0;
  return ISA_RUN;
overflow:
  w->fault.kind = ISA_FAULT_STACK_OVERFLOW;
  w->fault.lane = 0;
  w->fault.addr = w->sp;
  w->fault.size = 0;
  return ISA_FAULTED;
}

isa_status isa_step(isa_wave *w) {
  uint32_t pc = w->pc;
  w->diverged = 0;
  w->access.space = ISA_SPACE_NONE;
  if (!w->kernel || pc >= w->kernel->ncode) {
    w->fault.kind = ISA_FAULT_BAD_PC;
    w->fault.pc = pc;
    w->fault.lane = 0;
    w->fault.addr = pc;
    w->fault.size = 0;
    return ISA_FAULTED;
  }
  const isa_inst *in = &w->kernel->code[pc];
  w->pc = pc + 1;
  isa_status st = isa_sem_table[in->op](w, in);
  if (st == ISA_FAULTED) {
    w->fault.pc = pc; /* stay on the faulting instruction */
    w->pc = pc;
    return st;
  }
  /* reconvergence: arriving at the top entry's rpc hands control back to the
   * entry below (which resumes at its own pc with its mask) */
  while (w->sp > 1 && w->pc == w->stack[w->sp - 1].rpc) {
    w->sp--;
    w->pc = w->stack[w->sp - 1].pc;
    w->exec = w->stack[w->sp - 1].mask;
  }
  return st;
}
