/* Writes the generated seed inputs of the fuzz corpora: one encoding stream
 * per opcode (from the isa.def table), assembler listings, and SPIR-V modules
 * compiled from a few OpenCL C kernels with the project's clang pipeline.
 * Usage: fuzz_seeds CORPUS_DIR (writes CORPUS_DIR/{isa_decode,isa_asm,spirv}). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clc.h"
#include "fe_front.h"
#include "isa.h"

static int write_file(const char *dir, const char *sub, const char *name, const void *p,
                      size_t n) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, sub);
  if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
  snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t w = fwrite(p, 1, n, f);
  return fclose(f) == 0 && w == n ? 0 : -1;
}

/* One well-formed instance of op: registers (lits = 0) or literals where the
 * kind allows them (lits = 1). */
static void make_inst(isa_opcode op, int lits, isa_inst *in) {
  memset(in, 0, sizeof *in);
  in->op = (uint16_t)op;
  for (unsigned t = 0; t < 3; t++) in->target[t] = t < isa_num_targets(op) ? 4 + t : ISA_NO_PC;
  static const uint16_t vreg[4] = {4, 8, 12, 16}, sreg[4] = {8, 10, 12, 14};
  for (unsigned k = 0; k < 4; k++) {
    isa_operand *o = k ? &in->src[k - 1] : &in->dst;
    uint8_t kind = isa_ops[op].kind[k];
    unsigned width = isa_operand_width(op, k);
    switch (kind) {
    case ISA_OK_N: break;
    case ISA_OK_V: case ISA_OK_V2: case ISA_OK_V4: case ISA_OK_D:
      o->file = ISA_RF_V, o->reg = vreg[k];
      break;
    case ISA_OK_S: case ISA_OK_S2:
      o->file = ISA_RF_S, o->reg = sreg[k];
      break;
    case ISA_OK_A: case ISA_OK_A2: case ISA_OK_B: case ISA_OK_B2:
      if (lits) {
        o->file = ISA_RF_IMM;
        o->imm = width == 2 ? 0x123456789abcdef0ull : (k == 1 ? 7 : 0x3f800000u);
      } else if (kind == ISA_OK_A || kind == ISA_OK_A2) {
        o->file = ISA_RF_V, o->reg = vreg[k];
      } else {
        o->file = ISA_RF_S, o->reg = sreg[k];
      }
      break;
    default: break;
    }
  }
  if (lits && (isa_ops[op].flags & ISA_F_MEM)) in->offset = -16;
}

static int isa_seeds(const char *dir) {
  char *listing = NULL;
  size_t llen = 0;
  FILE *lf = open_memstream(&listing, &llen);
  if (!lf) return -1;
  fprintf(lf, "; every opcode, register and literal forms\nstart:\n");
  for (int op = 0; op < ISA_OP_COUNT; op++) {
    uint32_t words[2 * ISA_MAX_INST_WORDS];
    size_t n = 0;
    for (int lits = 0; lits < 2; lits++) {
      isa_inst in;
      make_inst((isa_opcode)op, lits, &in);
      char err[256];
      if (isa_inst_check(&in, err, sizeof err) != 0) {
        fprintf(stderr, "seed for %s: %s\n", isa_ops[op].name, err);
        return -1;
      }
      n += isa_encode(&in, words + n, ISA_MAX_INST_WORDS);
      char text[256];
      isa_disasm(&in, text, sizeof text);
      fprintf(lf, "  %s%s\n", text, lits ? "  ; literals" : "");
    }
    char name[128];
    snprintf(name, sizeof name, "op_%s.bin", isa_ops[op].name);
    if (write_file(dir, "isa_decode", name, words, n * 4) != 0) return -1;
  }
  fprintf(lf, "end:\n  s_branch start\n  s_endpgm\n");
  fclose(lf);
  int rc = write_file(dir, "isa_asm", "all_opcodes.s", listing, llen);
  free(listing);
  return rc;
}

/* Small kernels covering the reader's main paths: arithmetic, control flow,
 * local memory and barriers, vectors and structs, helpers, atomics, math. */
static const struct { const char *name, *src; } kernels[] = {
    {"vecadd", "kernel void vecadd(global const float *a, global const float *b,\n"
               "                   global float *c) {\n"
               "  size_t i = get_global_id(0);\n  c[i] = a[i] + b[i];\n}\n"},
    {"loops", "kernel void loops(global int *out, int n) {\n  int s = 0;\n"
              "  for (int i = 0; i < n; i++) { if (i & 1) s += i; else s ^= i * 3; }\n"
              "  switch (n) { case 1: s++; break; case 5: s--; break; default: s *= 2; }\n"
              "  out[get_global_id(0)] = s;\n}\n"},
    {"reduce", "kernel void reduce(global const float *in, global float *out,\n"
               "                   local float *tmp) {\n"
               "  uint l = get_local_id(0);\n  tmp[l] = in[get_global_id(0)];\n"
               "  barrier(CLK_LOCAL_MEM_FENCE);\n"
               "  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
               "    if (l < s) tmp[l] += tmp[l + s];\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n"
               "  if (l == 0) out[get_group_id(0)] = tmp[0];\n}\n"},
    {"vectors", "typedef struct { float4 v; int k; } S;\n"
                "float4 helper(float4 a, float s) { return a * s + (float4)(1.0f); }\n"
                "kernel void vectors(global float4 *p, S s, float2 f) {\n"
                "  size_t i = get_global_id(0);\n"
                "  p[i] = helper(p[i], f.x) + s.v * (float)s.k + (float4)(f, f);\n}\n"},
    {"atomics_math", "constant float tab[4] = {1.0f, 2.0f, 3.0f, 4.0f};\n"
                     "kernel void atomics_math(global int *c, global float *x) {\n"
                     "  size_t i = get_global_id(0);\n  atomic_inc(c);\n"
                     "  atomic_max(c + 1, (int)i);\n"
                     "  x[i] = sqrt(fabs(x[i])) + native_exp(x[i]) + fmin(x[i], tab[i & 3])\n"
                     "         + mad(x[i], 2.0f, 1.0f) + (float)(i / 3) + (float)(i % 7);\n}\n"},
    {"private_mem", "kernel void private_mem(global int *o, int k) {\n  int a[16];\n"
                    "  for (int i = 0; i < 16; i++) a[i] = i * k;\n"
                    "  o[get_global_id(0)] = a[k & 15] + (int)get_work_dim();\n}\n"},
};

static int spirv_seeds(const char *dir) {
  fe_clc_tools tools = fe_front_default_tools();
  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    uint32_t *words = NULL;
    size_t nwords = 0;
    fe_sb log = {0};
    if (fe_clc_compile(&tools, kernels[i].src, "", &words, &nwords, &log) != FE_OK) {
      fprintf(stderr, "seed kernel %s: %s\n", kernels[i].name, log.s ? log.s : "");
      fe_sb_fini(&log);
      return -1;
    }
    fe_sb_fini(&log);
    char name[128];
    snprintf(name, sizeof name, "%s.spv", kernels[i].name);
    int rc = write_file(dir, "spirv", name, words, nwords * 4);
    free(words);
    if (rc != 0) return -1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  if (isa_seeds(argv[1]) != 0 || spirv_seeds(argv[1]) != 0) {
    fprintf(stderr, "%s: writing seeds under %s failed\n", argv[0], argv[1]);
    return 1;
  }
  return 0;
}
