/* Tests for frontend/fe_cache.c through fe_build / fe_build_spirv: hits,
 * misses on every key input, corrupt and unwritable caches, WAVESIM_CACHE=off. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_run.h"
#include "fe.h"
#include "fe_cache.h"
#include "fe_front.h"

static const fe_target t32 = {.wave_size = 32, .max_vgprs = 256, .max_sgprs = 104, .fp64 = 1};
static const char *src = "__kernel void k(__global int *o) { o[get_global_id(0)] = 7; }\n";
/* warns by default (division by zero), so the log is not empty */
static const char *warn_src = "__kernel void k(__global int *o) {\n  o[0] = 1 / 0;\n}\n";

/* The directory this test's compiler objects cache in (NULL: no cache;
 * each test runs in its own fork). */
static const char *cache_dir;

static fe_compiler *compiler(void) {
  fe_host h = {.cache_dir = cache_dir};
  return fe_compiler_create(&h);
}

/* A fresh cache directory for this test, the one its compilers use. */
static char *fresh_dir(void) {
  char tmpl[] = "/tmp/wavesim-cache-test-XXXXXX";
  char *d = mkdtemp(tmpl);
  ck_assert_ptr_nonnull(d);
  d = strdup(d);
  cache_dir = d;
  return d;
}

static int count_entries(const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name), s = strlen(suffix);
    if (l > s && !strcmp(e->d_name + l - s, suffix)) n++;
  }
  closedir(d);
  return n;
}

static void rm_dir(char *dir) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
  free(dir);
}

/* Builds with a new compiler object (like a new process) and returns stats. */
static fe_cache_stats build_once(const char *source, const char *options, const fe_target *t,
                                 uint8_t **bytes, size_t *len, char **log_out) {
  fe_compiler *c = compiler();
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, source, options, t, &p, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  if (bytes) ck_assert_int_eq(isa_program_serialize(p, bytes, len), 0);
  if (log_out)
    *log_out = log;
  else
    free(log);
  fe_cache_stats s;
  fe_compiler_cache_stats(c, &s);
  isa_program_destroy(p);
  fe_compiler_destroy(c);
  return s;
}

START_TEST(second_build_hits_and_is_identical) {
  char *dir = fresh_dir();
  uint8_t *a = NULL, *b = NULL;
  size_t la = 0, lb = 0;
  char *loga = NULL, *logb = NULL;
  fe_cache_stats s = build_once(warn_src, "", &t32, &a, &la, &loga);
  ck_assert_uint_eq(s.hits, 0);
  ck_assert_uint_eq(s.misses, 1);
  ck_assert_uint_eq(s.stores, 1);
  ck_assert_int_eq(count_entries(dir, ".wsc"), 1);
  s = build_once(warn_src, "", &t32, &b, &lb, &logb);
  ck_assert_uint_eq(s.hits, 1);
  ck_assert_uint_eq(s.misses, 0);
  ck_assert_uint_eq(s.stores, 0);
  ck_assert_uint_eq(la, lb);
  ck_assert_int_eq(memcmp(a, b, la), 0);
  ck_assert_msg(strstr(loga, "input.cl:2:12: warning: division by zero"), "%s", loga);
  ck_assert_str_eq(loga, logb);
  /* the deserialized program re-serializes to the same bytes */
  isa_program *q = NULL;
  char err[256];
  ck_assert_msg(isa_program_deserialize(a, la, &q, err, sizeof err) == 0, "%s", err);
  uint8_t *c2 = NULL;
  size_t lc = 0;
  ck_assert_int_eq(isa_program_serialize(q, &c2, &lc), 0);
  ck_assert_uint_eq(lc, la);
  ck_assert_int_eq(memcmp(a, c2, la), 0);
  ck_assert_ptr_nonnull(isa_program_find(q, "k"));
  isa_program_destroy(q);
  free(c2);
  /* the same compiler object hits on its second build too */
  fe_compiler *c = compiler();
  isa_program *p = NULL;
  char *log = NULL;
  ck_assert_int_eq(fe_build(c, src, "", &t32, &p, &log), FE_OK);
  isa_program_destroy(p);
  free(log);
  ck_assert_int_eq(fe_build(c, src, "", &t32, &p, &log), FE_OK);
  isa_program_destroy(p);
  free(log);
  fe_compiler_cache_stats(c, &s);
  ck_assert_uint_eq(s.misses, 1);
  ck_assert_uint_eq(s.hits, 1);
  fe_compiler_destroy(c);
  free(a), free(b), free(loga), free(logb);
  ck_assert_int_eq(count_entries(dir, ".wsc"), 2);
  ck_assert_int_eq(count_entries(dir, ".tmp"), 0);
  rm_dir(dir);
}
END_TEST

START_TEST(every_key_input_misses) {
  char *dir = fresh_dir();
  ck_assert_uint_eq(build_once(src, "-DX=1", &t32, NULL, NULL, NULL).misses, 1);
  /* whitespace in options is normalized: still a hit */
  ck_assert_uint_eq(build_once(src, "  -DX=1 \t", &t32, NULL, NULL, NULL).hits, 1);
  ck_assert_uint_eq(build_once(src, "-DX=2", &t32, NULL, NULL, NULL).misses, 1);
  ck_assert_uint_eq(build_once(src, "-DX=1 -w", &t32, NULL, NULL, NULL).misses, 1);
  ck_assert_uint_eq(build_once("\n" /* one byte more */ "__kernel void k(__global int *o) "
                               "{ o[get_global_id(0)] = 7; }\n", "-DX=1", &t32, NULL, NULL, NULL)
                        .misses, 1);
  fe_target t = t32;
  t.wave_size = 64;
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t = t32;
  t.max_vgprs = 128;
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t = t32;
  t.max_sgprs = 96;
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t = t32;
  t.sched_vgprs = 32;
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t = t32;
  t.fp64 = 0;
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t = t32;
  t.extensions = "cl_khr_fp64";
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  t.extensions = "";
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).misses, 1);
  ck_assert_int_eq(count_entries(dir, ".wsc"), 11);
  /* and each of them now hits */
  ck_assert_uint_eq(build_once(src, "-DX=1", &t, NULL, NULL, NULL).hits, 1);
  ck_assert_uint_eq(build_once(src, "-DX=2", &t32, NULL, NULL, NULL).hits, 1);
  rm_dir(dir);
}
END_TEST

START_TEST(corrupt_entry_recompiles_and_is_replaced) {
  char *dir = fresh_dir();
  uint8_t *a = NULL, *b = NULL;
  size_t la = 0, lb = 0;
  build_once(src, "", &t32, &a, &la, NULL);
  DIR *d = opendir(dir);
  struct dirent *e;
  char path[600] = "";
  while ((e = readdir(d)))
    if (strstr(e->d_name, ".wsc")) snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
  closedir(d);
  ck_assert_str_ne(path, "");
  struct stat st;
  ck_assert_int_eq(stat(path, &st), 0);
  FILE *f = fopen(path, "r+b");
  fseek(f, st.st_size / 2, SEEK_SET);
  int ch = fgetc(f);
  fseek(f, st.st_size / 2, SEEK_SET);
  fputc(ch ^ 0x10, f);
  fclose(f);
  fe_cache_stats s = build_once(src, "", &t32, &b, &lb, NULL);
  ck_assert_uint_eq(s.corrupt, 1);
  ck_assert_uint_eq(s.misses, 1);
  ck_assert_uint_eq(s.hits, 0);
  ck_assert_uint_eq(s.stores, 1);
  ck_assert_uint_eq(la, lb);
  ck_assert_int_eq(memcmp(a, b, la), 0);
  free(b);
  /* replaced: the next build hits */
  s = build_once(src, "", &t32, &b, &lb, NULL);
  ck_assert_uint_eq(s.hits, 1);
  ck_assert_int_eq(memcmp(a, b, la), 0);
  free(b);
  /* truncated to nothing: same story */
  f = fopen(path, "wb");
  fclose(f);
  s = build_once(src, "", &t32, NULL, NULL, NULL);
  ck_assert_uint_eq(s.corrupt, 1);
  ck_assert_uint_eq(s.stores, 1);
  ck_assert_uint_eq(build_once(src, "", &t32, NULL, NULL, NULL).hits, 1);
  free(a);
  rm_dir(dir);
}
END_TEST

START_TEST(cache_off_never_writes) {
  char *dir = fresh_dir();
  cache_dir = NULL; /* the cache off: nothing may appear in dir */
  fe_cache_stats s = build_once(src, "", &t32, NULL, NULL, NULL);
  s = build_once(src, "", &t32, NULL, NULL, NULL);
  ck_assert_uint_eq(s.hits + s.misses + s.stores + s.store_failures + s.corrupt, 0);
  ck_assert_int_eq(count_entries(dir, ""), 2); /* only . and .. */
  rm_dir(dir);
}
END_TEST

START_TEST(unwritable_dir_still_builds) {
  char *dir = fresh_dir();
  char file[600];
  snprintf(file, sizeof file, "%s/plainfile", dir);
  FILE *f = fopen(file, "w");
  fclose(f);
  /* a cache "directory" below a regular file can never be created */
  char sub[700];
  snprintf(sub, sizeof sub, "%s/cache", file);
  cache_dir = sub;
  fe_cache_stats s = build_once(src, "", &t32, NULL, NULL, NULL);
  ck_assert_uint_eq(s.misses, 1);
  ck_assert_uint_eq(s.stores, 0);
  ck_assert_uint_eq(s.store_failures, 1);
  cache_dir = "/proc/wavesim-cache";
  s = build_once(src, "", &t32, NULL, NULL, NULL);
  ck_assert_uint_eq(s.store_failures, 1);
  rm_dir(dir);
}
END_TEST

START_TEST(failed_and_include_builds_not_cached) {
  char *dir = fresh_dir();
  fe_compiler *c = compiler();
  isa_program *p = NULL;
  char *log = NULL;
  ck_assert_int_eq(fe_build(c, "__kernel void k(void) { nope; }\n", "", &t32, &p, &log),
                   FE_BUILD_FAILED);
  free(log);
  ck_assert_int_eq(fe_build(c, "  #  include <nothing.h>\n__kernel void k(void) {}\n", "", &t32,
                            &p, &log),
                   FE_BUILD_FAILED);
  free(log);
  fe_cache_stats s;
  fe_compiler_cache_stats(c, &s);
  ck_assert_uint_eq(s.misses, 1); /* the #include build was not even looked up */
  ck_assert_uint_eq(s.stores, 0);
  ck_assert_int_eq(count_entries(dir, ".wsc"), 0);
  fe_compiler_destroy(c);
  rm_dir(dir);
}
END_TEST

/* A failed build is answered again (same status, same log) without compiling:
 * CLBlast retries a failing build at every call. Only within one compiler
 * object, only for the same key. */
START_TEST(failed_build_remembered_per_compiler) {
  char *dir = fresh_dir();
  const char *bad = "__kernel void k(void) { nope; }\n";
  fe_compiler *c = compiler();
  isa_program *p = NULL;
  char *log1 = NULL, *log2 = NULL, *log3 = NULL;
  ck_assert_int_eq(fe_build(c, bad, "", &t32, &p, &log1), FE_BUILD_FAILED);
  ck_assert_int_eq(fe_build(c, bad, "", &t32, &p, &log2), FE_BUILD_FAILED);
  ck_assert_ptr_null(p);
  ck_assert_str_eq(log1, log2);
  ck_assert_ptr_nonnull(strstr(log2, "nope"));
  ck_assert_int_eq(fe_build(c, bad, "-cl-no-such-option", &t32, &p, &log3), FE_INVALID_OPTIONS);
  free(log3);
  ck_assert_int_eq(fe_build(c, bad, "-cl-no-such-option", &t32, &p, &log3), FE_INVALID_OPTIONS);
  fe_cache_stats s;
  fe_compiler_cache_stats(c, &s);
  ck_assert_uint_eq(s.failed_hits, 2);
  ck_assert_uint_eq(s.misses, 2); /* each key compiled once, not looked up again */
  ck_assert_uint_eq(s.stores, 0);
  fe_compiler_destroy(c);
  /* a new compiler object (a new process) compiles again */
  c = compiler();
  free(log2);
  ck_assert_int_eq(fe_build(c, bad, "", &t32, &p, &log2), FE_BUILD_FAILED);
  fe_compiler_cache_stats(c, &s);
  ck_assert_uint_eq(s.failed_hits, 0);
  ck_assert_uint_eq(s.misses, 1);
  fe_compiler_destroy(c);
  free(log1);
  free(log2);
  free(log3);
  rm_dir(dir);
}
END_TEST

START_TEST(spirv_builds_are_cached) {
  char *dir = fresh_dir();
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb lg = {0};
  uint32_t *words = NULL;
  size_t n = 0;
  ck_assert_int_eq(fe_clc_compile(&tools, src, "", &words, &n, &lg), FE_OK);
  fe_sb_fini(&lg);
  uint8_t *bytes[2] = {NULL, NULL};
  size_t len[2] = {0, 0};
  for (int i = 0; i < 2; i++) {
    fe_compiler *c = compiler();
    isa_program *p = NULL;
    char *log = NULL;
    ck_assert_int_eq(fe_build_spirv(c, words, n, NULL, &t32, &p, &log), FE_OK);
    ck_assert_int_eq(isa_program_serialize(p, &bytes[i], &len[i]), 0);
    fe_cache_stats s;
    fe_compiler_cache_stats(c, &s);
    ck_assert_uint_eq(s.hits, (uint64_t)i);
    ck_assert_uint_eq(s.misses, (uint64_t)(1 - i));
    isa_program_destroy(p);
    free(log);
    fe_compiler_destroy(c);
  }
  ck_assert_uint_eq(len[0], len[1]);
  ck_assert_int_eq(memcmp(bytes[0], bytes[1], len[0]), 0);
  /* the same words built from source and as SPIR-V are different entries */
  ck_assert_uint_eq(build_once(src, "", &t32, NULL, NULL, NULL).misses, 1);
  free(bytes[0]), free(bytes[1]), free(words);
  rm_dir(dir);
}
END_TEST

START_TEST(cache_dir_given) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_cache *c = fe_cache_open(&tools, "/a/b");
  ck_assert_str_eq(fe_cache_dir(c), "/a/b");
  fe_cache_close(c);
  /* none or "": off, whatever the environment says (the runtime resolves it) */
  setenv("WAVESIM_CACHE_DIR", "/env/dir", 1);
  for (int i = 0; i < 2; i++) {
    c = fe_cache_open(&tools, i ? "" : NULL);
    ck_assert_ptr_null(fe_cache_dir(c));
    fe_cache_key key;
    ck_assert_int_eq(fe_cache_key_source(c, src, "", &t32, &key), -1);
    fe_cache_close(c);
  }
}
END_TEST

START_TEST(sha256_vectors) {
  static const char *want[] = {
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  };
  const char *in[] = {"", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"};
  for (int i = 0; i < 3; i++) {
    uint8_t d[32];
    char hex[65];
    fe_sha256(in[i], strlen(in[i]), d);
    for (int j = 0; j < 32; j++) snprintf(hex + 2 * j, 3, "%02x", d[j]);
    ck_assert_str_eq(hex, want[i]);
  }
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("fe_cache");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, second_build_hits_and_is_identical);
  tcase_add_test(tc, every_key_input_misses);
  tcase_add_test(tc, corrupt_entry_recompiles_and_is_replaced);
  tcase_add_test(tc, cache_off_never_writes);
  tcase_add_test(tc, unwritable_dir_still_builds);
  tcase_add_test(tc, failed_and_include_builds_not_cached);
  tcase_add_test(tc, failed_build_remembered_per_compiler);
  tcase_add_test(tc, spirv_builds_are_cached);
  tcase_add_test(tc, cache_dir_given);
  tcase_add_test(tc, sha256_vectors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
