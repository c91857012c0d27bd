/* fe_target: the compile target (wave size, register budgets, features) the
 * runtime fills from the device config and the frontend and backend compile for. */
#ifndef WAVESIM_FE_TARGET_H
#define WAVESIM_FE_TARGET_H

#include <stdint.h>

/* What the compiler needs to know about the device it compiles for. */
typedef struct fe_target {
  uint32_t wave_size;  /* 32 or 64 */
  uint32_t max_vgprs;  /* per wave; more live values spill to scratch */
  uint32_t max_sgprs;
  /* VGPRs the instruction scheduler tries to keep live values within (a
   * wave's share of the register file at full occupancy, what NVIDIA's
   * compiler aims for); 0: no limit */
  uint32_t sched_vgprs;
  /* __constant data at uniform addresses is read by vector loads, not by
   * scalar loads through the scalar cache (NVIDIA has no scalar data path:
   * LDG.E.CONSTANT); 0: scalar loads (AMD's s_load) */
  int constant_vector_loads;
  int fp64;            /* cl_khr_fp64 supported */
  /* CL_DEVICE_IMAGE_SUPPORT (config image.support): image types and
   * read_image/write_image compile; without it a kernel using images fails
   * to build with a message naming the feature */
  int images;
  /* Space-separated OpenCL extensions the device reports (CL_DEVICE_EXTENSIONS),
   * which the runtime derives from fe_ext.def with this target's fields (the
   * compile cache key covers it); clang's flags come from the same rows
   * (clc.c clc_push_ext). NULL: none. */
  const char *extensions;
} fe_target;

#endif
