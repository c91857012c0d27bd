/* Semantics of control instructions: branches set w->pc (isa_step already
 * advanced it to pc+1), s_cbranch_div goes through the reconvergence stack. */
#include "isa_sem.h"

isa_status isa_sem_s_branch(isa_wave *w, const isa_inst *in) {
  w->pc = in->target[0];
  return ISA_RUN;
}

isa_status isa_sem_s_cbranch_scc1(isa_wave *w, const isa_inst *in) {
  if (w->scc) w->pc = in->target[0];
  return ISA_RUN;
}

isa_status isa_sem_s_cbranch_scc0(isa_wave *w, const isa_inst *in) {
  if (!w->scc) w->pc = in->target[0];
  return ISA_RUN;
}

isa_status isa_sem_s_cbranch_div(isa_wave *w, const isa_inst *in) {
  return isa_simt_branch(w, isa_sval64(w, &in->src[0]), in->target, 0);
}

isa_status isa_sem_s_cbranch_pred(isa_wave *w, const isa_inst *in) {
  return isa_simt_branch(w, isa_sval64(w, &in->src[0]), in->target, 1);
}

/* A barrier reached by only part of the wave would hang real hardware; we
 * report it instead (DESIGN.md decision 5). */
isa_status isa_sem_s_barrier(isa_wave *w, const isa_inst *in) {
  (void)in;
  if (w->sp > 1) {
    w->fault.kind = ISA_FAULT_DIVERGENT_BARRIER;
    w->fault.lane = w->exec ? (uint32_t)__builtin_ctzll(w->exec) : 0;
    w->fault.addr = 0;
    w->fault.size = 0;
    return ISA_FAULTED;
  }
  return ISA_BARRIER;
}

isa_status isa_sem_s_barrier_local(isa_wave *w, const isa_inst *in) {
  return isa_sem_s_barrier(w, in);
}

/* s_waitmem orders nothing here (isa.def): its cost is the timing model's */
isa_status isa_sem_s_waitmem(isa_wave *w, const isa_inst *in) {
  (void)w;
  (void)in;
  return ISA_RUN;
}

isa_status isa_sem_s_nop(isa_wave *w, const isa_inst *in) {
  (void)w;
  (void)in;
  return ISA_RUN;
}

isa_status isa_sem_s_endpgm(isa_wave *w, const isa_inst *in) {
  (void)w;
  (void)in;
  return ISA_END;
}
