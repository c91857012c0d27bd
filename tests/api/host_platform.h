/* The platform look-up the API tests that take a platform name share
 * (host_build.h, api_subgroups.c, int_dot_bits.c). */
#ifndef WAVESIM_TESTS_HOST_PLATFORM_H
#define WAVESIM_TESTS_HOST_PLATFORM_H

#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

/* The first platform whose name contains `platform`, or NULL (said on
 * stderr after `who`). */
static cl_platform_id host_platform(const char *who, const char *platform) {
  cl_platform_id plats[8], plat = NULL;
  cl_uint np = 0;
  clGetPlatformIDs(8, plats, &np);
  for (cl_uint i = 0; i < np && !plat; i++) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, platform)) plat = plats[i];
  }
  if (!plat) fprintf(stderr, "%s: no platform named like '%s'\n", who, platform);
  return plat;
}

#endif
