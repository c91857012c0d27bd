/* Test support for the compiler's middle and back end: an IR builder and a
 * one-dimensional launcher that steps waves with isa_step. */
#include "be_testlib.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "fe_front.h"
#include "isa.h"

ir_module *tb_module(void) {
  ir_module *m = calloc(1, sizeof *m);
  m->source_file = strdup("test.cl");
  return m;
}

ir_function *tb_function(ir_module *m, const char *name, uint32_t nparams, const ir_type *types, ir_type ret) {
  m->fns = realloc(m->fns, (m->nfns + 1) * sizeof(ir_function));
  ir_function *f = &m->fns[m->nfns++];
  memset(f, 0, sizeof *f);
  f->name = strdup(name);
  f->ret = ret;
  f->nparams = nparams;
  f->params = calloc(nparams ? nparams : 1, sizeof(ir_param));
  for (uint32_t p = 0; p < nparams; p++) {
    char nm[16];
    snprintf(nm, sizeof nm, "p%u", p);
    f->params[p].type = types[p];
    f->params[p].name = strdup(nm);
    f->params[p].type_name = strdup("");
  }
  ir_add_block(f);
  return f;
}

ir_function *tb_kernel(ir_module *m, const char *name, uint32_t nparams, const ir_type *types) {
  ir_function *f = tb_function(m, name, nparams, types, TB_T(IR_T_VOID));
  f->is_kernel = 1;
  return f;
}

uint32_t tb_op(ir_function *f, uint32_t b, ir_op op, ir_type t, uint32_t aux, uint32_t n, uint32_t a, uint32_t c,
               uint32_t d) {
  uint32_t o[3] = {a, c, d};
  uint32_t id = ir_append(f, b, op, t, n, o);
  f->insts[id].aux = aux;
  f->insts[id].line = id + 1;
  return id;
}

uint32_t tb_c32(ir_function *f, uint32_t b, uint32_t v) { return ir_const(f, b, TB_T(IR_T_I32), v); }
uint32_t tb_c64(ir_function *f, uint32_t b, uint64_t v) { return ir_const(f, b, TB_T(IR_T_I64), v); }
uint32_t tb_cf(ir_function *f, uint32_t b, float v) {
  uint32_t x;
  memcpy(&x, &v, 4);
  return ir_const(f, b, TB_T(IR_T_F32), x);
}

void tb_br(ir_function *f, uint32_t b, uint32_t to) {
  tb_op(f, b, IR_BR, TB_T(IR_T_VOID), 0, 0, 0, 0, 0);
  f->blocks[b].nsucc = 1;
  f->blocks[b].succ[0] = to;
}

void tb_cbr(ir_function *f, uint32_t b, uint32_t cond, uint32_t t, uint32_t e) {
  tb_op(f, b, IR_CBR, TB_T(IR_T_VOID), 0, 1, cond, 0, 0);
  f->blocks[b].nsucc = 2;
  f->blocks[b].succ[0] = t;
  f->blocks[b].succ[1] = e;
}

void tb_ret(ir_function *f, uint32_t b) { tb_op(f, b, IR_RET, TB_T(IR_T_VOID), 0, 0, 0, 0, 0); }

uint32_t tb_phi(ir_function *f, uint32_t b, ir_type t, uint32_t n, const uint32_t *vals, const uint32_t *blocks) {
  uint32_t id = ir_append(f, b, IR_PHI, t, n, vals);
  f->insts[id].line = id + 1;
  memcpy(f->insts[id].phi_block, blocks, n * sizeof(uint32_t));
  /* phis go first */
  ir_block *bb = &f->blocks[b];
  uint32_t pos = 0;
  while (pos < bb->ninsts - 1 && f->insts[bb->insts[pos]].op == IR_PHI) pos++;
  memmove(&bb->insts[pos + 1], &bb->insts[pos], (bb->ninsts - 1 - pos) * sizeof(uint32_t));
  bb->insts[pos] = id;
  return id;
}

uint32_t tb_index(ir_function *f, uint32_t b, uint32_t p, uint32_t idx, uint32_t scale) {
  uint32_t s = tb_c64(f, b, scale);
  uint32_t off = tb_op(f, b, IR_MUL, TB_T(IR_T_I64), 0, 2, idx, s, 0);
  return tb_op(f, b, IR_PTRADD, f->insts[p].type, 0, 2, p, off, 0);
}

void tb_finish(ir_function *f) { ir_compute_preds(f); }

fe_target tb_target(void) {
  return (fe_target){.wave_size = 32, .max_vgprs = 128, .max_sgprs = 104, .fp64 = 0};
}

enum { TB_BUF_BASE = 0x10000, TB_BUF_STRIDE = 0x10000, TB_KARG = 0x100000, TB_DISP = 0x110000 };

int tb_run(const isa_kernel *k, tb_launch *l, char *err, size_t errlen) {
  uint8_t karg[256] = {0}, disp[ISA_DISPATCH_BYTES] = {0};
  for (uint32_t a = 0; a < k->nargs; a++) {
    uint64_t v = l->args[a];
    if (v & TB_BUF) v = TB_BUF_BASE + (v & 0xff) * TB_BUF_STRIDE;
    memcpy(&karg[k->args[a].offset], &v, k->args[a].size < 8 ? k->args[a].size : 8);
  }
  uint32_t wd = 1;
  uint64_t gs[3] = {(uint64_t)l->local_size * l->groups, 1, 1}, ls[3] = {l->local_size, 1, 1};
  uint64_t ng[3] = {l->groups, 1, 1}, go[3] = {0, 0, 0};
  memcpy(&disp[ISA_DISPATCH_WORK_DIM], &wd, 4);
  memcpy(&disp[ISA_DISPATCH_GLOBAL_SIZE], gs, 24);
  memcpy(&disp[ISA_DISPATCH_LOCAL_SIZE], ls, 24);
  memcpy(&disp[ISA_DISPATCH_GLOBAL_OFFSET], go, 24);
  memcpy(&disp[ISA_DISPATCH_NUM_GROUPS], ng, 24);
  isa_region reg[6];
  uint32_t nr = 0;
  for (uint32_t b = 0; b < l->nbufs; b++)
    reg[nr++] = (isa_region){TB_BUF_BASE + (uint64_t)b * TB_BUF_STRIDE, l->sizes[b], l->bufs[b]};
  reg[nr++] = (isa_region){TB_KARG, sizeof karg, karg};
  reg[nr++] = (isa_region){TB_DISP, sizeof disp, disp};
  isa_memmap mm = {reg, nr};
  uint32_t ws = l->wave_size, nw = (l->local_size + ws - 1) / ws;
  uint32_t lds_size = k->lds_bytes + l->lds_dynamic;
  int rc = 0;
  for (uint32_t g = 0; g < l->groups && !rc; g++) {
    uint8_t *lds = calloc(lds_size + 1, 1);
    isa_wave *w = calloc(nw, sizeof(isa_wave));
    uint8_t *state = calloc(nw, 1); /* 0 run, 1 at barrier, 2 done */
    for (uint32_t i = 0; i < nw; i++) {
      w[i].kernel = k;
      w[i].wave_size = ws;
      w[i].v = calloc((size_t)ISA_MAX_VGPRS * ws, 4);
      w[i].s = calloc(ISA_MAX_SGPRS, 4);
      w[i].global = &mm;
      w[i].lds = lds;
      w[i].lds_size = lds_size;
      w[i].scratch_per_lane = k->private_bytes;
      w[i].scratch = calloc((size_t)ws * (k->private_bytes + 4), 1);
      w[i].scratch_base = 0x200000;
      uint64_t exec = 0;
      for (uint32_t lane = 0; lane < ws; lane++) {
        uint32_t lid = i * ws + lane;
        if (lid < l->local_size) exec |= (uint64_t)1 << lane;
        w[i].v[0 * ws + lane] = lid;
      }
      uint64_t ka = TB_KARG, da = TB_DISP;
      w[i].s[0] = (uint32_t)ka;
      w[i].s[1] = (uint32_t)(ka >> 32);
      w[i].s[2] = (uint32_t)da;
      w[i].s[3] = (uint32_t)(da >> 32);
      w[i].s[4] = g;
      isa_wave_start(&w[i], exec);
    }
    uint32_t done = 0;
    uint64_t steps = 0;
    while (done < nw && !rc) {
      int progressed = 0;
      for (uint32_t i = 0; i < nw && !rc; i++) {
        while (state[i] == 0) {
          isa_status st = isa_step(&w[i]);
          progressed = 1;
          if (++steps > 10000000) {
            snprintf(err, errlen, "kernel did not finish");
            rc = -1;
            break;
          }
          if (st == ISA_FAULTED) {
            snprintf(err, errlen, "fault kind %u at pc %u lane %u addr 0x%llx", w[i].fault.kind, w[i].fault.pc,
                     w[i].fault.lane, (unsigned long long)w[i].fault.addr);
            rc = -1;
            break;
          }
          if (st == ISA_BARRIER) state[i] = 1;
          if (st == ISA_END) {
            state[i] = 2;
            done++;
          }
        }
      }
      /* everyone still running is at the barrier: release */
      for (uint32_t i = 0; i < nw; i++)
        if (state[i] == 1) state[i] = 0;
      if (!progressed && done < nw && !rc) {
        snprintf(err, errlen, "deadlock");
        rc = -1;
      }
    }
    for (uint32_t i = 0; i < nw; i++) {
      free(w[i].v);
      free(w[i].s);
      free(w[i].scratch);
    }
    free(w);
    free(state);
    free(lds);
  }
  return rc;
}

int tb_golden(const char *dir, const char *name, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.txt", dir, name);
  const char *upd = getenv("WAVESIM_UPDATE_GOLDEN");
  if (upd && upd[0] == '1') {
    FILE *fp = fopen(path, "w");
    if (!fp) return -1;
    fputs(text, fp);
    fclose(fp);
    return 0;
  }
  FILE *fp = fopen(path, "r");
  if (!fp) {
    fprintf(stderr, "missing golden file %s (run with WAVESIM_UPDATE_GOLDEN=1)\n", path);
    return -1;
  }
  fseek(fp, 0, SEEK_END);
  long n = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  char *buf = calloc((size_t)n + 1, 1);
  size_t got = fread(buf, 1, (size_t)n, fp);
  fclose(fp);
  buf[got] = 0;
  int rc = strcmp(buf, text) != 0;
  if (rc) fprintf(stderr, "golden mismatch %s; got:\n%s\n", path, text);
  free(buf);
  return rc;
}

isa_program *tb_build_cl(const char *src, fe_target t, char *err, size_t errlen) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&tools, src, "", &m, &log);
  char *l = fe_sb_take(&log);
  isa_program *p = NULL;
  if (st != FE_OK)
    snprintf(err, errlen, "front end failed: %s", l ? l : "");
  else if (be_compile(m, &t, &p, err, errlen) != 0)
    p = NULL;
  free(l);
  if (m) ir_module_free(m);
  return p;
}

isa_program *tb_build_cl_ok(const char *src, fe_target t) {
  char err[1024];
  isa_program *p = tb_build_cl(src, t, err, sizeof err);
  ck_assert_msg(p != NULL, "%s", err);
  return p;
}

void tb_run_ok(const isa_kernel *k, tb_launch *l) {
  char err[256];
  ck_assert_msg(tb_run(k, l, err, sizeof err) == 0, "%s: %s", k->name, err);
}
