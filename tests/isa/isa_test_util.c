/* The ISA tests' wave driver (see isa_test_util.h): assembles text with
 * isa_assemble and loops isa_step like a one-wave simulator would. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "isa_test_util.h"

tw *tw_new(uint32_t wave_size, uint64_t exec, uint32_t scratch_per_lane) {
  tw *t = calloc(1, sizeof *t);
  ck_assert_ptr_nonnull(t);
  t->v = calloc((size_t)ISA_MAX_VGPRS * wave_size, sizeof *t->v);
  t->scratch = calloc((size_t)wave_size * (scratch_per_lane ? scratch_per_lane : 1), 1);
  ck_assert_ptr_nonnull(t->v);
  t->w.kernel = &t->k;
  t->w.wave_size = wave_size;
  t->w.v = t->v;
  t->w.s = t->s;
  t->w.lds = t->lds;
  t->w.lds_size = sizeof t->lds;
  t->w.scratch = t->scratch;
  t->w.scratch_base = 0x100000;
  t->w.scratch_per_lane = scratch_per_lane;
  t->w.tex = &t->tex;
  isa_wave_start(&t->w, exec);
  return t;
}

void tw_free(tw *t) {
  free(t->k.code);
  free(t->v);
  free(t->scratch);
  free(t);
}

void tw_load(tw *t, const char *text) {
  char err[256] = "";
  free(t->k.code);
  t->k.code = NULL;
  int rc = isa_assemble(text, &t->k.code, &t->k.ncode, err, sizeof err);
  ck_assert_msg(rc == 0, "assemble failed: %s", err);
}

isa_status tw_run(tw *t, uint64_t exec, unsigned max_steps) {
  isa_wave_start(&t->w, exec);
  t->steps = 0;
  for (;;) {
    ck_assert_msg(t->steps < max_steps, "wave did not finish in %u steps (pc %u)", max_steps,
                  t->w.pc);
    isa_status st = isa_step(&t->w);
    t->steps++;
    if (st != ISA_RUN) return st;
  }
}

isa_status tw_exec(tw *t, const char *inst) {
  char err[256] = "";
  isa_inst in;
  int rc = isa_parse_inst(inst, &in, err, sizeof err);
  ck_assert_msg(rc == 0, "parse of '%s' failed: %s", inst, err);
  free(t->k.code);
  t->k.code = malloc(sizeof in);
  t->k.code[0] = in;
  t->k.ncode = 1;
  t->w.pc = 0;
  t->w.sp = 1;
  t->w.stack[0] = (isa_simt_entry){0, ISA_NO_PC, t->w.exec};
  return isa_step(&t->w);
}

uint32_t *tw_v(tw *t, unsigned reg, unsigned lane) {
  return &t->v[(size_t)reg * t->w.wave_size + lane];
}

void tw_setf(tw *t, unsigned reg, unsigned lane, float f) {
  memcpy(tw_v(t, reg, lane), &f, 4);
}

float tw_getf(tw *t, unsigned reg, unsigned lane) {
  float f;
  memcpy(&f, tw_v(t, reg, lane), 4);
  return f;
}

uint64_t tw_s64(tw *t, unsigned reg) {
  return t->s[reg] | (uint64_t)t->s[reg + 1] << 32;
}
