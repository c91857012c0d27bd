/* Kernel objects: creation from a built program, argument setting with the
 * checks the spec asks for, and the kernel, argument and work-group queries
 * (answered from the compiled kernel's metadata). */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

static struct _cl_kernel *rt_kernel_new(struct _cl_program *p, const isa_kernel *k) {
  struct _cl_kernel *kn = calloc(1, sizeof *kn);
  if (!kn) return NULL;
  kn->kernarg = calloc(1, k->kernarg_bytes ? k->kernarg_bytes : 1);
  kn->args = calloc(k->nargs ? k->nargs : 1, sizeof *kn->args);
  if (!kn->kernarg || !kn->args) {
    free(kn->kernarg);
    free(kn->args);
    free(kn);
    return NULL;
  }
  kn->dispatch = &rt_dispatch;
  kn->magic = RT_MAGIC_KERNEL;
  kn->refs = 1;
  kn->program = p;
  kn->k = k;
  rt_lock();
  p->refs++;
  p->nkernels_live++;
  rt_unlock();
  return kn;
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
  if (!p->prog) {
    rt_err(errcode_ret, CL_INVALID_PROGRAM_EXECUTABLE);
    return NULL;
  }
  const isa_kernel *k = isa_program_find(p->prog, name);
  if (!k) {
    rt_err(errcode_ret, CL_INVALID_KERNEL_NAME);
    return NULL;
  }
  struct _cl_kernel *kn = rt_kernel_new(p, k);
  rt_err(errcode_ret, kn ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY);
  return kn;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program p, cl_uint n,
                                                         cl_kernel *kernels, cl_uint *nret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if (!p->prog) return CL_INVALID_PROGRAM_EXECUTABLE;
  cl_uint nk = p->prog->nkernels;
  if (kernels && n < nk) return CL_INVALID_VALUE;
  if (kernels) {
    for (cl_uint i = 0; i < nk; i++) {
      kernels[i] = rt_kernel_new(p, &p->prog->kernels[i]);
      if (!kernels[i]) {
        while (i-- > 0) clReleaseKernel(kernels[i]);
        return CL_OUT_OF_HOST_MEMORY;
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
  struct _cl_kernel *kn = rt_kernel_new(src->program, src->k);
  if (!kn) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  memcpy(kn->kernarg, src->kernarg, src->k->kernarg_bytes);
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
  free(k->kernarg);
  free(k->args);
  free(k);
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
    if (m && !RT_VALID(m, RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
    if (m && m->ctx != k->program->ctx) return CL_INVALID_MEM_OBJECT;
    ra->mem = m;
    break;
  }
  default: {
    /* 3-component vectors are passed with the size of 4 (spec). */
    size_t align = a->align ? a->align : 1;
    size_t padded = (a->size + align - 1) / align * align;
    if (size != a->size && size != padded) return CL_INVALID_ARG_SIZE;
    if (!value) return CL_INVALID_ARG_VALUE;
    memcpy(k->kernarg + a->offset, value, a->size);
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
  case CL_KERNEL_ATTRIBUTES: {
    char buf[96] = "";
    const uint32_t *r = k->k->reqd_wg_size;
    if (r[0])
      snprintf(buf, sizeof buf, "reqd_work_group_size(%u,%u,%u)", r[0], r[1] ? r[1] : 1,
               r[2] ? r[2] : 1);
    return rt_info_str(size, value, size_ret, buf);
  }
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
    if (a->kind == ISA_ARG_GLOBAL_PTR) q = CL_KERNEL_ARG_ADDRESS_GLOBAL;
    if (a->kind == ISA_ARG_CONST_PTR) q = CL_KERNEL_ARG_ADDRESS_CONSTANT;
    if (a->kind == ISA_ARG_LOCAL_PTR) q = CL_KERNEL_ARG_ADDRESS_LOCAL;
    RT_INFO_VAL(cl_kernel_arg_address_qualifier, q);
  }
  case CL_KERNEL_ARG_ACCESS_QUALIFIER:
    if (!info) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    RT_INFO_VAL(cl_kernel_arg_access_qualifier, CL_KERNEL_ARG_ACCESS_NONE);
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

size_t rt_kernel_max_wg(const struct _cl_kernel *k, const struct _cl_device_id *d) {
  const cfg_device *c = d->cfg;
  uint64_t waves = (uint64_t)c->cu_wave_slots;
  /* A VGPR holds wave_size lanes; the register file counts lanes. */
  uint64_t vgpr = rt_roundup(k->k->nvgprs, (uint64_t)c->cu_vgpr_granule) * (uint64_t)c->wave_size;
  if (vgpr && (uint64_t)c->cu_vgprs_per_simd / vgpr < waves)
    waves = (uint64_t)c->cu_vgprs_per_simd / vgpr;
  uint64_t sgpr = rt_roundup(k->k->nsgprs, (uint64_t)c->cu_sgpr_granule);
  if (sgpr && (uint64_t)c->cu_sgprs_per_simd / sgpr < waves)
    waves = (uint64_t)c->cu_sgprs_per_simd / sgpr;
  uint64_t fit = waves * (uint64_t)c->cu_simds * (uint64_t)c->wave_size;
  size_t max = d->max_wg_size;
  if (fit < max) max = (size_t)fit;
  return max ? max : (size_t)c->wave_size;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d,
                                                         cl_kernel_work_group_info param,
                                                         size_t size, void *value,
                                                         size_t *size_ret) {
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (!d) d = k->program->ctx->device;
  if (d != k->program->ctx->device) return CL_INVALID_DEVICE;
  switch (param) {
  case CL_KERNEL_WORK_GROUP_SIZE:
    RT_INFO_VAL(size_t, rt_kernel_max_wg(k, d));
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
    size_t r[3] = {k->k->reqd_wg_size[0], k->k->reqd_wg_size[1], k->k->reqd_wg_size[2]};
    return rt_info(size, value, size_ret, r, sizeof r);
  }
  case CL_KERNEL_LOCAL_MEM_SIZE: {
    cl_ulong total = k->k->lds_bytes;
    for (uint32_t i = 0; i < k->k->nargs; i++)
      if (k->k->args[i].kind == ISA_ARG_LOCAL_PTR)
        total = rt_roundup(total, 16) + k->args[i].local_size;
    RT_INFO_VAL(cl_ulong, total);
  }
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    RT_INFO_VAL(size_t, d->cfg->wave_size);
  case CL_KERNEL_PRIVATE_MEM_SIZE:
    RT_INFO_VAL(cl_ulong, k->k->private_bytes);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelSubGroupInfo(cl_kernel k, cl_device_id d,
                                                        cl_kernel_sub_group_info param,
                                                        size_t in_size, const void *in, size_t size,
                                                        void *value, size_t *size_ret) {
  (void)d, (void)param, (void)in_size, (void)in, (void)size, (void)value, (void)size_ret;
  return RT_VALID(k, RT_MAGIC_KERNEL) ? CL_INVALID_OPERATION : CL_INVALID_KERNEL;
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
