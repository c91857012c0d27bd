/* wavesim-replay DIR: the host program behind `wavesim replay` (cmd_replay.c
 * runs it with the environment pointing the ICD loader at wavesim, as `wavesim
 * run` does for any program): creates the captured launch's program, arguments
 * and memory objects through the OpenCL API, runs it, and compares every
 * buffer and image with the captured run's. A program of its own, linked only
 * to the ICD loader, so the launch goes through exactly what a user's would.
 * Exit status 0: every output equal; 1: a difference or a failed launch;
 * 2: an unreadable capture. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "isa_image.h"

#define CL_TRY(call, what)                                                                         \
  do {                                                                                             \
    cl_int e_ = (call);                                                                            \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "wavesim replay: %s failed (OpenCL error %d)\n", what, (int)e_);             \
      goto out;                                                                                    \
    }                                                                                              \
  } while (0)

static cl_mem_object_type cli_image_desc(const cli_carg *a, cl_image_desc *d) {
  memset(d, 0, sizeof *d);
  d->image_type = a->type;
  d->image_width = a->w;
  d->image_height = a->h;
  d->image_depth = a->d;
  d->image_array_size = a->layers;
  return a->type;
}

/* Runs the launch through the ICD loader (the environment already points it
 * at wavesim) and compares its outputs. 0: all equal; 1: a difference or
 * failure (said). */
static int cli_replay_run(cli_cap *c) {
  int rc = 1;
  char err[1024] = "";
  cl_platform_id plat;
  cl_device_id dev;
  cl_context ctx = NULL;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_sampler samplers[CLI_REPLAY_MAX_ARGS] = {0};
  void *pbytes = NULL;
  size_t plen = 0;
  cl_int e;
  CL_TRY(clGetPlatformIDs(1, &plat, NULL), "clGetPlatformIDs (is the config valid?)");
  CL_TRY(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  CL_TRY(e, "clCreateContext");
  q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
  CL_TRY(e, "clCreateCommandQueue");
  if (!(pbytes = cli_slurp(c->dir, c->pfile, &plen, err, sizeof err))) {
    fprintf(stderr, "wavesim replay: %s\n", err);
    goto out;
  }
  if (!strcmp(c->pkind, "binary")) {
    const unsigned char *b = pbytes;
    prog = clCreateProgramWithBinary(ctx, 1, &dev, &plen, &b, NULL, &e);
  } else {
    prog = clCreateProgramWithIL(ctx, pbytes, plen, &e);
    for (unsigned i = 0; e == CL_SUCCESS && i < c->nspec; i++)
      e = clSetProgramSpecializationConstant(prog, c->spec_id[i], c->spec_size[i],
                                             &c->spec_bits[i]);
  }
  CL_TRY(e, "creating the program from the capture");
  if (clBuildProgram(prog, 1, &dev, c->options, NULL, NULL) != CL_SUCCESS) {
    char log[16384] = "";
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "wavesim replay: the program does not build on this config:\n%s\n", log);
    goto out;
  }
  k = clCreateKernel(prog, c->kernel, &e);
  CL_TRY(e, "clCreateKernel");
  for (unsigned i = 0; i < c->nargs; i++) {
    cli_carg *a = &c->args[i];
    size_t n = 0;
    void *in = NULL;
    if (!strcmp(a->kind, "value") || !strcmp(a->kind, "buffer") || !strcmp(a->kind, "image")) {
      if (!(in = cli_slurp(c->dir, a->in, &n, err, sizeof err))) {
        fprintf(stderr, "wavesim replay: %s\n", err);
        goto out;
      }
    }
    if (!strcmp(a->kind, "value")) {
      e = clSetKernelArg(k, i, n, in);
    } else if (!strcmp(a->kind, "local")) {
      e = clSetKernelArg(k, i, a->size, NULL);
    } else if (!strcmp(a->kind, "null")) {
      e = clSetKernelArg(k, i, sizeof(cl_mem), NULL);
    } else if (!strcmp(a->kind, "sampler")) {
      unsigned ad = a->word & ISA_SAMPLER_ADDR_MASK;
      cl_addressing_mode am = ad == ISA_SAMPLER_ADDR_CLAMP_TO_EDGE     ? CL_ADDRESS_CLAMP_TO_EDGE
                              : ad == ISA_SAMPLER_ADDR_CLAMP           ? CL_ADDRESS_CLAMP
                              : ad == ISA_SAMPLER_ADDR_REPEAT          ? CL_ADDRESS_REPEAT
                              : ad == ISA_SAMPLER_ADDR_MIRRORED_REPEAT ? CL_ADDRESS_MIRRORED_REPEAT
                                                                       : CL_ADDRESS_NONE;
      cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                       (a->word & ISA_SAMPLER_NORMALIZED) != 0,
                                       CL_SAMPLER_ADDRESSING_MODE,
                                       am,
                                       CL_SAMPLER_FILTER_MODE,
                                       (a->word & ISA_SAMPLER_FILTER_LINEAR) ? CL_FILTER_LINEAR
                                                                             : CL_FILTER_NEAREST,
                                       0};
      samplers[i] = clCreateSamplerWithProperties(ctx, props, &e);
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_sampler), &samplers[i]);
    } else if (!strcmp(a->kind, "same")) {
      e = clSetKernelArg(k, i, sizeof(cl_mem), &c->args[a->same].mem);
    } else if (!strcmp(a->kind, "buffer")) {
      a->mem = (void *)clCreateBuffer(ctx, CL_MEM_READ_WRITE | (n ? CL_MEM_COPY_HOST_PTR : 0),
                                      n ? n : 1, n ? in : NULL, &e);
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_mem), &a->mem);
    } else { /* image: a 1D buffer image gets its buffer first */
      cl_image_format fmt = {a->order, a->dtype};
      cl_image_desc d;
      cl_mem_object_type t = cli_image_desc(a, &d);
      cl_mem buf = NULL;
      if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, in, &e);
        d.buffer = buf;
        a->mem = e == CL_SUCCESS ? clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &e) : NULL;
        if (buf) clReleaseMemObject(buf); /* the image keeps it */
      } else {
        a->mem = clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, &d, in, &e);
      }
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_mem), &a->mem);
    }
    free(in);
    if (e != CL_SUCCESS) {
      fprintf(stderr, "wavesim replay: argument %u (%s) cannot be set (OpenCL error %d)\n", i,
              a->kind, (int)e);
      goto out;
    }
  }
  e = clEnqueueNDRangeKernel(q, k, c->dims, c->offset, c->global, c->local, 0, NULL, NULL);
  if (e == CL_SUCCESS) e = clFinish(q);
  if (e != CL_SUCCESS) {
    fprintf(stderr,
            "wavesim replay: kernel '%s' failed (OpenCL error %d; the messages above say "
            "why)\n",
            c->kernel, (int)e);
    goto out;
  }
  if (c->failed) {
    printf("wavesim replay: the captured launch had failed, so there are no outputs to compare\n");
    rc = 0;
    goto out;
  }
  rc = 0;
  unsigned compared = 0;
  for (unsigned i = 0; i < c->nargs; i++) {
    cli_carg *a = &c->args[i];
    if (!a->mem) continue;
    size_t n = 0;
    void *want = cli_slurp(c->dir, a->out, &n, err, sizeof err);
    void *got = want ? malloc(n ? n : 1) : NULL;
    if (!want || !got) {
      fprintf(stderr, "wavesim replay: %s\n", err[0] ? err : "out of memory");
      free(want);
      rc = 1;
      continue;
    }
    if (!strcmp(a->kind, "buffer")) {
      e = clEnqueueReadBuffer(q, a->mem, CL_TRUE, 0, n, got, 0, NULL, NULL);
    } else {
      size_t origin[3] = {0, 0, 0};
      size_t region[3] = {a->w,
                          a->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? a->layers
                          : a->h                                 ? a->h
                                                                 : 1,
                          a->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? a->layers
                          : a->d                                 ? a->d
                                                                 : 1};
      e = clEnqueueReadImage(q, a->mem, CL_TRUE, origin, region, 0, 0, got, 0, NULL, NULL);
    }
    size_t at = 0;
    while (e == CL_SUCCESS && at < n && ((unsigned char *)got)[at] == ((unsigned char *)want)[at])
      at++;
    if (e != CL_SUCCESS) {
      printf("wavesim replay: argument %u: cannot read it back (OpenCL error %d)\n", i, (int)e);
      rc = 1;
    } else if (at < n) {
      printf("wavesim replay: argument %u (%s, %zu bytes) differs from the captured run's, first "
             "at byte %zu: captured 0x%02x, replayed 0x%02x\n",
             i, a->kind, n, at, ((unsigned char *)want)[at], ((unsigned char *)got)[at]);
      rc = 1;
    }
    compared++;
    free(want);
    free(got);
  }
  if (rc == 0)
    printf("wavesim replay: %s: %u output%s equal the captured run's\n", c->kernel, compared,
           compared == 1 ? "" : "s");
out:
  for (unsigned i = 0; i < c->nargs; i++) {
    if (c->args[i].mem) clReleaseMemObject(c->args[i].mem);
    if (samplers[i]) clReleaseSampler(samplers[i]);
  }
  free(pbytes);
  if (k) clReleaseKernel(k);
  if (prog) clReleaseProgram(prog);
  if (q) clReleaseCommandQueue(q);
  if (ctx) clReleaseContext(ctx);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: wavesim-replay DIR/launch-N (run by `wavesim replay`)\n");
    return 2;
  }
  cli_cap *c = calloc(1, sizeof *c);
  char err[2048] = "";
  if (!c) return 2;
  snprintf(c->dir, sizeof c->dir, "%s", argv[1]);
  int rc = cli_cap_read(c, err, sizeof err) != 0 || cli_cap_check_files(c, err, sizeof err) != 0
               ? 2
               : cli_replay_run(c);
  if (rc == 2 && err[0]) fprintf(stderr, "wavesim replay: %s\n", err);
  free(c);
  return rc;
}
