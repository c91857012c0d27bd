/* Test support for the compiler's middle and back end: building IR by hand
 * and running a compiled kernel's work-groups on isa_step. */
#ifndef WAVESIM_BE_TESTLIB_H
#define WAVESIM_BE_TESTLIB_H

#include <stdint.h>

#include "fe.h"
#include "ir.h"

#define TB_T(b) ((ir_type){(uint8_t)(b), 0})
#define TB_P(s) ((ir_type){IR_T_PTR, (uint8_t)(s)})

ir_module *tb_module(void);
/* A kernel with parameters (types and names given in parallel arrays). */
ir_function *tb_kernel(ir_module *m, const char *name, uint32_t nparams, const ir_type *types);
ir_function *tb_function(ir_module *m, const char *name, uint32_t nparams, const ir_type *types, ir_type ret);
uint32_t tb_op(ir_function *f, uint32_t b, ir_op op, ir_type t, uint32_t aux, uint32_t n, uint32_t a, uint32_t c,
               uint32_t d);
uint32_t tb_c32(ir_function *f, uint32_t b, uint32_t v);
uint32_t tb_c64(ir_function *f, uint32_t b, uint64_t v);
uint32_t tb_cf(ir_function *f, uint32_t b, float v);
void tb_br(ir_function *f, uint32_t b, uint32_t to);
void tb_cbr(ir_function *f, uint32_t b, uint32_t cond, uint32_t t, uint32_t e);
void tb_ret(ir_function *f, uint32_t b);
/* phi with n (value, block) pairs */
uint32_t tb_phi(ir_function *f, uint32_t b, ir_type t, uint32_t n, const uint32_t *vals, const uint32_t *blocks);
/* p + idx * scale, p global float/int pointer, idx I64 */
uint32_t tb_index(ir_function *f, uint32_t b, uint32_t p, uint32_t idx, uint32_t scale);
void tb_finish(ir_function *f);

/* Launch: buffers are placed in device memory at fixed addresses; args are
 * raw 64-bit values written at the kernel's argument offsets (a buffer
 * argument is given as its index | TB_BUF). */
#define TB_BUF 0x8000000000000000ull
typedef struct tb_launch {
  uint32_t wave_size;
  uint32_t local_size, groups; /* 1-D */
  uint32_t nbufs;
  uint8_t *bufs[4];
  uint32_t sizes[4];
  uint64_t args[8];
  uint32_t lds_dynamic; /* bytes after the static ones */
} tb_launch;

/* Runs every work-group; 0 or -1 with a message (fault, bad state). */
int tb_run(const isa_kernel *k, tb_launch *l, char *err, size_t errlen);

fe_target tb_target(void);

/* OpenCL C through clang, the SPIR-V reader, the passes and the backend for
 * target t; NULL with a message in err on failure. */
struct isa_program;
struct isa_program *tb_build_cl(const char *src, fe_target t, char *err, size_t errlen);

/* tb_build_cl and tb_run that fail the current Check test with the message
 * instead of returning it (for tests that only want a result). */
struct isa_program *tb_build_cl_ok(const char *src, fe_target t);
void tb_run_ok(const isa_kernel *k, tb_launch *l);

/* Compare text with tests/frontend/backend/golden/<name>.txt (or rewrite it
 * when WAVESIM_UPDATE_GOLDEN=1). 0 when equal. */
int tb_golden(const char *dir, const char *name, const char *text);

#endif
