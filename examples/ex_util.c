/* Shared host-side plumbing for the example programs: device choice, program
 * build with log, CL error names, argument parsing and raw output dumps. */
#include "ex_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EX_ERRORS(X)                                                                               \
  X(CL_SUCCESS)                                                                                    \
  X(CL_DEVICE_NOT_FOUND)                                                                           \
  X(CL_DEVICE_NOT_AVAILABLE)                                                                       \
  X(CL_COMPILER_NOT_AVAILABLE)                                                                     \
  X(CL_MEM_OBJECT_ALLOCATION_FAILURE)                                                              \
  X(CL_OUT_OF_RESOURCES)                                                                           \
  X(CL_OUT_OF_HOST_MEMORY)                                                                         \
  X(CL_PROFILING_INFO_NOT_AVAILABLE)                                                               \
  X(CL_MEM_COPY_OVERLAP)                                                                           \
  X(CL_IMAGE_FORMAT_MISMATCH)                                                                      \
  X(CL_IMAGE_FORMAT_NOT_SUPPORTED)                                                                 \
  X(CL_BUILD_PROGRAM_FAILURE)                                                                      \
  X(CL_MAP_FAILURE)                                                                                \
  X(CL_MISALIGNED_SUB_BUFFER_OFFSET)                                                               \
  X(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)                                                  \
  X(CL_COMPILE_PROGRAM_FAILURE)                                                                    \
  X(CL_LINKER_NOT_AVAILABLE)                                                                       \
  X(CL_LINK_PROGRAM_FAILURE)                                                                       \
  X(CL_DEVICE_PARTITION_FAILED)                                                                    \
  X(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)                                                              \
  X(CL_INVALID_VALUE)                                                                              \
  X(CL_INVALID_DEVICE_TYPE)                                                                        \
  X(CL_INVALID_PLATFORM)                                                                           \
  X(CL_INVALID_DEVICE)                                                                             \
  X(CL_INVALID_CONTEXT)                                                                            \
  X(CL_INVALID_QUEUE_PROPERTIES)                                                                   \
  X(CL_INVALID_COMMAND_QUEUE)                                                                      \
  X(CL_INVALID_HOST_PTR)                                                                           \
  X(CL_INVALID_MEM_OBJECT)                                                                         \
  X(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)                                                            \
  X(CL_INVALID_IMAGE_SIZE)                                                                         \
  X(CL_INVALID_SAMPLER)                                                                            \
  X(CL_INVALID_BINARY)                                                                             \
  X(CL_INVALID_BUILD_OPTIONS)                                                                      \
  X(CL_INVALID_PROGRAM)                                                                            \
  X(CL_INVALID_PROGRAM_EXECUTABLE)                                                                 \
  X(CL_INVALID_KERNEL_NAME)                                                                        \
  X(CL_INVALID_KERNEL_DEFINITION)                                                                  \
  X(CL_INVALID_KERNEL)                                                                             \
  X(CL_INVALID_ARG_INDEX)                                                                          \
  X(CL_INVALID_ARG_VALUE)                                                                          \
  X(CL_INVALID_ARG_SIZE)                                                                           \
  X(CL_INVALID_KERNEL_ARGS)                                                                        \
  X(CL_INVALID_WORK_DIMENSION)                                                                     \
  X(CL_INVALID_WORK_GROUP_SIZE)                                                                    \
  X(CL_INVALID_WORK_ITEM_SIZE)                                                                     \
  X(CL_INVALID_GLOBAL_OFFSET)                                                                      \
  X(CL_INVALID_EVENT_WAIT_LIST)                                                                    \
  X(CL_INVALID_EVENT)                                                                              \
  X(CL_INVALID_OPERATION)                                                                          \
  X(CL_INVALID_GL_OBJECT)                                                                          \
  X(CL_INVALID_BUFFER_SIZE)                                                                        \
  X(CL_INVALID_MIP_LEVEL)                                                                          \
  X(CL_INVALID_GLOBAL_WORK_SIZE)                                                                   \
  X(CL_INVALID_PROPERTY)                                                                           \
  X(CL_INVALID_IMAGE_DESCRIPTOR)                                                                   \
  X(CL_INVALID_COMPILER_OPTIONS)                                                                   \
  X(CL_INVALID_LINKER_OPTIONS)                                                                     \
  X(CL_INVALID_DEVICE_PARTITION_COUNT)

const char *ex_err_name(cl_int err) {
  switch (err) {
#define EX_CASE(name)                                                                              \
  case name:                                                                                       \
    return #name;
    EX_ERRORS(EX_CASE)
#undef EX_CASE
  default:
    return "CL_UNKNOWN_ERROR";
  }
}

int ex_failed(cl_int err, const char *what, const char *file, int line) {
  if (err == CL_SUCCESS) return 0;
  fprintf(stderr, "%s:%d: %s failed: %s (%d)\n", file, line, what, ex_err_name(err), (int)err);
  return 1;
}

static void usage(const char *prog, size_t default_size) {
  fprintf(stderr,
          "usage: %s [SIZE] [--dump FILE]\n"
          "  SIZE         problem size (default %zu)\n"
          "  --dump FILE  write the raw bytes of the output buffer to FILE\n",
          prog, default_size);
}

int ex_parse_args(int argc, char **argv, size_t default_size, ex_args *out) {
  memset(out, 0, sizeof *out);
  out->size = default_size;
  int have_size = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--dump") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "%s: --dump needs a file name\n", argv[0]);
        usage(argv[0], default_size);
        return 1;
      }
      out->dump_path = argv[++i];
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(argv[0], default_size);
      return 1;
    } else if (a[0] >= '0' && a[0] <= '9' && !have_size) {
      char *end = NULL;
      errno = 0;
      unsigned long long v = strtoull(a, &end, 10);
      if (errno || *end || v == 0) {
        fprintf(stderr, "%s: bad size '%s': expected a positive integer\n", argv[0], a);
        return 1;
      }
      out->size = (size_t)v;
      have_size = 1;
    } else if (a[0] != '-' && !out->mode) {
      out->mode = a;
    } else {
      fprintf(stderr, "%s: unknown argument '%s'\n", argv[0], a);
      usage(argv[0], default_size);
      return 1;
    }
  }
  return 0;
}

static char *platform_string(cl_platform_id p, cl_platform_info what) {
  size_t n = 0;
  if (clGetPlatformInfo(p, what, 0, NULL, &n) != CL_SUCCESS || n == 0) return NULL;
  char *s = malloc(n + 1);
  if (!s) return NULL;
  if (clGetPlatformInfo(p, what, n, s, NULL) != CL_SUCCESS) {
    free(s);
    return NULL;
  }
  s[n] = 0;
  return s;
}

int ex_open(ex_cl *cl, cl_command_queue_properties queue_props) {
  memset(cl, 0, sizeof *cl);
  cl_uint nplat = 0;
  cl_int err = clGetPlatformIDs(1, &cl->platform, &nplat);
  if (err == CL_SUCCESS && nplat == 0) err = CL_INVALID_PLATFORM;
  if (EX_FAILED(err, "clGetPlatformIDs (is an OpenCL ICD installed? see OCL_ICD_VENDORS)"))
    return 1;
  err = clGetDeviceIDs(cl->platform, CL_DEVICE_TYPE_GPU, 1, &cl->device, NULL);
  if (err == CL_DEVICE_NOT_FOUND)
    err = clGetDeviceIDs(cl->platform, CL_DEVICE_TYPE_ALL, 1, &cl->device, NULL);
  if (EX_FAILED(err, "clGetDeviceIDs")) return 1;

  char *pname = platform_string(cl->platform, CL_PLATFORM_NAME);
  char dname[256] = "?";
  clGetDeviceInfo(cl->device, CL_DEVICE_NAME, sizeof dname - 1, dname, NULL);
  dname[sizeof dname - 1] = 0;
  fprintf(stderr, "platform: %s, device: %s\n", pname ? pname : "?", dname);
  free(pname);

  cl->context = clCreateContext(NULL, 1, &cl->device, NULL, NULL, &err);
  if (EX_FAILED(err, "clCreateContext")) return 1;
  cl->queue = clCreateCommandQueue(cl->context, cl->device, queue_props, &err);
  if (EX_FAILED(err, "clCreateCommandQueue")) return 1;
  return 0;
}

char *ex_build_log(const ex_cl *cl) {
  size_t n = 0;
  if (clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) !=
      CL_SUCCESS)
    return NULL;
  char *log = malloc(n + 1);
  if (!log) return NULL;
  if (clGetProgramBuildInfo(cl->program, cl->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) !=
      CL_SUCCESS) {
    free(log);
    return NULL;
  }
  log[n] = 0;
  return log;
}

cl_int ex_build(ex_cl *cl, const char *source, const char *options) {
  cl_int err;
  cl->program = clCreateProgramWithSource(cl->context, 1, &source, NULL, &err);
  if (EX_FAILED(err, "clCreateProgramWithSource")) return err;
  err = clBuildProgram(cl->program, 1, &cl->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    EX_FAILED(err, "clBuildProgram");
    char *log = ex_build_log(cl);
    fprintf(stderr, "---- build log ----\n%s\n-------------------\n", log ? log : "(none)");
    free(log);
  }
  return err;
}

void ex_close(ex_cl *cl) {
  if (cl->program) clReleaseProgram(cl->program);
  if (cl->queue) clReleaseCommandQueue(cl->queue);
  if (cl->context) clReleaseContext(cl->context);
  memset(cl, 0, sizeof *cl);
}

int ex_dump(const char *path, const void *data, size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "cannot open dump file '%s': %s\n", path, strerror(errno));
    return 1;
  }
  size_t w = fwrite(data, 1, bytes, f);
  if (fclose(f) != 0 || w != bytes) {
    fprintf(stderr, "cannot write %zu bytes to '%s': %s\n", bytes, path, strerror(errno));
    return 1;
  }
  return 0;
}

int ex_report(const char *name, size_t mismatches) {
  if (mismatches == 0) {
    printf("%s: PASS\n", name);
    return 0;
  }
  printf("%s: FAIL (%zu errors)\n", name, mismatches);
  return 1;
}

unsigned ex_rand(unsigned *state) {
  /* xorshift32: tiny, portable, and identical everywhere. */
  unsigned x = *state ? *state : 0x9e3779b9u;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}
