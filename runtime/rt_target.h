/* What a device config means to the compiler: the fe_target a device builds
 * for and the options every build gets, shared by clBuildProgram and
 * `wavesim compile` so both compile the same program the same way. */
#ifndef WAVESIM_RT_TARGET_H
#define WAVESIM_RT_TARGET_H

#include <stddef.h>

#include "cfg.h"
#include "fe_target.h"

/* Room for CL_DEVICE_EXTENSIONS: every extension row of fe_ext.def */
#define RT_EXT_BYTES 2048

/* t filled from config c; the extension list (CL_DEVICE_EXTENSIONS, from
 * fe_ext.def) is written to exts (RT_EXT_BYTES, kept alive by the caller as
 * t->extensions points at it). Returns 0, or -1 with a message in err. */
int rt_target_init(fe_target *t, const cfg_device *c, char *exts, size_t cap, char *err,
                   size_t errlen);

/* The options a source build prepends to the application's: the device's
 * OpenCL version as __OPENCL_VERSION__ (drivers define it; clang does not
 * for SPIR targets). */
const char *rt_target_build_prefix(void);

#endif
