/* printf support in the backend: IR_PRINTF_BUF reads the printf buffer's
 * address from its hidden argument (the sites are the program's: be.c). */
#include <stdlib.h>
#include <string.h>

#include "be_isel.h"

/* The buffer address is uniform: one scalar load from the hidden slot. */
int isel_printf_buf(isel *s, uint32_t i) {
  const isa_hidden_arg *h = isa_kernel_hidden(s->k, ISA_HIDDEN_PRINTF_BUFFER);
  if (!h) return isel_fail(s, "internal compiler error: printf buffer without printf sites");
  uint32_t d = isel_nv(s, ISA_RF_S, 2);
  be_mi *mi = isel_e(s, ISA_OP_s_load_b64);
  mi->dst = be_vr(d);
  mi->src[0] = be_vr(s->kernarg);
  mi->offset = (int32_t)h->offset;
  isel_def(s, i, VC_S2, d);
  return 0;
}
