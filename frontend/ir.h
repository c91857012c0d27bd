/* The compiler's SSA IR: what the SPIR-V reader produces and the passes and
 * backend consume. Scalar values (vectors are split by the reader), explicit
 * address spaces, a CFG of basic blocks, phis, source lines on instructions. */
#ifndef WAVESIM_IR_H
#define WAVESIM_IR_H

#include <stdint.h>

#define IR_NONE UINT32_MAX

typedef enum ir_base {
  IR_T_VOID,
  IR_T_BOOL, /* i1 */
  IR_T_I8,
  IR_T_I16,
  IR_T_I32,
  IR_T_I64,
  IR_T_F16,
  IR_T_F32,
  IR_T_F64,
  IR_T_PTR, /* 64-bit; the address space is in ir_type.space */
} ir_base;

typedef enum ir_space {
  IR_AS_PRIVATE,  /* Function storage: per work-item scratch */
  IR_AS_GLOBAL,   /* CrossWorkgroup */
  IR_AS_CONSTANT, /* UniformConstant */
  IR_AS_LOCAL,    /* Workgroup: LDS byte offset */
  /* Generic (OpenCL 2.0): a 64-bit flat address whose space is known only at
   * run time: __local and private objects appear in their apertures (isa.h,
   * ISA_APERTURE_*), everything else is a global address. pass_generic
   * gives every access through one its real space, statically or per lane. */
  IR_AS_GENERIC,
} ir_space;

typedef struct ir_type {
  uint8_t base;  /* ir_base */
  uint8_t space; /* ir_space, for IR_T_PTR */
} ir_type;

/* Operations: one row each in ir_ops.def (operands, result and aux of each
 * are documented there). */
typedef enum ir_op {
#define IR_OP(name, text, nmin, nmax, result, aux, flags, isel) IR_##name,
#include "ir_ops.def"
  IR_OP_COUNT
} ir_op;

/* ir_opinfo.flags */
enum {
  IR_OF_TERM = 1u << 0,        /* a terminator: the last instruction of a block */
  IR_OF_SIDE_EFFECT = 1u << 1, /* an effect besides its value: never deleted unused */
  IR_OF_DIVERGENT = 1u << 2,   /* its value may differ per lane whatever its operands */
  IR_OF_COMM = 1u << 3,        /* commutative in its two operands */
};

/* ir_opinfo.result: what the result type may be */
typedef enum ir_result { IR_RES_VOID, IR_RES_VALUE, IR_RES_BOOL, IR_RES_PTR, IR_RES_ANY } ir_result;

/* ir_opinfo.aux: what aux (and imm) hold, which the printer shows */
typedef enum ir_auxkind {
  IR_AUX_NONE,
  IR_AUX_IMM,
  IR_AUX_NUM,
  IR_AUX_MATH,
  IR_AUX_PRED,
  IR_AUX_ATOMIC,
  IR_AUX_ALLOC,
  IR_AUX_FLAGS,
  IR_AUX_CALLEE,
  IR_AUX_WRAP,
  IR_AUX_ALIGN,
  IR_AUX_FAMILY, /* image reads/writes: ISA_IMAGE_FLOAT / INT / UINT, printed f, i, u */
  IR_AUX_DOT,    /* IR_DOT4: ir_dot bits, printed ss, uu, su and .sat */
} ir_auxkind;

#define IR_N_ANY 255 /* ir_opinfo.nmax: no upper bound on the operand count */

typedef struct ir_opinfo {
  const char *name;
  uint8_t nmin, nmax; /* operand count range */
  uint8_t result;     /* ir_result */
  uint8_t aux;        /* ir_auxkind */
  uint32_t flags;     /* IR_OF_* */
} ir_opinfo;

extern const ir_opinfo ir_ops[IR_OP_COUNT]; /* const table, not mutable state */

/* aux flags of IR_ADD, IR_SUB, IR_MUL and IR_SHL (SPIR-V's NoSignedWrap and
 * NoUnsignedWrap decorations): the result equals the infinitely precise one,
 * read as signed (NSW) or unsigned (NUW). Address folding relies on them to
 * move constants out of sign- or zero-extended 64-bit indices. A pass that
 * rewrites such an instruction's operands clears them. */
#define IR_NSW 1u
#define IR_NUW 2u

/* IR_FENCE's aux, besides the CLK_*_MEM_FENCE bits (1 local, 2 global, 4
 * image): the fence orders (an acquire or release, not relaxed, at
 * work-group scope or wider), so the wave waits for its outstanding memory
 * instructions there (s_waitmem). A fence without it costs nothing. */
#define IR_FENCE_WAIT 0x100u
/* ... and sub_group_barrier's: the fence orders the accesses of one
 * sub-group's work-items (s_wave_barrier, which the race check reads) */
#define IR_FENCE_SUBGROUP 0x200u
/* imm of LOAD, ATOMIC and FENCE: the C11 order and OpenCL scope the source
 * gave, in isa_inst.sync's layout (isa.h), which instruction selection
 * copies; nonzero on a LOAD marks an atomic load. Only the race check reads
 * it; 0 on plain accesses and on the fences an atomic's order adds. */

typedef enum ir_pred {
  IR_P_EQ, IR_P_NE,
  IR_P_SLT, IR_P_SLE, IR_P_SGT, IR_P_SGE,
  IR_P_ULT, IR_P_ULE, IR_P_UGT, IR_P_UGE,
  /* float, ordered */
  IR_P_OEQ, IR_P_ONE, IR_P_OLT, IR_P_OLE, IR_P_OGT, IR_P_OGE,
  /* float, unordered */
  IR_P_UEQ, IR_P_UNE, IR_P_ULT_F, IR_P_ULE_F, IR_P_UGT_F, IR_P_UGE_F,
  IR_P_ORD, IR_P_UNO,
} ir_pred;

/* Math builtins (IR_MATH's aux): one row each in ir_math.def. */
typedef enum ir_math {
#define IR_MATH(name, text, nopnd, flags, f32, f64) IR_M_##name,
#include "ir_math.def"
  IR_M_COUNT
} ir_math;

enum { IR_MF_I32_SRC1 = 1u << 0 }; /* ir_mathinfo.flags: operand 1 is an I32 */

typedef struct ir_mathinfo {
  const char *name;
  uint8_t nopnd;
  uint8_t flags; /* IR_MF_* */
} ir_mathinfo;

extern const ir_mathinfo ir_maths[IR_M_COUNT];

typedef enum ir_atomic {
  IR_A_ADD, IR_A_SUB, IR_A_XCHG, IR_A_CMPXCHG, IR_A_SMIN, IR_A_SMAX, IR_A_UMIN,
  IR_A_UMAX, IR_A_AND, IR_A_OR, IR_A_XOR, IR_A_INC, IR_A_DEC,
} ir_atomic;

/* IR_DOT4's aux: the bytes' signedness (SU: a's signed, b's unsigned), and
 * IR_DOT_SAT when the accumulation saturates (signed for SS and SU, unsigned
 * for UU) instead of wrapping. */
typedef enum ir_dot { IR_DOT_SS, IR_DOT_UU, IR_DOT_SU, IR_DOT_SAT = 4 } ir_dot;
/* IR_SUBGROUP's aux: the operation (ir_sg) in bits 0-7, the combining op of
 * a reduction or scan in bits 8-15 (an ir_op: ADD, FADD, MUL, FMUL, SMIN,
 * UMIN, SMAX, UMAX, AND, OR, XOR; or IR_SG_FMIN / IR_SG_FMAX below, float
 * min/max being IR_MATH builtins rather than ops), and for a clustered
 * reduction log2(cluster size) + 1 in bits 16-23 (0: the whole sub-group).
 * docs/ARCHITECTURE.md "Sub-groups" says how each is lowered. */

typedef enum ir_sg {
  IR_SG_REDUCE,       /* opnd: x */
  IR_SG_SCAN_INCL,    /* opnd: x */
  IR_SG_SCAN_EXCL,    /* opnd: x */
  IR_SG_SHUFFLE,      /* opnd: x, I32 source lane (per lane; broadcast: uniform) */
  IR_SG_SHUFFLE_XOR,  /* opnd: x, I32 mask (uniform) */
  IR_SG_SHUFFLE_UP,   /* opnd: x, I32 delta (uniform) */
  IR_SG_SHUFFLE_DOWN, /* opnd: x, I32 delta (uniform) */
  IR_SG_BALLOT,       /* opnd: I32 predicate; I64 result: bit l set when lane l is
                         active and its predicate is not 0 */
} ir_sg;
/* combining operations that are not IR ops of their own (float min/max are
 * IR_MATH builtins): values above IR_OP_COUNT's range in bits 8-15 */
enum { IR_SG_FMIN = 0xfe, IR_SG_FMAX = 0xfd };
#define IR_SG_AUX(kind, comb, clog) ((uint32_t)(kind) | (uint32_t)(comb) << 8 | (uint32_t)(clog) << 16)

typedef struct ir_inst {
  uint16_t op;  /* ir_op */
  ir_type type; /* result type (VOID for none) */
  uint32_t block; /* owning block, IR_NONE once deleted */
  uint32_t line;  /* source line, 0 if unknown */
  uint32_t aux;
  uint64_t imm;
  uint32_t nopnd;
  uint32_t *opnd;      /* value refs (indices into ir_function.insts) */
  uint32_t *phi_block; /* for IR_PHI: predecessor block of each operand */
  const char *name;    /* debug name from OpName, may be NULL (not owned) */
} ir_inst;

typedef struct ir_block {
  uint32_t *insts; /* in order; the last is the terminator */
  uint32_t ninsts, cap;
  uint32_t succ[2];
  uint32_t nsucc;
  uint32_t *pred;
  uint32_t npred;
} ir_block;

typedef struct ir_param {
  ir_type type;
  char *name;
  char *type_name; /* OpenCL C type spelling when known */
  uint32_t by_value_size; /* bytes, for kernel by-value arguments */
  int is_sampler;         /* a sampler_t kernel argument (an opaque 8-byte slot) */
  int is_image;           /* an image kernel argument (its descriptor's address) */
  uint8_t access;         /* images: ISA_ACCESS_* (isa.h) from the image type */
} ir_param;

typedef struct ir_function {
  char *name;
  int is_kernel;
  ir_type ret;
  ir_param *params;
  uint32_t nparams;
  ir_inst *insts; /* all values; refs are indices */
  uint32_t ninsts, cap;
  ir_block *blocks; /* blocks[0] is the entry */
  uint32_t nblocks, bcap;
  uint32_t reqd_wg_size[3];
  /* Kernels: the sub-group size the kernel requires (SPIR-V SubgroupSize,
   * clang's intel_reqd_sub_group_size), checked against the target's wave
   * size; 0: none */
  uint32_t reqd_sg_size;
  /* Kernels built for uniform work-groups only (OpenCL C 1.x, or
   * -cl-uniform-work-group-size: clc_hint.h): every group has the enqueued
   * size, and a launch that would make a partial one is refused. 0: the last
   * group of a dimension may be smaller (LOCAL_SIZE computes its size). */
  int uniform_wg;
  /* Kernels: CL_KERNEL_ATTRIBUTES, the source's kernel attributes as written
   * (space separated), or NULL when there are none. */
  char *attributes;
  /* Where an allocation failure in the IR helpers unwinds to (fe_oom.h):
   * set by the reader for every function; NULL for IR built by hand in
   * unit tests (the helpers then just fail). */
  struct fe_oom *oom;
} ir_function;

/* A pointer inside a program-scope variable's data: the 8 bytes at `at` hold
 * the address of consts[target] plus `addend` bytes, known only once the
 * runtime places the data (the reader stores just the addend there). */
typedef struct ir_const_reloc {
  uint32_t at, target;
  int64_t addend;
} ir_const_reloc;

/* A program-scope variable: __constant (space IR_AS_CONSTANT) or __global,
 * program-scope or static in a function (IR_AS_GLOBAL); the backend puts
 * each space's variables in its program-level segment (isa_segment). */
typedef struct ir_const_data {
  uint8_t *bytes;
  uint32_t size, align;
  uint8_t space; /* ir_addrspace */
  ir_const_reloc *relocs;
  uint32_t nrelocs;
} ir_const_data;

typedef struct ir_module {
  ir_function *fns;
  uint32_t nfns;
  ir_const_data *consts; /* program-scope variables (IR_CONST_VAR aux indexes them) */
  uint32_t nconsts;
  char *source_file;
  char *name_pool; /* owned storage that ir_inst.name strings point into, may be NULL */
  /* printf call sites (additive), module-wide: format string and argument
   * slot layout per site (isa_printf_site documents the encoding) */
  char **printf_fmts, **printf_layouts;
  uint32_t nprintf;
} ir_module;

/* construction helpers (frontend/ir.c) */
uint32_t ir_add_block(ir_function *f);
uint32_t ir_append(ir_function *f, uint32_t block, ir_op op, ir_type type, uint32_t nopnd, const uint32_t *opnd);
uint32_t ir_const(ir_function *f, uint32_t block, ir_type type, uint64_t bits);
void ir_compute_preds(ir_function *f);
void ir_module_free(ir_module *m);
void ir_function_fini(ir_function *f);
unsigned ir_type_bytes(ir_type t);
/* Checks SSA and CFG invariants; 0 or -1 with a message naming the function,
 * block and instruction; -2 when it ran out of memory. Run after every pass
 * in debug builds. */
int ir_validate(const ir_function *f, char *err, unsigned errlen);
/* Human-readable text, stable for golden tests. Caller frees. */
char *ir_print_function(const ir_function *f);
/* The printed name ("?" for a number outside the enum). */
const char *ir_op_name(ir_op op);

#endif
