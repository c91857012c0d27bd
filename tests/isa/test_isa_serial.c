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

/* Two kernels: one with every field set (args, lines, hidden arguments, NULL
 * vs "" strings), one nearly empty; both segments with data and relocations
 * (within and across segments), two printf sites. */
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
  k->nhidden = 3; /* in a different order than the kinds: the table keeps it */
  k->hidden = calloc(3, sizeof *k->hidden);
  k->hidden[0] = (isa_hidden_arg){ISA_HIDDEN_GLOBAL_SEGMENT, 24};
  k->hidden[1] = (isa_hidden_arg){ISA_HIDDEN_PRINTF_BUFFER, 32};
  k->hidden[2] = (isa_hidden_arg){ISA_HIDDEN_CONSTANT_SEGMENT, 16};
  isa_segment *c = &p->segs[ISA_SEG_CONSTANT];
  c->size = 12;
  c->data = malloc(12);
  memcpy(c->data, "\x01\x02\x04\x00\x00\x00\x00\x00\x00\x00\xff\x7f", 12);
  c->nrelocs = 1; /* a pointer at byte 2 to byte 4 of the constant segment */
  c->relocs = malloc(sizeof *c->relocs);
  c->relocs[0] = (isa_reloc){2, ISA_SEG_CONSTANT};
  isa_segment *g = &p->segs[ISA_SEG_GLOBAL];
  g->size = 32;
  g->data = calloc(32, 1);
  g->data[8] = 16; /* byte 8: a pointer to byte 16 of this segment; 24: to the constants */
  g->nrelocs = 2;
  g->relocs = malloc(2 * sizeof *g->relocs);
  g->relocs[0] = (isa_reloc){8, ISA_SEG_GLOBAL};
  g->relocs[1] = (isa_reloc){24, ISA_SEG_CONSTANT};
  p->nprintf = 2;
  p->printf_fmts = calloc(2, sizeof(char *));
  p->printf_layouts = calloc(2, sizeof(char *));
  p->printf_fmts[0] = strdup("x=%d\n");
  p->printf_layouts[0] = strdup("i");
  p->printf_fmts[1] = strdup("");
  p->printf_layouts[1] = strdup("");
  isa_kernel *e = &p->kernels[1];
  e->name = strdup("empty");
  e->source_file = NULL;
  return p;
}

static void check_same(const isa_program *a, const isa_program *b) {
  for (int sg = 0; sg < ISA_NSEGS; sg++) {
    const isa_segment *x = &a->segs[sg], *y = &b->segs[sg];
    ck_assert_uint_eq(x->size, y->size);
    ck_assert_int_eq(!x->data, !y->data);
    if (x->data) ck_assert_int_eq(memcmp(x->data, y->data, x->size), 0);
    ck_assert_uint_eq(x->nrelocs, y->nrelocs);
    for (uint32_t q = 0; q < x->nrelocs; q++) {
      ck_assert_uint_eq(x->relocs[q].at, y->relocs[q].at);
      ck_assert_uint_eq(x->relocs[q].seg, y->relocs[q].seg);
    }
  }
  ck_assert_uint_eq(a->nprintf, b->nprintf);
  for (uint32_t i = 0; i < a->nprintf; i++) {
    ck_assert_str_eq(a->printf_fmts[i], b->printf_fmts[i]);
    ck_assert_str_eq(a->printf_layouts[i], b->printf_layouts[i]);
  }
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
    ck_assert_uint_eq(x->nhidden, y->nhidden);
    for (uint32_t h = 0; h < x->nhidden; h++) {
      ck_assert_uint_eq(x->hidden[h].kind, y->hidden[h].kind);
      ck_assert_uint_eq(x->hidden[h].offset, y->hidden[h].offset);
    }
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
  /* the table answers by kind; the empty kernel has none */
  ck_assert_uint_eq(isa_kernel_hidden(&q->kernels[0], ISA_HIDDEN_CONSTANT_SEGMENT)->offset, 16);
  ck_assert_uint_eq(isa_kernel_hidden(&q->kernels[0], ISA_HIDDEN_PRINTF_BUFFER)->offset, 32);
  ck_assert_ptr_null(isa_kernel_hidden(&q->kernels[1], ISA_HIDDEN_GLOBAL_SEGMENT));
  ck_assert_str_eq(q->printf_fmts[1], "");
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
  /* magic, version, opcode count, two empty segments (size, flag, relocation
   * count), printf sites, kernels, checksum */
  ck_assert_uint_eq(len, 8 + 4 + 4 + 2 * (4 + 1 + 4) + 4 + 4 + 8);
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

/* Serializes p (changed by the caller to something the reader refuses) and
 * checks the reader's message names it. */
static void check_rejected(isa_program *p, const char *why) {
  uint8_t *buf = NULL;
  size_t len = 0;
  ck_assert_int_eq(isa_program_serialize(p, &buf, &len), 0);
  char err[256];
  isa_program *q = (isa_program *)1;
  ck_assert_int_eq(isa_program_deserialize(buf, len, &q, err, sizeof err), -1);
  ck_assert_ptr_null(q);
  ck_assert_msg(strstr(err, why), "%s", err);
  free(buf);
  isa_program_destroy(p);
}

START_TEST(reloc_outside_data_rejected) {
  isa_program *p = make_program();
  p->segs[ISA_SEG_CONSTANT].relocs[0].at = 5; /* 8 bytes from 5 pass the 12-byte segment's end */
  check_rejected(p, "relocation outside the segment's data");
}
END_TEST

START_TEST(reloc_bad_segment_rejected) {
  isa_program *p = make_program();
  p->segs[ISA_SEG_GLOBAL].relocs[1].seg = ISA_NSEGS;
  check_rejected(p, "bad relocation target segment");
}
END_TEST

START_TEST(hidden_bad_kind_rejected) {
  isa_program *p = make_program();
  p->kernels[0].hidden[1].kind = ISA_HIDDEN_COUNT;
  check_rejected(p, "bad hidden argument kind");
}
END_TEST

START_TEST(hidden_slot_outside_kernarg_rejected) {
  isa_program *p = make_program();
  p->kernels[0].hidden[1].offset = 36; /* 8 bytes from 36 pass kernarg_bytes 40 */
  check_rejected(p, "hidden argument slot outside the kernarg segment");
}
END_TEST

START_TEST(hidden_kind_twice_rejected) {
  isa_program *p = make_program();
  p->kernels[0].hidden[2].kind = ISA_HIDDEN_GLOBAL_SEGMENT;
  check_rejected(p, "hidden argument kind listed twice");
}
END_TEST

/* Every kind has a name and a slot size (the listing and the reader's bound
 * check use them); a kind past the table has neither. */
START_TEST(hidden_kinds_named) {
  for (unsigned h = 0; h < ISA_HIDDEN_COUNT; h++) {
    ck_assert_ptr_nonnull(isa_hidden_name(h));
    ck_assert_uint_eq(isa_hidden_bytes(h), 8);
  }
  ck_assert_str_eq(isa_hidden_name(ISA_HIDDEN_GLOBAL_SEGMENT), "global_segment");
  ck_assert_ptr_null(isa_hidden_name(ISA_HIDDEN_COUNT));
  ck_assert_uint_eq(isa_hidden_bytes(ISA_HIDDEN_COUNT), 0);
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
  tcase_add_test(tc, reloc_outside_data_rejected);
  tcase_add_test(tc, reloc_bad_segment_rejected);
  tcase_add_test(tc, hidden_bad_kind_rejected);
  tcase_add_test(tc, hidden_slot_outside_kernarg_rejected);
  tcase_add_test(tc, hidden_kind_twice_rejected);
  tcase_add_test(tc, hidden_kinds_named);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
