/* Program-scope and static __global variables (OpenCL C 2.0/3.0), checked
 * against values computed here on the host (Debian's PoCL has no
 * program-scope variables to compare with): initialised arrays and structs,
 * zero-initialised data, pointers to other variables in initialisers,
 * persistence across launches and across kernels of one program, two
 * programs with same-named variables kept apart, one copy per device,
 * CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, a kernel with all three hidden
 * arguments (both segments and printf), a program rebuilt from the
 * compile cache, separate compilation and linking, the build errors (1.2,
 * an undefined extern, too much data) and an out-of-bounds access past a
 * variable.
 *
 * usage: progvars PLATFORM-NAME-SUBSTRING [two-devices | oob-fatal | race-fatal]
 *   two-devices: the platform must have two devices (WAVESIM_CONFIG=a,b);
 *                each gets its own copy of the variables
 *   oob-fatal:   run under WAVESIM_CHECK=oob-fatal: a read past the global
 *                segment's end must fault the launch, one at its last byte not
 *   race-fatal:  run under WAVESIM_CHECK=races,fatal: unsynchronised stores
 *                to one variable from many work-items must fail the launch
 * Exit 0 when every check passes; each failure is printed. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS /* clCreateCommandQueue: the devices are 1.2 ones */
#include <CL/cl.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fails, checks;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    checks++;                                                                                      \
    if (!(cond)) {                                                                                 \
      fails++;                                                                                     \
      fprintf(stderr, "progvars:%d: %s: ", __LINE__, #cond);                                       \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
    }                                                                                              \
  } while (0)

/* Program A: every kind of initialiser, a static function-scope variable,
 * and kernels that change the variables. Layout-independent checks only:
 * the order the compiler places variables in is its own. */
static const char *src_a = "typedef struct { int a; float b; short c[3]; } S;\n"
                           "__global int g[4] = {1, 2, 3, 4};\n"
                           "__global S s = {5, 2.5f, {7, 8, 9}};\n"
                           "__global int z[6];\n"
                           "__global int *gp = &g[2];\n"
                           "__global int *gpa[2] = {&z[1], &g[3]};\n"
                           "__constant int c[2] = {70, 80};\n"
                           "__global long counter;\n"
                           /* relocations across segments, both ways */
                           "__constant int *__global cp = &c[1];\n"
                           "__global int *__constant gref = &g[3];\n"
                           "kernel void read_all(__global int *out) {\n"
                           "  if (get_global_id(0) != 0) return;\n"
                           "  for (int i = 0; i < 4; i++) out[i] = g[i];\n"
                           "  out[4] = s.a;\n"
                           "  out[5] = as_int(s.b);\n"
                           "  for (int i = 0; i < 3; i++) out[6 + i] = s.c[i];\n"
                           "  for (int i = 0; i < 6; i++) out[9 + i] = z[i];\n"
                           "  out[15] = *gp;\n"
                           "  out[16] = gp == &g[2];\n"
                           "  out[17] = *gpa[1];\n"
                           "  out[18] = gpa[0] == &z[1];\n"
                           "  out[19] = c[0] + c[1];\n"
                           "  out[20] = (int)counter;\n"
                           "  out[21] = *cp;\n"
                           "  out[22] = *gref;\n"
                           "}\n"
                           /* every work-item adds 1 to g[i % 4] and counts itself; item 0 returns
                            * and bumps the static variable */
                           "kernel void bump(__global int *out) {\n"
                           "  static __global int calls = 100;\n"
                           "  size_t i = get_global_id(0);\n"
                           "  atomic_add(&g[i % 4], 1);\n"
                           "  atom_add(&counter, 1);\n"
                           "  if (i == 0) { out[0] = calls; calls++; }\n"
                           "}\n"
                           /* writes through the pointer variables: z[1] via gpa[0], g[2] via gp */
                           /* all three hidden arguments in one kernel */
                           "kernel void show(__global int *out) {\n"
                           "  printf(\"g1=%d c0=%d z0=%d\\n\", g[1], c[0], z[0]);\n"
                           "  out[0] = 1;\n"
                           "}\n"
                           "kernel void write_z(int base) {\n"
                           "  size_t i = get_global_id(0);\n"
                           "  if (i < 6 && i != 1) z[i] = base + (int)i;\n"
                           "  if (i == 0) { *gpa[0] = -1; *gp += 1000; }\n"
                           "}\n";

/* Program B: a variable named like one of A's, its own values. */
static const char *src_b = "__global int g[4] = {10, 20, 30, 40};\n"
                           "kernel void read_g(__global int *out) {\n"
                           "  size_t i = get_global_id(0);\n"
                           "  out[i] = g[i];\n"
                           "  g[i] += 1;\n"
                           "}\n";

/* Program C: sizes that leave no padding in any order (every size a
 * multiple of 8, alignments up to 8): 24 + 8 + 8 = 40 bytes of variables,
 * rounded up to the segment's 16-byte granule: 48. */
static const char *src_c = "__global long a[3] = {1, 2, 3};\n"
                           "__global int b[2];\n"
                           "__global char8 cc = (char8)(1);\n"
                           "kernel void k(__global long *out) { out[0] = a[2] + b[1] + cc.s3; }\n";
enum { SRC_C_TOTAL = 48 };

/* Program D: one 16-byte variable alone in its segment, for the bound. */
static const char *src_d = "__global int only[4] = {1, 2, 3, 4};\n"
                           "kernel void at(__global int *out, int i) { out[0] = only[i]; }\n";

/* Program E: no __global variables (a __constant one only). */
static const char *src_e = "__constant int t[2] = {3, 4};\n"
                           "kernel void k(__global int *out) { out[0] = t[1]; }\n";

/* Bad inputs, each a build failure whose log says what: */
static const struct {
  const char *src, *opts, *log;
} bad_cases[] = {
    /* OpenCL C 1.2 has no program-scope __global variables (clang's message) */
    {"__global int g[4] = {1, 2, 3, 4};\n"
     "kernel void k(__global int *o) { o[0] = g[1]; }\n",
     "", "program scope variable must reside in constant address space"},
    /* declared extern, defined nowhere in the program */
    {"extern __global int missing;\n"
     "kernel void k(__global int *o) { o[0] = missing; }\n",
     "-cl-std=CL2.0",
     "program-scope __global variable 'missing' is declared extern but not defined"},
    /* more __global data than wavesim takes (16 MiB) */
    {"__global char big[17 << 20];\n"
     "kernel void k(__global char *o) { o[0] = big[get_global_id(0)]; }\n",
     "-cl-std=CL2.0", "program-scope __global data of 17825792 bytes (at variable 'big') is more"},
};

/* Separate compilation: a variable defined in one compiled object, declared
 * extern and used in another, linked into one program. */
static const char *src_lib = "__global int shared_v[2] = {11, 22};\n"
                             "int get_shared(int i) { return shared_v[i]; }\n";
static const char *src_use = "extern __global int shared_v[2];\n"
                             "int get_shared(int i);\n"
                             "kernel void use(__global int *o) {\n"
                             "  o[0] = get_shared(1) + shared_v[0];\n"
                             "  shared_v[0] += 100;\n"
                             "}\n";

static cl_program build(cl_context ctx, cl_uint ndev, const cl_device_id *dev, const char *src,
                        const char *opts) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  if (err) {
    CHECK(0, "clCreateProgramWithSource: %d", err);
    return NULL;
  }
  err = clBuildProgram(p, ndev, dev, opts, NULL, NULL);
  if (err) {
    char log[8192] = "";
    clGetProgramBuildInfo(p, dev[0], CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    CHECK(0, "clBuildProgram(%s): %d\n%s", opts, err, log);
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

/* Runs kernel `name` of p over `global` work-items with (out buffer | int)
 * arguments; copies `nout` ints of the buffer back when out is given.
 * Returns the launch's event status (CL_COMPLETE or a failure). */
static cl_int launch(cl_context ctx, cl_command_queue q, cl_program p, const char *name,
                     size_t global, int *out, size_t nout, const int *intarg) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  if (err) {
    CHECK(0, "clCreateKernel(%s): %d", name, err);
    return err;
  }
  cl_mem buf = NULL;
  cl_uint a = 0;
  if (out) {
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (nout ? nout : 1) * sizeof(int) * 2, NULL, &err);
    int zero[64] = {0};
    clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, nout * sizeof(int), zero, 0, NULL, NULL);
    clSetKernelArg(k, a++, sizeof buf, &buf);
  }
  if (intarg) clSetKernelArg(k, a++, sizeof *intarg, intarg);
  cl_event ev = NULL;
  err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, &ev);
  cl_int status = err;
  if (!err) {
    clWaitForEvents(1, &ev);
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    clReleaseEvent(ev);
  }
  if (out && status == CL_COMPLETE)
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, nout * sizeof(int), out, 0, NULL, NULL);
  if (buf) clReleaseMemObject(buf);
  clReleaseKernel(k);
  return status;
}

static float as_float(int v) {
  float f;
  memcpy(&f, &v, 4);
  return f;
}

/* read_all's view after `bumps` launches of bump over 8 items, and (when
 * wrote) one write_z with base 500 afterwards. */
static void check_read_all(const int *o, int bumps, int wrote, const char *when) {
  int g[4] = {1, 2, 3, 4};
  for (int i = 0; i < 4; i++) g[i] += 2 * bumps; /* 8 items: two per element */
  if (wrote) g[2] += 1000;
  for (int i = 0; i < 4; i++) CHECK(o[i] == g[i], "%s: g[%d] = %d, want %d", when, i, o[i], g[i]);
  CHECK(o[4] == 5, "%s: s.a = %d", when, o[4]);
  CHECK(as_float(o[5]) == 2.5f, "%s: s.b = %g", when, as_float(o[5]));
  for (int i = 0; i < 3; i++)
    CHECK(o[6 + i] == 7 + i, "%s: s.c[%d] = %d, want %d", when, i, o[6 + i], 7 + i);
  for (int i = 0; i < 6; i++) {
    int want = !wrote ? 0 : i == 1 ? -1 : 500 + i;
    CHECK(o[9 + i] == want, "%s: z[%d] = %d, want %d", when, i, o[9 + i], want);
  }
  CHECK(o[15] == g[2], "%s: *gp = %d, want g[2] = %d", when, o[15], g[2]);
  CHECK(o[16] == 1, "%s: gp != &g[2]", when);
  CHECK(o[17] == g[3], "%s: *gpa[1] = %d, want g[3] = %d", when, o[17], g[3]);
  CHECK(o[18] == 1, "%s: gpa[0] != &z[1]", when);
  CHECK(o[19] == 150, "%s: c[0] + c[1] = %d", when, o[19]);
  CHECK(o[20] == 8 * bumps, "%s: counter = %d, want %d", when, o[20], 8 * bumps);
  CHECK(o[21] == 80, "%s: *cp = %d, want c[1] = 80", when, o[21]);
  CHECK(o[22] == g[3], "%s: *gref = %d, want g[3] = %d", when, o[22], g[3]);
}

/* Runs kernel `show` (printf of g[1], c[0], z[0]) with stdout sent to a
 * file, and checks the line it printed. */
static void check_show(cl_context ctx, cl_command_queue q, cl_program p, int g1, int z0) {
  char path[] = "/tmp/wavesim-progvars-out-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    CHECK(0, "mkstemp");
    return;
  }
  fflush(stdout);
  int saved = dup(1);
  dup2(fd, 1);
  int o[1];
  cl_int st = launch(ctx, q, p, "show", 1, o, 1, NULL);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  char text[256] = "";
  lseek(fd, 0, SEEK_SET);
  ssize_t n = read(fd, text, sizeof text - 1);
  text[n > 0 ? n : 0] = 0;
  close(fd);
  unlink(path);
  char want[64];
  snprintf(want, sizeof want, "g1=%d c0=70 z0=%d\n", g1, z0);
  CHECK(st == CL_COMPLETE && o[0] == 1, "show: status %d", st);
  CHECK(!strcmp(text, want), "show printed '%s', want '%s'", text, want);
}

/* Program A on one queue: the initial values, two bumps (persistence and the
 * static variable), a second kernel's writes, then a fresh build of the same
 * source (a new program: fresh variables). */
static void run_a(cl_context ctx, cl_device_id dev, cl_command_queue q, const char *std) {
  cl_program p = build(ctx, 1, &dev, src_a, std);
  if (!p) return;
  int o[32];
  CHECK(launch(ctx, q, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all (%s)", std);
  check_read_all(o, 0, 0, "initial");
  for (int b = 0; b < 2; b++) {
    CHECK(launch(ctx, q, p, "bump", 8, o, 1, NULL) == CL_COMPLETE, "bump");
    CHECK(o[0] == 100 + b, "static calls = %d at launch %d, want %d", o[0], b, 100 + b);
  }
  CHECK(launch(ctx, q, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all");
  check_read_all(o, 2, 0, "after two bumps");
  int base = 500;
  CHECK(launch(ctx, q, p, "write_z", 8, NULL, 0, &base) == CL_COMPLETE, "write_z");
  CHECK(launch(ctx, q, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all");
  check_read_all(o, 2, 1, "after write_z");
  check_show(ctx, q, p, 2 + 4, 500);
  size_t total = 0;
  CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof total,
                              &total, NULL) == CL_SUCCESS,
        "CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE");
  /* g 16, s 16, z 24, gp 8, gpa 16, counter 8, cp 8, calls 4: at least 100 bytes */
  CHECK(total >= 100 && total % 16 == 0, "program A's total %zu", total);
  clReleaseProgram(p);
  /* the same source again (from the compile cache when it is on): its own,
   * freshly initialised variables */
  p = build(ctx, 1, &dev, src_a, std);
  if (!p) return;
  CHECK(launch(ctx, q, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all rebuilt");
  check_read_all(o, 0, 0, "rebuilt program");
  clReleaseProgram(p);
}

/* Two programs with a variable `g` each: changing one leaves the other. */
static void run_two_programs(cl_context ctx, cl_device_id dev, cl_command_queue q) {
  cl_program a = build(ctx, 1, &dev, src_a, "-cl-std=CL2.0");
  cl_program b = build(ctx, 1, &dev, src_b, "-cl-std=CL2.0");
  if (!a || !b) return;
  int o[32];
  CHECK(launch(ctx, q, a, "bump", 8, o, 1, NULL) == CL_COMPLETE, "bump A");
  for (int round = 0; round < 2; round++) {
    CHECK(launch(ctx, q, b, "read_g", 4, o, 4, NULL) == CL_COMPLETE, "read_g B");
    for (int i = 0; i < 4; i++)
      CHECK(o[i] == 10 * (i + 1) + round, "program B's g[%d] = %d, want %d (round %d)", i, o[i],
            10 * (i + 1) + round, round);
  }
  CHECK(launch(ctx, q, a, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all A");
  check_read_all(o, 1, 0, "program A beside B");
  clReleaseProgram(a);
  clReleaseProgram(b);
}

static void run_sizes(cl_context ctx, cl_device_id dev) {
  const struct {
    const char *src;
    size_t want;
  } cases[] = {{src_c, SRC_C_TOTAL}, {src_d, 16}, {src_e, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    cl_program p = build(ctx, 1, &dev, cases[i].src, "-cl-std=CL3.0");
    if (!p) continue;
    size_t total = 1234;
    CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof total,
                                &total, NULL) == CL_SUCCESS,
          "query");
    CHECK(total == cases[i].want,
          "case %zu: CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE %zu, want %zu", i, total,
          cases[i].want);
    clReleaseProgram(p);
  }
  for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
    cl_int err;
    const char *src = bad_cases[i].src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK(clBuildProgram(p, 1, &dev, bad_cases[i].opts, NULL, NULL) == CL_BUILD_PROGRAM_FAILURE,
          "bad case %zu must fail to build", i);
    static char log[16384];
    log[0] = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    CHECK(strstr(log, bad_cases[i].log) != NULL, "bad case %zu: the log lacks '%s':\n%s", i,
          bad_cases[i].log, log);
    clReleaseProgram(p);
  }
}

/* clCompileProgram twice, clLinkProgram: one variable, seen from both. */
static void run_linked(cl_context ctx, cl_device_id dev, cl_command_queue q) {
  cl_int err;
  cl_program lib = clCreateProgramWithSource(ctx, 1, &src_lib, NULL, &err);
  cl_program use = clCreateProgramWithSource(ctx, 1, &src_use, NULL, &err);
  CHECK(clCompileProgram(lib, 1, &dev, "-cl-std=CL2.0", 0, NULL, NULL, NULL, NULL) == CL_SUCCESS,
        "compile lib");
  CHECK(clCompileProgram(use, 1, &dev, "-cl-std=CL2.0", 0, NULL, NULL, NULL, NULL) == CL_SUCCESS,
        "compile use");
  cl_program objs[2] = {lib, use};
  cl_program p = clLinkProgram(ctx, 1, &dev, "", 2, objs, NULL, NULL, &err);
  CHECK(err == CL_SUCCESS && p, "clLinkProgram: %d", err);
  if (p) {
    int o[4];
    for (int round = 0; round < 2; round++) {
      CHECK(launch(ctx, q, p, "use", 1, o, 1, NULL) == CL_COMPLETE, "use");
      CHECK(o[0] == 22 + 11 + 100 * round, "linked: %d, want %d (round %d)", o[0],
            22 + 11 + 100 * round, round);
    }
    size_t total = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof total, &total,
                          NULL);
    CHECK(total == 16, "linked program's total %zu, want 16 (8 bytes rounded)", total);
    clReleaseProgram(p);
  }
  clReleaseProgram(lib);
  clReleaseProgram(use);
}

/* Every device of the context has its own copy: bumps on device 0 leave
 * device 1's variables at their initial values, and the other way round. */
static void run_two_devices(cl_context ctx, const cl_device_id *dev) {
  cl_int err;
  cl_command_queue q0 = clCreateCommandQueue(ctx, dev[0], 0, &err);
  cl_command_queue q1 = clCreateCommandQueue(ctx, dev[1], 0, &err);
  cl_program p = build(ctx, 2, dev, src_a, "-cl-std=CL2.0");
  if (!p) return;
  int o[32];
  for (int b = 0; b < 2; b++)
    CHECK(launch(ctx, q0, p, "bump", 8, o, 1, NULL) == CL_COMPLETE, "bump");
  CHECK(launch(ctx, q1, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all dev 1");
  check_read_all(o, 0, 0, "device 1 after device 0's bumps");
  CHECK(launch(ctx, q1, p, "bump", 8, o, 1, NULL) == CL_COMPLETE, "bump dev 1");
  CHECK(o[0] == 100, "device 1's static calls = %d, want 100", o[0]);
  CHECK(launch(ctx, q0, p, "read_all", 1, o, 23, NULL) == CL_COMPLETE, "read_all dev 0");
  check_read_all(o, 2, 0, "device 0 after device 1's bump");
  for (int d = 0; d < 2; d++) {
    size_t total = 0;
    clGetProgramBuildInfo(p, dev[d], CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE, sizeof total,
                          &total, NULL);
    CHECK(total >= 100, "device %d's total %zu", d, total);
  }
  clReleaseProgram(p);
  clReleaseCommandQueue(q0);
  clReleaseCommandQueue(q1);
}

/* The global segment is an allocation like a buffer: its last int reads
 * back, one past it is out of bounds (a fault under oob-fatal). */
static void run_oob(cl_context ctx, cl_device_id dev, cl_command_queue q) {
  cl_program p = build(ctx, 1, &dev, src_d, "-cl-std=CL3.0");
  if (!p) return;
  int o[4], i = 3;
  CHECK(launch(ctx, q, p, "at", 1, o, 1, &i) == CL_COMPLETE, "only[3]");
  CHECK(o[0] == 4, "only[3] = %d", o[0]);
  i = 4;
  cl_int st = launch(ctx, q, p, "at", 1, o, 1, &i);
  CHECK(st != CL_COMPLETE, "only[4] (past the global segment) did not fault under oob-fatal");
  clReleaseProgram(p);
}

/* Many work-items storing to one __global variable
 * without atomics or barriers: a race the checker must report (it sees the
 * segment as global memory), which fails the launch under races,fatal; one
 * work-item storing does not. */
static const char *src_race = "__global int last;\n"
                              "kernel void store(int all) {\n"
                              "  if (all || get_global_id(0) == 0) last = (int)get_global_id(0);\n"
                              "}\n";

static void run_race(cl_context ctx, cl_device_id dev, cl_command_queue q) {
  cl_program p = build(ctx, 1, &dev, src_race, "-cl-std=CL2.0");
  if (!p) return;
  int all = 0;
  CHECK(launch(ctx, q, p, "store", 128, NULL, 0, &all) == CL_COMPLETE, "one writer");
  all = 1;
  CHECK(launch(ctx, q, p, "store", 128, NULL, 0, &all) != CL_COMPLETE,
        "128 unsynchronised writers of one __global variable were not reported as a race");
  clReleaseProgram(p);
}

/* Entries in the compile cache directory (0 when it is not readable). */
static int cache_entries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) return 0;
  for (struct dirent *e; (e = readdir(d));)
    if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr,
            "usage: progvars PLATFORM-NAME-SUBSTRING [two-devices | oob-fatal | race-fatal]\n");
    return 2;
  }
  const char *mode = argc > 2 ? argv[2] : "";
  /* a compile cache of its own, empty: the second build of a source is then
   * certainly a cache hit (deserialised ISA) */
  char cache[] = "/tmp/wavesim-progvars-XXXXXX";
  if (!mkdtemp(cache)) return 2;
  setenv("WAVESIM_CACHE_DIR", cache, 1);
  unsetenv("WAVESIM_CACHE");
  cl_platform_id plats[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, plats, &np);
  cl_platform_id plat = NULL;
  for (cl_uint i = 0; i < np && !plat; i++) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, argv[1])) plat = plats[i];
  }
  if (!plat) {
    fprintf(stderr, "progvars: no platform named like '%s'\n", argv[1]);
    return 1;
  }
  cl_device_id dev[2];
  cl_uint nd = 0;
  clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 2, dev, &nd);
  int two = !strcmp(mode, "two-devices");
  if (nd < (two ? 2u : 1u)) {
    fprintf(stderr, "progvars: %u device(s), the test needs %d\n", nd, two ? 2 : 1);
    return 1;
  }
  cl_int err;
  cl_context ctx = clCreateContext(NULL, two ? 2 : 1, dev, NULL, NULL, &err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev[0], 0, &err);
  if (!strcmp(mode, "oob-fatal")) {
    run_oob(ctx, dev[0], q);
  } else if (!strcmp(mode, "race-fatal")) {
    run_race(ctx, dev[0], q);
  } else if (two) {
    run_two_devices(ctx, dev);
  } else {
    run_a(ctx, dev[0], q, "-cl-std=CL2.0");
    CHECK(cache_entries(cache) > 0, "the compile cache in %s stayed empty", cache);
    run_a(ctx, dev[0], q, "-cl-std=CL3.0");
    run_two_programs(ctx, dev[0], q);
    run_sizes(ctx, dev[0]);
    run_linked(ctx, dev[0], q);
  }
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  /* the cache directory's entries, then the directory */
  DIR *d = opendir(cache);
  for (struct dirent *e; d && (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", cache, e->d_name);
    unlink(path);
  }
  if (d) closedir(d);
  rmdir(cache);
  printf("progvars: %d checks, %d failed\n", checks, fails);
  return fails ? 1 : 0;
}
