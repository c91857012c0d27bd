/* The wavefront ISA: instruction representation, kernel metadata, the wave's
 * architectural state and the execution entry point. Defined by isa.def. */
#ifndef WAVESIM_ISA_H
#define WAVESIM_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "isa_image.h"

#define ISA_MAX_WAVE 64   /* lanes; a config chooses 32 or 64 */
#define ISA_MAX_VGPRS 256 /* per wave, 32-bit each per lane */
#define ISA_MAX_SGPRS 104 /* per wave, 32-bit each */
#define ISA_SIMT_DEPTH 64 /* reconvergence stack entries per wave */
#define ISA_NO_PC UINT32_MAX

/* ---- the table ---------------------------------------------------------- */
typedef enum isa_unit {
  ISA_UNIT_SALU,    /* scalar ALU */
  ISA_UNIT_SMEM,    /* scalar memory (constant cache) */
  ISA_UNIT_VALU,    /* vector ALU, 32-bit */
  ISA_UNIT_VALU64,  /* vector ALU, 64-bit integer / compare */
  ISA_UNIT_IDIV,    /* integer division (multi-pass on the VALU) */
  ISA_UNIT_TRANS,   /* special-function unit: div, sqrt, transcendental */
  ISA_UNIT_VMEM,    /* vector memory to global (L1/L2/DRAM) */
  ISA_UNIT_LDS,     /* local data share */
  ISA_UNIT_SCRATCH, /* private memory, through the vector memory path */
  ISA_UNIT_BRANCH,  /* branches, end of program */
  ISA_UNIT_BARRIER, /* work-group barrier */
  ISA_UNIT_FP64,    /* double precision (cl_khr_fp64), at cu.fp64_passes */
  ISA_UNIT_XLANE,   /* cross-lane moves (sub-groups), at cu.xlane_passes */
  ISA_UNIT_COUNT
} isa_unit;

typedef enum isa_opkind {
  ISA_OK_N,
  ISA_OK_V,
  ISA_OK_V2,
  ISA_OK_V4,
  ISA_OK_S,
  ISA_OK_S2,
  ISA_OK_A,
  ISA_OK_A2,
  ISA_OK_B,
  ISA_OK_B2,
  ISA_OK_D,
  ISA_OK_COUNT
} isa_opkind;

enum {
  ISA_F_MEM = 1u << 0,
  ISA_F_LOAD = 1u << 1,
  ISA_F_STORE = 1u << 2,
  ISA_F_ATOMIC = 1u << 3,
  ISA_F_SEXT = 1u << 4,
  ISA_F_SZ1 = 1u << 5,
  ISA_F_SZ2 = 1u << 6,
  ISA_F_SZ4 = 1u << 7,
  ISA_F_SZ8 = 1u << 8,
  ISA_F_SZ16 = 1u << 9,
  ISA_F_BRANCH = 1u << 10,
  ISA_F_END = 1u << 11,
  ISA_F_WSCC = 1u << 12, /* writes SCC */
  ISA_F_RSCC = 1u << 13, /* reads SCC */
  /* image instruction (isa_sem_image.c): with ISA_F_MEM and ISA_F_LOAD or
   * ISA_F_STORE; bytes per lane come from the image's descriptor */
  ISA_F_IMAGE = 1u << 14,
  /* changes exec outside a branch (whole-wave mode): schedulers keep
   * instructions on their side of it */
  ISA_F_EXEC = 1u << 15,
  /* orders the wave's memory accesses (s_wave_barrier): schedulers keep
   * memory instructions on their side of it */
  ISA_F_ORDER = 1u << 16,
};

typedef enum isa_opcode {
#define ISA_OP(name, unit, d, s0, s1, s2, flags) ISA_OP_##name,
#include "isa.def"
#undef ISA_OP
  ISA_OP_COUNT
} isa_opcode;

typedef struct isa_opinfo {
  const char *name;
  uint8_t unit;    /* isa_unit */
  uint8_t kind[4]; /* isa_opkind: dst, src0, src1, src2 */
  uint32_t flags;  /* ISA_F_* */
} isa_opinfo;

extern const isa_opinfo isa_ops[ISA_OP_COUNT]; /* const table, not mutable state */

/* Bytes accessed per lane by a memory instruction (0 if not memory, and for
 * image instructions, whose texel size is the descriptor's elem_size). */
unsigned isa_access_size(isa_opcode op);

/* ---- a decoded instruction ---------------------------------------------- */
typedef enum isa_regfile {
  ISA_RF_NONE,
  ISA_RF_V,   /* VGPR (or first of a tuple) */
  ISA_RF_S,   /* SGPR (or first of a pair) */
  ISA_RF_IMM, /* literal */
} isa_regfile;

typedef struct isa_operand {
  uint8_t file; /* isa_regfile */
  uint16_t reg; /* register number when file is V or S */
  uint64_t imm; /* literal when file is IMM (32-bit kinds use the low half) */
} isa_operand;

/* The memory-model modifier of an instruction (isa_inst.sync): the C11
 * order and OpenCL memory scope an atomic or a fence had in the source,
 * which execution ignores (the model performs every memory instruction whole
 * and in order) and the race check (sim_check.c) reads to order accesses
 * through synchronizes-with. On a vector load or atomic, a nonzero value
 * marks the access atomic (a relaxed one has a scope and no order bits); on
 * s_waitmem it is an atomic_work_item_fence's (0: a wait that only costs
 * time, such as the one beside an ordered atomic).
 *
 *    7   6 5    3   2     1     0
 *   +-----+------+---+-----+-----+
 *   |  0  |scope | 0 | rel | acq |
 *   +-----+------+---+-----+-----+
 *
 * acq_rel and seq_cst set both order bits. ISA_SCOPES lists the scopes, narrowest
 * first, with their text names (isa_text.c); value 0 is reserved for "none". */
enum { ISA_SYNC_ACQ = 1u, ISA_SYNC_REL = 2u, ISA_SYNC_SCOPE_SHIFT = 3u };
#define ISA_SCOPES(X) X(ITEM, "wi") X(SUBGROUP, "sg") X(GROUP, "wg") X(DEVICE, "dev") X(ALL, "all")
typedef enum isa_scope {
  ISA_SCOPE_NONE,
#define ISA_SCOPE_ENUM(name, text) ISA_SCOPE_##name,
  ISA_SCOPES(ISA_SCOPE_ENUM)
#undef ISA_SCOPE_ENUM
      ISA_SCOPE_COUNT
} isa_scope;
#define ISA_SYNC(order, scope) ((uint8_t)((order) | (unsigned)(scope) << ISA_SYNC_SCOPE_SHIFT))
#define ISA_SYNC_SCOPE_OF(sync) ((isa_scope)((sync) >> ISA_SYNC_SCOPE_SHIFT))

typedef struct isa_inst {
  uint16_t op; /* isa_opcode */
  isa_operand dst;
  isa_operand src[3];
  int32_t offset;     /* memory byte offset */
  uint8_t sync;       /* memory-model modifier (above); 0 when none */
  uint32_t target[3]; /* branch targets as instruction indices; ISA_NO_PC if unused */
} isa_inst;

/* ---- kernels and programs ----------------------------------------------- */
struct isa_kernel;
typedef enum isa_argkind {
  ISA_ARG_VALUE,      /* by-value scalar or struct, `size` bytes */
  ISA_ARG_GLOBAL_PTR, /* __global pointer: 8-byte device address */
  ISA_ARG_CONST_PTR,  /* __constant pointer: 8-byte device address */
  ISA_ARG_LOCAL_PTR,  /* __local pointer: 8-byte slot holding the LDS byte offset
                         the runtime assigned (size given by clSetKernelArg)
                         plus ISA_PTR_BIAS */
  ISA_ARG_SAMPLER,    /* sampler_t: an 8-byte slot, the sampler word (isa_image.h) in its
                         low 32 bits */
  ISA_ARG_IMAGE,      /* image*_t: 8-byte device address of the image's descriptor
                         (isa_image_desc) */
} isa_argkind;

typedef struct isa_arg {
  char *name;
  char *type_name; /* OpenCL C type as written, if known ("float*"), else "" */
  uint8_t kind;    /* isa_argkind */
  uint32_t size;   /* bytes in the kernarg segment */
  uint32_t offset; /* byte offset in the kernarg segment */
  uint32_t align;
  /* CL_KERNEL_ARG_TYPE_* bits from clang's kernel_arg_type_qual (1 const,
   * 2 restrict, 4 volatile, 8 pipe); 0 when none or unknown. */
  uint32_t type_qual;
  /* images: CL_KERNEL_ARG_ACCESS_* as ISA_ACCESS_*; ISA_ACCESS_NONE otherwise */
  uint8_t access;
} isa_arg;

/* An image argument's access qualifier (OpTypeImage's); the runtime maps it
 * to CL_KERNEL_ARG_ACCESS_READ_ONLY... */
enum { ISA_ACCESS_NONE, ISA_ACCESS_READ_ONLY, ISA_ACCESS_WRITE_ONLY, ISA_ACCESS_READ_WRITE };

/* Hidden kernel arguments: what a kernel needs from the runtime beyond its
 * user arguments. One row per kind, X(NAME, "name", slot_bytes), its meaning
 * in the comment above it. A kind's slot is `slot_bytes` of kernarg at
 * isa_hidden_arg.offset, written by the runtime before each launch
 * (rt_launch.c binds every kind; a new kind is a row here and a case there). */
#define ISA_HIDDEN_KINDS(X)                                                                        \
  /* device address of the program's __constant segment (isa_program.segs) */                      \
  X(CONSTANT_SEGMENT, "constant_segment", 8)                                                       \
  /* device address of the program's __global variable segment, per (program, device) */           \
  X(GLOBAL_SEGMENT, "global_segment", 8)                                                           \
  /* device address of this launch's printf buffer (layout: ISA_PRINTF_*) */                       \
  X(PRINTF_BUFFER, "printf_buffer", 8)

typedef enum isa_hidden_kind {
#define ISA_HIDDEN_ENUM(name, text, bytes) ISA_HIDDEN_##name,
  ISA_HIDDEN_KINDS(ISA_HIDDEN_ENUM)
#undef ISA_HIDDEN_ENUM
      ISA_HIDDEN_COUNT
} isa_hidden_kind;

typedef struct isa_hidden_arg {
  uint8_t kind;    /* isa_hidden_kind */
  uint32_t offset; /* byte offset of its slot in the kernarg segment */
} isa_hidden_arg;

/* "constant_segment"... for listings and messages; NULL for a bad kind. */
const char *isa_hidden_name(unsigned kind);
/* The slot's size in bytes (0 for a bad kind). */
uint32_t isa_hidden_bytes(unsigned kind);
/* k's row of that kind, or NULL when the kernel does not use it. */
const isa_hidden_arg *isa_kernel_hidden(const struct isa_kernel *k, isa_hidden_kind kind);

/* Program-level segments: data every kernel of a program shares, placed once
 * per (program, device) by the runtime, which binds their addresses to the
 * kernels through hidden arguments. The constant segment holds the
 * program-scope __constant variables (read-only), the global segment the
 * program-scope and static __global variables (read-write, persistent across
 * launches of any kernel of the program on that device). */
typedef enum isa_segkind { ISA_SEG_CONSTANT, ISA_SEG_GLOBAL, ISA_NSEGS } isa_segkind;

/* A pointer inside a segment: the 8 little-endian bytes at `at` hold an
 * offset into segment `seg`, to which the runtime adds that segment's device
 * address when it initialises the data. */
typedef struct isa_reloc {
  uint32_t at;
  uint8_t seg; /* isa_segkind */
} isa_reloc;

typedef struct isa_segment {
  uint8_t *data; /* size bytes of initial contents; NULL when size is 0 */
  uint32_t size;
  isa_reloc *relocs;
  uint32_t nrelocs;
} isa_segment;

typedef struct isa_kernel {
  char *name;
  isa_inst *code;
  uint32_t ncode;
  uint32_t *line;     /* source line per instruction, 0 if unknown */
  char *source_file;  /* file the lines refer to */
  uint32_t nvgprs;    /* registers used per wave (allocator result) */
  uint32_t nsgprs;
  uint32_t lds_bytes;     /* static __local variables; dynamic args come after */
  uint32_t private_bytes; /* per work-item private (scratch) bytes */
  uint32_t kernarg_bytes;
  uint32_t nargs;
  isa_arg *args;
  uint32_t reqd_wg_size[3]; /* reqd_work_group_size, 0 if none */
  /* built for uniform work-groups only (OpenCL C 1.x, -cl-uniform-work-group-
   * size): a launch whose global size is not a multiple of the local size
   * is CL_INVALID_WORK_GROUP_SIZE; 0: the last groups may be smaller */
  uint8_t uniform_wg;
  char *attributes;         /* CL_KERNEL_ATTRIBUTES text, NULL if none */
  /* Hidden arguments: kernarg slots the runtime fills at each launch, past
   * every user argument and not in args[]/nargs (clSetKernelArg and
   * CL_KERNEL_NUM_ARGS never see them), one row per input the kernel uses. */
  isa_hidden_arg *hidden;
  uint32_t nhidden;
} isa_kernel;

/* printf: the program's call sites, each a format string and an argument
 * layout, one character per 8-byte record slot: 'i' 32-bit integer (low 4
 * bytes), 'l' 64-bit integer, 'f' float (low 4 bytes), 'd' double, 'p'
 * pointer. A kernel calling printf has an ISA_HIDDEN_PRINTF_BUFFER slot.
 * Buffer: u32 write offset, u32 dropped records, u32 capacity (bytes of the
 * record area), u32 0, then the record area, then ISA_PRINTF_SPILL junk bytes
 * that overflowing records go to. Record: u32 bytes, u32 site, u32 global id
 * x, y, z, u32 0, then the slots. */
enum { ISA_PRINTF_HEADER = 16, ISA_PRINTF_RECORD_HEADER = 24, ISA_PRINTF_SPILL = 4096 };

typedef struct isa_program {
  isa_kernel *kernels;
  uint32_t nkernels;
  isa_segment segs[ISA_NSEGS]; /* by isa_segkind */
  uint32_t nprintf;            /* printf sites, numbered as the code's records name them */
  char **printf_fmts;
  char **printf_layouts;
} isa_program;

void isa_kernel_fini(isa_kernel *k);
void isa_program_destroy(isa_program *p);
const isa_kernel *isa_program_find(const isa_program *p, const char *name);

/* ---- ABI: the state a wave starts with ------------------------------------
 * s[0:1] kernarg segment device address   s[2:3] dispatch packet address
 * s4, s5, s6 work-group id x, y, z
 * v0, v1, v2 local id x, y, z of each lane
 * exec: the lanes that hold work-items (a partial last wave has fewer)
 * LDS addresses start at 0 for the work-group: static __local variables first,
 * then __local pointer arguments at the offsets the runtime writes in kernargs.
 * Each __local variable and argument starts at a multiple of ISA_LDS_ALIGN.
 * Scratch addresses are per-lane offsets into that work-item's private area.
 * A __local or private pointer value is its LDS or scratch address plus
 * ISA_PTR_BIAS; memory instructions take the address itself, so the compiler
 * subtracts the bias in their immediate offset. */
enum {
  /* The size of the largest OpenCL C type (long16/double16, 128 bytes): the
   * alignment OpenCL 1.2 (6.2.5, 6.5.2) lets a kernel assume for every
   * __local variable and __local pointer argument, whatever it casts it to. */
  ISA_LDS_ALIGN = 128,
  /* Added to LDS and scratch addresses to make __local and private pointer
   * values, so that no object's address equals the null pointer (0), as C
   * and OpenCL C require (the first variable is at address 0). It costs no
   * memory and sizes stay as they are; a null pointer (plus a field offset
   * below the bias) reaches memory as an address past the bound, reported
   * out of bounds. A multiple of ISA_LDS_ALIGN keeps pointer alignment. */
  ISA_PTR_BIAS = 0x10000,
  /* Generic (flat) addresses, OpenCL 2.0's generic address space, laid out
   * as AMD's flat addressing does: one 64-bit space in which each __local
   * and private pointer value (its LDS or scratch address plus ISA_PTR_BIAS)
   * appears inside a 4 GiB aperture whose high 32 bits are these, and every
   * other address is a global one (device memory starts at 4 GiB and grows
   * upward, far below 2^60). So a generic address's space is its high word
   * and its low word is the __local or private pointer value itself; the
   * bias keeps every object's generic address above its aperture's base, so
   * the null generic pointer 0 stays global and null. The compiler
   * (frontend/passes/generic.c) converts with this arithmetic and routes
   * each lane's access by its high word. */
  ISA_APERTURE_LOCAL_HI = 0x10000000,
  ISA_APERTURE_PRIVATE_HI = 0x20000000,
  ISA_ABI_SGPR_KERNARG = 0,
  ISA_ABI_SGPR_DISPATCH = 2,
  ISA_ABI_SGPR_GROUP_ID = 4, /* x at 4, y at 5, z at 6 */
  ISA_ABI_SGPR_FIRST_FREE = 7,
  ISA_ABI_VGPR_LOCAL_ID = 0, /* x at 0, y at 1, z at 2 */
  ISA_ABI_VGPR_FIRST_FREE = 3,
};

/* The dispatch packet in device memory, one per launch (all fields little
 * endian, 64-bit unless noted). The compiler reads it with s_load. */
enum {
  ISA_DISPATCH_WORK_DIM = 0,       /* u32 */
  ISA_DISPATCH_GLOBAL_SIZE = 8,    /* [3] */
  ISA_DISPATCH_LOCAL_SIZE = 32,    /* [3] */
  ISA_DISPATCH_GLOBAL_OFFSET = 56, /* [3] */
  ISA_DISPATCH_NUM_GROUPS = 80,    /* [3] */
  ISA_DISPATCH_BYTES = 104,
};

/* ---- memory seen by a wave -------------------------------------------- */
typedef struct isa_region {
  uint64_t base, size;
  uint8_t *host; /* where the bytes live in the simulator's process */
} isa_region;

/* Global device memory: sorted, non-overlapping regions. */
typedef struct isa_memmap {
  const isa_region *regions;
  uint32_t nregions;
} isa_memmap;

/* Host pointer for [addr, addr+size) if it lies inside one region, else NULL. */
uint8_t *isa_memmap_translate(const isa_memmap *m, uint64_t addr, uint32_t size);

/* What the last executed memory instruction touched, for the timing model:
 * per-lane byte addresses (global device address, LDS offset, or scratch
 * device address) of the lanes in `mask`. */
typedef enum isa_space { ISA_SPACE_NONE, ISA_SPACE_GLOBAL, ISA_SPACE_LDS, ISA_SPACE_SCRATCH, ISA_SPACE_SCALAR } isa_space;
typedef struct isa_access {
  uint8_t space; /* isa_space */
  uint8_t size;  /* bytes per lane */
  uint8_t kind;  /* ISA_F_LOAD, ISA_F_STORE or ISA_F_ATOMIC */
  uint64_t mask;
  /* lanes whose compare-exchange found another value and stored nothing
   * (the race check: a failed one does not release) */
  uint64_t cas_failed;
  uint64_t addr[ISA_MAX_WAVE];
} isa_access;

/* What the last image instruction (ISA_F_IMAGE) touched, for the texture
 * path: every texel address of each lane (nearest: 1, bilinear: up to 4,
 * trilinear: up to 8, in isa_image_read's order; border texels and dropped
 * out-of-range writes: none). isa_access reports each lane's first texel to
 * the ordinary memory path. Only valid after an image instruction (isa_wave.tex). */
typedef struct isa_tex_access {
  uint64_t mask;    /* lanes with at least one texel */
  uint8_t kind;     /* ISA_F_LOAD or ISA_F_STORE */
  uint8_t size;     /* bytes per texel */
  uint8_t filtered; /* 1: linear filtering (the taps are blended) */
  uint8_t sampled;  /* 1: a read with a sampler (image_sample_*) */
  uint32_t taps;    /* texels of all lanes: the sum of ntaps over mask */
  uint8_t ntaps[ISA_MAX_WAVE];
  uint64_t addr[ISA_MAX_WAVE][ISA_IMAGE_MAX_TAPS];
  uint8_t texel[ISA_MAX_WAVE][16]; /* stores: the bytes each lane wrote */
} isa_tex_access;

typedef enum isa_fault_kind {
  ISA_FAULT_NONE,
  ISA_FAULT_GLOBAL_OOB,   /* global/constant access outside every buffer */
  ISA_FAULT_LDS_OOB,      /* __local access past the work-group's LDS */
  ISA_FAULT_SCRATCH_OOB,  /* private access past the work-item's area */
  ISA_FAULT_MISALIGNED,   /* access not aligned to its size */
  ISA_FAULT_DIVERGENT_BARRIER,
  ISA_FAULT_STACK_OVERFLOW, /* reconvergence stack exhausted */
  ISA_FAULT_BAD_PC,
  ISA_FAULT_IMAGE_DESC,     /* image descriptor (addr) not in device memory */
  ISA_FAULT_IMAGE_BAD_DESC, /* image descriptor (addr) holds no valid image */
} isa_fault_kind;

typedef struct isa_fault {
  uint8_t kind; /* isa_fault_kind */
  uint32_t pc;
  uint32_t lane;
  uint64_t addr;
  uint32_t size;
} isa_fault;

/* ---- a wave's architectural state ----------------------------------------- */
typedef struct isa_simt_entry {
  uint32_t pc;  /* where this entry resumes */
  uint32_t rpc; /* reconvergence pc: pop when execution reaches it */
  uint64_t mask;
} isa_simt_entry;

typedef enum isa_status {
  ISA_RUN,     /* executed; continue */
  ISA_BARRIER, /* executed s_barrier: wait for the work-group */
  ISA_END,     /* executed s_endpgm */
  ISA_FAULTED, /* see wave->fault */
} isa_status;

typedef struct isa_wave {
  const isa_kernel *kernel;
  uint32_t wave_size; /* 32 or 64 */
  uint32_t *v;        /* VGPRs, register-major: v[reg * wave_size + lane] */
  uint32_t *s;        /* SGPRs */
  uint64_t exec;
  uint32_t scc;
  uint32_t pc;
  uint32_t sp; /* reconvergence stack depth; stack[sp-1] is the top */
  isa_simt_entry stack[ISA_SIMT_DEPTH];
  /* memory */
  const isa_memmap *global;
  /* where image instructions record all their texels (NULL: not recorded).
   * Owned by the simulator, which may share one record between waves: read
   * it right after the instruction, as the timing model reads access. */
  isa_tex_access *tex;
  uint8_t *lds;
  uint32_t lds_size;
  uint8_t *scratch;          /* this wave's private areas, lane-major */
  uint64_t scratch_base;     /* device address of lane 0's area (for timing) */
  uint32_t scratch_per_lane; /* bytes per work-item */
  /* results of the last step, read by the timing model */
  isa_access access;
  uint8_t diverged; /* the last branch split the wave */
  isa_fault fault;
  /* Out-of-bounds accesses (ISA_FAULT_*_OOB kinds): 0 faults the wave; 1
   * goes on as GPUs do, the lane's load reading zeros and its store or
   * atomic dropped (an atomic returns 0) where out of bounds (a straddling
   * load or store accesses its bytes inside), and notes the first such lane of
   * the instruction in `oob` (pc unset) for the simulator to report and
   * clear; set by the simulator per launch (sim_check.h, README "--check"). */
  uint8_t oob_ignore;
  isa_fault oob;
} isa_wave;

/* Set a wave up at pc 0 with the given active lanes; registers are zeroed by
 * the caller (they are owned by the simulator). */
void isa_wave_start(isa_wave *w, uint64_t exec);

/* Execute the instruction at w->pc for all active lanes and advance pc
 * (through the reconvergence stack). */
isa_status isa_step(isa_wave *w);

/* Text forms. */
size_t isa_disasm(const isa_inst *in, char *buf, size_t len);
/* Parse one instruction; labels already resolved by the caller are not
 * needed: branch targets are written as instruction indices (@12) or as
 * labels resolved by isa_assemble. Returns 0 or -1 with a message in err. */
int isa_parse_inst(const char *text, isa_inst *out, char *err, size_t errlen);
/* Assemble a whole listing (one instruction per line, "label:" lines, ';'
 * comments). Returns 0 or -1 with "line N: ..." in err. */
int isa_assemble(const char *text, isa_inst **code, uint32_t *ncode, char *err, size_t errlen);

/* Binary encoding: variable length, little-endian 32-bit words. */
size_t isa_encode(const isa_inst *in, uint32_t *words, size_t maxwords); /* words used, 0 on error */
size_t isa_decode(const uint32_t *words, size_t nwords, isa_inst *out);  /* words consumed, 0 on error */

/* ---- additions: validation, operand shapes, register sets ------------------ */
/* Longest encoding in 32-bit words (header, 4 operands x 2, offset, 3 targets). */
#define ISA_MAX_INST_WORDS 13

/* Branch targets an opcode carries in isa_inst.target[] (s_cbranch_div: 3;
 * s_branch, s_cbranch_scc0/1: 1; others 0; unused slots hold ISA_NO_PC). */
unsigned isa_num_targets(isa_opcode op);
/* Registers spanned by operand slot (0 dst, 1..3 src0..src2) of op when it is
 * a register: 1, 2 or 4 (kind D follows the access size); 0 for kind N. */
unsigned isa_operand_width(isa_opcode op, unsigned slot);
/* Whether an instruction is well formed: operand files allowed by the kinds,
 * register tuples inside ISA_MAX_VGPRS/ISA_MAX_SGPRS, 32-bit literals fit,
 * offset only on memory instructions, exactly isa_num_targets() targets.
 * Returns 0 or -1 with a message in err. The codec and the parser use it. */
int isa_inst_check(const isa_inst *in, char *err, size_t errlen);

/* Register read/write sets of one instruction, for a scoreboard; derived from
 * the operand kinds. Memory data operands are reads (stores) or writes
 * (loads, atomics' returned old value). Exec is not listed: every vector
 * instruction reads it and only branches and the ISA_F_EXEC instructions
 * (whole-wave mode) change it. */
typedef struct isa_regref {
  uint8_t file;  /* isa_regfile: ISA_RF_V or ISA_RF_S */
  uint8_t count; /* consecutive registers */
  uint16_t reg;  /* first register */
} isa_regref;

typedef struct isa_regset {
  isa_regref reads[3];
  isa_regref writes[1];
  uint8_t nreads, nwrites;
  uint8_t reads_scc, writes_scc;
} isa_regset;

void isa_inst_regs(const isa_inst *in, isa_regset *rs);

/* Atomic operand order: global/ds_atomic_cmpxchg_b32 dst, addr, cmp, value
 * (OpenCL atomic_cmpxchg(p, cmp, val)); dst receives the old value. */

/* ---- additions: whole-program serialization (isa_serial.c) ----------------
 * A versioned little-endian byte format holding every isa_kernel field, code
 * as isa_encode words, ended by a checksum; used by the compile cache.
 * Bump ISA_SERIAL_VERSION whenever the layout or isa_encode changes. */
/* 2: printf sites; 3: argument type qualifiers; 4: kernel attributes;
 * 5: s_barrier_local (opcode numbers after it moved); 6: image instructions;
 * 7: image arguments' access qualifiers; 8: v_writelane_b32/v_readlane_b32 (SGPR
 * spill slots; opcode numbers after them moved); 10: program-level segments
 * and printf sites, the hidden-argument table replacing the per-feature
 * kernel fields; 11: the uniform work-group flag (isa_kernel.uniform_wg);
 * 12: the memory-model modifier (isa_inst.sync) in the instruction header */
#define ISA_SERIAL_VERSION 12u
/* 0 and a malloc'd *buf of *len bytes, or -1 (a malformed instruction or out of
 * memory) with *buf NULL. */
int isa_program_serialize(const isa_program *prog, uint8_t **buf, size_t *len);
/* 0 and a heap program in *out (isa_program_destroy), or -1 with *out NULL and
 * a message in err naming the byte offset and what was wrong (truncated,
 * corrupt, other format version). Never reads outside buf[0, len). */
int isa_program_deserialize(const uint8_t *buf, size_t len, isa_program **out, char *err,
                            size_t errlen);

#endif
