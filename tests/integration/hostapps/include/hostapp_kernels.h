/* tests/integration/hostapps/include/hostapp_kernels.h: an OpenCL C header
 * #included by build_patterns.c's kernels through -I. */
#ifndef HOSTAPP_KERNELS_H
#define HOSTAPP_KERNELS_H
#define HOSTAPP_SCALE 3
inline int hostapp_twice(int x) { return 2 * x; }
#endif
