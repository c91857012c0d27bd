/* tests/integration/hostapps/hostapp.h: the error-check macros the C host
 * programs share (the style real apps use: check every call, print, exit). */
#ifndef HOSTAPP_H
#define HOSTAPP_H
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cl_int e_ = (call);                                                                            \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s:%d: %s returned %d\n", __FILE__, __LINE__, #call, e_);                   \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define CHECK_ERR(err)                                                                             \
  do {                                                                                             \
    if ((err) != CL_SUCCESS) {                                                                     \
      fprintf(stderr, "%s:%d: error %d\n", __FILE__, __LINE__, (err));                             \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define EXPECT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#define EXPECT_EQ(got, want)                                                                       \
  do {                                                                                             \
    long long g_ = (long long)(got), w_ = (long long)(want);                                       \
    if (g_ != w_) {                                                                                \
      fprintf(stderr, "%s:%d: %s = %lld, want %lld\n", __FILE__, __LINE__, #got, g_, w_);         \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
#endif
