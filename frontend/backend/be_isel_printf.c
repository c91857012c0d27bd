/* printf support in the backend: the hidden kernarg slot holding the printf
 * buffer's address, the kernel's copy of the format table, and IR_PRINTF_BUF. */
#include <stdlib.h>
#include <string.h>

#include "be_isel.h"

int be_printf_layout(const ir_function *f, const ir_module *m, isa_kernel *k, uint32_t *off) {
  int uses = 0;
  for (uint32_t i = 0; i < f->ninsts && !uses; i++)
    uses = f->insts[i].block != IR_NONE && f->insts[i].op == IR_PRINTF_BUF;
  if (!uses || !m->nprintf) return 0;
  /* every kernel of the module carries the whole table, so site numbers the
   * reader assigned stay valid after inlining */
  /* k's owner frees what k holds, on an unwind too */
  k->printf_fmts = fe_xcalloc(f->oom, m->nprintf, sizeof(char *));
  k->printf_layouts = fe_xcalloc(f->oom, m->nprintf, sizeof(char *));
  if (!k->printf_fmts || !k->printf_layouts) return -1;
  k->nprintf = m->nprintf;
  for (uint32_t p = 0; p < m->nprintf; p++) {
    k->printf_fmts[p] = fe_xstrdup(f->oom, m->printf_fmts[p]);
    k->printf_layouts[p] = fe_xstrdup(f->oom, m->printf_layouts[p]);
    if (!k->printf_fmts[p] || !k->printf_layouts[p]) return -1;
  }
  *off = (*off + 7) & ~7u;
  k->printf_arg_offset = *off;
  *off += 8;
  return 0;
}

/* The buffer address is uniform: one scalar load from the hidden slot. */
int isel_printf_buf(isel *s, uint32_t i) {
  if (!s->k->nprintf)
    return isel_fail(s, "internal compiler error: printf buffer without printf sites");
  uint32_t d = isel_nv(s, ISA_RF_S, 2);
  be_mi *mi = isel_e(s, ISA_OP_s_load_b64);
  mi->dst = be_vr(d);
  mi->src[0] = be_vr(s->kernarg);
  mi->offset = (int32_t)s->k->printf_arg_offset;
  isel_def(s, i, VC_S2, d);
  return 0;
}
