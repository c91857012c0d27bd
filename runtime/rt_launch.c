/* Kernel launches: clEnqueueNDRangeKernel's checks, the choice of a local
 * size when the user gives none, the kernarg segment layout, running the
 * simulator, fault reporting and the statistics of each launch; native kernels. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

typedef struct rt_launch_cmd {
  rt_cmd base;
  struct _cl_kernel *kernel; /* retained */
  struct _cl_mem **mems;     /* retained pointer-argument buffers */
  uint32_t nmems;
  uint8_t *kernarg;
  int di; /* the queue's device's index in the context */
  sim_launch l;
} rt_launch_cmd;

static void rt_launch_fini(rt_cmd *c) {
  rt_launch_cmd *lc = (rt_launch_cmd *)c;
  for (uint32_t i = 0; i < lc->nmems; i++) rt_mem_release(lc->mems[i]);
  free(lc->mems);
  free(lc->kernarg);
  clReleaseKernel(lc->kernel);
}

static void rt_stats_identity(sim_stats *s, const rt_launch_cmd *lc,
                              const struct _cl_device_id *d) {
  snprintf(s->kernel, sizeof s->kernel, "%s", lc->kernel->k->name);
  snprintf(s->config, sizeof s->config, "%s", d->config_name);
  snprintf(s->overrides, sizeof s->overrides, "%s", d->overrides);
  s->functional_only = lc->l.functional_only;
  s->source_text = lc->kernel->program->source; /* stored once per distinct program */
  s->work_dim = lc->l.work_dim;
  for (int i = 0; i < 3; i++) {
    s->global_size[i] = lc->l.global_size[i];
    s->local_size[i] = lc->l.local_size[i];
  }
}

static cl_int rt_launch_run(rt_cmd *c, uint64_t *dur) {
  rt_launch_cmd *lc = (rt_launch_cmd *)c;
  struct _cl_device_id *d = c->event->queue->device;
  sim_stats s;
  memset(&s, 0, sizeof s);
  rt_stats_identity(&s, lc, d);
  char err[2048] = "";
  uint64_t pbuf = rt_printf_begin(d->sim, lc->l.kernel, lc->kernarg);
  if (isa_kernel_hidden(lc->l.kernel, ISA_HIDDEN_PRINTF_BUFFER) && !pbuf) {
    fprintf(stderr, "wavesim: kernel '%s': cannot allocate the printf buffer\n",
            lc->kernel->k->name);
    sim_stats_fini(&s);
    return CL_OUT_OF_RESOURCES;
  }
  /* a launch the host enqueued while the device still ran earlier work
   * (START after SUBMIT) had its front-end setup overlapped with that work */
  lc->l.queued = c->event->t_start > c->event->t_submit;
  rt_capture *cap = rt_capture_begin(d, lc->kernel, lc->di, &lc->l, lc->mems, lc->nmems);
  rt_trace_begin(d, &lc->l);
  sim_status st = sim_run(d->sim, &lc->l, &s, err, sizeof err);
  rt_trace_end(d, &lc->l, &s);
  rt_capture_end(cap, d->platform, st == SIM_OK);
  if (st == SIM_OK) rt_printf_end(d->sim, lc->kernel->program->dev[lc->di].prog, &lc->l, pbuf);
  if (pbuf) sim_mem_free(d->sim, pbuf);
  rt_stats_identity(&s, lc, d); /* sim_run names the device; keep the preset's name */
  /* WAVESIM_CHECK reports: diagnostics, in the order found */
  for (uint32_t i = 0; i < s.ndiags; i++) fprintf(stderr, "wavesim: %s\n", s.diags[i].message);
  if (s.diags_more)
    fprintf(stderr, "wavesim: kernel '%s': %" PRIu64 " more check report(s) not shown\n",
            lc->kernel->k->name, s.diags_more);
  double ns = s.time_ns;
  if (ns <= 0 && s.cycles) ns = (double)s.cycles * 1000.0 / d->cfg->clock_mhz;
  /* Functional mode reports the sim's issue-bound estimate (never 0). */
  *dur = (uint64_t)llround(ns);
  if (st == SIM_OK) rt_stats_record(d->platform, &s);
  sim_stats_fini(&s);
  if (st != SIM_OK) {
    /* The event status carries the failure; the message says where. */
    fprintf(stderr, "wavesim: %s\n", err[0] ? err : "kernel failed without a message");
    return CL_OUT_OF_RESOURCES;
  }
  return CL_COMPLETE;
}

/* Largest divisor of g not above m, preferring multiples of `mult`. */
static uint64_t rt_pick_divisor(uint64_t g, uint64_t m, uint64_t mult) {
  if (m > g) m = g;
  if (mult > 1)
    for (uint64_t d = m - m % mult; d >= mult; d -= mult)
      if (g % d == 0) return d;
  for (uint64_t d = m; d > 1; d--)
    if (g % d == 0) return d;
  return 1;
}

/* A local size for a NULL one, aiming at `target` work-items
 * (dispatch.auto_workgroup_size: a driver's choice) within `limit`: in each
 * dimension the largest divisor of the global size (dimension 0 preferring
 * whole waves). A kernel that may run non-uniform groups (!uniform) takes
 * the whole budget instead, in whole waves, when the best divisor would
 * leave more than half of it unused (a prime global size would otherwise
 * launch groups of one work-item): its last group is then smaller. */
static void rt_choose_local(const uint64_t *global, cl_uint dims, size_t limit, size_t item_max,
                            uint32_t wave, uint64_t target, int uniform, uint64_t *local) {
  uint64_t budget = limit < target ? limit : target;
  for (cl_uint i = 0; i < 3; i++) {
    if (i >= dims) {
      local[i] = 1;
      continue;
    }
    uint64_t m = budget < item_max ? budget : item_max;
    if (m > global[i]) m = global[i];
    local[i] = rt_pick_divisor(global[i], m, i == 0 ? wave : 1);
    if (!uniform && local[i] * 2 <= m) {
      uint64_t w = i == 0 && m >= wave ? m - m % wave : m;
      local[i] = w ? w : 1;
    }
    budget /= local[i];
    if (budget == 0) budget = 1;
  }
}

static cl_int rt_launch_error(const struct _cl_kernel *k, cl_int code, const char *msg) {
  fprintf(stderr, "wavesim: clEnqueueNDRangeKernel(%s): %s\n", k->k->name, msg);
  return code;
}

static cl_int rt_enqueue_kernel(cl_command_queue q, cl_kernel k, cl_uint dims, const size_t *offset,
                                const size_t *global, const size_t *local, cl_uint n,
                                const cl_event *list, cl_event *event, cl_command_type type) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (k->program->ctx != q->ctx) return CL_INVALID_CONTEXT;
  if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
  if (!global) return CL_INVALID_GLOBAL_WORK_SIZE;
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  struct _cl_device_id *d = q->device;
  int di = rt_ctx_index(q->ctx, d);
  const isa_kernel *ik = k->kd[di];
  char msg[512];
  if (!ik) {
    snprintf(msg, sizeof msg,
             "the program was not built for this queue's device (%s); list it in "
             "clBuildProgram's devices or pass none",
             d->config_name);
    return rt_launch_error(k, CL_INVALID_PROGRAM_EXECUTABLE, msg);
  }
  for (uint32_t i = 0; i < ik->nargs; i++) {
    if (!k->args[i].set) {
      snprintf(msg, sizeof msg, "argument %u (%s) is not set (call clSetKernelArg)", i,
               ik->args[i].name ? ik->args[i].name : "?");
      return rt_launch_error(k, CL_INVALID_KERNEL_ARGS, msg);
    }
    if (k->args[i].mem && !RT_VALID(k->args[i].mem, RT_MAGIC_MEM)) {
      snprintf(msg, sizeof msg, "argument %u (%s) is a released buffer", i,
               ik->args[i].name ? ik->args[i].name : "?");
      return rt_launch_error(k, CL_INVALID_KERNEL_ARGS, msg);
    }
  }
  uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, off[3] = {0, 0, 0};
  for (cl_uint i = 0; i < dims; i++) {
    g[i] = global[i];
    if (g[i] == 0) return CL_INVALID_GLOBAL_WORK_SIZE;
    if (offset) {
      off[i] = offset[i];
      if (off[i] + g[i] < off[i]) return CL_INVALID_GLOBAL_OFFSET;
    }
  }
  size_t maxwg = rt_kernel_max_wg(ik, d);
  const uint32_t *reqd = ik->reqd_wg_size;
  if (local) {
    uint64_t prod = 1;
    for (cl_uint i = 0; i < dims; i++) {
      l[i] = local[i];
      if (l[i] == 0) return rt_launch_error(k, CL_INVALID_WORK_GROUP_SIZE, "local size 0");
      if (l[i] > d->max_wg_size) {
        snprintf(msg, sizeof msg, "local size %llu in dimension %u exceeds %zu",
                 (unsigned long long)l[i], i, d->max_wg_size);
        return rt_launch_error(k, CL_INVALID_WORK_ITEM_SIZE, msg);
      }
      if (g[i] % l[i] && ik->uniform_wg) {
        /* OpenCL 3.0 runs the last group smaller, except for a program that
         * asked for uniform groups (clang marks its kernels: isa_kernel) */
        snprintf(msg, sizeof msg,
                 "global size %llu is not a multiple of local size %llu in dimension %u, and "
                 "the program was built for uniform work-groups (OpenCL C 1.x or "
                 "-cl-uniform-work-group-size; build with -cl-std=CL3.0 for a smaller last "
                 "work-group)",
                 (unsigned long long)g[i], (unsigned long long)l[i], i);
        return rt_launch_error(k, CL_INVALID_WORK_GROUP_SIZE, msg);
      }
      prod *= l[i];
    }
    if (prod > maxwg) {
      snprintf(msg, sizeof msg,
               "work-group of %llu work-items exceeds this kernel's limit of %zu "
               "(CL_KERNEL_WORK_GROUP_SIZE)",
               (unsigned long long)prod, maxwg);
      return rt_launch_error(k, CL_INVALID_WORK_GROUP_SIZE, msg);
    }
    if (reqd[0] &&
        (l[0] != reqd[0] || l[1] != (reqd[1] ? reqd[1] : 1) || l[2] != (reqd[2] ? reqd[2] : 1)))
      return rt_launch_error(k, CL_INVALID_WORK_GROUP_SIZE,
                             "local size differs from reqd_work_group_size");
  } else if (reqd[0]) {
    /* OpenCL 1.2 lists a NULL local size for such a kernel as an error. */
    return rt_launch_error(k, CL_INVALID_WORK_GROUP_SIZE,
                           "the kernel has reqd_work_group_size: pass that local size "
                           "(OpenCL 1.2 does not allow NULL here)");
  } else {
    rt_choose_local(g, dims, maxwg, d->max_wg_size, d->target.wave_size,
                    (uint64_t)d->cfg->dispatch_auto_wg_size, ik->uniform_wg, l);
  }

  uint64_t lds_total = rt_kernel_lds_layout(ik, k->args, NULL);
  if (lds_total > (uint64_t)d->cfg->lds_max_per_wg) {
    snprintf(msg, sizeof msg,
             "needs %llu bytes of __local memory, the device has %lld per work-group "
             "(lds.max_per_workgroup)",
             (unsigned long long)lds_total, (long long)d->cfg->lds_max_per_wg);
    return rt_launch_error(k, CL_OUT_OF_RESOURCES, msg);
  }

  /* The kernarg segment: by-value bytes as set, then device addresses and
   * LDS offsets patched in. */
  rt_launch_cmd *lc = (rt_launch_cmd *)rt_cmd_new(sizeof *lc, q, type, n, list);
  if (!lc) return CL_OUT_OF_HOST_MEMORY;
  lc->base.run = rt_launch_run;
  lc->base.fini = rt_launch_fini;
  clRetainKernel(k);
  lc->kernel = k;
  lc->di = di;
  lc->kernarg = malloc(ik->kernarg_bytes ? ik->kernarg_bytes : 1);
  lc->mems = calloc(ik->nargs ? ik->nargs : 1, sizeof *lc->mems);
  uint64_t *lds_at = calloc(ik->nargs ? ik->nargs : 1, sizeof *lds_at);
  if (!lc->kernarg || !lc->mems || !lds_at) {
    free(lds_at);
    rt_cmd_discard(&lc->base);
    return CL_OUT_OF_HOST_MEMORY;
  }
  memcpy(lc->kernarg, k->kernarg[di], ik->kernarg_bytes);
  rt_kernel_lds_layout(ik, k->args, lds_at);
  for (uint32_t i = 0; i < ik->nargs; i++) {
    const isa_arg *a = &ik->args[i];
    uint64_t v;
    if (a->kind == ISA_ARG_GLOBAL_PTR || a->kind == ISA_ARG_CONST_PTR || a->kind == ISA_ARG_IMAGE) {
      struct _cl_mem *m = k->args[i].mem;
      v = !m ? 0 : a->kind == ISA_ARG_IMAGE ? m->img->desc_addr[di] : m->addr[di];
      if (m) {
        rt_mem_retain(m);
        lc->mems[lc->nmems++] = m;
      }
    } else if (a->kind == ISA_ARG_LOCAL_PTR) {
      v = lds_at[i] + ISA_PTR_BIAS; /* a pointer value, not an LDS address (isa.h) */
    } else {
      continue;
    }
    memcpy(lc->kernarg + a->offset, &v, a->size < 8 ? a->size : 8);
  }
  free(lds_at);
  /* hidden arguments: the program's segments now (placed on first use); the
   * printf buffer when the launch runs (rt_printf_begin) */
  for (uint32_t h = 0; h < ik->nhidden; h++) {
    const isa_hidden_arg *ha = &ik->hidden[h];
    uint64_t v = 0;
    switch ((isa_hidden_kind)ha->kind) {
    case ISA_HIDDEN_CONSTANT_SEGMENT:
    case ISA_HIDDEN_GLOBAL_SEGMENT: {
      cl_int se = rt_program_segments(k->program, (cl_uint)di);
      if (se != CL_SUCCESS) {
        rt_cmd_discard(&lc->base);
        return se;
      }
      v = k->program->dev[di]
              .seg_addr[ha->kind == ISA_HIDDEN_GLOBAL_SEGMENT ? ISA_SEG_GLOBAL : ISA_SEG_CONSTANT];
      break;
    }
    case ISA_HIDDEN_PRINTF_BUFFER: /* a buffer per launch, when it runs */
    case ISA_HIDDEN_COUNT:         /* not a kind (the reader rejects it) */
      continue;
    }
    memcpy(lc->kernarg + ha->offset, &v, isa_hidden_bytes(ha->kind));
  }
  lc->l.kernel = ik;
  lc->l.kernarg = lc->kernarg;
  lc->l.dyn_lds_bytes = (uint32_t)(lds_total - ik->lds_bytes);
  lc->l.work_dim = dims;
  for (int i = 0; i < 3; i++) {
    lc->l.global_size[i] = g[i];
    lc->l.local_size[i] = l[i];
    lc->l.global_offset[i] = off[i];
  }
  lc->l.functional_only = d->platform->mode == RT_MODE_FUNCTIONAL;
  lc->l.checks = d->platform->checks;
  lc->l.progress = d->platform->progress;
  lc->l.progress_after = d->platform->progress_after;
  lc->l.sample = d->platform->sample;
  lc->l.threads = d->platform->threads;
  lc->l.oob_seen = &k->program->dev[di].oob_seen;
  return rt_submit(q, &lc->base, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k,
                                                       cl_uint dims, const size_t *offset,
                                                       const size_t *global, const size_t *local,
                                                       cl_uint n, const cl_event *list,
                                                       cl_event *event) {
  return rt_enqueue_kernel(q, k, dims, offset, global, local, n, list, event,
                           CL_COMMAND_NDRANGE_KERNEL);
}

/* cl_khr_suggested_local_work_size: the local size a launch with a NULL one
 * would use (rt_choose_local), or the kernel's reqd_work_group_size. Found
 * through clGetExtensionFunctionAddressForPlatform (ocl-icd has no slot). */
CL_API_ENTRY cl_int CL_API_CALL clGetKernelSuggestedLocalWorkSizeKHR(cl_command_queue q,
                                                                     cl_kernel k, cl_uint dims,
                                                                     const size_t *offset,
                                                                     const size_t *global,
                                                                     size_t *suggested) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!RT_VALID(k, RT_MAGIC_KERNEL)) return CL_INVALID_KERNEL;
  if (k->program->ctx != q->ctx) return CL_INVALID_CONTEXT;
  struct _cl_device_id *d = q->device;
  const isa_kernel *ik = k->kd[rt_ctx_index(q->ctx, d)];
  if (!ik) return CL_INVALID_PROGRAM_EXECUTABLE;
  if (dims < 1 || dims > 3) return CL_INVALID_WORK_DIMENSION;
  if (!global) return CL_INVALID_GLOBAL_WORK_SIZE;
  if (!suggested) return CL_INVALID_VALUE;
  for (uint32_t i = 0; i < ik->nargs; i++)
    if (!k->args[i].set) return CL_INVALID_KERNEL_ARGS;
  uint64_t g[3] = {1, 1, 1}, l[3];
  for (cl_uint i = 0; i < dims; i++) {
    if (global[i] == 0) return CL_INVALID_GLOBAL_WORK_SIZE;
    if (offset && offset[i] + global[i] < offset[i]) return CL_INVALID_GLOBAL_OFFSET;
    g[i] = global[i];
  }
  const uint32_t *reqd = ik->reqd_wg_size;
  if (reqd[0]) {
    l[0] = reqd[0], l[1] = reqd[1] ? reqd[1] : 1, l[2] = reqd[2] ? reqd[2] : 1;
  } else {
    rt_choose_local(g, dims, rt_kernel_max_wg(ik, d), d->max_wg_size, d->target.wave_size,
                    (uint64_t)d->cfg->dispatch_auto_wg_size, ik->uniform_wg, l);
  }
  for (cl_uint i = 0; i < dims; i++) suggested[i] = (size_t)l[i];
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue q, cl_kernel k, cl_uint n,
                                              const cl_event *list, cl_event *event) {
  size_t one = 1;
  return rt_enqueue_kernel(q, k, 1, NULL, &one, &one, n, list, event, CL_COMMAND_TASK);
}

/* ---- native kernels --------------------------------------------------------
 * A host function run in queue order: the args block is copied at enqueue
 * and, when the command runs, each cl_mem handle in it is replaced by a host
 * pointer to that buffer's bytes (device memory lives in this process). It
 * takes no simulated device time. */
typedef struct rt_native_cmd {
  rt_cmd base;
  void(CL_CALLBACK *fn)(void *);
  uint8_t *args;
  cl_uint nmem;
  struct _cl_mem **mems; /* retained */
  size_t *offs;          /* where each buffer's pointer goes in args */
} rt_native_cmd;

static void rt_native_fini(rt_cmd *c) {
  rt_native_cmd *nc = (rt_native_cmd *)c;
  for (cl_uint i = 0; i < nc->nmem; i++)
    if (nc->mems[i]) rt_mem_release(nc->mems[i]);
  free(nc->mems);
  free(nc->offs);
  free(nc->args);
}

static cl_int rt_native_run(rt_cmd *c, uint64_t *dur) {
  rt_native_cmd *nc = (rt_native_cmd *)c;
  for (cl_uint i = 0; i < nc->nmem; i++) {
    void *p = nc->mems[i] ? rt_mem_host(nc->mems[i], 0, nc->mems[i]->size) : NULL;
    memcpy(nc->args + nc->offs[i], &p, sizeof p);
  }
  nc->fn(nc->args);
  *dur = 0;
  return CL_COMPLETE;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(
    cl_command_queue q, void(CL_CALLBACK *fn)(void *), void *args, size_t cb_args, cl_uint nmem,
    const cl_mem *mems, const void **locs, cl_uint n, const cl_event *list, cl_event *event) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!fn || (!args && (cb_args > 0 || nmem > 0)) || (args && cb_args == 0) ||
      (nmem > 0 && (!mems || !locs)) || (nmem == 0 && (mems || locs)))
    return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < nmem; i++) {
    if (mems[i] && (!RT_VALID(mems[i], RT_MAGIC_MEM) || mems[i]->ctx != q->ctx))
      return CL_INVALID_MEM_OBJECT;
    /* Each location must be a pointer-sized slot inside the args block. */
    const uint8_t *at = locs[i];
    if (!at || at < (const uint8_t *)args || cb_args < sizeof(void *) ||
        (size_t)(at - (const uint8_t *)args) > cb_args - sizeof(void *))
      return CL_INVALID_VALUE;
  }
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  rt_native_cmd *nc = (rt_native_cmd *)rt_cmd_new(sizeof *nc, q, CL_COMMAND_NATIVE_KERNEL, n, list);
  if (!nc) return CL_OUT_OF_HOST_MEMORY;
  nc->base.run = rt_native_run;
  nc->base.fini = rt_native_fini;
  nc->fn = fn;
  nc->args = malloc(cb_args ? cb_args : 1);
  nc->mems = calloc(nmem ? nmem : 1, sizeof *nc->mems);
  nc->offs = calloc(nmem ? nmem : 1, sizeof *nc->offs);
  if (!nc->args || !nc->mems || !nc->offs) {
    rt_cmd_discard(&nc->base);
    return CL_OUT_OF_HOST_MEMORY;
  }
  if (cb_args) memcpy(nc->args, args, cb_args);
  for (cl_uint i = 0; i < nmem; i++) {
    nc->offs[i] = (size_t)((const uint8_t *)locs[i] - (const uint8_t *)args);
    nc->mems[i] = mems[i];
    if (mems[i]) rt_mem_retain(mems[i]);
    nc->nmem = i + 1;
  }
  return rt_submit(q, &nc->base, event, 0);
}
