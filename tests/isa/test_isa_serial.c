/* Tests for isa/isa_serial.c: whole-program serialization round trips and
 * robustness against truncated and corrupt input. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "isa.h"

static const char *listing = "  s_mov_b32 s7, 0\n"
                             "loop:\n"
                             "  s_add_u32 s7, s7, 1\n"
                             "  s_cmp_lt_u32 s7, 10\n"
                             "  s_cbranch_scc1 loop\n"
                             "  s_endpgm\n";

/* Two kernels: one with every field set (args, lines, constant data, NULL vs
 * "" strings), one nearly empty. */
static isa_program *make_program(void) {
  isa_program *p = calloc(1, sizeof *p);
  p->nkernels = 2;
  p->kernels = calloc(2, sizeof *p->kernels);
  isa_kernel *k = &p->kernels[0];
  char err[256] = "";
  ck_assert_msg(isa_assemble(listing, &k->code, &k->ncode, err, sizeof err) == 0, "%s", err);
  k->name = strdup("loop_k");
  k->source_file = strdup("input.cl");
  k->line = calloc(k->ncode, sizeof *k->line);
  for (uint32_t i = 0; i < k->ncode; i++) k->line[i] = 10 + i;
  k->nvgprs = 12;
  k->nsgprs = 20;
  k->lds_bytes = 256;
  k->private_bytes = 48;
  k->kernarg_bytes = 40;
  k->reqd_wg_size[0] = 64;
  k->reqd_wg_size[1] = 2;
  k->reqd_wg_size[2] = 1;
  k->attributes = strdup("reqd_work_group_size(64,2,1) vec_type_hint(ushort4)");
  k->nargs = 4;
  k->args = calloc(4, sizeof *k->args);
  k->args[0] = (isa_arg){strdup("out"), strdup("float*"), ISA_ARG_GLOBAL_PTR, 8, 0, 8, 5, ISA_ACCESS_NONE};
  k->args[1] = (isa_arg){strdup("n"), strdup(""), ISA_ARG_VALUE, 4, 8, 4, 0, ISA_ACCESS_NONE};
  k->args[2] = (isa_arg){strdup("s"), strdup("sampler_t"), ISA_ARG_SAMPLER, 8, 16, 8, 0, ISA_ACCESS_NONE};
  k->args[3] = (isa_arg){strdup("img"), strdup("image2d_t"), ISA_ARG_IMAGE, 8, 24, 8, 0, ISA_ACCESS_WRITE_ONLY};
  k->const_bytes = 12;
  k->const_data = malloc(12);
  memcpy(k->const_data, "\x01\x02\x04\x00\x00\x00\x00\x00\x00\x00\xff\x7f", 12);
  k->nconst_relocs = 1; /* a pointer at byte 2 to byte 4 of the blob */
  k->const_relocs = malloc(sizeof(uint32_t));
  k->const_relocs[0] = 2;
  k->const_arg_offset = 32;
  isa_kernel *e = &p->kernels[1];
  e->name = strdup("empty");
  e->source_file = NULL;
  return p;
}

static void check_same(const isa_program *a, const isa_program *b) {
  ck_assert_uint_eq(a->nkernels, b->nkernels);
  for (uint32_t i = 0; i < a->nkernels; i++) {
    const isa_kernel *x = &a->kernels[i], *y = &b->kernels[i];
    ck_assert_str_eq(x->name, y->name);
    ck_assert_int_eq(!x->source_file, !y->source_file);
    if (x->source_file) ck_assert_str_eq(x->source_file, y->source_file);
    ck_assert_uint_eq(x->ncode, y->ncode);
    for (uint32_t j = 0; j < x->ncode; j++) {
      uint32_t wx[ISA_MAX_INST_WORDS], wy[ISA_MAX_INST_WORDS];
      size_t nx = isa_encode(&x->code[j], wx, ISA_MAX_INST_WORDS);
      size_t ny = isa_encode(&y->code[j], wy, ISA_MAX_INST_WORDS);
      ck_assert_uint_eq(nx, ny);
      ck_assert_int_eq(memcmp(wx, wy, nx * 4), 0);
      ck_assert_uint_eq(x->code[j].op, y->code[j].op);
      ck_assert_uint_eq(x->code[j].target[0], y->code[j].target[0]);
    }
    ck_assert_int_eq(!x->line, !y->line);
    if (x->line) ck_assert_int_eq(memcmp(x->line, y->line, x->ncode * 4), 0);
    ck_assert_uint_eq(x->nvgprs, y->nvgprs);
    ck_assert_uint_eq(x->nsgprs, y->nsgprs);
    ck_assert_uint_eq(x->lds_bytes, y->lds_bytes);
    ck_assert_uint_eq(x->private_bytes, y->private_bytes);
    ck_assert_uint_eq(x->kernarg_bytes, y->kernarg_bytes);
    ck_assert_int_eq(memcmp(x->reqd_wg_size, y->reqd_wg_size, sizeof x->reqd_wg_size), 0);
    ck_assert(!x->attributes == !y->attributes); /* NULL (the empty kernel) survives */
    if (x->attributes) ck_assert_str_eq(x->attributes, y->attributes);
    ck_assert_uint_eq(x->nargs, y->nargs);
    for (uint32_t a2 = 0; a2 < x->nargs; a2++) {
      ck_assert_str_eq(x->args[a2].name, y->args[a2].name);
      ck_assert_str_eq(x->args[a2].type_name, y->args[a2].type_name);
      ck_assert_uint_eq(x->args[a2].kind, y->args[a2].kind);
      ck_assert_uint_eq(x->args[a2].size, y->args[a2].size);
      ck_assert_uint_eq(x->args[a2].offset, y->args[a2].offset);
      ck_assert_uint_eq(x->args[a2].align, y->args[a2].align);
      ck_assert_uint_eq(x->args[a2].type_qual, y->args[a2].type_qual);
      ck_assert_uint_eq(x->args[a2].access, y->args[a2].access);
    }
    ck_assert_uint_eq(x->const_bytes, y->const_bytes);
    ck_assert_uint_eq(x->const_arg_offset, y->const_arg_offset);
    ck_assert_int_eq(!x->const_data, !y->const_data);
    if (x->const_data) ck_assert_int_eq(memcmp(x->const_data, y->const_data, x->const_bytes), 0);
    ck_assert_uint_eq(x->nconst_relocs, y->nconst_relocs);
    for (uint32_t q = 0; q < x->nconst_relocs; q++)
      ck_assert_uint_eq(x->const_relocs[q], y->const_relocs[q]);
  }
}

START_TEST(round_trip_exact) {
  isa_program *p = make_program();
  uint8_t *buf = NULL, *buf2 = NULL;
  size_t len = 0, len2 = 0;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), 0);
  ck_assert_int_eq(memcmp(buf, "WSIMPRG\0", 8), 0);
  ck_assert_uint_eq(buf[8], ISA_SERIAL_VERSION);
  isa_program *q = NULL;
  char err[256] = "x";
  ck_assert_msg(isa_program_deserialize(buf, len, &q, err, sizeof err) == 0, "%s", err);
  ck_assert_str_eq(err, "");
  check_same(p, q);
  ck_assert_ptr_null(q->kernels[1].source_file);
  ck_assert_str_eq(q->kernels[0].args[1].type_name, "");
  ck_assert_uint_eq(q->kernels[0].code[3].target[0], 1);
  /* serializing the copy gives the same bytes */
  ck_assert_int_eq(isa_program_serialize(q, &buf2, &len2), 0);
  ck_assert_uint_eq(len, len2);
  ck_assert_int_eq(memcmp(buf, buf2, len), 0);
  free(buf);
  free(buf2);
  isa_program_destroy(p);
  isa_program_destroy(q);
}
END_TEST

START_TEST(empty_program) {
  isa_program p = {0};
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(&p, &buf, &len), 0);
  ck_assert_uint_eq(len, 8 + 4 + 4 + 4 + 8);
  isa_program *q = NULL;
  char err[256];
  ck_assert_msg(isa_program_deserialize(buf, len, &q, err, sizeof err) == 0, "%s", err);
  ck_assert_uint_eq(q->nkernels, 0);
  isa_program_destroy(q);
  free(buf);
}
END_TEST

START_TEST(malformed_instruction_not_serialized) {
  isa_program *p = make_program();
  p->kernels[0].code[0].dst.file = ISA_RF_IMM; /* s_mov_b32 cannot write a literal */
  uint8_t *buf = (uint8_t *)1;
  size_t len = 7;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), -1);
  ck_assert_ptr_null(buf);
  ck_assert_uint_eq(len, 0);
  isa_program_destroy(p);
}
END_TEST

START_TEST(truncation_at_every_length) {
  isa_program *p = make_program();
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), 0);
  for (size_t n = 0; n < len; n++) {
    /* a fresh exact-size copy so that ASan/valgrind see any over-read */
    uint8_t *cut = malloc(n ? n : 1);
    memcpy(cut, buf, n);
    isa_program *q = (isa_program *)1;
    char err[256] = "";
    ck_assert_int_eq(isa_program_deserialize(cut, n, &q, err, sizeof err), -1);
    ck_assert_ptr_null(q);
    ck_assert_msg(strncmp(err, "serialized program: ", 20) == 0, "len %zu: %s", n, err);
    free(cut);
  }
  char err[256];
  isa_program *q = NULL;
  ck_assert_int_eq(isa_program_deserialize(buf, 3, &q, err, sizeof err), -1);
  ck_assert_str_eq(err, "serialized program: truncated (magic needs 8 more bytes) at byte 0 of 3");
  ck_assert_int_eq(isa_program_deserialize(buf, len - 1, &q, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "checksum mismatch (corrupt data)"), "%s", err);
  ck_assert_int_eq(isa_program_deserialize(NULL, 0, &q, err, sizeof err), -1);
  free(buf);
  isa_program_destroy(p);
}
END_TEST

START_TEST(corrupt_bytes) {
  isa_program *p = make_program();
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), 0);
  char err[256];
  isa_program *q = NULL;
  /* every single-bit flip is caught (magic, version, checksum or content) */
  for (size_t i = 0; i < len; i++) {
    for (int bit = 0; bit < 8; bit++) {
      buf[i] ^= (uint8_t)(1u << bit);
      ck_assert_int_eq(isa_program_deserialize(buf, len, &q, err, sizeof err), -1);
      ck_assert_ptr_null(q);
      buf[i] ^= (uint8_t)(1u << bit);
    }
  }
  buf[0] = 'X';
  isa_program_deserialize(buf, len, &q, err, sizeof err);
  char want[128];
  snprintf(want, sizeof want,
           "serialized program: bad magic (not a wavesim program) at byte 0 of %zu", len);
  ck_assert_str_eq(err, want);
  free(buf);
  isa_program_destroy(p);
}
END_TEST

START_TEST(other_version_rejected) {
  isa_program p = {0};
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(&p, &buf, &len), 0);
  buf[8] = (uint8_t)(ISA_SERIAL_VERSION + 1);
  char err[256];
  isa_program *q = NULL;
  ck_assert_int_eq(isa_program_deserialize(buf, len, &q, err, sizeof err), -1);
  char want[160];
  snprintf(want, sizeof want,
           "serialized program: format version %u, this wavesim reads %u at byte 12 of %zu",
           ISA_SERIAL_VERSION + 1, ISA_SERIAL_VERSION, len);
  ck_assert_str_eq(err, want);
  buf[8] = (uint8_t)ISA_SERIAL_VERSION;
  buf[12] ^= 1; /* opcode count */
  ck_assert_int_eq(isa_program_deserialize(buf, len, &q, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "written with a different instruction set (isa.def changed)"), "%s",
                err);
  free(buf);
}
END_TEST

START_TEST(const_reloc_outside_data_rejected) {
  isa_program *p = make_program();
  p->kernels[0].const_relocs[0] = 5; /* 8 bytes from 5 pass the 12-byte blob's end */
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), 0);
  char err[256];
  isa_program *q = NULL;
  ck_assert_int_eq(isa_program_deserialize(buf, len, &q, err, sizeof err), -1);
  ck_assert_ptr_null(q);
  ck_assert_msg(strstr(err, "constant relocation outside the data"), "%s", err);
  free(buf);
  isa_program_destroy(p);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_serial");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, round_trip_exact);
  tcase_add_test(tc, empty_program);
  tcase_add_test(tc, malformed_instruction_not_serialized);
  tcase_add_test(tc, truncation_at_every_length);
  tcase_add_test(tc, corrupt_bytes);
  tcase_add_test(tc, other_version_rejected);
  tcase_add_test(tc, const_reloc_outside_data_rejected);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
