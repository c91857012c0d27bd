/* The set-up the host-checked API tests share (atomics_sync.c,
 * generic_space.c): a device of the platform named on the command line, a
 * context, a queue and one program built from source. */
#ifndef WAVESIM_TESTS_HOST_BUILD_H
#define WAVESIM_TESTS_HOST_BUILD_H

#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

#include "host_platform.h"

/* The first device of the first platform whose name contains `platform`,
 * with a context, an in-order queue and `src` built with `options`: 0, or
 * 1 with the reason (the build log included) on stderr after `who`. */
static int host_build(const char *who, const char *platform, const char *src, const char *options,
                      cl_device_id *dev, cl_context *ctx, cl_command_queue *q, cl_program *prog) {
  cl_platform_id plat = host_platform(who, platform);
  if (!plat) return 1;
  *ctx = NULL, *q = NULL, *prog = NULL;
  cl_int err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, dev, NULL);
  if (!err) *ctx = clCreateContext(NULL, 1, dev, NULL, NULL, &err);
  if (!err) *q = clCreateCommandQueue(*ctx, *dev, 0, &err);
  if (!err) *prog = clCreateProgramWithSource(*ctx, 1, &src, NULL, &err);
  if (!err) err = clBuildProgram(*prog, 1, dev, options, NULL, NULL);
  if (err) {
    char log[16384] = "";
    if (*prog) clGetProgramBuildInfo(*prog, *dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "%s: setup or build (%s) failed (%d)\n%s\n", who, options, err, log);
    return 1;
  }
  return 0;
}

#endif
