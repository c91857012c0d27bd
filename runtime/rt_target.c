/* The compile target of a device config (register budgets, wave size,
 * features, extensions) and the options every source build starts with. */
#include <stdio.h>

#include "fe_ext.h"
#include "rt.h"
#include "rt_target.h"

int rt_target_init(fe_target *t, const cfg_device *c, char *exts, size_t cap, char *err,
                   size_t errlen) {
  *t = (fe_target){0};
  t->wave_size = (uint32_t)c->wave_size;
  t->max_vgprs = (uint32_t)c->cu_max_vgprs;
  t->max_sgprs = (uint32_t)c->cu_max_sgprs;
  {
    /* a wave's share of its SIMD's registers at full occupancy, whole granules */
    uint64_t share =
        (uint64_t)c->cu_vgprs_per_simd / (uint64_t)c->wave_size / (uint64_t)c->cu_wave_slots;
    uint64_t g = c->cu_vgpr_granule > 0 ? (uint64_t)c->cu_vgpr_granule : 1;
    t->sched_vgprs = (uint32_t)(share / g * g);
  }
  t->constant_vector_loads = !c->scache_constant_loads;
  t->fp64 = c->fp64 != 0;
  t->images = c->image_support != 0;
  /* truncation would drop a name the compiler still gets, so the caller's
   * buffer must hold every row */
  if (fe_ext_names(t, FE_EXT_EXTENSION, exts, cap) >= cap) {
    snprintf(err, errlen,
             "internal: the extension list outgrew its %zu-byte buffer (raise RT_EXT_BYTES in "
             "runtime/rt_target.h)",
             cap);
    return -1;
  }
  t->extensions = exts;
  return 0;
}

/* From the same definition as CL_DEVICE_VERSION (rt.h): 300 for 3.0. */
const char *rt_target_build_prefix(void) {
  return "-D__OPENCL_VERSION__=" RT_STR(RT_CL_MAJOR) RT_STR(RT_CL_MINOR) "0";
}
