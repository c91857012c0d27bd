/* Shared state of the SPIR-V reader: the parsed instruction list, the id
 * table (types, constants, variables, decorations) and the lowering context. */
#ifndef WAVESIM_SPV_INTERNAL_H
#define WAVESIM_SPV_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fe.h"
#include "fe_oom.h"
#include "fe_strbuf.h"
#include "ir.h"

#define SPV_MAX_LEAVES 4096 /* scalars in one SSA aggregate value */

typedef struct spv_ins {
  uint32_t off;   /* word offset of the instruction in the module */
  uint16_t op;    /* SpvOp */
  uint16_t nw;    /* words, including the opcode word */
  uint8_t ext;    /* for OpExtInst: spv_ext_inst_type_t */
  uint32_t type_id, result_id; /* 0 if none */
} spv_ins;

typedef enum spv_kind {
  SPV_K_NONE, SPV_K_TYPE, SPV_K_CONST, SPV_K_UNDEF, SPV_K_GVAR, SPV_K_FUNC, SPV_K_LABEL,
  SPV_K_EXTIMPORT, SPV_K_STRING, SPV_K_VALUE,
} spv_kind;

typedef enum spv_tk {
  SPV_T_VOID, SPV_T_BOOL, SPV_T_INT, SPV_T_FLOAT, SPV_T_VEC, SPV_T_ARRAY, SPV_T_STRUCT,
  SPV_T_PTR, SPV_T_FUNC, SPV_T_OPAQUE,
} spv_tk;

typedef struct spv_leaf {
  uint32_t off; /* byte offset inside the aggregate */
  ir_type type;
} spv_leaf;

typedef struct spv_type {
  uint8_t tk;       /* spv_tk */
  uint8_t packed;   /* CPacked struct */
  uint32_t width;   /* bits for INT/FLOAT */
  uint32_t elem;    /* element type id (VEC/ARRAY/PTR pointee/FUNC return) */
  uint32_t count;   /* VEC/ARRAY element count; STRUCT/FUNC member/param count */
  uint32_t sc;      /* PTR storage class */
  uint32_t *members;/* STRUCT member type ids / FUNC param type ids */
  uint32_t *moff;   /* STRUCT member byte offsets */
  uint32_t size, align;
  uint32_t nleaves;
  spv_leaf *leaves; /* flattened scalars of an aggregate (NULL for scalars) */
  const char *opaque_name; /* grammar name for opaque types (OpTypeOpaque...) */
  /* images (spv_image.c): an image is an INT 64 leaf (its descriptor's
   * address), a sampler an INT 32 leaf (the sampler word), a sampled image a
   * STRUCT of both; img says which, dim/arrayed/access come from OpTypeImage
   * (the sampled image's from its image type) */
  uint8_t img;     /* spv_img */
  uint8_t dim;     /* SpvDim */
  uint8_t arrayed;
  uint8_t access;  /* SpvAccessQualifier; ReadOnly when absent */
} spv_type;

typedef enum spv_img { SPV_IMG_NONE, SPV_IMG_IMAGE, SPV_IMG_SAMPLER, SPV_IMG_SAMPLED } spv_img;

typedef struct spv_id {
  uint8_t kind;      /* spv_kind */
  uint8_t ext;       /* EXTIMPORT: 1 = OpenCL.std, 2 = OpenCL.DebugInfo.100, 0 other */
  uint8_t byval, cpacked, saturated, has_rounding;
  uint8_t wrap;      /* IR_NSW | IR_NUW from NoSignedWrap / NoUnsignedWrap */
  uint8_t imported;  /* LinkageAttributes ... Import: declared here, defined elsewhere */
  int32_t builtin;   /* BuiltIn decoration, -1 if none */
  uint32_t ins;      /* defining instruction index */
  uint32_t type;     /* type id of a value */
  uint32_t align;    /* Alignment decoration, 0 if none */
  uint32_t rounding; /* FPRoundingMode decoration */
  spv_type *t;       /* SPV_K_TYPE */
  const char *name;  /* OpName, in the name pool */
  const char *str;   /* OpString text (points into the module words) */
  uint32_t const_index; /* GVAR UniformConstant or CrossWorkgroup: index into ir_module.consts */
} spv_id;

typedef struct spv_mod {
  const uint32_t *w;
  size_t nw;
  uint32_t bound;
  spv_ins *ins;
  uint32_t nins, cap;
  spv_id *ids;
  fe_sb *log;
  int failed;
  const char *file;  /* base name of the source file for messages */
  ir_module *out;
  char *names;       /* name pool, moved into out->name_pool */
  size_t names_len, names_cap;
  uint32_t *fn_index; /* per id: index in out->fns for lowered helper functions */
  fe_oom *oom;        /* armed by spv_read: allocation failures unwind to it */
} spv_mod;

/* Word k of instruction i (0 = the opcode word); 0 with an error if absent. */
uint32_t spv_word(spv_mod *m, uint32_t i, uint32_t k);
/* A "file:line: error: ..." line in the log; only the first error is kept. */
void spv_error(spv_mod *m, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
spv_type *spv_type_of(spv_mod *m, uint32_t type_id, uint32_t line);
ir_type spv_ir_type(spv_mod *m, uint32_t type_id, uint32_t line);
ir_space spv_space(uint32_t storage_class);
/* Serializes constant `id` into `bytes` (type layout, little-endian). */
/* The bytes of constant `id` (at byte `at` of cd's data, for relocations of
 * the addresses inside; `var` names the variable in messages). */
int spv_const_bytes(spv_mod *m, uint32_t id, uint8_t *bytes, uint32_t size, ir_const_data *cd,
                    uint32_t at, const char *var);
/* OpenCL C spelling of a type ("float4", "int*"), caller frees. */
char *spv_type_spelling(spv_mod *m, uint32_t type_id);
/* Lowers function `fid` into f (as a kernel when is_kernel). */
int spv_lower_function(spv_mod *m, uint32_t fid, ir_function *f, int is_kernel);
/* Whether SPIR-V allows opcode `opc` in a Kernel module's OpSpecConstantOp
 * (spv_specop.def, through spv_spec.c). */
int spv_specop_allowed(uint32_t opc);

/* ---- per-function lowering ------------------------------------------------ */
/* Builtin markers (spv_fn.marker): (ir op << 8) | dim, dim 0xff = the whole
 * vector; SPV_MK_PTR: a pointer into the builtin variable. */
#define SPV_MK_VEC 0xffu
#define SPV_MK_PTR (1u << 24)

typedef struct spv_phi spv_phi;

typedef struct spv_edge {
  uint32_t from_label; /* SPIR-V block whose terminator made this edge */
  uint32_t ir_block;   /* IR block that branches */
  uint32_t to_label;
} spv_edge;

typedef struct spv_fn {
  spv_mod *m;
  ir_function *f;
  uint32_t fid;
  uint32_t *vref;    /* per id: index into refs, IR_NONE if not lowered */
  uint32_t *nref;    /* per id: number of leaves */
  uint32_t *refs;
  uint32_t nrefs, crefs;
  uint32_t *label_block; /* per id: IR block of a label */
  uint32_t *marker;  /* per id: builtin marker (SPV_MK_*), 0 if none */
  uint32_t *hoisted; /* IR insts moved to the front of bb0, in creation order */
  uint32_t nhoisted, choisted;
  uint32_t *a, *b, *c, *r; /* SPV_MAX_LEAVES scratch buffers for operand leaves */
  uint32_t block, label, line;
  spv_edge *edges;
  uint32_t nedges, cedges;
  uint32_t sret;     /* IR param holding the return-value pointer, IR_NONE if none */
  uint32_t *kconst;  /* hoisted constants for dedupe: (inst) list */
  uint32_t nkconst, ckconst;
  spv_phi **phis;    /* the OpPhis met so far (owned by spv_lower_function) */
  /* the sub-group builtins' inputs, made once at the entry (spv_group.c):
   * W, the work-group's work-items (as it runs and as enqueued), the local
   * linear id; ref + 1, 0: none yet */
  uint32_t sg_w, sg_total, sg_enq_total, sg_lin;
  uint32_t wg_scratch; /* the collectives' __local scratch (spv_wgroup.c), ref + 1 */
  uint32_t *nphis;
} spv_fn;

/* ---- spv_build.c: emission and value helpers of every lowering file ------- */

uint32_t spv_emit(spv_fn *x, ir_op op, ir_type t, uint32_t n, const uint32_t *o);
/* small emission helpers shared by the lowering files */
ir_type spv_rtype(spv_fn *x, uint32_t ref);
uint32_t spv_op1(spv_fn *x, ir_op op, ir_type t, uint32_t a);
uint32_t spv_op2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b);
/* result type leaves of instruction i (word 1), into the type buffer */
uint32_t spv_rleaves(spv_fn *x, uint32_t i);
/* conversions (spv_convert.c) */
uint32_t spv_resize(spv_fn *x, uint32_t v, ir_type to, int sign);
void spv_convert(spv_fn *x, uint32_t i);
void spv_bitcast(spv_fn *x, uint32_t i);
void spv_generic_ptr_mem_semantics(spv_fn *x, uint32_t i);
uint32_t spv_kconst(spv_fn *x, ir_type t, uint64_t bits);
/* 1 for an OpExtInst of the OpenCL.DebugInfo.100 set (no semantics) */
int spv_is_debug_info(const spv_ins *in);
/* size bytes from src to dst (pointers), in the widest chunks align allows */
void spv_copy_bytes(spv_fn *x, uint32_t dst, uint32_t src, uint64_t size, uint32_t align);
/* a float constant of type t (F32 or F64) with value v, rounded to t */
uint32_t spv_fconst(spv_fn *x, ir_type t, double v);
/* Copies the leaves of value `id` into out (SPV_MAX_LEAVES entries),
 * materializing constants; returns the count, 0 with an error set. */
uint32_t spv_val(spv_fn *x, uint32_t id, uint32_t *out);
/* Leaf types of type `tid`: count, with types in out (SPV_MAX_LEAVES). */
uint32_t spv_leaf_types(spv_mod *m, uint32_t tid, ir_type *out, uint32_t line);
void spv_set(spv_fn *x, uint32_t id, const uint32_t *refs, uint32_t n);
struct spv_phi {
  uint32_t ins, label, first, n; /* OpPhi index, its block, first IR phi, leaves */
};

void spv_hoist(spv_fn *x, uint32_t inst);
uint32_t spv_emit_entry(spv_fn *x, ir_op op, ir_type t, uint32_t n, const uint32_t *o);
ir_type *spv_tbuf(spv_fn *x);

/* ---- spv_inst.c: lowers instruction i of a function body through the opcode
 * table to the handlers below (arg: what the table gives, see each) -------- */
void spv_inst(spv_fn *x, uint32_t i);

/* spv_alu.c: arithmetic, logic, comparisons, selects, composites */
void spv_h_binop(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_unop(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_shift(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_icmp(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_fcmp(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_undef(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_bitcount(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_fclass(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_any_all(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_select(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_copy_object(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_size_of(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_ptr_diff(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_composite_extract(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_composite_insert(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_composite_construct(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_vector_shuffle(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_vector_dynamic(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_vector_times_scalar(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_dot(spv_fn *x, uint32_t i, uint32_t arg);

/* spv_mem.c: memory, atomics, barriers */
uint32_t spv_mem_leaves(spv_fn *x, uint32_t tid, uint32_t ptr, uint32_t align, uint32_t *vals,
                        int store);
void spv_h_variable(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_load(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_store(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_copy_memory(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_access_chain(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_atomic(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_atomic_load(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_atomic_store(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_atomic_flag_test_and_set(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_atomic_flag_clear(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_control_barrier(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_memory_barrier(spv_fn *x, uint32_t i, uint32_t arg);

/* spv_cfg.c: control flow and calls */
void spv_finish_phis(spv_fn *x, const spv_phi *phis, uint32_t nphis);
void spv_h_label(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_phi(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_branch(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_branch_conditional(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_switch(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_terminator(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_return_value(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_call(spv_fn *x, uint32_t i, uint32_t arg);

/* spv_image.c: images, samplers and sampled images */
void spv_image_type(spv_mod *m, uint32_t i, spv_type *t);
uint32_t spv_sampler_word(spv_mod *m, uint32_t i); /* OpConstantSampler i as a CLK_* word */
void spv_h_sampled_image(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_image_sample(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_image_read(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_image_write(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_image_query(spv_fn *x, uint32_t i, uint32_t arg);

/* OpExtInst of the OpenCL.std set; 0 or -1 (error set). */
int spv_lower_clstd(spv_fn *x, uint32_t i);
/* How spv_lower_clstd lowers each OpenCL.std instruction it maps (spv_ext.c):
 * XK_OP / XK_MATH rows come from ir_ops.def / ir_math.def, the other kinds
 * are expansions into several IR instructions. Exposed for its tests. */
typedef enum spv_xk {
  XK_MATH,
  XK_OP,
  XK_MIX,
  XK_FCLAMP,
  XK_SCLAMP,
  XK_UCLAMP,
  XK_SABS,
  XK_UABS,
  XK_MAD24,
  XK_RECIP_DIV,
  XK_ROTATE,
  XK_ABSDIFF,
  XK_ADDSAT,
  XK_SUBSAT,
  XK_HADD,
  XK_RHADD,
  XK_SELECT,
  XK_BITCNT,
  XK_MULHI,
  XK_MADHI,
  XK_UPSAMPLE,
  XK_STEP,
  XK_SSTEP,
  XK_SIGN,
  XK_SCALE,
  XK_MAG,
  XK_NAN
} spv_xk;
typedef struct spv_xmap {
  uint32_t num; /* OpenCLstd_* */
  uint8_t kind; /* spv_xk */
  uint32_t op;  /* ir_op, ir_math, signedness or a constant, per kind */
} spv_xmap;
extern const spv_xmap spv_clstd_map[]; /* const tables, not mutable state */
extern const size_t spv_clstd_nmap;
/* popcount/clz/ctz (ir_math mth) of integer value v of type t, as IR on I32
 * pieces (spv_ext.c); the result has type t. */
uint32_t spv_xbitcnt(spv_fn *x, ir_math mth, ir_type t, uint32_t v);

/* spv_bits.c: extended bit operations and integer dot products, as SPIR-V
 * instructions (OpBitField*: arg 0 insert, 1 signed, 2 unsigned extract;
 * the dot products: arg an ir_dot) and as calls of the OpenCL C builtins'
 * mangled names (spv_bits_call: 1 when `name` is one, lowered or an error
 * set; 0 when it is not) */
void spv_h_bitfield(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_bit_reverse(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_int_dot(spv_fn *x, uint32_t i, uint32_t arg);
int spv_bits_call(spv_fn *x, uint32_t i, const char *name);

/* spv_async.c: OpGroupAsyncCopy as a cooperative loop, OpGroupWaitEvents as
 * a work-group barrier; errors are set on x->m. */
void spv_async_copy(spv_fn *x, uint32_t i);
/* get_local_linear_id() (*lid) and this work-group's number of work-items
 * (*lsize), both I64: (lid.z * size.y + lid.y) * size.x + lid.x over this
 * group's sizes (OpenCL C 6.15.1). */
void spv_local_linear_id(spv_fn *x, uint32_t *lid, uint32_t *lsize);
/* spv_group.c: sub-group instructions (arg: see each) and builtins */
void spv_h_group_arith(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_vote(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_shuffle(spv_fn *x, uint32_t i, uint32_t arg);
uint32_t spv_subgroup_builtin(spv_fn *x, int32_t bi, uint32_t *out);
void spv_h_group_ballot(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_elect(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_all_equal(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_broadcast_first(spv_fn *x, uint32_t i, uint32_t arg);
void spv_h_group_rotate(spv_fn *x, uint32_t i, uint32_t arg);
/* helpers shared with spv_wgroup.c: an IR_SUBGROUP op (b IR_NONE: one
 * operand), bool <-> I32 0/1, W, the group's work-items, the local linear id
 * and the sub-group local id (I32, computed at the entry) */
uint32_t spv_sg(spv_fn *x, ir_type t, uint32_t aux, uint32_t a, uint32_t b);
uint32_t spv_b2i(spv_fn *x, uint32_t b);
uint32_t spv_i2b(spv_fn *x, uint32_t v);
uint32_t spv_sg_w(spv_fn *x);
uint32_t spv_sg_total(spv_fn *x);
uint32_t spv_sg_lin(spv_fn *x);
uint32_t spv_sg_lid(spv_fn *x);
/* spv_wgroup.c: the work-group collective functions (OpGroup* with
 * Workgroup scope) from sub-group operations, __local scratch and barriers */
void spv_wg_arith(spv_fn *x, uint32_t i, uint32_t comb);
void spv_wg_broadcast(spv_fn *x, uint32_t i);
uint32_t spv_wg_reduce(spv_fn *x, ir_type t, uint32_t comb, uint32_t v);
/* A call to a builtin without a body that the reader lowers itself (the
 * sub-group rotates clang 14 does not know): 1 when handled (or failed
 * with a message), 0 when name is not one. */
int spv_builtin_call(spv_fn *x, uint32_t i, const char *name);
/* Whether name (NULL allowed) is such a builtin: 1 sub_group_rotate, 2
 * sub_group_clustered_rotate, 0 otherwise. */
int spv_builtin_name(const char *name);
void spv_wait_events(spv_fn *x, uint32_t i);

/* Program-scope data the reader accepts, all variables of one address space
 * (__constant, __global) together (fe.h). */
#define SPV_MAX_CONSTANT_BYTES FE_MAX_SEGMENT_BYTES

#define SPV_IRT(b) ((ir_type){.base = (b), .space = 0})

/* spv_layout.c: a copy of the module with every function's blocks in an
 * order where dominators come first, or NULL when the order is already valid
 * (or the words are malformed, which the parser then reports); *oom is set
 * when it could not tell for lack of memory. */
uint32_t *spv_dominance_layout(const uint32_t *words, size_t nwords, int *oom);

#endif
