/* Kernel objects: creation from a built program, argument setting with the
 * checks the spec asks for, and the kernel, argument and work-group queries
 * (answered from the compiled kernel's metadata). */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

static void rt_kernel_free(struct _cl_kernel *kn) {
  for (cl_uint i = 0; i < RT_MAX_DEVICES; i++) free(kn->kernarg[i]);
  free(kn->args);
  free(kn);
}

/* Two builds of one kernel must take the same arguments: clSetKernelArg
 * checks against one of them and writes each device's layout. */
static int rt_kernel_same_args(const isa_kernel *a, const isa_kernel *b) {
  if (a->nargs != b->nargs) return 0;
  for (uint32_t i = 0; i < a->nargs; i++)
    if (a->args[i].kind != b->args[i].kind || a->args[i].size != b->args[i].size) return 0;
  return 1;
}

/* A kernel object for `name` on every device the program was built for.
 * Returns NULL with *e set: CL_INVALID_KERNEL_NAME (no device has it),
 * CL_INVALID_KERNEL_DEFINITION (devices disagree), or out of memory. */
static struct _cl_kernel *rt_kernel_new(struct _cl_program *p, const char *name, cl_int *e) {
  struct _cl_kernel *kn = calloc(1, sizeof *kn);
  if (!kn) {
    *e = CL_OUT_OF_HOST_MEMORY;
    return NULL;
  }
  *e = CL_SUCCESS;
  for (cl_uint i = 0; i < p->ctx->ndev && *e == CL_SUCCESS; i++) {
    if (!(p->devmask & (1u << i)) || !p->dev[i].prog) continue;
    const isa_kernel *k = isa_program_find(p->dev[i].prog, name);
    if (!k) {
      *e = CL_INVALID_KERNEL_NAME;
      break;
    }
    if (kn->k && !rt_kernel_same_args(kn->k, k)) {
      *e = CL_INVALID_KERNEL_DEFINITION;
      break;
    }
    if (!kn->k) kn->k = k;
    kn->kd[i] = k;
    kn->kernarg[i] = calloc(1, k->kernarg_bytes ? k->kernarg_bytes : 1);
    if (!kn->kernarg[i]) *e = CL_OUT_OF_HOST_MEMORY;
  }
  if (*e == CL_SUCCESS && !kn->k) *e = CL_INVALID_KERNEL_NAME;
  if (*e == CL_SUCCESS) {
    kn->args = calloc(kn->k->nargs ? kn->k->nargs : 1, sizeof *kn->args);
    if (!kn->args) *e = CL_OUT_OF_HOST_MEMORY;
  }
  if (*e != CL_SUCCESS) {
    rt_kernel_free(kn);
    return NULL;
  }
  kn->dispatch = &rt_dispatch;
  kn->magic = RT_MAGIC_KERNEL;
  kn->refs = 1;
  kn->program = p;
  rt_lock();
  p->refs++;
  p->nkernels_live++;
  rt_unlock();
  return kn;
}

/* The first device the program was built for, or -1. */
static int rt_kernel_prog_built(const struct _cl_program *p) {
  for (cl_uint i = 0; i < p->ctx->ndev; i++)
    if ((p->devmask & (1u << i)) && p->dev[i].prog) return (int)i;
  return -1;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program p, const char *name,
                                                  cl_int *errcode_ret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) {
    rt_err(errcode_ret, CL_INVALID_PROGRAM);
    return NULL;
  }
  if (!name) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  if (rt_kernel_prog_built(p) < 0) {
    rt_err(errcode_ret, CL_INVALID_PROGRAM_EXECUTABLE);
    return NULL;
  }
  cl_int e;
  struct _cl_kernel *kn = rt_kernel_new(p, name, &e);
  rt_err(errcode_ret, e);
  return kn;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program p, cl_uint n,
                                                         cl_kernel *kernels, cl_uint *nret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  int b = rt_kernel_prog_built(p);
  if (b < 0) return CL_INVALID_PROGRAM_EXECUTABLE;
  const isa_program *prog = p->dev[b].prog;
  cl_uint nk = prog->nkernels;
  if (kernels && n < nk) return CL_INVALID_VALUE;
  if (kernels) {
    for (cl_uint i = 0; i < nk; i++) {
      cl_int e;
      kernels[i] = rt_kernel_new(p, prog->kernels[i].name, &e);
      if (!kernels[i]) {
        while (i-- > 0) clReleaseKernel(kernels[i]);
        return e;
      }
    }
  }
  if (nret) *nret = nk;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel src, cl_int *errcode_ret) {
  if (!RT_VALID(src, RT_MAGIC_KERNEL)) {
    rt_err(errcode_ret, CL_INVALID_KERNEL);
    return NULL;
  }
  cl_int e;
  struct _cl_kernel *kn = rt_kernel_new(src->program, src->k->name, &e);
  if (!kn) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  for (cl_uint i = 0; i < RT_MAX_DEVICES; i++)
    if (kn->kd[i]) memcpy(kn->kernarg[i], src->kernarg[i], kn->kd[i]->kernarg_bytes);
  memcpy(kn->args, src->args, src->k->nargs * sizeof *kn->args);
  rt_err(errcode_ret, CL_SUCCESS);
  return kn;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainKernel(cl_kernel k) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  rt_lock();
  k->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel k) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  rt_lock();
  if (--k->refs > 0) {
    rt_unlock();
    return CL_SUCCESS;
  }
  k->magic = RT_MAGIC_DEAD;
  k->program->nkernels_live--;
  rt_unlock();
  rt_program_release_internal(k->program);
  rt_kernel_free(k);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel k, cl_uint index, size_t size,
                                               const void *value) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (index >= k->k->nargs) return CL_INVALID_ARG_INDEX;
  const isa_arg *a = &k->k->args[index];
  rt_arg *ra = &k->args[index];
  switch (a->kind) {
  case ISA_ARG_LOCAL_PTR:
    if (value) return CL_INVALID_ARG_VALUE;
    if (size == 0) return CL_INVALID_ARG_SIZE;
    ra->local_size = size;
    break;
  case ISA_ARG_GLOBAL_PTR:
  case ISA_ARG_CONST_PTR: {
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    cl_mem m = value ? *(const cl_mem *)value : NULL;
    if (m && (!RT_VALID(m, RT_MAGIC_MEM) || m->img)) return CL_INVALID_MEM_OBJECT;
    if (m && m->ctx != k->program->ctx) return CL_INVALID_MEM_OBJECT;
    ra->mem = m;
    break;
  }
  case ISA_ARG_IMAGE: { /* the launch writes the device's descriptor address */
    if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
    cl_mem m = value ? *(const cl_mem *)value : NULL;
    if (!RT_VALID(m, RT_MAGIC_MEM) || !m->img || m->ctx != k->program->ctx)
      return CL_INVALID_MEM_OBJECT;
    ra->mem = m;
    break;
  }
  case ISA_ARG_SAMPLER: { /* the sampler word in the slot's low 32 bits */
    if (size != sizeof(cl_sampler)) return CL_INVALID_ARG_SIZE;
    cl_sampler s = value ? *(const cl_sampler *)value : NULL;
    if (!RT_VALID(s, RT_MAGIC_SAMPLER) || s->ctx != k->program->ctx) return CL_INVALID_SAMPLER;
    uint64_t w = s->word;
    for (cl_uint i = 0; i < RT_MAX_DEVICES; i++)
      if (k->kd[i])
        memcpy(k->kernarg[i] + k->kd[i]->args[index].offset, &w, a->size < 8 ? a->size : 8);
    break;
  }
  default: {
    /* 3-component vectors are passed with the size of 4 (spec). */
    size_t align = a->align ? a->align : 1;
    size_t padded = (a->size + align - 1) / align * align;
    if (size != a->size && size != padded) return CL_INVALID_ARG_SIZE;
    if (!value) return CL_INVALID_ARG_VALUE;
    for (cl_uint i = 0; i < RT_MAX_DEVICES; i++) /* each device's layout */
      if (k->kd[i]) memcpy(k->kernarg[i] + k->kd[i]->args[index].offset, value, a->size);
    break;
  }
  }
  ra->set = 1;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelInfo(cl_kernel k, cl_kernel_info param, size_t size,
                                                void *value, size_t *size_ret) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  switch (param) {
  case CL_KERNEL_FUNCTION_NAME:
    return rt_info_str(size, value, size_ret, k->k->name);
  case CL_KERNEL_NUM_ARGS:
    RT_INFO_VAL(cl_uint, k->k->nargs);
  case CL_KERNEL_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, k->refs);
  case CL_KERNEL_CONTEXT:
    RT_INFO_VAL(cl_context, k->program->ctx);
  case CL_KERNEL_PROGRAM:
    RT_INFO_VAL(cl_program, k->program);
  case CL_KERNEL_ATTRIBUTES: /* as the compiler read them from the source */
    return rt_info_str(size, value, size_ret, k->k->attributes ? k->k->attributes : "");
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel k, cl_uint index,
                                                   cl_kernel_arg_info param, size_t size,
                                                   void *value, size_t *size_ret) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (index >= k->k->nargs) return CL_INVALID_ARG_INDEX;
  const isa_arg *a = &k->k->args[index];
  /* OpenCL 1.2 (5.7.3): argument info only for programs built (or compiled)
   * from source with -cl-kernel-arg-info. 2.0 would keep the address and
   * access qualifiers without it; 1.2, our version (and PoCL), does not. */
  int info = k->program->arg_info;
  switch (param) {
  case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
    if (!info) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    cl_kernel_arg_address_qualifier q = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    if (a->kind == ISA_ARG_GLOBAL_PTR || a->kind == ISA_ARG_IMAGE) /* images are __global */
      q = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    if (a->kind == ISA_ARG_CONST_PTR) q = CL_KERNEL_ARG_ADDRESS_CONSTANT;
    if (a->kind == ISA_ARG_LOCAL_PTR) q = CL_KERNEL_ARG_ADDRESS_LOCAL;
    RT_INFO_VAL(cl_kernel_arg_address_qualifier, q);
  }
  case CL_KERNEL_ARG_ACCESS_QUALIFIER:
    if (!info) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    {
      /* images: the image type's qualifier (read_only when the source gave none) */
      static const cl_kernel_arg_access_qualifier acc[] = {
          CL_KERNEL_ARG_ACCESS_NONE, CL_KERNEL_ARG_ACCESS_READ_ONLY,
          CL_KERNEL_ARG_ACCESS_WRITE_ONLY, CL_KERNEL_ARG_ACCESS_READ_WRITE};
      RT_INFO_VAL(cl_kernel_arg_access_qualifier, acc[a->access <= 3 ? a->access : 0]);
    }
  case CL_KERNEL_ARG_TYPE_NAME:
    if (!info || !a->type_name || !*a->type_name) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    return rt_info_str(size, value, size_ret, a->type_name);
  case CL_KERNEL_ARG_TYPE_QUALIFIER:
    if (!info) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    RT_INFO_VAL(cl_kernel_arg_type_qualifier, (cl_kernel_arg_type_qualifier)a->type_qual);
  case CL_KERNEL_ARG_NAME:
    if (!info || !a->name || !*a->name) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    return rt_info_str(size, value, size_ret, a->name);
  default:
    return CL_INVALID_VALUE;
  }
}

static uint64_t rt_roundup(uint64_t v, uint64_t g) {
  return g ? (v + g - 1) / g * g : v;
}

size_t rt_kernel_max_wg(const isa_kernel *k, const struct _cl_device_id *d) {
  const cfg_device *c = d->cfg;
  uint64_t waves = (uint64_t)c->cu_wave_slots;
  /* A VGPR holds wave_size lanes; the register file counts lanes. */
  uint64_t vgpr = rt_roundup(k->nvgprs, (uint64_t)c->cu_vgpr_granule) * (uint64_t)c->wave_size;
  if (vgpr && (uint64_t)c->cu_vgprs_per_simd / vgpr < waves)
    waves = (uint64_t)c->cu_vgprs_per_simd / vgpr;
  uint64_t sgpr = rt_roundup(k->nsgprs, (uint64_t)c->cu_sgpr_granule);
  if (sgpr && (uint64_t)c->cu_sgprs_per_simd / sgpr < waves)
    waves = (uint64_t)c->cu_sgprs_per_simd / sgpr;
  uint64_t fit = waves * (uint64_t)c->cu_simds * (uint64_t)c->wave_size;
  size_t max = d->max_wg_size;
  if (fit < max) max = (size_t)fit;
  return max ? max : (size_t)c->wave_size;
}

uint64_t rt_kernel_lds_layout(const isa_kernel *k, const rt_arg *args, uint64_t *offsets) {
  uint64_t total = k->lds_bytes;
  for (uint32_t i = 0; i < k->nargs; i++) {
    if (k->args[i].kind != ISA_ARG_LOCAL_PTR) continue;
    total = rt_roundup(total, ISA_LDS_ALIGN);
    if (offsets) offsets[i] = total;
    total += args[i].local_size;
  }
  return total;
}

/* The device a work-group or sub-group info query is about (*d; NULL names
 * the device only when the kernel was built for one, per the spec) and the
 * kernel's code there: CL_SUCCESS, or CL_INVALID_DEVICE. */
static cl_int rt_kernel_device(cl_kernel k, cl_device_id *d, const isa_kernel **ik) {
  const struct _cl_context *ctx = k->program->ctx;
  int at = -1;
  for (cl_uint i = 0; !*d && i < ctx->ndev; i++) {
    if (!k->kd[i]) continue;
    if (at >= 0) return CL_INVALID_DEVICE;
    at = (int)i;
  }
  if (*d) at = RT_VALID(*d, RT_MAGIC_DEVICE) ? rt_ctx_index(ctx, *d) : -1;
  if (at < 0 || !k->kd[at]) return CL_INVALID_DEVICE;
  *d = ctx->devices[at];
  *ik = k->kd[at];
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d,
                                                         cl_kernel_work_group_info param,
                                                         size_t size, void *value,
                                                         size_t *size_ret) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  const isa_kernel *ik;
  cl_int err = rt_kernel_device(k, &d, &ik);
  if (err != CL_SUCCESS) return err;
  switch (param) {
  case CL_KERNEL_WORK_GROUP_SIZE:
    RT_INFO_VAL(size_t, rt_kernel_max_wg(ik, d));
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
    size_t r[3] = {ik->reqd_wg_size[0], ik->reqd_wg_size[1], ik->reqd_wg_size[2]};
    return rt_info(size, value, size_ret, r, sizeof r);
  }
  case CL_KERNEL_LOCAL_MEM_SIZE:
    RT_INFO_VAL(cl_ulong, rt_kernel_lds_layout(ik, k->args, NULL));
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    RT_INFO_VAL(size_t, d->cfg->wave_size);
  case CL_KERNEL_PRIVATE_MEM_SIZE:
    RT_INFO_VAL(cl_ulong, ik->private_bytes);
  default:
    return CL_INVALID_VALUE;
  }
}

/* The work-items of a local size given as clGetKernelSubGroupInfo's input
 * (1 to 3 size_t, none 0), or 0 when the input is not one. */
static uint64_t rt_sg_local_items(size_t in_size, const void *in) {
  if (!in || !in_size || in_size % sizeof(size_t) || in_size > 3 * sizeof(size_t)) return 0;
  size_t l[3] = {1, 1, 1};
  memcpy(l, in, in_size);
  return (uint64_t)l[0] * l[1] * l[2];
}

/* Sub-groups are the waves of a work-group (docs/ARCHITECTURE.md
 * "Sub-groups"): a local size of n work-items has ceil(n / W) of them, all
 * of W work-items but the last. */
CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel k, cl_device_id d,
                                                        cl_kernel_sub_group_info param,
                                                        size_t in_size, const void *in, size_t size,
                                                        void *value, size_t *size_ret) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  const isa_kernel *ik;
  cl_int err = rt_kernel_device(k, &d, &ik);
  if (err != CL_SUCCESS) return err;
  uint64_t w = (uint64_t)d->cfg->wave_size, max_wg = rt_kernel_max_wg(ik, d);
  switch (param) {
  case CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
  case CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: {
    uint64_t n = rt_sg_local_items(in_size, in);
    if (!n) return CL_INVALID_VALUE;
    if (param == CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE) RT_INFO_VAL(size_t, n < w ? n : w);
    RT_INFO_VAL(size_t, (n + w - 1) / w);
  }
  case CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: {
    /* input: one size_t sub-group count; output: 1 to 3 size_t, a local
     * size giving that many sub-groups (count * W work-items in x), or all
     * 0 when no local size the kernel can run with does */
    if (!in || in_size != sizeof(size_t)) return CL_INVALID_VALUE;
    if (value && (!size || size % sizeof(size_t) || size > 3 * sizeof(size_t)))
      return CL_INVALID_VALUE;
    size_t count, r[3] = {0, 0, 0};
    memcpy(&count, in, sizeof count);
    if (count && count <= max_wg / w) r[0] = count * (size_t)w, r[1] = r[2] = 1;
    size_t dims = value ? size / sizeof(size_t) : 3;
    if (size_ret) *size_ret = dims * sizeof(size_t);
    if (value) memcpy(value, r, dims * sizeof(size_t));
    return CL_SUCCESS;
  }
  case CL_KERNEL_MAX_NUM_SUB_GROUPS:
    RT_INFO_VAL(size_t, (max_wg + w - 1) / w);
  case CL_KERNEL_COMPILE_NUM_SUB_GROUPS:
    /* no attribute requests a number of sub-groups in OpenCL C */
    RT_INFO_VAL(size_t, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfoKHR(cl_kernel k, cl_device_id d,
                                                           cl_kernel_sub_group_info param,
                                                           size_t in_size, const void *in,
                                                           size_t size, void *value,
                                                           size_t *size_ret) {
  return clGetKernelSubGroupInfo(k, d, param, in_size, in, size, value, size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel k, cl_uint index,
                                                         const void *value) {
  (void)index, (void)value;
  return RT_VALID(k, RT_MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel k, cl_kernel_exec_info param,
                                                    size_t size, const void *value) {
  (void)param, (void)size, (void)value;
  return RT_VALID(k, RT_MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL;
}
