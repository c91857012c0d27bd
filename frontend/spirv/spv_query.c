/* The queries every part of the SPIR-V reader makes of the parsed module:
 * operand words, the sticky error, types as IR types, OpenCL C type spellings. */
#include <spirv/unified1/spirv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

/* ---- diagnostics and operands --------------------------------------------- */
void spv_error(spv_mod *m, uint32_t line, const char *fmt, ...) {
  if (m->failed) return;
  m->failed = 1;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (line)
    fe_sb_printf(m->log, "%s:%u: error: %s\n", m->file, line, msg);
  else
    fe_sb_printf(m->log, "%s: error: %s\n", m->file, msg);
}

uint32_t spv_word(spv_mod *m, uint32_t i, uint32_t k) {
  if (i >= m->nins || k >= m->ins[i].nw) {
    spv_error(m, 0, "malformed SPIR-V: %s is missing operand %u",
              i < m->nins && spv_op_name(m->ins[i].op) ? spv_op_name(m->ins[i].op) : "?", k);
    return 0;
  }
  return m->w[m->ins[i].off + k];
}

/* ---- types ---------------------------------------------------------------- */
ir_space spv_space(uint32_t sc) {
  switch (sc) {
  case SpvStorageClassCrossWorkgroup:
    return IR_AS_GLOBAL;
  case SpvStorageClassUniformConstant:
    return IR_AS_CONSTANT;
  case SpvStorageClassWorkgroup:
    return IR_AS_LOCAL;
  case SpvStorageClassGeneric:
    return IR_AS_GENERIC; /* pass_generic resolves or routes each access */
  default:
    return IR_AS_PRIVATE;
  }
}

spv_type *spv_type_of(spv_mod *m, uint32_t id, uint32_t line) {
  if (id >= m->bound || m->ids[id].kind != SPV_K_TYPE || !m->ids[id].t) {
    spv_error(m, line, "malformed SPIR-V: %%%u is not a type", id);
    return NULL;
  }
  return m->ids[id].t;
}

ir_type spv_ir_type(spv_mod *m, uint32_t id, uint32_t line) {
  ir_type r = {IR_T_VOID, 0};
  spv_type *t = spv_type_of(m, id, line);
  if (!t) return r;
  switch (t->tk) {
  case SPV_T_VOID:
    return r;
  case SPV_T_BOOL:
    r.base = IR_T_BOOL;
    return r;
  case SPV_T_INT:
    r.base = t->width == 8    ? IR_T_I8
             : t->width == 16 ? IR_T_I16
             : t->width == 32 ? IR_T_I32
                              : IR_T_I64;
    return r;
  case SPV_T_FLOAT:
    r.base = t->width == 16 ? IR_T_F16 : t->width == 32 ? IR_T_F32 : IR_T_F64;
    return r;
  case SPV_T_PTR:
    r.base = IR_T_PTR;
    r.space = (uint8_t)spv_space(t->sc);
    return r;
  case SPV_T_OPAQUE:
    spv_error(m, line, "unsupported type %s; not implemented yet", t->opaque_name);
    return r;
  default:
    spv_error(m, line, "internal: aggregate type %%%u used as a scalar", id);
    return r;
  }
}

/* ---- OpenCL C type spellings for kernel argument info --------------------- */
static void spv_spell(spv_mod *m, uint32_t id, fe_sb *b, int depth) {
  spv_type *t = id < m->bound && m->ids[id].kind == SPV_K_TYPE ? m->ids[id].t : NULL;
  if (!t || depth > 8) {
    fe_sb_printf(b, "?");
    return;
  }
  static const char *const ints[] = {"char", "short", "int", "long"};
  switch (t->tk) {
  case SPV_T_VOID:
    fe_sb_printf(b, "void");
    break;
  case SPV_T_BOOL:
    fe_sb_printf(b, "bool");
    break;
  case SPV_T_INT:
    if (t->img == SPV_IMG_IMAGE) {
      static const char *const dims[] = {"1d", "2d", "3d", "", "", "1d_buffer"};
      fe_sb_printf(b, "image%s%s_t", t->dim < 6 ? dims[t->dim] : "?", t->arrayed ? "_array" : "");
      break;
    }
    if (t->img == SPV_IMG_SAMPLER) {
      fe_sb_printf(b, "sampler_t");
      break;
    }
    fe_sb_printf(b, "%s", ints[t->width == 8 ? 0 : t->width == 16 ? 1 : t->width == 32 ? 2 : 3]);
    break;
  case SPV_T_FLOAT:
    fe_sb_printf(b, "%s", t->width == 16 ? "half" : t->width == 32 ? "float" : "double");
    break;
  case SPV_T_VEC:
    spv_spell(m, t->elem, b, depth + 1);
    fe_sb_printf(b, "%u", t->count);
    break;
  case SPV_T_ARRAY:
    spv_spell(m, t->elem, b, depth + 1);
    fe_sb_printf(b, "[%u]", t->count);
    break;
  case SPV_T_PTR:
    spv_spell(m, t->elem, b, depth + 1);
    fe_sb_printf(b, "*");
    break;
  case SPV_T_STRUCT: {
    const char *n = m->ids[id].name;
    if (n && !strncmp(n, "struct.", 7))
      fe_sb_printf(b, "struct %s", n + 7);
    else if (n && !strncmp(n, "union.", 6))
      fe_sb_printf(b, "union %s", n + 6);
    else
      fe_sb_printf(b, "%s", n ? n : "struct");
    break;
  }
  default:
    fe_sb_printf(b, "%s", t->opaque_name ? t->opaque_name : "?");
    break;
  }
}

char *spv_type_spelling(spv_mod *m, uint32_t id) {
  fe_sb b = {0};
  spv_spell(m, id, &b, 0);
  char *s = fe_sb_take(&b);
  if (!s) fe_oom_raise(m->oom);
  return s;
}
