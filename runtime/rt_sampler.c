/* Sampler objects: creation (clCreateSampler, clCreateSamplerWithProperties),
 * queries, retain/release, and the 32-bit word kernels receive for them. */
#include <stdlib.h>

#include "rt.h"

/* The sampler word of isa_image.h; 0 with *ok cleared for values the API
 * does not define. */
static uint32_t rt_sampler_word(cl_bool norm, cl_addressing_mode a, cl_filter_mode f, int *ok) {
  uint32_t w = norm ? ISA_SAMPLER_NORMALIZED : 0;
  *ok = norm == CL_TRUE || norm == CL_FALSE;
  switch (a) {
  case CL_ADDRESS_NONE:
    w |= ISA_SAMPLER_ADDR_NONE;
    break;
  case CL_ADDRESS_CLAMP_TO_EDGE:
    w |= ISA_SAMPLER_ADDR_CLAMP_TO_EDGE;
    break;
  case CL_ADDRESS_CLAMP:
    w |= ISA_SAMPLER_ADDR_CLAMP;
    break;
  case CL_ADDRESS_REPEAT:
    w |= ISA_SAMPLER_ADDR_REPEAT;
    break;
  case CL_ADDRESS_MIRRORED_REPEAT:
    w |= ISA_SAMPLER_ADDR_MIRRORED_REPEAT;
    break;
  default:
    *ok = 0;
  }
  switch (f) {
  case CL_FILTER_NEAREST:
    w |= ISA_SAMPLER_FILTER_NEAREST;
    break;
  case CL_FILTER_LINEAR:
    w |= ISA_SAMPLER_FILTER_LINEAR;
    break;
  default:
    *ok = 0;
  }
  return w;
}

static cl_sampler rt_sampler_create(cl_context ctx, cl_bool norm, cl_addressing_mode a,
                                    cl_filter_mode f, const cl_sampler_properties *props,
                                    cl_uint nprops, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  int ok;
  uint32_t word = rt_sampler_word(norm, a, f, &ok);
  if (!ok) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  if (!rt_ctx_images(ctx)) {
    rt_err(errcode_ret, CL_INVALID_OPERATION); /* no device of the context has images */
    return NULL;
  }
  struct _cl_sampler *s = calloc(1, sizeof *s);
  if (!s) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  s->dispatch = &rt_dispatch;
  s->magic = RT_MAGIC_SAMPLER;
  s->refs = 1;
  s->ctx = ctx;
  s->normalized = norm;
  s->addressing = a;
  s->filter = f;
  s->word = word;
  for (cl_uint i = 0; i < nprops; i++) s->props[i] = props[i];
  s->nprops = nprops;
  rt_context_retain(ctx);
  rt_err(errcode_ret, CL_SUCCESS);
  return s;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context ctx, cl_bool norm,
                                                    cl_addressing_mode a, cl_filter_mode f,
                                                    cl_int *errcode_ret) {
  return rt_sampler_create(ctx, norm, a, f, NULL, 0, errcode_ret);
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(
    cl_context ctx, const cl_sampler_properties *props, cl_int *errcode_ret) {
  /* Defaults (5.9.1): normalized coordinates, CLAMP, NEAREST. */
  cl_bool norm = CL_TRUE;
  cl_addressing_mode a = CL_ADDRESS_CLAMP;
  cl_filter_mode f = CL_FILTER_NEAREST;
  int seen[3] = {0, 0, 0};
  cl_uint n = 0;
  for (; props && props[n] != 0; n += 2) {
    int k = props[n] == CL_SAMPLER_NORMALIZED_COORDS ? 0
            : props[n] == CL_SAMPLER_ADDRESSING_MODE ? 1
            : props[n] == CL_SAMPLER_FILTER_MODE     ? 2
                                                     : -1;
    if (k < 0 || seen[k]++ || n >= 6) { /* unknown, repeated, or too many */
      rt_err(errcode_ret, RT_VALID(ctx, RT_MAGIC_CONTEXT) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT);
      return NULL;
    }
    if (k == 0) norm = (cl_bool)props[n + 1];
    if (k == 1) a = (cl_addressing_mode)props[n + 1];
    if (k == 2) f = (cl_filter_mode)props[n + 1];
  }
  return rt_sampler_create(ctx, norm, a, f, props, props ? n + 1 : 0, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler s) {
  if (!RT_VALID(s, RT_MAGIC_SAMPLER)) return CL_INVALID_SAMPLER;
  rt_lock();
  s->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler s) {
  if (!RT_VALID(s, RT_MAGIC_SAMPLER)) return CL_INVALID_SAMPLER;
  rt_lock();
  if (--s->refs > 0) {
    rt_unlock();
    return CL_SUCCESS;
  }
  s->magic = RT_MAGIC_DEAD;
  rt_unlock();
  rt_context_release(s->ctx);
  free(s);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler s, cl_sampler_info param, size_t size,
                                                 void *value, size_t *size_ret) {
  if (!RT_VALID(s, RT_MAGIC_SAMPLER)) return CL_INVALID_SAMPLER;
  switch (param) {
  case CL_SAMPLER_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, s->refs);
  case CL_SAMPLER_CONTEXT:
    RT_INFO_VAL(cl_context, s->ctx);
  case CL_SAMPLER_NORMALIZED_COORDS:
    RT_INFO_VAL(cl_bool, s->normalized);
  case CL_SAMPLER_ADDRESSING_MODE:
    RT_INFO_VAL(cl_addressing_mode, s->addressing);
  case CL_SAMPLER_FILTER_MODE:
    RT_INFO_VAL(cl_filter_mode, s->filter);
  case CL_SAMPLER_PROPERTIES: /* 3.0: the list given to clCreateSamplerWithProperties */
    return rt_info(size, value, size_ret, s->props, s->nprops * sizeof s->props[0]);
  default:
    return CL_INVALID_VALUE;
  }
}
