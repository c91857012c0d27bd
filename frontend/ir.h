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
} ir_space;

typedef struct ir_type {
  uint8_t base;  /* ir_base */
  uint8_t space; /* ir_space, for IR_T_PTR */
} ir_type;

typedef enum ir_op {
  /* values without operands */
  IR_CONST,  /* imm holds the bits (float as its bit pattern) */
  IR_PARAM,  /* function parameter number aux */
  IR_UNDEF,
  /* work-item builtins; aux = dimension 0..2. Results are I64 (size_t) except
   * WORK_DIM (I32). The backend computes them from the ABI registers and the
   * dispatch packet. */
  IR_LOCAL_ID,
  IR_GROUP_ID,
  IR_GLOBAL_ID,
  IR_LOCAL_SIZE,
  IR_GLOBAL_SIZE,
  IR_NUM_GROUPS,
  IR_GLOBAL_OFFSET,
  IR_WORK_DIM,
  /* integer arithmetic, operands of the result type; ADD, SUB, MUL and SHL
   * carry IR_NSW / IR_NUW in aux when the source promised no wrap */
  IR_ADD,
  IR_SUB,
  IR_MUL,
  IR_MULHI_U, /* high half of the unsigned product */
  IR_MULHI_S,
  IR_SDIV,
  IR_UDIV,
  IR_SREM,
  IR_UREM,
  IR_AND,
  IR_OR,
  IR_XOR,
  IR_NOT,
  IR_SHL, /* shift counts already masked to the width by the reader */
  IR_LSHR,
  IR_ASHR,
  IR_SMIN,
  IR_SMAX,
  IR_UMIN,
  IR_UMAX,
  /* float arithmetic */
  IR_FADD,
  IR_FSUB,
  IR_FMUL,
  IR_FDIV,
  IR_FREM,
  IR_FNEG,
  IR_FMA,
  IR_MATH, /* aux = ir_math: one-, two- or three-operand math builtin */
  /* comparisons: result BOOL; aux = ir_pred */
  IR_ICMP,
  IR_FCMP,
  IR_SELECT, /* opnd: cond (BOOL), if_true, if_false */
  /* conversions; source type is the operand's */
  IR_ZEXT,
  IR_SEXT,
  IR_TRUNC,
  IR_FPTOSI,
  IR_FPTOUI,
  IR_SITOFP,
  IR_UITOFP,
  IR_FPEXT,
  IR_FPTRUNC,
  IR_BITCAST, /* same size; also int<->ptr casts */
  /* pointers: PTRADD result = opnd0 + opnd1 (byte offset, I64); the reader
   * lowers access chains to this */
  IR_PTRADD,
  /* memory; type of LOAD is the value loaded; aux = alignment in bytes */
  IR_LOAD,  /* opnd: ptr */
  IR_STORE, /* opnd: ptr, value */
  IR_ATOMIC, /* opnd: ptr, value [, comparator for CMPXCHG]; aux = ir_atomic; result old value */
  IR_ALLOCA, /* private storage: imm = bytes, aux = alignment; result PTR(private) */
  IR_LOCAL_VAR, /* static __local variable: imm = bytes, aux = alignment; result PTR(local) */
  IR_CONST_VAR, /* program-scope __constant data: index aux into ir_module.consts; result PTR(constant) */
  /* synchronisation */
  IR_BARRIER, /* aux = CLK_*_MEM_FENCE flags */
  IR_FENCE,
  /* calls (removed by inlining before the backend) */
  IR_CALL, /* aux = callee function index; opnd = arguments */
  /* terminators: last instruction of a block */
  IR_BR,  /* block.succ[0] */
  IR_CBR, /* opnd: cond; succ[0] if true, succ[1] if false */
  IR_RET, /* opnd: optional value */
  IR_UNREACHABLE,
  /* phi: opnd[i] flows in from block phi_block[i] */
  IR_PHI,
  /* printf buffer (additive): result PTR(global), the device address of the
   * launch's printf buffer (a hidden kernarg slot, see isa_kernel.printf_*) */
  IR_PRINTF_BUF,
  /* images (OpenCL C read_image*, write_image*, get_image_*). An image value
   * is an I64, the device address of its descriptor (isa_image.h); a sampler
   * an I32, the sampler word. Both are uniform where the backend needs them.
   * aux of LOAD/SAMPLE/STORE = the family ISA_IMAGE_FLOAT/INT/UINT.
   *   IMAGE_LOAD   opnd: image, x, y, z (I32; z: slice or layer, 1D array:
   *                y the layer; unused ones 0); result channel 0
   *   IMAGE_SAMPLE opnd: image, sampler, x, y, z (F32); result channel 0
   *   IMAGE_CHAN   opnd: an IMAGE_LOAD/SAMPLE; channel aux (1..3) of its result
   *   IMAGE_STORE  opnd: image, x, y, z (I32), the 4 channels (F32 or I32)
   *   IMAGE_QUERY  opnd: image; the I32 descriptor field at byte offset aux
   *                (ISA_IMAGE_OFF_*): a scalar load */
  IR_IMAGE_LOAD,
  IR_IMAGE_SAMPLE,
  IR_IMAGE_CHAN,
  IR_IMAGE_STORE,
  IR_IMAGE_QUERY,
  IR_OP_COUNT
} ir_op;

/* aux flags of IR_ADD, IR_SUB, IR_MUL and IR_SHL (SPIR-V's NoSignedWrap and
 * NoUnsignedWrap decorations): the result equals the infinitely precise one,
 * read as signed (NSW) or unsigned (NUW). Address folding relies on them to
 * move constants out of sign- or zero-extended 64-bit indices. A pass that
 * rewrites such an instruction's operands clears them. */
#define IR_NSW 1u
#define IR_NUW 2u

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

typedef enum ir_math {
  IR_M_SQRT, IR_M_RSQRT, IR_M_FABS, IR_M_FMIN, IR_M_FMAX, IR_M_EXP, IR_M_EXP2,
  IR_M_LOG, IR_M_LOG2, IR_M_SIN, IR_M_COS, IR_M_POW, IR_M_FLOOR, IR_M_CEIL,
  IR_M_TRUNC, IR_M_RINT, IR_M_FMOD, IR_M_NATIVE_RECIP,
  /* float32 special functions (libm-accurate, within the OpenCL ULP bounds) */
  IR_M_TAN, IR_M_ASIN, IR_M_ACOS, IR_M_ATAN, IR_M_ATAN2, IR_M_SINH, IR_M_COSH, IR_M_TANH,
  IR_M_EXP10, IR_M_LOG10, IR_M_LOG1P, IR_M_EXPM1, IR_M_CBRT, IR_M_HYPOT, IR_M_FDIM,
  IR_M_ASINH, IR_M_ACOSH, IR_M_ATANH, IR_M_COPYSIGN,
  /* 32-bit integer bit counts on I32 operands (the reader widens narrower
   * types and splits 64-bit ones): popcount, count leading/trailing zeros
   * (32 for a zero input) */
  IR_M_POPCOUNT, IR_M_CLZ, IR_M_CTZ,
  /* more float32 builtins; LDEXP's second operand is an I32 exponent */
  IR_M_ROUND, IR_M_ERF, IR_M_ERFC, IR_M_TGAMMA, IR_M_LOGB, IR_M_REMAINDER, IR_M_NEXTAFTER,
  IR_M_LDEXP,
  /* half storage (vload_half/vstore_half): HALF2F takes binary16 bits in the
   * low 16 bits of an I32 and gives F32; F2HALF_* take F32 or F64 and give the
   * binary16 bits (upper bits zero) in an I32, rounded as the suffix says */
  IR_M_HALF2F, IR_M_F2HALF_RTE, IR_M_F2HALF_RTZ, IR_M_F2HALF_RTP, IR_M_F2HALF_RTN,
  /* more float/double builtins (isa_mathx.h says what each computes): POWN and ROOTN take
   * an I32 second operand; LGAMMA_SIGN, FREXP_EXP, ILOGB and REMQUO_Q give I32 (lgamma_r's
   * sign, frexp's exponent, ilogb, remquo's quotient) from float or double operands */
  IR_M_SINPI, IR_M_COSPI, IR_M_TANPI, IR_M_ASINPI, IR_M_ACOSPI, IR_M_ATANPI, IR_M_ATAN2PI,
  IR_M_POWR, IR_M_POWN, IR_M_ROOTN, IR_M_LGAMMA, IR_M_LGAMMA_SIGN, IR_M_FREXP_MANT,
  IR_M_FREXP_EXP, IR_M_ILOGB, IR_M_REMQUO_Q,
  IR_M_COUNT
} ir_math;

typedef enum ir_atomic {
  IR_A_ADD, IR_A_SUB, IR_A_XCHG, IR_A_CMPXCHG, IR_A_SMIN, IR_A_SMAX, IR_A_UMIN,
  IR_A_UMAX, IR_A_AND, IR_A_OR, IR_A_XOR, IR_A_INC, IR_A_DEC,
} ir_atomic;

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
  /* Kernels: CL_KERNEL_ATTRIBUTES, the source's kernel attributes as written
   * (space separated), or NULL when there are none. */
  char *attributes;
  /* Where an allocation failure in the IR helpers unwinds to (fe_oom.h):
   * set by the reader for every function; NULL for IR built by hand in
   * unit tests (the helpers then just fail). */
  struct fe_oom *oom;
} ir_function;

typedef struct ir_const_data {
  uint8_t *bytes;
  uint32_t size, align;
} ir_const_data;

typedef struct ir_module {
  ir_function *fns;
  uint32_t nfns;
  ir_const_data *consts;
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
const char *ir_op_name(ir_op op);

#endif
