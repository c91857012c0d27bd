/* Shared host-side plumbing for the example programs: device choice, program
 * build with log, CL error names, argument parsing and raw output dumps. */
#ifndef WAVESIM_EX_UTIL_H
#define WAVESIM_EX_UTIL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stddef.h>

/* Everything one example needs to talk to one device. */
typedef struct ex_cl {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  cl_program program;
} ex_cl;

/* Command-line options every example accepts: [SIZE] [--dump FILE]. */
typedef struct ex_args {
  size_t size;           /* problem size; the example's default when not given */
  const char *dump_path; /* NULL: no dump */
  const char *mode;      /* optional free word (bad-input programs use it) */
} ex_args;

/* Name of a CL error code ("CL_INVALID_VALUE"), or "CL_UNKNOWN_ERROR". */
const char *ex_err_name(cl_int err);

/* Prints "prog: file:line: what failed: CL_NAME (code)" to stderr when
 * err != CL_SUCCESS and returns nonzero then; 0 on success. */
int ex_failed(cl_int err, const char *what, const char *file, int line);
#define EX_FAILED(err, what) ex_failed((err), (what), __FILE__, __LINE__)
/* For host programs: report and leave main with status 1 on a CL error. */
#define EX_CHECK(err, what)                                                                        \
  do {                                                                                             \
    if (EX_FAILED(err, what)) return 1;                                                            \
  } while (0)

/* Parses argv; prints usage and returns nonzero on a bad argument. */
int ex_parse_args(int argc, char **argv, size_t default_size, ex_args *out);

/* Picks the first platform's first GPU (any device if it has no GPU), makes a
 * context and a queue with the given properties. Returns 0 or nonzero after
 * printing what failed. */
int ex_open(ex_cl *cl, cl_command_queue_properties queue_props);

/* Builds `source` with `options` into cl->program. On failure prints the
 * build log to stderr and returns the CL error (CL_BUILD_PROGRAM_FAILURE...). */
cl_int ex_build(ex_cl *cl, const char *source, const char *options);

/* Returns the program's build log for cl->device (malloc'd, caller frees) or
 * NULL. */
char *ex_build_log(const ex_cl *cl);

/* Releases whatever of cl is set. */
void ex_close(ex_cl *cl);

/* Writes `bytes` bytes of `data` to `path`; 0 or nonzero after a message. */
int ex_dump(const char *path, const void *data, size_t bytes);

/* Prints "name: PASS" or "name: FAIL (n errors)" and returns the exit
 * status main should return. */
int ex_report(const char *name, size_t mismatches);

/* Deterministic pseudo-random sequence (same on every host). */
unsigned ex_rand(unsigned *state);

#endif
