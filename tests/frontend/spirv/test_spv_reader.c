/* Tests for frontend/clc.c and frontend/spirv/: OpenCL C kernels compiled to
 * IR and compared with golden text (WAVESIM_UPDATE_GOLDEN=1 rewrites them),
 * and every bad-input path (compile errors, options, unsupported features,
 * malformed SPIR-V). Runs from tests/frontend/spirv (ctest WORKING_DIRECTORY). */
#include <check.h>
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "fe_front.h"

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = 0;
  fclose(f);
  return s;
}

/* Compiles source; returns status, IR text of all functions in *ir, log in *log. */
static fe_status compile(const char *src, const char *opts, char **ir, char **log) {
  fe_clc_tools t = fe_front_default_tools();
  fe_sb lb = {0}, tb = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&t, src, opts, &m, &lb);
  for (uint32_t i = 0; m && i < m->nfns; i++) {
    char *s = ir_print_function(&m->fns[i]);
    fe_sb_printf(&tb, "%s%s", i ? "\n" : "", s);
    free(s);
  }
  if (m)
    ir_module_free(m);
  *ir = fe_sb_take(&tb);
  *log = fe_sb_take(&lb);
  return st;
}

static void check_golden_opts(const char *name, const char *opts) {
  char path[256];
  snprintf(path, sizeof path, "kernels/%s.cl", name);
  char *src = read_text(path);
  ck_assert_msg(src != NULL, "missing %s", path);
  char *ir, *log;
  fe_status st = compile(src, opts, &ir, &log);
  ck_assert_msg(st == FE_OK, "%s: status %d, log:\n%.2000s", name, st, log);
  ck_assert_str_eq(log, ""); /* no warnings */
  snprintf(path, sizeof path, "golden/%s.ir", name);
  const char *upd = getenv("WAVESIM_UPDATE_GOLDEN");
  if (upd && *upd == '1') {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(ir, f);
    fclose(f);
  }
  char *want = read_text(path);
  ck_assert_msg(want != NULL, "missing %s (run with WAVESIM_UPDATE_GOLDEN=1)", path);
  ck_assert_msg(!strcmp(want, ir), "%s differs from the reader's output:\n%s", path, ir);
  free(want);
  free(src);
  free(ir);
  free(log);
}

static const char *const golden_kernels[] = {
  "vector_add", "if_else", "loop_phi", "local_barrier", "atomics", "switch",
  "private_array", "math", "helper_call", "vectors", "structs", "fp64_consts", "byval_copy",
};

START_TEST(golden) { check_golden_opts(golden_kernels[_i], ""); }
END_TEST

/* The integer dot products (dot4 ss/uu/su, .sat; the packed form straight
 * from its uint) and bit operations (bfi, bfe_s/bfe_u, bitrev; a ushort
 * field with its offset and count clamped to 16 bits). OpenCL C 3.0: without
 * a device, the extensions' macros come only from clang's header there. */
START_TEST(golden_int_dot_bits) { check_golden_opts("int_dot_bits", "-cl-std=CL3.0"); }
END_TEST

/* ---- bad OpenCL C and options ------------------------------------------- */
START_TEST(compile_error_has_clang_message_and_line) {
  char *ir, *log;
  fe_status st = compile("__kernel void k(__global int *o) {\n"
                         "  o[0] = 1;\n"
                         "  o[1] = undefined_var;\n"
                         "}\n", "", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:3:10: error: use of undeclared identifier 'undefined_var'"),
                "log: %s", log);
  ck_assert_msg(!strstr(log, "wavesim-clc"), "temp path leaked into the log: %s", log);
  free(ir), free(log);
}
END_TEST

START_TEST(unknown_option_is_named) {
  char *ir, *log;
  fe_status st = compile("__kernel void k(void) {}\n", "-DX=1 -fancy-flag", &ir, &log);
  ck_assert_int_eq(st, FE_INVALID_OPTIONS);
  ck_assert_msg(strstr(log, "error: unknown build option '-fancy-flag'"), "log: %s", log);
  free(ir), free(log);
  st = compile("__kernel void k(void) {}\n", "-cl-std=CL9.9", &ir, &log);
  ck_assert_int_eq(st, FE_INVALID_OPTIONS);
  ck_assert_msg(strstr(log, "'-cl-std=CL9.9': unknown OpenCL C version"), "log: %s", log);
  free(ir), free(log);
  st = compile("__kernel void k(void) {}\n", "-D", &ir, &log);
  ck_assert_int_eq(st, FE_INVALID_OPTIONS);
  ck_assert_msg(strstr(log, "build option '-D' needs an argument"), "log: %s", log);
  free(ir), free(log);
  st = compile("__kernel void k(void) {}\n", "-DX=\"a b", &ir, &log);
  ck_assert_int_eq(st, FE_INVALID_OPTIONS);
  ck_assert_msg(strstr(log, "unterminated \" quote"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

START_TEST(options_pass_through) {
  char *ir, *log;
  fe_status st = compile("__kernel void k(__global int *o) { o[0] = N * SCALE; }\n",
                         "-D N=6 -DSCALE=7 -cl-mad-enable -cl-fast-relaxed-math -cl-std=CL1.2 "
                         "-cl-denorms-are-zero -w -I .", &ir, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(strstr(ir, "= const 42"), "ir: %s", ir);
  free(ir), free(log);
  /* -Werror turns clang's warning into an error with its line */
  st = compile("__kernel void k(__global int *o) {\n  int unused_thing;\n"
               "  o[0] = 1 / 0;\n}\n", "-Werror", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:3:"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

START_TEST(warnings_reach_the_log) {
  char *ir, *log;
  fe_status st = compile("__kernel void k(__global int *o) {\n  o[0] = 1 / 0;\n}\n", "", &ir, &log);
  ck_assert_int_eq(st, FE_OK);
  ck_assert_msg(strstr(log, "input.cl:2:12: warning: division by zero"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

/* ---- unsupported features name themselves and their line ----------------- */
START_TEST(printf_is_unsupported) {
  /* printf itself is supported (a printf_buf + atomic reservation); a format
   * that is not a __constant string literal is not */
  char *ir, *log;
  fe_status st = compile("__kernel void k(__global int *o) {\n  o[0] = 1;\n"
                         "  printf(\"%d\\n\", o[1]);\n}\n", "", &ir, &log);
  ck_assert_int_eq(st, FE_OK);
  ck_assert_msg(strstr(ir, "printf_buf"), "ir: %s", ir);
  free(ir), free(log);
  st = compile("__kernel void k(__global int *o, __constant char *f) {\n  o[0] = 1;\n"
               "  printf(f, o[1]);\n}\n", "", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:3: error: unsupported printf format: not a NUL-terminated "
                            "__constant string literal"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

/* async copies lower to a cooperative loop (a phi on the element index) and
 * wait_group_events to a barrier with both fences (aux 3); prefetch is dropped */
START_TEST(async_copy_lowers) {
  char *ir, *log;
  fe_status st = compile("__kernel void k(__global const float *g, __local float *l) {\n"
                         "  prefetch(g, 64);\n"
                         "  event_t e = async_work_group_copy(l, g, 64, 0);\n"
                         "  wait_group_events(1, &e);\n}\n", "", &ir, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(strstr(ir, "phi"), "ir: %s", ir);
  ck_assert_msg(strstr(ir, "barrier"), "ir: %s", ir);
  free(ir), free(log);
}
END_TEST

/* Images: kernel arguments become I64 descriptor addresses, reads and
 * queries IR_IMAGE_* (a sampler constant its CLK_* word); integer accesses
 * take the i family, which follows the format's signedness (no branch). */
START_TEST(image_lowering) {
  char *ir, *log;
  fe_status st = compile("const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |\n"
                         "                    CLK_FILTER_LINEAR;\n"
                         "__kernel void k(__read_only image2d_t img, __global float4 *o, __global uint4 *u) {\n"
                         "  o[0] = read_imagef(img, (int2)(0, 1)) + read_imagef(img, s, (float2)(0.5f, 0.25f));\n"
                         "  u[0] = read_imageui(img, (int2)(2, 3));\n"
                         "  u[1].x = get_image_height(img);\n}\n", "", &ir, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(strstr(ir, "image_load f") && strstr(ir, "image_sample f") && strstr(ir, "image_load i") &&
                    !strstr(ir, "image_load u") && !strstr(ir, "cbr") && strstr(ir, "image_chan 3") &&
                    strstr(ir, "image_query 24") &&
                    strstr(ir, "const 39"), /* 0x27: normalized | repeat | linear */
                "ir: %s", ir);
  free(ir), free(log);
}
END_TEST

/* Conversions wavesim lowers for float and double but not for half (which
 * clang accepts under the cl_khr_fp16 pragma): the reader names them. */
START_TEST(half_conversion_modes_are_unsupported) {
  char *ir, *log;
  fe_status st = compile("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
                         "__kernel void k(__global float *o) {\n"
                         "  half h = convert_half_rtz(o[0]);\n  o[1] = convert_float(h);\n}\n",
                         "", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:3: error: unsupported conversion rounding mode "
                            "(convert_*_rt*) on OpFConvert to a type other than float, double or "
                            "an integer; not implemented yet"), "log: %s", log);
  free(ir), free(log);
  st = compile("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
               "__kernel void k(__global float *o, __global int *r) {\n"
               "  half h = (half)o[0];\n  r[0] = convert_int_sat(h);\n}\n",
               "", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:4: error: unsupported conversion from half to an integer "
                            "with saturation or a rounding mode (convert_*_sat/_rt*); not "
                            "implemented yet (convert the half to float first)"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

/* A switch inside nested loops: at -O2, clang 14 makes i3 values that
 * llvm-spirv rejects (InvalidBitWidth); our pipeline must never produce them. */
/* The pointer-result math builtins (modf, frexp, lgamma_r, remquo) on half: named, with the
 * types wavesim supports. */
START_TEST(half_pointer_math_is_unsupported) {
  char *ir, *log;
  fe_status st = compile("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
                         "__kernel void k(__global half *a, __global int *e) {\n"
                         "  a[0] = frexp(a[0], e);\n}\n", "", &ir, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:3: error: unsupported frexp operand type (float or double "
                            "only)"), "log: %s", log);
  free(ir), free(log);
}
END_TEST

START_TEST(odd_width_hazard_compiles) {
  char *src = read_text("kernels/odd_width.cl");
  ck_assert_ptr_nonnull(src);
  char *ir, *log;
  fe_status st = compile(src, "", &ir, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(strstr(ir, "kernel odd_width"), "ir: %s", ir);
  free(ir), free(log);
  st = compile(src, "-cl-opt-disable", &ir, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  free(ir), free(log), free(src);
}
END_TEST

/* ---- malformed SPIR-V ------------------------------------------------------ */
static uint32_t *valid_spirv(size_t *n) {
  fe_clc_tools t = fe_front_default_tools();
  fe_sb lb = {0};
  uint32_t *w = NULL;
  fe_status st = fe_clc_compile(&t,
                                "__kernel void k(__global float *o, int n) {\n"
                                "  for (int i = 0; i < n; i++) o[i] = o[i] * 2.0f + (float)i;\n"
                                "}\n", "", &w, n, &lb);
  ck_assert_msg(st == FE_OK, "log: %s", lb.s);
  fe_sb_fini(&lb);
  return w;
}

static fe_status read_words(const uint32_t *w, size_t n, char **log) {
  fe_sb lb = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_spirv(w, n, &m, &lb);
  if (m)
    ir_module_free(m);
  *log = fe_sb_take(&lb);
  return st;
}

START_TEST(garbage_spirv_is_rejected) {
  char *log;
  ck_assert_int_eq(read_words(NULL, 0, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "<spirv>: error: invalid SPIR-V: 0 words is shorter than the 5-word "
                            "header"), "log: %s", log);
  free(log);
  uint32_t junk[16];
  for (int i = 0; i < 16; i++)
    junk[i] = 0xdeadbeefu * (uint32_t)(i + 1);
  ck_assert_int_eq(read_words(junk, 16, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "<spirv>: error: invalid SPIR-V: the first word is 0xdeadbeef, not "
                            "the magic number 0x07230203"),
                "log: %s", log);
  free(log);
  size_t n;
  uint32_t *w = valid_spirv(&n);
  ck_assert_int_eq(read_words(w, n, &log), FE_OK);
  free(log);
  /* SPIR-V 1.0 to 1.5 are read; 1.6, and a malformed version word, are refused */
  uint32_t version = w[1];
  w[1] = 0x00010600u;
  ck_assert_int_eq(read_words(w, n, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "error: unsupported SPIR-V version 1.6 (version word 0x00010600): "
                            "this device takes SPIR-V 1.0 to 1.5"),
                "log: %s", log);
  free(log);
  w[1] = 0x00010001u;
  ck_assert_int_eq(read_words(w, n, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "error: unsupported SPIR-V version"), "log: %s", log);
  free(log);
  w[1] = version;
  ck_assert_int_eq(read_words(w, n / 2, &log), FE_BUILD_FAILED); /* truncated */
  ck_assert_msg(strstr(log, "error: invalid SPIR-V"), "log: %s", log);
  free(log);
  free(w);
}
END_TEST

/* Blocks out of dominance order (as llvm-spirv emits after loop unrolling):
 * the reader puts them in order, so the module validates and reads. The
 * module, by hand (libspirv.h cannot be included twice in one program):
 *   kernel k(global uint *p, uint n) { entry: br a;  b: *p = x; ret;
 *                                       a: x = n + 1; br b }  */
#define W1(op, n) (((uint32_t)(n) << 16) | (uint32_t)(op))
START_TEST(blocks_out_of_dominance_order_are_reordered) {
  enum { VOID = 1, UINT, PTR, FN, C1, K, P, N, ENTRY, A, B, X, BOUND };
  const uint32_t w[] = {
      SpvMagicNumber, 0x00010200u, 0, BOUND, 0,
      W1(SpvOpCapability, 2), SpvCapabilityAddresses,
      W1(SpvOpCapability, 2), SpvCapabilityKernel,
      W1(SpvOpCapability, 2), SpvCapabilityInt64,
      W1(SpvOpMemoryModel, 3), SpvAddressingModelPhysical64, SpvMemoryModelOpenCL,
      W1(SpvOpEntryPoint, 4), SpvExecutionModelKernel, K, 0x0000006bu, /* "k" */
      W1(SpvOpTypeVoid, 2), VOID,
      W1(SpvOpTypeInt, 4), UINT, 32, 0,
      W1(SpvOpTypePointer, 4), PTR, SpvStorageClassCrossWorkgroup, UINT,
      W1(SpvOpTypeFunction, 5), FN, VOID, PTR, UINT,
      W1(SpvOpConstant, 4), UINT, C1, 1,
      W1(SpvOpFunction, 5), VOID, K, 0, FN,
      W1(SpvOpFunctionParameter, 3), PTR, P,
      W1(SpvOpFunctionParameter, 3), UINT, N,
      W1(SpvOpLabel, 2), ENTRY,
      W1(SpvOpBranch, 2), A,
      W1(SpvOpLabel, 2), B, /* dominated by A, which comes later */
      W1(SpvOpStore, 5), P, X, SpvMemoryAccessAlignedMask, 4,
      W1(SpvOpReturn, 1),
      W1(SpvOpLabel, 2), A,
      W1(SpvOpIAdd, 5), UINT, X, N, C1,
      W1(SpvOpBranch, 2), B,
      W1(SpvOpFunctionEnd, 1),
  };
  char *log;
  fe_status st = read_words(w, sizeof w / sizeof w[0], &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  free(log);
}
END_TEST

/* Program-scope __constant data holding the address of other __constant
 * data (llvm-spirv: OpSpecConstantOp InBoundsPtrAccessChain in the
 * initializer) becomes a relocation: target variable plus byte offset. */
START_TEST(constant_address_initializer_is_relocated) {
  fe_clc_tools t = fe_front_default_tools();
  fe_sb lb = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&t,
                                 "__constant int C[4] = {1, 2, 3, 4};\n"
                                 "typedef struct { __constant int *p; int n; } S;\n"
                                 "__constant S cs = {C + 1, 3};\n"
                                 "__kernel void k(__global int *out) {\n"
                                 "  out[get_global_id(0)] = cs.p[get_global_id(0) % 3] + cs.n;\n"
                                 "}\n",
                                 "", &m, &lb);
  ck_assert_msg(st == FE_OK, "log: %s", lb.s);
  ck_assert_ptr_nonnull(m);
  ck_assert_uint_eq(m->nconsts, 2);
  uint32_t with = m->consts[0].nrelocs ? 0 : 1;
  const ir_const_data *cs = &m->consts[with], *c = &m->consts[1 - with];
  ck_assert_uint_eq(cs->nrelocs, 1);
  ck_assert_uint_eq(c->nrelocs, 0);
  ck_assert_uint_eq(cs->relocs[0].at, 0);            /* cs.p */
  ck_assert_uint_eq(cs->relocs[0].target, 1 - with); /* C */
  ck_assert_int_eq(cs->relocs[0].addend, 4);         /* + 1 int */
  ck_assert_uint_eq(cs->bytes[8], 3);                /* cs.n */
  ck_assert_uint_eq(c->bytes[4], 2);
  ir_module_free(m);
  fe_sb_fini(&lb);
}
END_TEST

/* OpenCL C 2.0 program-scope and static __global variables (CrossWorkgroup
 * OpVariables) join ir_module.consts with their space: initialised, zero
 * (no initializer), and a pointer to another one as a relocation. */
START_TEST(global_variables_are_read) {
  fe_clc_tools t = fe_front_default_tools();
  fe_sb lb = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&t,
                                 "__global int G[4] = {1, 2, 3, 4};\n"
                                 "__global int Z[2];\n"
                                 "__global int *P = &G[2];\n"
                                 "__kernel void k(__global int *out) {\n"
                                 "  static __global int calls = 9;\n"
                                 "  out[0] = G[1] + Z[1] + *P + calls++;\n"
                                 "}\n",
                                 "-cl-std=CL2.0", &m, &lb);
  ck_assert_msg(st == FE_OK, "log: %s", lb.s);
  ck_assert_ptr_nonnull(m);
  ck_assert_uint_eq(m->nconsts, 4);
  int seen = 0;
  for (uint32_t i = 0; i < m->nconsts; i++) {
    const ir_const_data *c = &m->consts[i];
    ck_assert_uint_eq(c->space, IR_AS_GLOBAL);
    if (c->size == 16) { /* G */
      ck_assert_uint_eq(c->bytes[12], 4);
      seen |= 1;
    } else if (c->size == 8 && c->nrelocs) { /* P = &G[2] */
      ck_assert_uint_eq(c->relocs[0].at, 0);
      ck_assert_uint_eq(m->consts[c->relocs[0].target].size, 16);
      ck_assert_int_eq(c->relocs[0].addend, 8);
      seen |= 2;
    } else if (c->size == 8) { /* Z */
      for (int b = 0; b < 8; b++) ck_assert_uint_eq(c->bytes[b], 0);
      seen |= 4;
    } else if (c->size == 4) { /* calls */
      ck_assert_uint_eq(c->bytes[0], 9);
      seen |= 8;
    }
  }
  ck_assert_int_eq(seen, 15);
  ir_module_free(m);
  fe_sb_fini(&lb);
}
END_TEST

/* An OpSpecConstantOp the reader does not evaluate: the message names the
 * opcode and the variable. By hand, as llvm-spirv would not write it:
 *   __constant int C = 5;  __constant ulong V = (ulong)&C << 1;  kernel k() {} */
START_TEST(unsupported_spec_constant_op_is_named) {
  enum { VOID = 1, INT, ULONG, PINT, PULONG, FN, C5, C1, C, U, SH, V, K, ENTRY, BOUND };
  const uint32_t w[] = {
      SpvMagicNumber,
      0x00010200u,
      0,
      BOUND,
      0,
      W1(SpvOpCapability, 2),
      SpvCapabilityAddresses,
      W1(SpvOpCapability, 2),
      SpvCapabilityKernel,
      W1(SpvOpCapability, 2),
      SpvCapabilityInt64,
      W1(SpvOpMemoryModel, 3),
      SpvAddressingModelPhysical64,
      SpvMemoryModelOpenCL,
      W1(SpvOpEntryPoint, 4),
      SpvExecutionModelKernel,
      K,
      0x0000006bu, /* "k" */
      W1(SpvOpName, 3),
      V,
      0x00000056u, /* "V" */
      W1(SpvOpTypeVoid, 2),
      VOID,
      W1(SpvOpTypeInt, 4),
      INT,
      32,
      0,
      W1(SpvOpTypeInt, 4),
      ULONG,
      64,
      0,
      W1(SpvOpTypePointer, 4),
      PINT,
      SpvStorageClassUniformConstant,
      INT,
      W1(SpvOpTypePointer, 4),
      PULONG,
      SpvStorageClassUniformConstant,
      ULONG,
      W1(SpvOpTypeFunction, 3),
      FN,
      VOID,
      W1(SpvOpConstant, 4),
      INT,
      C5,
      5,
      W1(SpvOpConstant, 5),
      ULONG,
      C1,
      1,
      0,
      W1(SpvOpVariable, 5),
      PINT,
      C,
      SpvStorageClassUniformConstant,
      C5,
      W1(SpvOpSpecConstantOp, 5),
      ULONG,
      U,
      SpvOpConvertPtrToU,
      C,
      W1(SpvOpSpecConstantOp, 6),
      ULONG,
      SH,
      SpvOpShiftLeftLogical,
      U,
      C1,
      W1(SpvOpVariable, 5),
      PULONG,
      V,
      SpvStorageClassUniformConstant,
      SH,
      W1(SpvOpFunction, 5),
      VOID,
      K,
      0,
      FN,
      W1(SpvOpLabel, 2),
      ENTRY,
      W1(SpvOpReturn, 1),
      W1(SpvOpFunctionEnd, 1),
  };
  char *log;
  fe_status st = read_words(w, sizeof w / sizeof w[0], &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "unsupported constant instruction OpShiftLeftLogical") &&
                    strstr(log, "'V'"),
                "log: %s", log);
  free(log);
}
END_TEST

/* Every single-word corruption of a real module: an error or a module, never
 * a crash (each case runs in its own process under CK_FORK). */
START_TEST(corrupted_words_never_crash) {
  size_t n;
  uint32_t *w = valid_spirv(&n);
  static const uint32_t vals[] = {0, 1, 0xffffffffu, 0x00010000u, 3};
  int failed = 0;
  for (size_t k = 5; k < n; k++) {
    for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
      uint32_t save = w[k];
      w[k] = vals[v] == 3 ? save ^ 0x40u : vals[v];
      char *log;
      fe_status st = read_words(w, n, &log);
      ck_assert(st == FE_OK || st == FE_BUILD_FAILED);
      ck_assert(st == FE_OK || strstr(log, "error: "));
      failed += st != FE_OK;
      free(log);
      w[k] = save;
    }
  }
  ck_assert_int_gt(failed, 0);
  free(w);
}
END_TEST

/* ---- integer dot products and bit operations from other producers
 * -------------- By hand: kernel k(global RT *p, uint a, RT acc) { *p = OP(a,
 * a, acc) } with OP a packed 4x8-bit OpSDotAccSat (or, with `call`, a call of
 * the bodiless function `call` with `nargs` of those arguments), the
 * capabilities `caps`. */
typedef struct spv_words {
  uint32_t w[256];
  size_t n;
} spv_words;

static void sw_str(spv_words *b, const char *s) {
  size_t len = strlen(s) + 1, nw = (len + 3) / 4;
  memset(b->w + b->n, 0, nw * 4);
  memcpy(b->w + b->n, s, len - 1);
  b->n += nw;
}

static fe_status dot_module(unsigned rt_bits, const uint32_t *caps,
                            unsigned ncaps, const char *call, unsigned nargs,
                            char **log) {
  enum {
    VOID = 1,
    RT,
    UINT,
    PTR,
    FN,
    FNB,
    K,
    P,
    A,
    ACC,
    ENTRY,
    R,
    F,
    FP0,
    FP1,
    FP2,
    FL,
    BOUND
  };
  spv_words b = {{SpvMagicNumber, 0x00010200u, 0, BOUND, 0}, 5};
  for (unsigned k = 0; k < ncaps; k++) {
    b.w[b.n++] = W1(SpvOpCapability, 2);
    b.w[b.n++] = caps[k];
  }
  size_t at = b.n;
  b.w[b.n++] = 0;
  sw_str(&b, "SPV_KHR_integer_dot_product");
  b.w[at] = W1(SpvOpExtension, b.n - at);
  uint32_t tail[] = {W1(SpvOpMemoryModel, 3),
                     SpvAddressingModelPhysical64,
                     SpvMemoryModelOpenCL,
                     W1(SpvOpEntryPoint, 4),
                     SpvExecutionModelKernel,
                     K,
                     0x0000006bu};
  memcpy(b.w + b.n, tail, sizeof tail);
  b.n += sizeof tail / 4;
  if (call) {
    at = b.n;
    b.w[b.n++] = 0;
    b.w[b.n++] = F;
    sw_str(&b, call);
    b.w[at] = W1(SpvOpName, b.n - at);
    at = b.n;
    b.w[b.n++] = 0;
    b.w[b.n++] = F;
    b.w[b.n++] = SpvDecorationLinkageAttributes;
    sw_str(&b, call);
    b.w[b.n++] = SpvLinkageTypeImport;
    b.w[at] = W1(SpvOpDecorate, b.n - at);
  }
  uint32_t types[] = {W1(SpvOpTypeVoid, 2),
                      VOID,
                      W1(SpvOpTypeInt, 4),
                      UINT,
                      32,
                      0,
                      W1(SpvOpTypeInt, 4),
                      RT,
                      rt_bits,
                      0,
                      W1(SpvOpTypePointer, 4),
                      PTR,
                      SpvStorageClassCrossWorkgroup,
                      RT,
                      W1(SpvOpTypeFunction, 6),
                      FN,
                      VOID,
                      PTR,
                      UINT,
                      RT,
                      W1(SpvOpTypeFunction, 3 + nargs),
                      FNB,
                      RT,
                      UINT,
                      UINT,
                      RT};
  memcpy(b.w + b.n, types, sizeof types);
  b.n += sizeof types / 4 - (3 - nargs);
  if (call) {
    uint32_t fp[] = {W1(SpvOpFunction, 5),
                     RT,
                     F,
                     0,
                     FNB,
                     W1(SpvOpFunctionParameter, 3),
                     UINT,
                     FP0,
                     W1(SpvOpFunctionParameter, 3),
                     UINT,
                     FP1,
                     W1(SpvOpFunctionParameter, 3),
                     RT,
                     FP2};
    memcpy(b.w + b.n, fp, sizeof fp);
    b.n += 5 + 3 * nargs;
    b.w[b.n++] = W1(SpvOpFunctionEnd, 1);
  }
  uint32_t body[] = {W1(SpvOpFunction, 5),
                     VOID,
                     K,
                     0,
                     FN,
                     W1(SpvOpFunctionParameter, 3),
                     PTR,
                     P,
                     W1(SpvOpFunctionParameter, 3),
                     UINT,
                     A,
                     W1(SpvOpFunctionParameter, 3),
                     RT,
                     ACC,
                     W1(SpvOpLabel, 2),
                     ENTRY};
  memcpy(b.w + b.n, body, sizeof body);
  b.n += sizeof body / 4;
  if (call) {
    uint32_t c[] = {W1(SpvOpFunctionCall, 4 + nargs), RT, R, F, A, A, ACC};
    memcpy(b.w + b.n, c, sizeof c);
    b.n += 4 + nargs;
  } else {
    uint32_t c[] = {W1(SpvOpSDotAccSat, 7),
                    RT,
                    R,
                    A,
                    A,
                    ACC,
                    SpvPackedVectorFormatPackedVectorFormat4x8Bit};
    memcpy(b.w + b.n, c, sizeof c);
    b.n += sizeof c / 4;
  }
  uint32_t end[] = {W1(SpvOpStore, 3), P, R, W1(SpvOpReturn, 1),
                    W1(SpvOpFunctionEnd, 1)};
  memcpy(b.w + b.n, end, sizeof end);
  b.n += sizeof end / 4;
  return read_words(b.w, b.n, log);
}

static const uint32_t dot_caps[] = {
    SpvCapabilityAddresses,  SpvCapabilityKernel,
    SpvCapabilityInt64,      SpvCapabilityLinkage,
    SpvCapabilityDotProduct, SpvCapabilityDotProductInput4x8BitPacked};

START_TEST(int_dot_forms) {
  char *log;
  /* saturating into 64 bits reads (int_dot_bits.c runs it, by spirv-as) */
  ck_assert_int_eq(dot_module(64, dot_caps, 6, NULL, 0, &log), FE_OK);
  free(log);
  /* any vector shape: not supported, named as the capability */
  uint32_t all[7];
  memcpy(all, dot_caps, sizeof dot_caps);
  all[6] = SpvCapabilityDotProductInputAll;
  ck_assert_int_eq(dot_module(64, all, 7, NULL, 0, &log), FE_BUILD_FAILED);
  ck_assert_msg(
      strstr(log,
             "error: unsupported SPIR-V capability DotProductInputAll; not "
             "implemented yet"),
      "log: %s", log);
  free(log);
  /* a builtin's mangled name called with the wrong arity, then the right one */
  ck_assert_int_eq(dot_module(64, dot_caps, 6,
                              "_Z28dot_acc_sat_4x8packed_ss_intjji", 2, &log),
                   FE_BUILD_FAILED);
  ck_assert_msg(strstr(log,
                       "error: malformed SPIR-V: call of "
                       "_Z28dot_acc_sat_4x8packed_ss_intjji with 2 arguments"),
                "log: %s", log);
  free(log);
  ck_assert_int_eq(dot_module(64, dot_caps, 6,
                              "_Z28dot_acc_sat_4x8packed_ss_intjji", 3, &log),
                   FE_OK);
  free(log);
}
END_TEST

static Suite *spv_suite(void) {
  Suite *s = suite_create("spv_reader");
  TCase *tc = tcase_create("golden");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, golden, 0, (int)(sizeof golden_kernels / sizeof golden_kernels[0]));
  tcase_add_test(tc, golden_int_dot_bits);
  suite_add_tcase(s, tc);
  tc = tcase_create("bad_input");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, compile_error_has_clang_message_and_line);
  tcase_add_test(tc, unknown_option_is_named);
  tcase_add_test(tc, options_pass_through);
  tcase_add_test(tc, warnings_reach_the_log);
  tcase_add_test(tc, printf_is_unsupported);
  tcase_add_test(tc, async_copy_lowers);
  tcase_add_test(tc, image_lowering);
  tcase_add_test(tc, half_conversion_modes_are_unsupported);
  tcase_add_test(tc, half_pointer_math_is_unsupported);
  tcase_add_test(tc, odd_width_hazard_compiles);
  tcase_add_test(tc, garbage_spirv_is_rejected);
  tcase_add_test(tc, blocks_out_of_dominance_order_are_reordered);
  tcase_add_test(tc, corrupted_words_never_crash);
  tcase_add_test(tc, constant_address_initializer_is_relocated);
  tcase_add_test(tc, global_variables_are_read);
  tcase_add_test(tc, unsupported_spec_constant_op_is_named);
  tcase_add_test(tc, int_dot_forms);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(spv_suite());
}
