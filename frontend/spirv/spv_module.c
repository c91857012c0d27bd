/* SPIR-V module level: parsing with SPIRV-Tools, validation, the id table
 * (types and their layouts, constants, variables, decorations, names), entry
 * points and the assembly of the ir_module. Function bodies: spv_function.c. */
#include <spirv-tools/libspirv.h>
#include <spirv/unified1/spirv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clc_hint.h"
#include "fe.h"
#include "spv_internal.h"
#include "spv_reader.h"
#include "spv_tables.h"

/* The out-of-memory error (fe_oom_message's wording) where no unwind is
 * armed: parsing and validation run before spv_read_armed. */
static void spv_oom_error(spv_mod *m) {
  char msg[256];
  fe_oom_message(m->oom, msg, sizeof msg);
  m->failed = 0; /* replaces any error the failure caused */
  spv_error(m, 0, "%s", msg);
}

/* An id operand: checked against the bound so tables can be indexed. */
static uint32_t spv_idw(spv_mod *m, uint32_t i, uint32_t k) {
  uint32_t v = spv_word(m, i, k);
  if (v >= m->bound) {
    spv_error(m, 0, "malformed SPIR-V: id %u out of bound %u", v, m->bound);
    return 0;
  }
  return v;
}

/* ---- parsing -------------------------------------------------------------- */
int spv_is_debug_info(const spv_ins *in) {
  return in->op == SpvOpExtInst && in->ext == SPV_EXT_INST_TYPE_OPENCL_DEBUGINFO_100;
}

static spv_result_t spv_on_header(void *user, spv_endianness_t endian, uint32_t magic,
                                  uint32_t version, uint32_t generator, uint32_t bound,
                                  uint32_t reserved) {
  (void)magic, (void)version, (void)generator, (void)reserved;
  spv_mod *m = user;
  if (endian != SPV_ENDIANNESS_LITTLE)
    return SPV_ERROR_INVALID_BINARY;
  m->bound = bound;
  return SPV_SUCCESS;
}

static spv_result_t spv_on_inst(void *user, const spv_parsed_instruction_t *pi) {
  spv_mod *m = user;
  if (pi->words < m->w || pi->words + pi->num_words > m->w + m->nw)
    return SPV_ERROR_INVALID_BINARY;
  if (m->nins == m->cap) {
    m->cap = m->cap ? m->cap * 2 : 1024;
    spv_ins *n = realloc(m->ins, m->cap * sizeof(spv_ins));
    if (!n) {
      m->oom->hit = 1; /* no unwinding through SPIRV-Tools' C++ frames */
      return SPV_ERROR_OUT_OF_MEMORY;
    }
    m->ins = n;
  }
  spv_ins *in = &m->ins[m->nins++];
  in->off = (uint32_t)(pi->words - m->w);
  in->op = pi->opcode;
  in->nw = pi->num_words;
  in->ext = (uint8_t)pi->ext_inst_type;
  in->type_id = pi->type_id;
  in->result_id = pi->result_id;
  return SPV_SUCCESS;
}

static int spv_parse(spv_mod *m) {
  if (!m->w || m->nw < 5) {
    spv_error(m, 0, "invalid SPIR-V: %zu words is shorter than the 5-word header",
              m->w ? m->nw : 0);
    return -1;
  }
  if (m->w[0] != SpvMagicNumber) {
    spv_error(m, 0, "invalid SPIR-V: the first word is 0x%08x, not the magic number 0x%08x",
              m->w[0], SpvMagicNumber);
    return -1;
  }
  uint32_t v = m->w[1];
  if ((v & 0xFF0000FFu) || v < FE_SPIRV_VERSION_MIN || v > FE_SPIRV_VERSION_MAX) {
    spv_error(m, 0,
              "unsupported SPIR-V version %u.%u (version word 0x%08x): this device takes "
              "SPIR-V 1.0 to 1.5 (CL_DEVICE_IL_VERSION); produce one of those (llvm-spirv "
              "--spirv-max-version=1.5, spirv-as --target-env spv1.5)",
              (v >> 16) & 0xFF, (v >> 8) & 0xFF, v);
    return -1;
  }
  /* SPIRV-Tools' parser refuses an opcode OpSpecConstantOp does not allow
   * by its number: named here first */
  for (size_t at = 5, wc; at < m->nw && (wc = m->w[at] >> 16) && at + wc <= m->nw; at += wc) {
    uint32_t opc = wc >= 4 ? m->w[at + 3] : 0;
    if ((m->w[at] & 0xFFFF) != SpvOpSpecConstantOp || wc < 4 || spv_specop_allowed(opc)) continue;
    const char *name = spv_op_name(opc);
    char num[24];
    snprintf(num, sizeof num, "opcode %u", opc);
    spv_error(m, 0,
              "invalid SPIR-V: OpSpecConstantOp %%%u computes %s, which SPIR-V does not allow in "
              "OpSpecConstantOp of a Kernel module (the SPIR-V specification's OpSpecConstantOp "
              "lists the opcodes allowed); compute it in the kernel instead",
              wc >= 3 ? m->w[at + 2] : 0, name ? name : num);
    return -1;
  }
  spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
  spv_diagnostic diag = NULL;
  spv_result_t r = spvBinaryParse(ctx, m, m->w, m->nw, spv_on_header, spv_on_inst, &diag);
  if (m->oom->hit) {
    spv_oom_error(m);
  } else if (r != SPV_SUCCESS) {
    spv_error(m, 0, "invalid SPIR-V binary: %s (word %zu)",
              diag && diag->error ? diag->error : "parse failed",
              diag ? diag->position.index : (size_t)0);
  } else if (m->bound == 0 || m->bound > 0x3FFFFF) {
    spv_error(m, 0, "invalid SPIR-V: id bound %u", m->bound);
  }
  spvDiagnosticDestroy(diag);
  spvContextDestroy(ctx);
  return m->failed ? -1 : 0;
}

static int spv_capability_ok(uint32_t cap);

/* Every capability the module declares that this device lacks, named in one
 * error: checked before validation, so that a module written for another
 * environment (a Shader module, an extension's capability) is refused for
 * what it needs, not for a rule the validator applies first. */
static int spv_check_capabilities(spv_mod *m) {
  char list[512] = "";
  size_t at = 0;
  unsigned n = 0;
  for (uint32_t i = 0; i < m->nins; i++) {
    if (m->ins[i].op != SpvOpCapability || m->ins[i].nw < 2) continue;
    uint32_t c = m->w[m->ins[i].off + 1];
    if (spv_capability_ok(c)) continue;
    const char *name = spv_capability_name(c);
    char num[16];
    snprintf(num, sizeof num, "%u", c);
    int w = snprintf(list + at, sizeof list - at, "%s%s", n ? ", " : "", name ? name : num);
    if (w > 0 && (size_t)w < sizeof list - at) at += (size_t)w;
    n++;
  }
  if (n)
    spv_error(m, 0, "unsupported SPIR-V capabilit%s %s; not implemented yet", n > 1 ? "ies" : "y",
              list);
  return n ? -1 : 0;
}

/* The validator's environment for SPIR-V version v: the universal rules of
 * that version. Not SPIRV-Tools' OpenCL environments: they refuse the
 * capabilities a device enables through OpenCL extensions (Int64Atomics for
 * cl_khr_int64_base_atomics, which this device has), and cover SPIR-V 1.0
 * to 1.2 only; what this device lacks is refused by name before
 * (spv_check_capabilities). */
static spv_target_env spv_validate_env(uint32_t v) {
  static const spv_target_env env[] = {SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1,
                                       SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3,
                                       SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5};
  uint32_t minor = (v >> 8) & 0xFF;
  return env[minor < 6 ? minor : 5];
}

/* The order spv_validate copies instructions in: the module's, except that
 * an OpSpecConstantOp naming an id defined after it (llvm-spirv 14 writes
 * `(ulong)(C + 2)`'s ConvertPtrToU before C and the access chain on it) moves
 * to just after its last operand's definition. The reader itself looks
 * constants up by id, so only the validator needs this. NULL: out of memory. */
static uint32_t *spv_validate_order(spv_mod *m) {
  uint32_t *order = malloc((m->nins ? m->nins : 1) * sizeof(uint32_t));
  uint32_t *held = malloc((m->nins ? m->nins : 1) * sizeof(uint32_t));
  uint8_t *def = calloc(m->bound ? m->bound : 1, 1);
  if (!order || !held || !def) {
    free(order);
    free(held);
    free(def);
    return NULL;
  }
  uint32_t n = 0, nheld = 0;
  for (uint32_t i = 0; i <= m->nins; i++) {
    const spv_ins *in = i < m->nins ? &m->ins[i] : NULL;
    /* operands all ids: every OpSpecConstantOp opcode but these three */
    int all_ids = in && in->op == SpvOpSpecConstantOp && in->nw > 3 &&
                  m->w[in->off + 3] != SpvOpCompositeExtract &&
                  m->w[in->off + 3] != SpvOpCompositeInsert &&
                  m->w[in->off + 3] != SpvOpVectorShuffle;
    int ready = 1;
    for (uint32_t q = 4; all_ids && q < in->nw && ready; q++)
      ready = m->w[in->off + q] < m->bound && def[m->w[in->off + q]];
    if (in && in->op == SpvOpFunction) { /* the global section ends: flush in order */
      for (uint32_t h = 0; h < nheld; h++) order[n++] = held[h];
      nheld = 0;
    }
    if (!in) break;
    if (!ready) {
      held[nheld++] = i;
      continue;
    }
    order[n++] = i;
    if (in->result_id < m->bound) def[in->result_id] = 1;
    for (int moved = 1; moved;) { /* held ones this made ready, in their order */
      moved = 0;
      for (uint32_t h = 0; h < nheld && !moved; h++) {
        const spv_ins *x = &m->ins[held[h]];
        int ok = 1;
        for (uint32_t q = 4; q < x->nw && ok; q++)
          ok = m->w[x->off + q] < m->bound && def[m->w[x->off + q]];
        if (!ok) continue;
        order[n++] = held[h];
        if (x->result_id < m->bound) def[x->result_id] = 1;
        memmove(held + h, held + h + 1, (nheld - h - 1) * sizeof(uint32_t));
        nheld--;
        moved = 1;
      }
    }
  }
  for (uint32_t h = 0; h < nheld; h++) order[n++] = held[h];
  free(held);
  free(def);
  return order;
}

/* spirv-val rejects the OpenCL.DebugInfo.100 instructions llvm-spirv 14 emits,
 * so validate a copy without them (and without their OpExtInstImport).
 * Merge instructions go too: llvm-spirv 14 emits OpLoopMerge for every loop
 * carrying loop metadata (the unroller tags what it unrolled), and after
 * runtime unrolling two loops can name one merge block, which breaks the
 * structured-control-flow rules. Kernel modules need no structured control
 * flow, and the reader derives all structure from the CFG itself, so the
 * merges are hints it ignores anyway. (Blocks out of dominance order, the
 * other thing unrolling causes, are put in order before: spv_layout.c.)
 * llvm-spirv 14 also puts the address of a program-scope variable straight
 * into an OpConstantComposite (`__constant S s = {&x}`), which spirv-val
 * rejects (a constituent must be a constant); the copy gets an OpConstantNull
 * of the same pointer type there instead, so the rest is still checked, while
 * the reader relocates the real address (spv_const_bytes). */
static int spv_validate(spv_mod *m) {
  uint32_t *vtype = calloc(m->bound, sizeof(uint32_t)); /* an OpVariable's type, else 0 */
  if (!vtype) {
    spv_oom_error(m);
    return -1;
  }
  size_t extra = 0;
  for (uint32_t i = 0; i < m->nins; i++) {
    const spv_ins *in = &m->ins[i];
    if (in->op == SpvOpVariable && in->result_id < m->bound) vtype[in->result_id] = in->type_id;
    if (in->op == SpvOpConstantComposite || in->op == SpvOpSpecConstantComposite)
      for (uint32_t q = 3; q < in->nw; q++)
        extra += m->w[in->off + q] < m->bound && vtype[m->w[in->off + q]] ? 3 : 0;
  }
  uint32_t *copy = malloc((m->nw + extra) * sizeof(uint32_t));
  if (!copy || m->bound + extra / 3 > 0x3FFFFF) {
    free(vtype);
    free(copy);
    if (!copy)
      spv_oom_error(m);
    else
      spv_error(m, 0, "invalid SPIR-V: id bound %u", m->bound);
    return -1;
  }
  memcpy(copy, m->w, 5 * sizeof(uint32_t));
  size_t n = 5;
  uint32_t next_id = m->bound;
  uint32_t *order = spv_validate_order(m);
  if (!order) {
    free(vtype);
    free(copy);
    spv_oom_error(m);
    return -1;
  }
  for (uint32_t ii = 0; ii < m->nins; ii++) {
    uint32_t i = order[ii];
    const spv_ins *in = &m->ins[i];
    if ((in->op == SpvOpConstantComposite || in->op == SpvOpSpecConstantComposite) && extra) {
      uint32_t nvars = 0;
      for (uint32_t q = 3; q < in->nw; q++)
        nvars += m->w[in->off + q] < m->bound && vtype[m->w[in->off + q]] ? 1 : 0;
      size_t at = n + 3 * (size_t)nvars; /* the nulls go first: defined before their use */
      memcpy(copy + at, m->w + in->off, in->nw * sizeof(uint32_t));
      for (uint32_t q = 3; q < in->nw; q++) {
        uint32_t c = m->w[in->off + q];
        if (c >= m->bound || !vtype[c]) continue;
        copy[n++] = (3u << 16) | SpvOpConstantNull;
        copy[n++] = vtype[c];
        copy[n++] = next_id;
        copy[at + q] = next_id++;
      }
      n += in->nw;
      continue;
    }
    if ((in->op == SpvOpExtInst && in->ext == SPV_EXT_INST_TYPE_OPENCL_DEBUGINFO_100) ||
        in->op == SpvOpLoopMerge || in->op == SpvOpSelectionMerge)
      continue;
    if (in->op == SpvOpExtInstImport && in->nw >= 3) {
      const char *s = (const char *)&m->w[in->off + 2];
      if (!strncmp(s, "OpenCL.DebugInfo.100", (size_t)(in->nw - 2) * 4))
        continue;
    }
    if (in->op == SpvOpPhi && in->nw >= 5) {
      /* a (value, parent) pair repeated for a parent that reaches the block
       * by two edges (a switch's cases sharing a target: llvm-spirv writes
       * one pair per LLVM edge) is one predecessor to SPIR-V; the reader
       * reads it once (spv_finish_phis) */
      const uint32_t *w = m->w + in->off;
      size_t at = n;
      memcpy(copy + n, w, 3 * sizeof(uint32_t));
      n += 3;
      for (uint32_t q = 3; q + 1 < in->nw; q += 2) {
        int seen = 0;
        for (uint32_t r = 3; r < q && !seen; r += 2) seen = w[r + 1] == w[q + 1];
        if (seen) continue;
        copy[n++] = w[q], copy[n++] = w[q + 1];
      }
      copy[at] = (uint32_t)((n - at) << 16) | SpvOpPhi;
      continue;
    }
    memcpy(copy + n, m->w + in->off, in->nw * sizeof(uint32_t));
    n += in->nw;
  }
  spv_context ctx = spvContextCreate(spv_validate_env(m->w[1]));
  spv_validator_options opt = spvValidatorOptionsCreate();
  copy[3] = next_id;
  free(vtype);
  free(order);
  spv_const_binary_t bin = {copy, n};
  spv_diagnostic diag = NULL;
  spv_result_t r = spvValidateWithOptions(ctx, opt, &bin, &diag);
  if (r != SPV_SUCCESS)
    spv_error(m, 0, "invalid SPIR-V module: %s",
              diag && diag->error ? diag->error : "validation failed");
  spvDiagnosticDestroy(diag);
  spvValidatorOptionsDestroy(opt);
  spvContextDestroy(ctx);
  free(copy);
  return m->failed ? -1 : 0;
}

/* ---- type layouts --------------------------------------------------------- */
static void spv_add_leaves(spv_type *t, const spv_type *sub, uint32_t base, ir_type scalar) {
  if (!t->leaves)
    return;
  uint32_t n = sub ? sub->nleaves : 1;
  if (t->nleaves + n > SPV_MAX_LEAVES) {
    free(t->leaves);
    t->leaves = NULL;
    return;
  }
  for (uint32_t i = 0; i < n; i++) {
    spv_leaf *l = &t->leaves[t->nleaves++];
    if (sub && sub->leaves) {
      l->off = base + sub->leaves[i].off;
      l->type = sub->leaves[i].type;
    } else {
      l->off = base;
      l->type = scalar;
    }
  }
}

static uint32_t spv_align_up(uint32_t v, uint32_t a) { return a ? (v + a - 1) / a * a : v; }

typedef struct spv_moff { uint32_t sid, member, off; } spv_moff;

/* Builds a spv_type for type-declaring instruction i. */
static void spv_make_type(spv_mod *m, uint32_t i, const spv_moff *moffs, uint32_t nmoffs) {
  uint16_t op = m->ins[i].op;
  uint32_t rid = spv_idw(m, i, 1);
  if (m->failed)
    return;
  spv_type *t = fe_xcalloc(m->oom, 1, sizeof(spv_type));
  m->ids[rid].kind = SPV_K_TYPE;
  m->ids[rid].ins = i;
  m->ids[rid].t = t;
  t->nleaves = 1;
  switch (op) {
  case SpvOpTypeVoid: t->tk = SPV_T_VOID; t->nleaves = 0; break;
  case SpvOpTypeBool: t->tk = SPV_T_BOOL; t->size = t->align = 1; break;
  case SpvOpTypeInt:
  case SpvOpTypeFloat:
    t->tk = op == SpvOpTypeInt ? SPV_T_INT : SPV_T_FLOAT;
    t->width = spv_word(m, i, 2);
    if (op == SpvOpTypeInt ? (t->width != 8 && t->width != 16 && t->width != 32 && t->width != 64)
                           : (t->width != 16 && t->width != 32 && t->width != 64))
      spv_error(m, 0, "unsupported %u-bit %s type", t->width, op == SpvOpTypeInt ? "int" : "float");
    t->size = t->align = t->width / 8;
    break;
  case SpvOpTypeEvent: /* event_t: an integer token (async copies, spv_async.c) */
    t->tk = SPV_T_INT;
    t->width = 32;
    t->size = t->align = 4;
    break;
  case SpvOpTypeImage:
  case SpvOpTypeSampler:
  case SpvOpTypeSampledImage:
    spv_image_type(m, i, t);
    break;
  case SpvOpTypePointer:
    t->tk = SPV_T_PTR;
    t->sc = spv_word(m, i, 2);
    t->elem = spv_word(m, i, 3); /* may be a forward reference; checked on use */
    t->size = t->align = 8;
    break;
  case SpvOpTypeVector:
  case SpvOpTypeArray: {
    t->tk = op == SpvOpTypeVector ? SPV_T_VEC : SPV_T_ARRAY;
    t->elem = spv_idw(m, i, 2);
    spv_type *e = spv_type_of(m, t->elem, 0);
    if (!e)
      break;
    if (op == SpvOpTypeVector) {
      t->count = spv_word(m, i, 3);
    } else {
      uint32_t cid = spv_idw(m, i, 3);
      const spv_id *c = &m->ids[cid];
      if (c->kind != SPV_K_CONST || m->ins[c->ins].op != SpvOpConstant) {
        spv_error(m, 0, "unsupported array length (must be a constant)");
        break;
      }
      t->count = spv_word(m, c->ins, 3);
    }
    if (t->count == 0 || t->count > (1u << 28) / (e->size ? e->size : 1)) {
      spv_error(m, 0, "unsupported array or vector length %u", t->count);
      break;
    }
    uint32_t esz = e->size;
    if (op == SpvOpTypeVector) {
      t->size = (t->count == 3 ? 4 : t->count) * esz; /* OpenCL: 3-vectors take 4 slots */
      t->align = t->size;
    } else {
      t->size = t->count * esz;
      t->align = e->align;
    }
    uint32_t nl = t->count * e->nleaves;
    t->nleaves = 0;
    if (nl <= SPV_MAX_LEAVES && e->tk != SPV_T_OPAQUE) {
      t->leaves = fe_xcalloc(m->oom, nl ? nl : 1, sizeof(spv_leaf));
      ir_type st = (e->tk == SPV_T_VEC || e->tk == SPV_T_ARRAY || e->tk == SPV_T_STRUCT)
                       ? SPV_IRT(IR_T_VOID) : spv_ir_type(m, t->elem, 0);
      for (uint32_t k = 0; k < t->count; k++)
        spv_add_leaves(t, e->leaves ? e : NULL, k * esz, st);
    }
    break;
  }
  case SpvOpTypeStruct: {
    t->tk = SPV_T_STRUCT;
    t->packed = m->ids[rid].cpacked;
    t->count = m->ins[i].nw - 2;
    t->members = fe_xcalloc(m->oom, t->count + 1, sizeof(uint32_t));
    t->moff = fe_xcalloc(m->oom, t->count + 1, sizeof(uint32_t));
    t->leaves = fe_xcalloc(m->oom, SPV_MAX_LEAVES, sizeof(spv_leaf));
    t->nleaves = 0;
    t->align = 1;
    uint32_t off = 0;
    for (uint32_t k = 0; k < t->count && !m->failed; k++) {
      t->members[k] = spv_idw(m, i, 2 + k);
      spv_type *e = spv_type_of(m, t->members[k], 0);
      if (!e)
        break;
      uint32_t a = t->packed ? 1 : e->align;
      off = spv_align_up(off, a);
      for (uint32_t j = 0; j < nmoffs; j++)
        if (moffs[j].sid == rid && moffs[j].member == k)
          off = moffs[j].off;
      t->moff[k] = off;
      if (a > t->align)
        t->align = a;
      if (e->tk == SPV_T_OPAQUE) {
        free(t->leaves);
        t->leaves = NULL;
      } else {
        ir_type st = e->leaves ? SPV_IRT(IR_T_VOID) : spv_ir_type(m, t->members[k], 0);
        spv_add_leaves(t, e->leaves ? e : NULL, off, st);
      }
      off += e->size;
    }
    t->size = spv_align_up(off, t->align);
    break;
  }
  case SpvOpTypeFunction:
    t->tk = SPV_T_FUNC;
    t->elem = spv_idw(m, i, 2);
    t->count = m->ins[i].nw - 3;
    t->members = fe_xcalloc(m->oom, t->count + 1, sizeof(uint32_t));
    for (uint32_t k = 0; k < t->count; k++)
      t->members[k] = spv_idw(m, i, 3 + k);
    break;
  default:
    t->tk = SPV_T_OPAQUE;
    t->opaque_name = spv_op_name(op);
    t->size = t->align = 8;
    break;
  }
  if (t->tk == SPV_T_STRUCT || t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY) {
    if (!t->leaves)
      t->nleaves = 0; /* too large or opaque: only usable in memory */
  }
}

static void spv_type_free(spv_type *t) {
  if (!t)
    return;
  free(t->members);
  free(t->moff);
  free(t->leaves);
  free(t);
}

/* ---- constants ------------------------------------------------------------ */
/* A build-time value of a constant instruction: an integer, or (has_base) the
 * address of program-scope variable consts[base] plus `off` bytes. */
typedef struct spv_cval {
  int has_base;
  uint32_t base;
  int64_t off;
} spv_cval;

/* The name of the instruction a constant id comes from, for messages:
 * OpSpecConstantOp's own opcode when it is one. */
static const char *spv_const_what(spv_mod *m, uint32_t id) {
  uint32_t i = m->ids[id].ins;
  if (m->ins[i].op == SpvOpSpecConstantOp && m->ins[i].nw > 3)
    return spv_op_name((uint16_t)spv_word(m, i, 3));
  return spv_op_name(m->ins[i].op);
}

static void spv_const_fail(spv_mod *m, const char *var, uint32_t id, const char *why) {
  spv_error(m, 0,
            "unsupported constant instruction %s (OpSpecConstantOp %%%u) in the initializer of "
            "program-scope variable '%s': %s; initialize it with addresses of program-scope "
            "variables plus constant offsets, or fill it in the kernel",
            spv_const_what(m, id), id, var ? var : "?", why);
}

/* Evaluates constant `id` (an integer constant, a UniformConstant variable's
 * address or OpSpecConstantOp over those: what llvm-spirv emits for address
 * arithmetic on __constant data) at build time; 0 on success. */
static int spv_const_eval(spv_mod *m, const char *var, uint32_t id, spv_cval *v, int depth) {
  memset(v, 0, sizeof *v);
  if (id >= m->bound || depth > 64) {
    spv_error(m, 0, "unsupported initializer %%%u of program-scope variable '%s'", id,
              var ? var : "?");
    return -1;
  }
  spv_id *x = &m->ids[id];
  uint32_t i = x->ins;
  if (x->kind == SPV_K_GVAR) {
    if (m->ins[i].nw < 4 || (spv_word(m, i, 3) != SpvStorageClassUniformConstant &&
                             spv_word(m, i, 3) != SpvStorageClassCrossWorkgroup)) {
      spv_error(m, 0,
                "the initializer of program-scope variable '%s' holds the address of '%s', "
                "which is neither program-scope __constant nor __global data; only addresses "
                "of program-scope variables are supported there",
                var ? var : "?", x->name ? x->name : "?");
      return -1;
    }
    v->has_base = 1;
    v->base = x->const_index;
    return 0;
  }
  if (x->kind == SPV_K_UNDEF) return 0;
  if (x->kind != SPV_K_CONST) {
    spv_error(m, 0, "unsupported initializer %%%u of program-scope variable '%s' (not a constant)",
              id, var ? var : "?");
    return -1;
  }
  spv_type *t = spv_type_of(m, x->type, 0);
  switch (m->ins[i].op) {
  case SpvOpConstantNull:
  case SpvOpConstantFalse:
    return 0;
  case SpvOpConstantTrue:
    v->off = 1;
    return 0;
  case SpvOpConstant:
  case SpvOpSpecConstant: {
    uint64_t u = spv_word(m, i, 3);
    if (t && t->size == 8)
      u |= (uint64_t)spv_word(m, i, 4) << 32;
    else if (t && t->tk == SPV_T_INT && t->width < 64 && (u >> (t->width - 1)) & 1)
      u |= ~0ull << t->width; /* indexes are signed: sign-extend */
    v->off = (int64_t)u;
    return 0;
  }
  case SpvOpSpecConstantOp:
    break;
  default:
    spv_const_fail(m, var, id, "not a scalar or address");
    return -1;
  }
  uint32_t nw = m->ins[i].nw;
  uint32_t sop = spv_word(m, i, 3);
  if (nw < 5) {
    spv_const_fail(m, var, id, "missing operands");
    return -1;
  }
  spv_cval a, b;
  if (spv_const_eval(m, var, spv_idw(m, i, 4), &a, depth + 1)) return -1;
  switch (sop) {
  /* address-preserving conversions: the OpenCL environment allows them in
   * OpSpecConstantOp and llvm-spirv emits them for casts of &var */
  case SpvOpBitcast:
  case SpvOpGenericCastToPtr:
  case SpvOpPtrCastToGeneric:
  case SpvOpConvertPtrToU:
  case SpvOpConvertUToPtr:
  case SpvOpUConvert:
  case SpvOpSConvert:
    *v = a;
    if (!a.has_base && t && t->tk == SPV_T_INT && t->width < 64) {
      uint64_t mask = (1ull << t->width) - 1, u = (uint64_t)a.off & mask;
      if (sop == SpvOpSConvert && (u >> (t->width - 1)) & 1) u |= ~mask;
      v->off = (int64_t)u;
    }
    return 0;
  case SpvOpPtrAccessChain:
  case SpvOpInBoundsPtrAccessChain: {
    spv_type *pt = spv_type_of(m, m->ids[spv_idw(m, i, 4)].type, 0);
    spv_type *et = pt ? spv_type_of(m, pt->elem, 0) : NULL;
    if (!et || nw < 6) {
      spv_const_fail(m, var, id, "malformed access chain");
      return -1;
    }
    *v = a;
    uint32_t etid = pt->elem;
    for (uint32_t k = 5; k < nw && !m->failed; k++) {
      if (spv_const_eval(m, var, spv_idw(m, i, k), &b, depth + 1)) return -1;
      if (b.has_base) {
        spv_const_fail(m, var, id, "an address used as an index");
        return -1;
      }
      if (k == 5) { /* Element: steps over whole pointees */
        v->off += b.off * (int64_t)et->size;
        continue;
      }
      if (et->tk == SPV_T_STRUCT) {
        if (b.off < 0 || (uint64_t)b.off >= et->count) {
          spv_const_fail(m, var, id, "struct member index out of range");
          return -1;
        }
        v->off += et->moff[b.off];
        etid = et->members[b.off];
      } else if (et->tk == SPV_T_ARRAY || et->tk == SPV_T_VEC) {
        etid = et->elem;
        spv_type *el = spv_type_of(m, etid, 0);
        if (!el) return -1;
        v->off += b.off * (int64_t)el->size;
      } else {
        spv_const_fail(m, var, id, "index into a scalar");
        return -1;
      }
      et = spv_type_of(m, etid, 0);
      if (!et) return -1;
    }
    return m->failed ? -1 : 0;
  }
  case SpvOpIAdd:
  case SpvOpISub:
  case SpvOpIMul:
    if (nw < 6 || spv_const_eval(m, var, spv_idw(m, i, 5), &b, depth + 1)) return -1;
    if (sop == SpvOpIAdd && !(a.has_base && b.has_base)) {
      v->has_base = a.has_base | b.has_base;
      v->base = a.has_base ? a.base : b.base;
      v->off = (int64_t)((uint64_t)a.off + (uint64_t)b.off);
      return 0;
    }
    if (sop == SpvOpISub && (!b.has_base || (a.has_base && a.base == b.base))) {
      v->has_base = a.has_base && !b.has_base;
      v->base = a.base;
      v->off = (int64_t)((uint64_t)a.off - (uint64_t)b.off);
      return 0;
    }
    if (sop == SpvOpIMul && !a.has_base && !b.has_base) {
      v->off = (int64_t)((uint64_t)a.off * (uint64_t)b.off);
      return 0;
    }
    spv_const_fail(m, var, id, "arithmetic that does not give one address plus an offset");
    return -1;
  default:
    spv_const_fail(m, var, id, "this opcode is not evaluated at build time");
    return -1;
  }
}

/* The bytes of an address (or integer) constant `id` at byte `at` of cd: an
 * address becomes a relocation (the backend makes it blob-relative, the
 * runtime absolute). */
static int spv_const_addr(spv_mod *m, uint32_t id, uint8_t *bytes, uint32_t size, ir_const_data *cd,
                          uint32_t at, const char *var) {
  spv_type *t = spv_type_of(m, m->ids[id].type, 0);
  if (!t || t->size > size) return -1;
  spv_cval v;
  if (spv_const_eval(m, var, id, &v, 0)) return -1;
  if (v.has_base && (t->size != 8 || !cd)) {
    spv_const_fail(m, var, id, "an address stored in fewer than 8 bytes");
    return -1;
  }
  if (v.has_base) {
    cd->relocs = fe_xrealloc(m->oom, cd->relocs, (cd->nrelocs + 1) * sizeof(ir_const_reloc));
    cd->relocs[cd->nrelocs++] = (ir_const_reloc){at, v.base, v.off};
    memset(bytes, 0, 8);
    return 0;
  }
  for (uint32_t k = 0; k < t->size && k < 8; k++) bytes[k] = (uint8_t)((uint64_t)v.off >> (8 * k));
  return 0;
}

int spv_const_bytes(spv_mod *m, uint32_t id, uint8_t *bytes, uint32_t size, ir_const_data *cd,
                    uint32_t at, const char *var) {
  if (id < m->bound && m->ids[id].kind == SPV_K_GVAR) /* &var, as llvm-spirv writes it */
    return spv_const_addr(m, id, bytes, size, cd, at, var);
  if (id >= m->bound || (m->ids[id].kind != SPV_K_CONST && m->ids[id].kind != SPV_K_UNDEF)) {
    spv_error(m, 0, "unsupported initializer %%%u (not a constant)", id);
    return -1;
  }
  spv_type *t = spv_type_of(m, m->ids[id].type, 0);
  if (!t || t->size > size)
    return -1;
  uint32_t i = m->ids[id].ins;
  switch (m->ins[i].op) {
  case SpvOpConstantNull:
  case SpvOpUndef:
  case SpvOpConstantFalse:
    memset(bytes, 0, t->size);
    return 0;
  case SpvOpConstantTrue:
    bytes[0] = 1;
    return 0;
  case SpvOpConstant:
  case SpvOpSpecConstant: {
    uint64_t v = spv_word(m, i, 3);
    if (t->size == 8)
      v |= (uint64_t)spv_word(m, i, 4) << 32;
    for (uint32_t k = 0; k < t->size && k < 8; k++)
      bytes[k] = (uint8_t)(v >> (8 * k));
    return 0;
  }
  case SpvOpConstantComposite:
  case SpvOpSpecConstantComposite: {
    uint32_t n = m->ins[i].nw - 3;
    for (uint32_t k = 0; k < n && !m->failed; k++) {
      uint32_t off;
      if (t->tk == SPV_T_STRUCT)
        off = k < t->count ? t->moff[k] : 0;
      else
        off = k * (t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY
                       ? spv_type_of(m, t->elem, 0)->size : 0);
      if (off >= size)
        break;
      if (spv_const_bytes(m, spv_idw(m, i, 3 + k), bytes + off, size - off, cd, at + off, var))
        return -1;
    }
    return m->failed ? -1 : 0;
  }
  case SpvOpSpecConstantOp:
    return spv_const_addr(m, id, bytes, size, cd, at, var);
  default:
    spv_error(
        m, 0,
        "unsupported constant instruction %s in the initializer of program-scope variable '%s'",
        spv_op_name(m->ins[i].op), var ? var : "?");
    return -1;
  }
}

/* ---- names ---------------------------------------------------------------- */
static const char *spv_lit_str(spv_mod *m, uint32_t i, uint32_t k) {
  if (k >= m->ins[i].nw)
    return "";
  return (const char *)&m->w[m->ins[i].off + k]; /* NUL-terminated: checked by the parser */
}

static void spv_collect_names(spv_mod *m) {
  size_t total = 1;
  for (uint32_t i = 0; i < m->nins; i++)
    if (m->ins[i].op == SpvOpName)
      total += strlen(spv_lit_str(m, i, 2)) + 1;
  m->names = fe_xmalloc(m->oom, total);
  size_t at = 0;
  for (uint32_t i = 0; i < m->nins; i++) {
    if (m->ins[i].op != SpvOpName)
      continue;
    uint32_t id = spv_idw(m, i, 1);
    const char *s = spv_lit_str(m, i, 2);
    size_t n = strlen(s);
    memcpy(m->names + at, s, n + 1);
    if (n && !m->failed)
      m->ids[id].name = m->names + at;
    at += n + 1;
  }
}

/* ---- capabilities -------------------------------------------------------- */
static int spv_capability_ok(uint32_t cap) {
  switch (cap) {
  case SpvCapabilityAddresses: case SpvCapabilityLinkage: case SpvCapabilityKernel:
  case SpvCapabilityInt64: case SpvCapabilityInt16: case SpvCapabilityInt8:
  case SpvCapabilityFloat64: case SpvCapabilityFloat16Buffer: case SpvCapabilityFloat16:
  case SpvCapabilityVector16: case SpvCapabilityInt64Atomics: case SpvCapabilityGenericPointer:
  /* these only declare types/instructions; their uses are reported with a line */
  case SpvCapabilityImageBasic: case SpvCapabilityImageReadWrite: case SpvCapabilityImageMipmap:
  case SpvCapabilitySampled1D: case SpvCapabilityImage1D: case SpvCapabilitySampledBuffer:
  case SpvCapabilityImageBuffer: case SpvCapabilityLiteralSampler: case SpvCapabilityGroups:
  case SpvCapabilityDeviceEnqueue: case SpvCapabilityPipes:
  /* SPV_KHR_integer_dot_product on four 8-bit integers, vectors or packed
   * (spv_bits.c); SPV_KHR_bit_instructions' OpBitField* and OpBitReverse */
  case SpvCapabilityDotProduct: case SpvCapabilityDotProductInput4x8Bit:
  case SpvCapabilityDotProductInput4x8BitPacked: case SpvCapabilityBitInstructions:
  /* what llvm-spirv 14 declares for OpBitField* / OpBitReverse when not given
   * SPV_KHR_bit_instructions (Shader implies Matrix); a module is still read
   * only through Kernel entry points, and any other shader construct is
   * reported where it is used */
  case SpvCapabilityShader: case SpvCapabilityMatrix:
  /* sub-groups (spv_group.c) */
  case SpvCapabilityGroupNonUniform: case SpvCapabilityGroupNonUniformVote:
  case SpvCapabilityGroupNonUniformArithmetic: case SpvCapabilityGroupNonUniformShuffle:
  case SpvCapabilityGroupNonUniformShuffleRelative: case SpvCapabilityGroupNonUniformClustered:
  case SpvCapabilityGroupNonUniformBallot: case SpvCapabilityGroupNonUniformRotateKHR:
  /* what llvm-spirv declares for the SubgroupSize execution mode
   * (intel_reqd_sub_group_size: spv_kernel_attributes); its device-enqueue
   * instructions stay unsupported, each reported where it is used */
  case SpvCapabilitySubgroupDispatch:
    return 1;
  default:
    return 0;
  }
}

/* ---- module assembly ------------------------------------------------------ */
typedef struct spv_fninfo {
  uint32_t id, first, end; /* OpFunction index, OpFunctionEnd index */
  uint32_t wrapped;        /* for an entry-point wrapper: the called function id */
  int called;              /* target of OpFunctionCall from a non-wrapper */
} spv_fninfo;

/* llvm-spirv 14 emits each kernel as an entry-point function whose only block
 * is "call the real function with my parameters; return". Returns the real
 * function's id, or 0 if fid is not such a wrapper. */
static uint32_t spv_wrapper_target(spv_mod *m, const spv_fninfo *fi) {
  uint32_t nparams = 0, i = fi->first + 1;
  while (i < fi->end && m->ins[i].op == SpvOpFunctionParameter)
    nparams++, i++;
  if (i + 3 != fi->end || m->ins[i].op != SpvOpLabel || m->ins[i + 1].op != SpvOpFunctionCall ||
      m->ins[i + 2].op != SpvOpReturn)
    return 0;
  uint32_t call = i + 1;
  if (m->ins[call].nw != 4 + nparams)
    return 0;
  for (uint32_t k = 0; k < nparams; k++)
    if (spv_word(m, call, 4 + k) != spv_word(m, fi->first + 1 + k, 2))
      return 0;
  uint32_t target = spv_idw(m, call, 3);
  return m->ids[target].kind == SPV_K_FUNC ? target : 0;
}

/* The decoration at word dw of instruction i (an OpDecorate, or one naming
 * a decoration group), applied to id: those the reader uses; the others
 * (Restrict, Aliased, NonWritable, ...) only promise what the lowering
 * never relies on. */
static void spv_decorate(spv_mod *m, uint32_t id, uint32_t i, uint32_t dw) {
  if (id >= m->bound) return; /* an id out of range: spv_idw said so */
  spv_id *x = &m->ids[id];
  uint32_t d = spv_word(m, i, dw);
  if (d == SpvDecorationBuiltIn)
    x->builtin = (int32_t)spv_word(m, i, dw + 1);
  else if (d == SpvDecorationAlignment)
    x->align = spv_word(m, i, dw + 1);
  else if (d == SpvDecorationCPacked)
    x->cpacked = 1;
  else if (d == SpvDecorationSaturatedConversion)
    x->saturated = 1;
  else if (d == SpvDecorationNoSignedWrap)
    x->wrap |= IR_NSW;
  else if (d == SpvDecorationNoUnsignedWrap)
    x->wrap |= IR_NUW;
  else if (d == SpvDecorationFPRoundingMode)
    x->has_rounding = 1, x->rounding = spv_word(m, i, dw + 1);
  else if (d == SpvDecorationLinkageAttributes && m->ins[i].nw > dw + 2)
    x->imported = spv_word(m, i, m->ins[i].nw - 1) == SpvLinkageTypeImport;
  else if (d == SpvDecorationFuncParamAttr &&
           spv_word(m, i, dw + 1) == SpvFunctionParameterAttributeByVal)
    x->byval = 1;
}

/* The decoration at word dw of instruction i applied to member mb of struct
 * type id: the Offset, recorded for spv_make_type. */
static void spv_member_decorate(spv_mod *m, uint32_t id, uint32_t mb, uint32_t i, uint32_t dw,
                                spv_moff **moffs, uint32_t *nmoffs, uint32_t *cmo) {
  if (spv_word(m, i, dw) != SpvDecorationOffset) return;
  if (*nmoffs == *cmo) {
    *cmo = *cmo ? *cmo * 2 : 16;
    *moffs = fe_xrealloc(m->oom, *moffs, *cmo * sizeof(spv_moff));
  }
  if (*moffs) (*moffs)[(*nmoffs)++] = (spv_moff){id, mb, spv_word(m, i, dw + 1)};
}

static void spv_fill_ids(spv_mod *m, spv_moff **moffs, uint32_t *nmoffs) {
  uint32_t cmo = 0;
  for (uint32_t i = 0; i < m->nins && !m->failed; i++) {
    const spv_ins *in = &m->ins[i];
    if (in->result_id && in->type_id && in->result_id < m->bound && in->type_id < m->bound &&
        in->op != SpvOpFunction)
      m->ids[in->result_id].type = in->type_id;
    switch (in->op) {
    case SpvOpExtInstImport: {
      uint32_t id = spv_idw(m, i, 1);
      const char *s = spv_lit_str(m, i, 2);
      m->ids[id].kind = SPV_K_EXTIMPORT;
      m->ids[id].ext = !strcmp(s, "OpenCL.std") ? 1 : !strcmp(s, "OpenCL.DebugInfo.100") ? 2 : 0;
      m->ids[id].str = s;
      break;
    }
    case SpvOpString: {
      uint32_t id = spv_idw(m, i, 1);
      m->ids[id].kind = SPV_K_STRING;
      m->ids[id].str = spv_lit_str(m, i, 2);
      break;
    }
    case SpvOpDecorate:
      spv_decorate(m, spv_idw(m, i, 1), i, 2);
      break;
    case SpvOpMemberDecorate:
      spv_member_decorate(m, spv_idw(m, i, 1), spv_word(m, i, 2), i, 3, moffs, nmoffs, &cmo);
      break;
    case SpvOpGroupDecorate:
    case SpvOpGroupMemberDecorate: {
      /* SPIR-V 1.0's decoration groups (older llvm-spirv and other
       * producers): each OpDecorate naming the group applies to every target
       * (OpGroupMemberDecorate: to each target's member); the group's own
       * OpDecorates may come before or after (llvm-spirv writes one before
       * the OpDecorationGroup), all before the first function */
      uint32_t grp = spv_idw(m, i, 1), member = in->op == SpvOpGroupMemberDecorate;
      for (uint32_t w = 2; w + member < m->ins[i].nw && !m->failed; w += 1 + member) {
        uint32_t target = spv_idw(m, i, w);
        for (uint32_t j = 0; j < m->nins && m->ins[j].op != SpvOpFunction && !m->failed; j++) {
          if (m->ins[j].op != SpvOpDecorate || spv_word(m, j, 1) != grp) continue;
          if (member)
            spv_member_decorate(m, target, spv_word(m, i, w + 1), j, 2, moffs, nmoffs, &cmo);
          else
            spv_decorate(m, target, j, 2);
        }
      }
      break;
    }
    case SpvOpTypeVoid: case SpvOpTypeBool: case SpvOpTypeInt: case SpvOpTypeFloat:
    case SpvOpTypeVector: case SpvOpTypeArray: case SpvOpTypeStruct: case SpvOpTypePointer:
    case SpvOpTypeFunction: case SpvOpTypeOpaque: case SpvOpTypeEvent: case SpvOpTypeImage:
    case SpvOpTypeSampler: case SpvOpTypeSampledImage: case SpvOpTypeDeviceEvent:
    case SpvOpTypeReserveId: case SpvOpTypeQueue: case SpvOpTypePipe:
    case SpvOpTypeRuntimeArray:
      if (in->op == SpvOpTypePointer && m->ids[spv_idw(m, i, 1)].kind == SPV_K_TYPE)
        break; /* made early, at its OpTypeForwardPointer */
      spv_make_type(m, i, *moffs, *nmoffs);
      break;
    case SpvOpTypeForwardPointer: {
      /* a struct that points at itself (a list node) names the pointer type
       * before its OpTypePointer; a pointer's layout needs nothing but the
       * pointer itself (its pointee is resolved on use), so make it now */
      uint32_t pid = spv_idw(m, i, 1);
      for (uint32_t j = i + 1; j < m->nins && !m->failed; j++)
        if (m->ins[j].op == SpvOpTypePointer && m->ins[j].result_id == pid) {
          spv_make_type(m, j, *moffs, *nmoffs);
          break;
        }
      break;
    }
    case SpvOpConstant: case SpvOpConstantTrue: case SpvOpConstantFalse:
    case SpvOpConstantNull: case SpvOpConstantComposite: case SpvOpSpecConstant:
    case SpvOpSpecConstantTrue: case SpvOpSpecConstantFalse:
    case SpvOpSpecConstantComposite: case SpvOpConstantSampler: case SpvOpSpecConstantOp:
    case SpvOpUndef: {
      uint32_t id = spv_idw(m, i, 2);
      if (m->ids[id].kind == SPV_K_NONE) { /* function-scope OpUndef is set below too */
        m->ids[id].kind = in->op == SpvOpUndef ? SPV_K_UNDEF : SPV_K_CONST;
        m->ids[id].ins = i;
        m->ids[id].type = spv_idw(m, i, 1);
      }
      break;
    }
    case SpvOpVariable: {
      uint32_t id = spv_idw(m, i, 2);
      if (m->ids[id].kind == SPV_K_NONE) {
        m->ids[id].kind = SPV_K_VALUE;
        m->ids[id].ins = i;
        m->ids[id].type = spv_idw(m, i, 1);
      }
      break;
    }
    case SpvOpFunction: {
      uint32_t id = spv_idw(m, i, 2);
      m->ids[id].kind = SPV_K_FUNC;
      m->ids[id].ins = i;
      m->ids[id].type = spv_idw(m, i, 4);
      break;
    }
    case SpvOpLabel:
      m->ids[spv_idw(m, i, 1)].kind = SPV_K_LABEL;
      m->ids[spv_idw(m, i, 1)].ins = i;
      break;
    default:
      break;
    }
  }
}

/* Module-scope variables: their kind, and the data of the program-scope
 * __constant and __global variables (ir_module.consts). */
static void spv_globals(spv_mod *m) {
  int in_fn = 0;
  uint64_t total[2] = {0, 0}; /* bytes so far: __constant, __global */
  for (uint32_t i = 0; i < m->nins && !m->failed; i++) {
    uint16_t op = m->ins[i].op;
    if (op == SpvOpFunction)
      in_fn = 1;
    if (op == SpvOpFunctionEnd)
      in_fn = 0;
    if (op != SpvOpVariable || in_fn)
      continue;
    uint32_t id = spv_idw(m, i, 2);
    spv_id *x = &m->ids[id];
    x->kind = SPV_K_GVAR;
    uint32_t sc = spv_word(m, i, 3);
    int global = sc == SpvStorageClassCrossWorkgroup;
    if (sc != SpvStorageClassUniformConstant && !global) continue;
    /* a work-item builtin, whatever its storage class and linkage (older
     * llvm-spirv: UniformConstant, LinkageAttributes Import): no data */
    if (x->builtin >= 0) continue;
    spv_type *pt = spv_type_of(m, x->type, 0);
    spv_type *et = pt ? spv_type_of(m, pt->elem, 0) : NULL;
    if (!et) return;
    if (x->imported) {
      spv_error(m, 0,
                "program-scope %s variable '%s' is declared extern but not defined in this "
                "program; define it (with or without an initializer) in one of the sources "
                "built or linked together",
                global ? "__global" : "__constant", x->name ? x->name : "?");
      return;
    }
    ir_module *o = m->out;
    /* the program carries the initial bytes (isa_segment.data), so a
     * type-sized table (up to 256 MiB) from a fuzzed or broken module would
     * cost seconds and gigabytes; real programs stay far below */
    total[global] += et->size;
    if (total[global] > SPV_MAX_CONSTANT_BYTES) {
      spv_error(m, 0,
                "program-scope %s data of %llu bytes (at variable '%s') is more than the %u MiB "
                "wavesim supports%s; keep large tables in a buffer",
                global ? "__global" : "__constant", (unsigned long long)total[global],
                x->name ? x->name : "?", SPV_MAX_CONSTANT_BYTES >> 20,
                global ? "" : " (the device reports a 64 KiB CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)");
      return;
    }
    o->consts = fe_xrealloc(m->oom, o->consts, (o->nconsts + 1) * sizeof(ir_const_data));
    ir_const_data *cd = &o->consts[o->nconsts];
    cd->size = et->size;
    cd->align = x->align ? x->align : et->align;
    cd->space = global ? IR_AS_GLOBAL : IR_AS_CONSTANT;
    /* no initializer: zero, as C gives static storage */
    cd->bytes = fe_xcalloc(m->oom, et->size ? et->size : 1, 1);
    cd->relocs = NULL;
    cd->nrelocs = 0;
    x->const_index = o->nconsts++;
    if (m->ins[i].nw > 4 && cd->bytes)
      spv_const_bytes(m, spv_idw(m, i, 4), cd->bytes, cd->size, cd, 0, x->name);
  }
}

/* 1 when the module holds the OpString "<prefix><name><suffix>" our
 * compiler adds from what wavesim-legal finds in clang's output (clc_hint.h: kernel `name`'s integer
 * vec_type_hint is unsigned, or it needs uniform work-groups); a SPIR-V
 * module from elsewhere has none. */
static int spv_has_marker(const spv_mod *m, const char *prefix, const char *name,
                          const char *suffix) {
  size_t pl = strlen(prefix), nl = strlen(name);
  for (uint32_t i = 0; i < m->bound; i++) {
    const char *s = m->ids[i].kind == SPV_K_STRING ? m->ids[i].str : NULL;
    if (s && !strncmp(s, prefix, pl) && !strncmp(s + pl, name, nl) && !strcmp(s + pl + nl, suffix))
      return 1;
  }
  return 0;
}

/* vec_type_hint's type from the SPIR-V VecTypeHint operand (llvm-spirv: the
 * component type code in the low 16 bits, the vector width in the high 16, 0
 * or 1 for a scalar). SPIR-V keeps no signedness: an integer hint is unsigned
 * when `is_unsigned` (spv_has_marker), else the signed type of its width.
 * NULL for a code this table does not know. */
static const char *spv_vec_hint_type(uint32_t hint, int is_unsigned, char *buf, size_t len) {
  static const char *const names[] = {"char", "short", "int", "long", "half", "float", "double"};
  uint32_t code = hint & 0xffffu, width = hint >> 16;
  if (code >= sizeof names / sizeof *names) return NULL;
  const char *u = is_unsigned && code <= 3 ? "u" : "";
  if (width <= 1)
    snprintf(buf, len, "%s%s", u, names[code]);
  else
    snprintf(buf, len, "%s%s%u", u, names[code], width);
  return buf;
}

/* Word k of execution mode e: a literal, or (by_id) the value of the 32-bit
 * integer constant that id names; 0 (reported) for anything else. */
static uint32_t spv_mode_size(spv_mod *m, uint32_t e, uint32_t k, int by_id) {
  uint32_t v = spv_word(m, e, k);
  if (!by_id) return v;
  uint32_t id = spv_idw(m, e, k);
  const spv_ins *c = m->failed ? NULL : &m->ins[m->ids[id].ins];
  if (c && m->ids[id].kind == SPV_K_CONST && c->op == SpvOpConstant && c->nw == 4)
    return spv_word(m, m->ids[id].ins, 3);
  if (!m->failed)
    spv_error(m, 0,
              "unsupported SPIR-V: execution mode %s's size %%%u is not a 32-bit integer "
              "constant",
              spv_word(m, e, 2) == SpvExecutionModeLocalSizeId ? "LocalSizeId" : "LocalSizeHintId",
              id);
  return 0;
}

/* A kernel's execution modes as reqd_wg_size and CL_KERNEL_ATTRIBUTES text
 * (the OpenCL C attributes they come from, as the spec asks: "as they were
 * declared inside __attribute__((...))", space separated). */
static void spv_kernel_attributes(spv_mod *m, uint32_t fid, ir_function *f) {
  fe_sb b = {0};
  char ty[32];
  for (uint32_t e = 0; e < m->nins; e++) {
    int by_id = m->ins[e].op == SpvOpExecutionModeId;
    if ((m->ins[e].op != SpvOpExecutionMode && !by_id) || spv_word(m, e, 1) != fid) continue;
    uint32_t mode = spv_word(m, e, 2);
    const char *sep = b.len ? " " : "";
    /* SPIR-V 1.2's LocalSizeId / LocalSizeHintId give the sizes as constant
     * ids (specialised by now) instead of literals */
    if (by_id && (mode == SpvExecutionModeLocalSizeId || mode == SpvExecutionModeLocalSizeHintId))
      mode = mode == SpvExecutionModeLocalSizeId ? SpvExecutionModeLocalSize
                                                 : SpvExecutionModeLocalSizeHint;
    else if (by_id)
      continue;
    if (mode == SpvExecutionModeLocalSize || mode == SpvExecutionModeLocalSizeHint) {
      uint32_t x = spv_mode_size(m, e, 3, by_id), y = spv_mode_size(m, e, 4, by_id),
               z = spv_mode_size(m, e, 5, by_id);
      if (mode == SpvExecutionModeLocalSize) {
        f->reqd_wg_size[0] = x, f->reqd_wg_size[1] = y, f->reqd_wg_size[2] = z;
      }
      fe_sb_printf(&b, "%s%s(%u,%u,%u)", sep,
                   mode == SpvExecutionModeLocalSize ? "reqd_work_group_size"
                                                     : "work_group_size_hint",
                   x, y, z);
    } else if (mode == SpvExecutionModeSubgroupSize) {
      /* checked against the target's wave size by the backend */
      f->reqd_sg_size = spv_word(m, e, 3);
      fe_sb_printf(&b, "%sintel_reqd_sub_group_size(%u)", sep, f->reqd_sg_size);
    } else if (mode == SpvExecutionModeVecTypeHint &&
               spv_vec_hint_type(
                   spv_word(m, e, 3),
                   f->name && spv_has_marker(m, FE_CLC_HINT_PREFIX, f->name, FE_CLC_HINT_SUFFIX),
                   ty, sizeof ty)) {
      fe_sb_printf(&b, "%svec_type_hint(%s)", sep, ty);
    }
  }
  if (b.oom) {
    fe_sb_fini(&b);
    fe_oom_raise(m->oom);
  }
  f->attributes = b.len ? fe_sb_take(&b) : NULL;
  fe_sb_fini(&b);
  f->uniform_wg = f->name && spv_has_marker(m, FE_CLC_UNIFORM_PREFIX, f->name, "");
}

static int spv_assemble(spv_mod *m) {
  /* functions and entry points */
  uint32_t nf = 0;
  for (uint32_t i = 0; i < m->nins; i++)
    nf += m->ins[i].op == SpvOpFunction;
  spv_fninfo *fns = NULL;
  uint32_t *fninfo_of = NULL; /* id -> fns index + 1 */
  uint32_t mark = fe_oom_keep(m->oom, &fns);
  fe_oom_keep(m->oom, &fninfo_of);
  fns = fe_xcalloc(m->oom, nf + 1, sizeof(spv_fninfo));
  fninfo_of = fe_xcalloc(m->oom, m->bound, sizeof(uint32_t));
  nf = 0;
  for (uint32_t i = 0; i < m->nins; i++) {
    if (m->ins[i].op == SpvOpFunction) {
      fns[nf].id = spv_word(m, i, 2);
      fns[nf].first = i;
      fninfo_of[fns[nf].id] = nf + 1;
    } else if (m->ins[i].op == SpvOpFunctionEnd && nf < m->nins) {
      fns[nf++].end = i;
    }
  }
  uint32_t nep = 0;
  for (uint32_t i = 0; i < m->nins; i++)
    nep += m->ins[i].op == SpvOpEntryPoint;
  for (uint32_t k = 0; k < nf; k++)
    fns[k].wrapped = spv_wrapper_target(m, &fns[k]);
  /* helpers: functions with a body called from any function that is not a
   * pure wrapper (a call of one without is a builtin the call lowers,
   * spv_bits.c, or an error at the call) */
  for (uint32_t k = 0; k < nf; k++) {
    if (fns[k].wrapped)
      continue;
    for (uint32_t i = fns[k].first; i < fns[k].end; i++)
      if (m->ins[i].op == SpvOpFunctionCall) {
        uint32_t t = spv_idw(m, i, 3);
        if (!fninfo_of[t])
          continue;
        spv_fninfo *c = &fns[fninfo_of[t] - 1];
        for (uint32_t b = c->first; b < c->end && !c->called; b++)
          c->called = m->ins[b].op == SpvOpLabel;
      }
  }
  uint32_t nhelp = 0;
  for (uint32_t k = 0; k < nf; k++)
    nhelp += fns[k].called;
  ir_module *o = m->out;
  o->fns = fe_xcalloc(m->oom, nep + nhelp + 1, sizeof(ir_function));
  uint32_t at = nep;
  for (uint32_t k = 0; k < nf; k++)
    if (fns[k].called)
      m->fn_index[fns[k].id] = at++;
  /* kernels first, in entry point order */
  for (uint32_t i = 0; i < m->nins && !m->failed; i++) {
    if (m->ins[i].op != SpvOpEntryPoint)
      continue;
    uint32_t model = spv_word(m, i, 1), fid = spv_idw(m, i, 2);
    if (model != SpvExecutionModelKernel) {
      /* a Vulkan/OpenGL shader module: its capabilities may all be ones
       * llvm-spirv also declares for kernels (Shader), so this is where it
       * is told apart */
      const char *mn = spv_execution_model_name(model);
      spv_error(m, 0,
                "unsupported entry point execution model %s%s%u%s: OpenCL runs Kernel entry "
                "points only (is this a graphics shader module?)",
                mn ? mn : "", mn ? " (" : "", model, mn ? ")" : "");
      break;
    }
    if (!fninfo_of[fid]) {
      spv_error(m, 0, "entry point %u names no function of the module", fid);
      break;
    }
    const spv_fninfo *fi = &fns[fninfo_of[fid] - 1];
    uint32_t body = fi->wrapped ? fi->wrapped : fid;
    ir_function *f = &o->fns[o->nfns++];
    if (spv_lower_function(m, body, f, 1))
      break;
    free(f->name);
    f->name = NULL;
    f->name = fe_xstrdup(m->oom, spv_lit_str(m, i, 3));
    /* parameter names: the wrapper's own when the body has none */
    for (uint32_t p = 0; fi->wrapped && p < f->nparams; p++) {
      if (f->params[p].name)
        continue;
      const char *n = m->ids[spv_word(m, fi->first + 1 + p, 2)].name;
      f->params[p].name = n ? fe_xstrdup(m->oom, n) : NULL;
    }
    spv_kernel_attributes(m, fid, f);
  }
  for (uint32_t k = 0; k < nf && !m->failed; k++) {
    if (!fns[k].called)
      continue;
    ir_function *f = &o->fns[m->fn_index[fns[k].id]];
    o->nfns++;
    spv_lower_function(m, fns[k].id, f, 0);
  }
  if (!m->failed && nep == 0)
    fe_sb_printf(m->log, "%s: warning: the program has no kernels\n", m->file);
  fe_oom_pop(m->oom, mark);
  free(fns);
  free(fninfo_of);
  return m->failed ? -1 : 0;
}

/* The base name of the first OpLine's file, for messages. */
static void spv_find_file(spv_mod *m) {
  for (uint32_t i = 0; i < m->nins; i++) {
    if (m->ins[i].op != SpvOpLine)
      continue;
    uint32_t s = spv_word(m, i, 1);
    if (s < m->bound && m->ids[s].kind == SPV_K_STRING && m->ids[s].str[0]) {
      const char *p = strrchr(m->ids[s].str, '/');
      m->file = p ? p + 1 : m->ids[s].str;
      return;
    }
  }
}

/* The reader proper, between parsing and the id table's teardown; an
 * allocation failure unwinds out of it (spv_read_armed). */
static void spv_read_ids(spv_mod *m) {
  m->ids = fe_xcalloc(m->oom, m->bound, sizeof(spv_id));
  m->fn_index = fe_xcalloc(m->oom, m->bound, sizeof(uint32_t));
  for (uint32_t i = 0; i < m->bound; i++)
    m->ids[i].builtin = -1;
  spv_moff *moffs = NULL;
  uint32_t nmoffs = 0;
  uint32_t mark = fe_oom_keep(m->oom, &moffs);
  spv_fill_ids(m, &moffs, &nmoffs);
  fe_oom_pop(m->oom, mark);
  free(moffs);
  spv_collect_names(m);
  spv_find_file(m);
  m->out->source_file = fe_xstrdup(m->oom, m->file);
  if (!m->failed)
    spv_globals(m);
  if (!m->failed)
    spv_assemble(m);
}

/* Runs spv_read_ids with m->oom armed: 0, or -1 after an allocation failure
 * (the cleanups registered on the way have run; m's own tables are freed
 * by spv_read as usual). Kept apart so that no local of the function that
 * calls setjmp changes between setjmp and longjmp. */
static int spv_read_armed(spv_mod *m) {
  jmp_buf at;
  if (setjmp(at)) return -1;
  m->oom->at = &at;
  spv_read_ids(m);
  m->oom->at = NULL;
  return 0;
}

/* spv_result_types' parse: the table, sized at the header. */
typedef struct spv_types_scan {
  uint32_t bound, *type;
} spv_types_scan;

static spv_result_t spv_types_header(void *user, spv_endianness_t endian, uint32_t magic,
                                     uint32_t version, uint32_t generator, uint32_t bound,
                                     uint32_t reserved) {
  (void)endian, (void)magic, (void)version, (void)generator, (void)reserved;
  spv_types_scan *s = user;
  s->type = bound <= 0x3FFFFF ? calloc(bound ? bound : 1, sizeof *s->type) : NULL;
  s->bound = s->type ? bound : 0;
  return s->type ? SPV_SUCCESS : SPV_ERROR_OUT_OF_MEMORY;
}

static spv_result_t spv_types_inst(void *user, const spv_parsed_instruction_t *pi) {
  spv_types_scan *s = user;
  if (pi->result_id < s->bound) s->type[pi->result_id] = pi->type_id;
  return SPV_SUCCESS;
}

int spv_result_types(const uint32_t *words, size_t nwords, uint32_t **types, uint32_t *bound) {
  spv_types_scan s = {0};
  *types = NULL, *bound = 0;
  spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
  if (!ctx) return -1;
  spv_result_t r = spvBinaryParse(ctx, &s, words, nwords, spv_types_header, spv_types_inst, NULL);
  spvContextDestroy(ctx);
  if (r == SPV_ERROR_OUT_OF_MEMORY || (r == SPV_SUCCESS && !s.type)) {
    free(s.type);
    return nwords >= 5 && words[3] > 0x3FFFFF ? 0 : -1; /* a huge bound: not ours to fail */
  }
  if (r != SPV_SUCCESS) {
    free(s.type);
    return 0;
  }
  *types = s.type, *bound = s.bound;
  return 0;
}

int spv_check(const uint32_t *words, size_t nwords, fe_sb *log) {
  fe_oom oom = {.phase = "checking the SPIR-V module"};
  uint32_t *laid = spv_dominance_layout(words, nwords, &oom.hit); /* as spv_read */
  spv_mod mod = {
      .w = laid ? laid : words, .nw = nwords, .log = log, .file = "<spirv>", .oom = &oom};
  spv_mod *m = &mod;
  int bad = oom.hit || spv_parse(m) || spv_check_capabilities(m) || spv_validate(m);
  if (oom.hit)
    spv_oom_error(m);
  else if (bad && !m->failed)
    spv_error(m, 0, "invalid SPIR-V module");
  free(m->ins);
  free(laid);
  return bad ? -1 : 0;
}

ir_module *spv_read(const uint32_t *words, size_t nwords, fe_sb *log) {
  fe_oom oom = {.phase = "reading the SPIR-V module"};
  uint32_t *laid = spv_dominance_layout(words, nwords, &oom.hit);
  spv_mod mod = {
      .w = laid ? laid : words, .nw = nwords, .log = log, .file = "<spirv>", .oom = &oom};
  spv_mod *m = &mod;
  m->out = calloc(1, sizeof(ir_module));
  if (!m->out || oom.hit) {
    spv_oom_error(m);
    goto fail;
  }
  if (spv_parse(m) || spv_check_capabilities(m) || spv_validate(m)) goto fail;
  if (spv_read_armed(m)) {
    oom.at = NULL;
    spv_oom_error(m);
  }
  if (m->failed)
    goto fail;
  m->out->name_pool = m->names;
  m->names = NULL;
  /* the fe_oom dies with this frame: the backend arms its own */
  for (uint32_t k = 0; k < m->out->nfns; k++) m->out->fns[k].oom = NULL;
  goto done;
fail:
  if (!m->failed)
    spv_error(m, 0, "invalid SPIR-V module");
  ir_module_free(m->out);
  m->out = NULL;
done:
  if (m->ids)
    for (uint32_t i = 0; i < m->bound; i++)
      spv_type_free(m->ids[i].t);
  free(m->ids);
  free(m->fn_index);
  free(m->ins);
  free(m->names);
  free(laid);
  return m->out;
}
