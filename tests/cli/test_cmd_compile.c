/* `wavesim compile` (cli/cmd_compile.c): every example's kernels on two
 * presets (JSON checked by python3 -m json.tool and for its fields, the text
 * report for its parts), the LDS conflicts of a kernel whose degrees are
 * known by hand, -D and -I, occupancy's limiter and what lifts it, and each
 * bad input: build errors, unknown preset, kernel or option, missing file. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"

#define OUT_BYTES (1u << 21)

typedef struct run_result {
  int status;
  char *out, *err;
} run_result;

static char *slurp(const char *path) {
  char *buf = calloc(1, OUT_BYTES);
  ck_assert_ptr_nonnull(buf);
  FILE *f = fopen(path, "r");
  size_t n = f ? fread(buf, 1, OUT_BYTES - 1, f) : 0;
  buf[n] = 0;
  if (f) fclose(f);
  return buf;
}

static void run_free(run_result *r) {
  free(r->out);
  free(r->err);
}

/* `wavesim compile ARGS` through the shell; stdout is also kept in `keep`
 * (when not NULL) for python3 to read. */
static void compile(run_result *r, const char *args, const char *keep) {
  char out[] = "/tmp/wavesim-compile-out-XXXXXX", err[] = "/tmp/wavesim-compile-err-XXXXXX";
  close(mkstemp(out));
  close(mkstemp(err));
  char cmd[8192];
  snprintf(cmd, sizeof cmd, "%s compile %s >%s 2>%s", WAVESIM_TEST_CLI, args, out, err);
  int st = system(cmd);
  ck_assert(WIFEXITED(st));
  r->status = WEXITSTATUS(st);
  r->out = slurp(out);
  r->err = slurp(err);
  if (keep) rename(out, keep);
  unlink(out);
  unlink(err);
}

static int sh(const char *fmt, const char *a, const char *b) {
  char cmd[8192];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The OpenCL C source an example host program embeds (its kSource string
 * literals, unescaped) written to a temporary .cl file named in path. */
static void example_source(const char *name, char *path, size_t len) {
  char src[512];
  snprintf(src, sizeof src, "%s/examples/%s.c", WAVESIM_TEST_SOURCE_DIR, name);
  char *c = slurp(src);
  char *p = strstr(c, "kSource =");
  ck_assert_msg(p != NULL, "%s has no kSource", src);
  snprintf(path, len, "/tmp/wavesim-compile-%s-XXXXXX.cl", name);
  int fd = mkstemps(path, 3);
  ck_assert_int_ge(fd, 0);
  FILE *f = fdopen(fd, "w");
  for (p += 9; *p && *p != ';'; p++) {
    if (*p != '"') continue;
    for (p++; *p && *p != '"'; p++) {
      if (*p != '\\') {
        fputc(*p, f);
        continue;
      }
      p++;
      fputc(*p == 'n' ? '\n' : *p == 't' ? '\t' : *p, f);
    }
  }
  fclose(f);
  free(c);
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

/* python3 checks the JSON at path: valid, a list of objects with the
 * documented fields, and `expr` (a Python expression over d) true. */
static void check_json(const char *path, const char *expr) {
  char py[4096];
  snprintf(py, sizeof py,
           "python3 -m json.tool %%s >/dev/null && python3 -c \"import json,sys\n"
           "d=json.load(open('%%s'))\n"
           "assert isinstance(d, list) and d\n"
           "for o in d:\n"
           "  for k in ('kernel','preset','file','wave_size','local_size','local_size_from',"
           "'resources','occupancy','lds_banks','lds_bank_width','lds','listing'):\n"
           "    assert k in o, k\n"
           "  for k in ('vgprs','sgprs','lds_bytes','scratch_bytes','instructions','local_args'):\n"
           "    assert k in o['resources'], k\n"
           "  oc=o['occupancy']\n"
           "  assert not oc['ok'] or oc['limiter'] in oc['limits'] and oc['lift']\n"
           "  assert all('text' in l and 'pc' in l and 'line' in l for l in o['listing'])\n"
           "assert %s, d\"",
           expr);
  ck_assert_msg(sh(py, path, path) == 0, "JSON check failed: %s", expr);
}

/* Every example's kernels build on two presets; each gets its object with
 * the preset's wave size, listing and occupancy. */
START_TEST(examples) {
  static const struct {
    const char *name, *opts, *kernels;
  } ex[] = {
      {"vecadd", "", "['vecadd']"},
      {"matmul", "--local 16,16", "['matmul']"},
      {"neighbor_sum", "", "['neighbor_sum']"},
      {"profiling", "", "['saxpy']"},
      {"usehostptr", "", "['add']"},
      {"image_blur", "", "['blur_x', 'blur_y', 'resize']"},
      {"subgroup_reduce", "-cl-std=CL3.0 -cl-uniform-work-group-size",
       "['sum_local', 'sum_subgroup']"},
  };
  for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
    char cl[128], json[] = "/tmp/wavesim-compile-json-XXXXXX", args[1024], expr[512];
    example_source(ex[i].name, cl, sizeof cl);
    close(mkstemp(json));
    snprintf(args, sizeof args, "%s --config default --config h100 --format json %s", cl,
             ex[i].opts);
    run_result r;
    compile(&r, args, json);
    ck_assert_msg(r.status == 0, "%s: status %d: %s", ex[i].name, r.status, r.err);
    snprintf(expr, sizeof expr,
             "sorted(set(o['kernel'] for o in d)) == sorted(%s) and "
             "[o['preset'] for o in d] == ['default'] * (len(d) // 2) + ['h100'] * (len(d) // 2) "
             "and all(o['occupancy']['ok'] and o['resources']['instructions'] == len(o['listing'])"
             " for o in d)",
             ex[i].kernels);
    check_json(json, expr);
    run_free(&r);
    unlink(json);
    unlink(cl);
  }
}
END_TEST

/* The text report: source lines over their ISA, resources, occupancy and
 * its limiter, the LDS instructions. */
START_TEST(text_report) {
  char cl[128];
  example_source("matmul", cl, sizeof cl);
  run_result r;
  char args[256];
  snprintf(args, sizeof args, "%s --config h100 --local 16,16", cl);
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  const char *want[] = {"== kernel matmul, preset h100 (wave 32) ==",
                        "    14 |       acc += As[ty][k] * Bs[k][tx];",
                        "ds_read_b32",
                        "; LDS conflict-free (1 pass)",
                        "resources: ",
                        "work-group: 16x16x1 (--local)",
                        "occupancy: ",
                        ", limited by ",
                        "to lift it: ",
                        "LDS bank conflicts (lds.banks 32 x 4 bytes"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(r.out, want[i]) != NULL, "no '%s' in:\n%s", want[i], r.out);
  run_free(&r);
  unlink(cl);
}
END_TEST

static const char lds_kernel[] =
    "#define N 32\n"
    "__kernel void transpose(__global float *out, __global const float *in) {\n"
    "  __local float tile[N][N];\n"
    "  __local float padded[N][N + 1];\n"
    "  int x = get_local_id(0), y = get_local_id(1);\n"
    "  tile[y][x] = in[get_global_id(1) * 1024 + get_global_id(0)];\n"
    "  padded[y][x] = tile[y][x];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  float a = tile[x][y];\n"
    "  float b = padded[x][y];\n"
    "  float c = tile[in[x] > 0 ? x : y][0];\n"
    "  out[get_global_id(1) * 1024 + get_global_id(0)] = a + b + c;\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n"
    "void strided(__global float *out, int s) {\n"
    "  __local float buf[64 * 8];\n"
    "  int i = get_local_id(0);\n"
    "  buf[i * 2] = i;\n"
    "  buf[i * s] = i;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = buf[3];\n"
    "}\n";

/* Degrees worked out by hand (32 banks of 4 bytes): a column of a 32x32
 * float tile is 32-way, the padded tile's conflict-free, a stride of two
 * floats 2-way; an index loaded from memory or a runtime stride is not
 * affine. On gcn a 64-wide wave needs two passes at best, so the column
 * read's 32 passes are 16 times that. reqd_work_group_size wins over
 * --local. */
START_TEST(lds_conflicts) {
  char cl[] = "/tmp/wavesim-compile-lds-XXXXXX.cl", json[] = "/tmp/wavesim-compile-json-XXXXXX";
  close(mkstemps(cl, 3));
  close(mkstemp(json));
  write_file(cl, lds_kernel);
  char args[512];
  snprintf(args, sizeof args, "%s --config default --config gcn --local 32,32 --format json", cl);
  run_result r;
  compile(&r, args, json);
  ck_assert_msg(r.status == 0, "%s", r.err);
  check_json(json, "[[(l['line'], l['affine'], l.get('degree')) for l in o['lds']] for o in d] == "
                   "[[(6, True, 1), (7, True, 1), (9, True, 32), (10, True, 1), (11, False, None)],"
                   " [(18, True, 2), (19, False, None), (21, True, 1)],"
                   " [(6, True, 1), (7, True, 1), (9, True, 16), (10, True, 1), (11, False, None)],"
                   " [(18, True, 2), (19, False, None), (21, True, 1)]] and "
                   "d[2]['lds'][2]['passes'] == 32 and d[2]['lds'][2]['ideal'] == 2 and "
                   "[o['local_size'] for o in d] == [[32, 32, 1], [64, 1, 1]] * 2 and "
                   "[o['wave_size'] for o in d] == [32, 32, 64, 64] and "
                   "d[1]['local_size_from'] == 'reqd_work_group_size' and "
                   "d[0]['lds'][2]['stride'] == [128, 4, 0] and d[0]['lds'][2]['offset'] == 0");
  run_free(&r);
  snprintf(args, sizeof args, "%s --kernel strided", cl);
  compile(&r, args, NULL);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_null(strstr(r.out, "kernel transpose"));
  ck_assert_ptr_nonnull(strstr(r.out, "; LDS 2-way: 2 passes, 1 without conflicts"));
  ck_assert_ptr_nonnull(strstr(r.out, "; LDS not affine in the work-item id"));
  ck_assert_ptr_nonnull(strstr(r.out, "worst: 2-way at pc "));
  run_free(&r);
  unlink(cl);
  unlink(json);
}
END_TEST

/* A work-group needing LDS for three per CU: the limiter is lds, and the
 * lift names the size that would fit a fourth; with one work-group per CU
 * allowed, larger work-groups lift it; full slots cannot be lifted; one
 * needing more LDS than a work-group may have cannot launch, and says why. */
START_TEST(occupancy_lift) {
  char cl[] = "/tmp/wavesim-compile-occ-XXXXXX.cl";
  close(mkstemps(cl, 3));
  write_file(cl, "__kernel void big(__global float *o) {\n"
                 "  __local float t[SIZE];\n"
                 "  t[get_local_id(0)] = 1.0f;\n"
                 "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                 "  o[get_global_id(0)] = t[get_local_id(0) + 1];\n"
                 "}\n");
  char args[512];
  snprintf(args, sizeof args,
           "%s -DSIZE=5000 --config default --local 64 --set lds.bytes_per_cu=65536 "
           "--set lds.granule=256 --set lds.max_per_workgroup=32768",
           cl);
  run_result r;
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, "occupancy: 3 work-groups per CU") &&
                    strstr(r.out, "limited by lds") &&
                    strstr(r.out, "to lift it: LDS: 20224 bytes allocated per work-group -> "
                                  "16384 would allow 4 work-groups per CU"),
                "%s", r.out);
  run_free(&r);
  /* one work-group per CU allowed: larger ones keep more waves */
  snprintf(args, sizeof args, "%s -DSIZE=64 --local 64 --set cu.max_workgroups=1", cl);
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, "limited by workgroups") &&
                    strstr(r.out, "to lift it: work-groups per CU (cu.max_workgroups = 1): "
                                  "work-groups of 128 work-items would keep 4 waves per CU "
                                  "instead of 2"),
                "%s", r.out);
  run_free(&r);
  /* every slot full */
  snprintf(args, sizeof args, "%s -DSIZE=64 --local 64", cl);
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, "(100%), limited by wave_slots") &&
                    strstr(r.out, "to lift it: wave slots: every slot holds a wave"),
                "%s", r.out);
  run_free(&r);
  snprintf(args, sizeof args, "%s -DSIZE=9000 --set lds.max_per_workgroup=32768", cl);
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, "occupancy: cannot launch: work-group needs 36000 bytes of __local "
                              "memory but lds.max_per_workgroup = 32768"),
                "%s", r.out);
  run_free(&r);
  unlink(cl);
}
END_TEST

/* -D and -I reach the compiler as clBuildProgram options; without them
 * the build fails as it would there. */
START_TEST(defines_and_includes) {
  char dir[] = "/tmp/wavesim-compile-inc-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char inc[256], hdr[300], cl[256];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  ck_assert_int_eq(sh("mkdir -p %s%s", inc, ""), 0);
  snprintf(hdr, sizeof hdr, "%s/scale.h", inc);
  write_file(hdr, "#define SCALE 1000\n");
  snprintf(cl, sizeof cl, "%s/k.cl", dir);
  write_file(cl, "#include \"scale.h\"\n"
                 "__kernel void k(__global int *o) { o[get_global_id(0)] = SCALE * FACTOR; }\n");
  char args[1024], json[] = "/tmp/wavesim-compile-json-XXXXXX";
  close(mkstemp(json));
  snprintf(args, sizeof args, "%s -I %s -DFACTOR=7 --format json", cl, inc);
  run_result r;
  compile(&r, args, json);
  ck_assert_msg(r.status == 0, "%s", r.err);
  check_json(json, "any('7000' in l['text'] or '0x1b58' in l['text'] for l in d[0]['listing'])");
  run_free(&r);
  snprintf(args, sizeof args, "%s -I%s -D FACTOR=2 --kernel k", cl, inc);
  compile(&r, args, NULL);
  ck_assert_msg(r.status == 0, "%s", r.err);
  run_free(&r);
  snprintf(args, sizeof args, "%s -I%s", cl, inc);
  compile(&r, args, NULL);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.err, ":2:") && strstr(r.err, "undeclared identifier 'FACTOR'"), "%s",
                r.err);
  run_free(&r);
  sh("rm -rf %s%s", dir, "");
  unlink(json);
}
END_TEST

/* A syntax error: clang's message with its line, as clBuildProgram's log
 * has it, the error code it would return, and status 1. */
START_TEST(build_error) {
  char cl[] = "/tmp/wavesim-compile-bad-XXXXXX.cl";
  close(mkstemps(cl, 3));
  write_file(cl, "__kernel void broken(__global int *out) {\n"
                 "  int i = get_global_id(0);\n"
                 "  out[i] = i +;\n"
                 "}\n");
  run_result r;
  compile(&r, cl, NULL);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.err, ":3:") && strstr(r.err, "error: expected expression") &&
                    strstr(r.err, "clBuildProgram would fail for preset 'default' with "
                                  "CL_BUILD_PROGRAM_FAILURE"),
                "%s", r.err);
  ck_assert_str_eq(r.out, "");
  run_free(&r);
  char args[256];
  snprintf(args, sizeof args, "%s --options -fbogus", cl);
  compile(&r, args, NULL);
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strstr(r.err, "unknown build option '-fbogus'") &&
                    strstr(r.err, "CL_INVALID_BUILD_OPTIONS"),
                "%s", r.err);
  run_free(&r);
  unlink(cl);
}
END_TEST

/* Bad usage: each says what is wrong, status 2. */
START_TEST(bad_inputs) {
  char cl[] = "/tmp/wavesim-compile-ok-XXXXXX.cl";
  close(mkstemps(cl, 3));
  write_file(cl, "__kernel void one(__global int *o) { o[0] = 1; }\n"
                 "__kernel void two(__global int *o) { o[1] = 2; }\n");
  static const struct {
    const char *args, *err;
  } bad[] = {
      {"/nonexistent/k.cl", "wavesim compile: cannot read /nonexistent/k.cl: No such file"},
      {"", "wavesim compile: no FILE.cl given"},
      {"%s --config nosuch", "unknown config 'nosuch'"},
      {"%s --kernel three", "has no kernel 'three' (kernels: one, two)"},
      {"%s --frobnicate", "wavesim compile: unknown option '--frobnicate'"},
      {"%s --format xml", "--format xml: use 'text' or 'json'"},
      {"%s --local 0,4", "--local 0,4: expected X[,Y[,Z]]"},
      {"%s --local 1,2,3,4", "--local 1,2,3,4: expected X[,Y[,Z]]"},
      {"%s --set lds.bankz=4", "unknown key 'lds.bankz' (did you mean 'lds.banks'?)"},
      {"%s --set lds.banks", "--set lds.banks: expected KEY=VALUE"},
      {"%s --kernel", "missing value for '--kernel'"},
      {"%s %s", "one FILE at a time"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char args[512];
    snprintf(args, sizeof args, bad[i].args, cl, cl);
    run_result r;
    compile(&r, args, NULL);
    ck_assert_msg(r.status == 2, "%s: status %d", args, r.status);
    ck_assert_msg(strstr(r.err, bad[i].err) != NULL, "%s: '%s' not in: %s", args, bad[i].err,
                  r.err);
    ck_assert_str_eq(r.out, "");
    run_free(&r);
  }
  unlink(cl);
}
END_TEST

/* The static report agrees with the timing model: a kernel run under
 * `wavesim run` (full work-groups, every lane active, no branches) records
 * per source line the LDS conflict cycles that compile predicts: per wave,
 * passes - ideal of each LDS instruction on the line, times the waves. */
static const char banks_kernel[] =
    "// RUN: kernel=banks global=64,64 local=32,32 args=out:buf:float:4096:zero\n"
    "__kernel void banks(__global float *out) {\n"
    "  __local float tile[32][32];\n"
    "  __local float pad[32][33];\n"
    "  __local float wide[32][64];\n"
    "  int x = get_local_id(0), y = get_local_id(1);\n"
    "  tile[y][x] = x;\n"
    "  pad[y][x] = y;\n"
    "  wide[y][x * 2] = x + y;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  float a = tile[x][y];\n"
    "  float b = pad[x][y];\n"
    "  float c = wide[y][x + 32];\n"
    "  float d = tile[3][y];\n"
    "  out[get_global_id(1) * 64 + get_global_id(0)] = a + b + c + d;\n"
    "}\n";

START_TEST(agrees_with_timing_model) {
  char cl[] = "/tmp/wavesim-compile-banks-XXXXXX.cl", json[] = "/tmp/wavesim-compile-json-XXXXXX";
  char db[] = "/tmp/wavesim-compile-db-XXXXXX", bin[] = "/tmp/wavesim-compile-bin-XXXXXX";
  close(mkstemps(cl, 3));
  close(mkstemp(json));
  close(mkstemp(db));
  close(mkstemp(bin));
  unlink(db);
  write_file(cl, banks_kernel);
  char args[512];
  snprintf(args, sizeof args, "%s --config default --local 32,32 --format json", cl);
  run_result r;
  compile(&r, args, json);
  ck_assert_msg(r.status == 0, "%s", r.err);
  run_free(&r);
  char cmd[4096];
  snprintf(cmd, sizeof cmd, "%s run --config default --db %s --quiet -- %s %s %s", WAVESIM_TEST_CLI,
           db, WAVESIM_TEST_CLRUN, cl, bin);
  ck_assert_int_eq(system(cmd), 0);
  /* 4 work-groups of 32 waves; lines whose LDS instructions are all affine */
  char py[4096];
  snprintf(py, sizeof py,
           "python3 -c \"import json, sqlite3, collections\n"
           "o = json.load(open('%s'))[0]\n"
           "want = collections.Counter(); affine = collections.defaultdict(lambda: True)\n"
           "for l in o['lds']:\n"
           "  affine[l['line']] &= l['affine']\n"
           "  if l['affine']: want[l['line']] += (l['passes'] - l['ideal']) * 128\n"
           "got = dict(sqlite3.connect('%s').execute("
           "'SELECT line, lds_conflict_cycles FROM line_stats').fetchall())\n"
           "lines = [n for n in affine if affine[n]]\n"
           "assert len(lines) == 7 and all(got.get(n, 0) == want[n] for n in lines), (want, got)\n"
           "assert want[11] == 31 * 128 and want[9] > 0 and want[7] == 0, want\n\"",
           json, db);
  ck_assert_msg(system(py) == 0, "static and simulated LDS conflicts differ");
  unlink(cl);
  unlink(json);
  unlink(db);
  unlink(bin);
}
END_TEST

/* --help and the command table. */
START_TEST(help) {
  run_result r;
  compile(&r, "--help", NULL);
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "wavesim compile FILE.cl"));
  ck_assert_ptr_nonnull(strstr(r.out, "--local X[,Y[,Z]]"));
  ck_assert_ptr_nonnull(strstr(r.out, "dispatch.auto_workgroup_size"));
  run_free(&r);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("cmd_compile");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, examples);
  tcase_add_test(tc, text_report);
  tcase_add_test(tc, lds_conflicts);
  tcase_add_test(tc, occupancy_lift);
  tcase_add_test(tc, defines_and_includes);
  tcase_add_test(tc, build_error);
  tcase_add_test(tc, bad_inputs);
  tcase_add_test(tc, help);
  tcase_add_test(tc, agrees_with_timing_model);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
