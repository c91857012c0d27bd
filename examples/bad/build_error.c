/* build_error: a kernel with a syntax error on line 3; expects clBuildProgram
 * to fail with CL_BUILD_PROGRAM_FAILURE and a build log naming that line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define ERROR_LINE 3
static const char *kSource = "__kernel void broken(__global int *out) {\n"
                             "  int i = get_global_id(0);\n"
                             "  out[i] = i +;\n" /* line 3: expected expression */
                             "}\n";

/* True when the log points at `line`: "<file>:3:col: error" (clang style) or
 * "line 3". */
static int log_names_line(const char *log, int line) {
  char a[32], b[32];
  snprintf(a, sizeof a, ":%d:", line);
  snprintf(b, sizeof b, "line %d", line);
  return strstr(log, a) != NULL || strstr(log, b) != NULL;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1, &args)) return 2;
  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  cl_int err = ex_build(&cl, kSource, "");
  int ok = 1;
  if (err != CL_BUILD_PROGRAM_FAILURE) {
    fprintf(stderr,
            "build_error: clBuildProgram returned %s (%d), expected "
            "CL_BUILD_PROGRAM_FAILURE\n",
            ex_err_name(err), (int)err);
    ok = 0;
  }
  char *log = cl.program ? ex_build_log(&cl) : NULL;
  if (!log || !log_names_line(log, ERROR_LINE)) {
    fprintf(stderr, "build_error: the build log does not name line %d\n", ERROR_LINE);
    ok = 0;
  }
  if (log && !strstr(log, "error")) {
    fprintf(stderr, "build_error: the build log does not say 'error'\n");
    ok = 0;
  }
  cl_build_status bs = CL_BUILD_NONE;
  if (cl.program)
    clGetProgramBuildInfo(cl.program, cl.device, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
  if (bs != CL_BUILD_ERROR) {
    fprintf(stderr, "build_error: CL_PROGRAM_BUILD_STATUS is %d, expected CL_BUILD_ERROR (%d)\n",
            (int)bs, (int)CL_BUILD_ERROR);
    ok = 0;
  }
  free(log);
  ex_close(&cl);
  return ex_report("build_error", ok ? 0 : 1);
}
