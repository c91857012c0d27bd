/* subgroup_reduce: one sum per work-group, computed twice — with
 * sub_group_reduce_add (one cross-lane reduction per sub-group, their
 * partial sums combined through __local memory by the first sub-group) and
 * with the classic __local-memory tree (a barrier per halving step) — both
 * checked against the host's sums, and the two kernel times printed from
 * profiling events. Needs a device with cl_khr_subgroups (OpenCL C 2.0+).
 * The kernels declare their work-group size and the program is built for
 * uniform work-groups, so the compiler knows every sub-group is full where
 * the first reduction runs and can skip the whole-wave set-up a partial one
 * needs (docs/ARCHITECTURE.md "Sub-groups"), as CUDA's full-warp shuffles
 * assume. */
#define CL_TARGET_OPENCL_VERSION 300
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define LOCAL 256 /* work-items per group; any sub-group size up to 256 divides into it */

/* Both kernels compute REPS sums per work-group, of in[i] + r * 7919 for
 * r = 0..REPS-1 (several reductions per group, so that the reductions, not
 * the loads, decide the time): out[group * REPS + r]. */
static const char *kSource =
    "#define LOCAL 256\n"
    "#define REPS 32\n"
    "__attribute__((reqd_work_group_size(LOCAL, 1, 1)))\n"
    "__kernel void sum_subgroup(__global const uint *in, __global uint *out) {\n"
    "  __local uint partial[LOCAL];\n"
    "  uint x = in[get_global_id(0)], l = get_sub_group_local_id();\n"
    "  for (uint r = 0; r < REPS; r++) {\n"
    "    uint s = sub_group_reduce_add(x + r * 7919u);\n"
    "    if (l == 0) partial[get_sub_group_id()] = s;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    if (get_sub_group_id() == 0) {\n"
    "      uint t = 0;\n"
    "      for (uint i = l; i < get_num_sub_groups(); i += get_sub_group_size()) t += partial[i];\n"
    "      t = sub_group_reduce_add(t);\n"
    "      if (l == 0) out[get_group_id(0) * REPS + r] = t;\n"
    "    }\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "}\n"
    "__attribute__((reqd_work_group_size(LOCAL, 1, 1)))\n"
    "__kernel void sum_local(__global const uint *in, __global uint *out) {\n"
    "  __local uint tmp[LOCAL];\n"
    "  uint x = in[get_global_id(0)], l = get_local_id(0);\n"
    "  for (uint r = 0; r < REPS; r++) {\n"
    "    tmp[l] = x + r * 7919u;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint s = LOCAL / 2; s > 0; s >>= 1) {\n"
    "      if (l < s) tmp[l] += tmp[l + s];\n"
    "      barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0) out[get_group_id(0) * REPS + r] = tmp[0];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "}\n";
#define REPS 32

/* Runs kernel `name` over n items; fills out (groups * REPS sums) and *ns (the
 * kernel's START..END time). Returns 0 or 1 after printing what failed. */
static int run(ex_cl *cl, const char *name, cl_mem din, cl_mem dout, size_t n, uint32_t *out,
               size_t groups, cl_ulong *ns) {
  cl_int err;
  cl_kernel k = clCreateKernel(cl->program, name, &err);
  EX_CHECK(err, name);
  EX_CHECK(clSetKernelArg(k, 0, sizeof din, &din), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, sizeof dout, &dout), "clSetKernelArg(1)");
  size_t local = LOCAL;
  cl_event ev;
  EX_CHECK(clEnqueueNDRangeKernel(cl->queue, k, 1, NULL, &n, &local, 0, NULL, &ev), name);
  EX_CHECK(clEnqueueReadBuffer(cl->queue, dout, CL_TRUE, 0, groups * REPS * sizeof *out, out, 1,
                               &ev, NULL),
           "clEnqueueReadBuffer(out)");
  cl_ulong t0 = 0, t1 = 0;
  EX_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL), "START");
  EX_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL), "END");
  *ns = t1 > t0 ? t1 - t0 : 0;
  clReleaseEvent(ev);
  clReleaseKernel(k);
  return 0;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1 << 14, &args)) return 2;
  size_t groups = (args.size + LOCAL - 1) / LOCAL, n = groups * LOCAL;
  size_t nout = groups * REPS;
  uint32_t *in = malloc(n * sizeof *in), *want = calloc(nout, sizeof *want);
  uint32_t *got_sg = malloc(nout * sizeof *got_sg), *got_lds = malloc(nout * sizeof *got_lds);
  if (!in || !want || !got_sg || !got_lds) {
    fprintf(stderr, "subgroup_reduce: out of host memory for n=%zu\n", n);
    return 1;
  }
  unsigned seed = 7;
  for (size_t i = 0; i < n; i++) {
    in[i] = ex_rand(&seed) % 100000;
    for (uint32_t r = 0; r < REPS; r++) want[i / LOCAL * REPS + r] += in[i] + r * 7919u;
  }
  ex_cl cl;
  if (ex_open(&cl, CL_QUEUE_PROFILING_ENABLE)) return 1;
  char ext[4096] = "";
  clGetDeviceInfo(cl.device, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
  if (!strstr(ext, "cl_khr_subgroups")) {
    fprintf(stderr, "subgroup_reduce: the device does not support cl_khr_subgroups\n");
    ex_close(&cl);
    return 1;
  }
  /* n is a multiple of LOCAL: every group is whole */
  if (ex_build(&cl, kSource, "-cl-std=CL3.0 -cl-uniform-work-group-size") != CL_SUCCESS) return 1;
  cl_int err;
  cl_mem din =
      clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *in, in, &err);
  EX_CHECK(err, "clCreateBuffer(in)");
  cl_mem dout = clCreateBuffer(cl.context, CL_MEM_WRITE_ONLY, nout * sizeof *got_sg, NULL, &err);
  EX_CHECK(err, "clCreateBuffer(out)");
  cl_ulong ns_sg = 0, ns_lds = 0;
  if (run(&cl, "sum_subgroup", din, dout, n, got_sg, groups, &ns_sg) ||
      run(&cl, "sum_local", din, dout, n, got_lds, groups, &ns_lds))
    return 1;
  size_t bad = 0;
  for (size_t g = 0; g < nout; g++) {
    if (got_sg[g] != want[g] || got_lds[g] != want[g]) {
      if (bad < 10)
        fprintf(stderr, "group %zu sum %zu: sub-group %u, __local %u, expected %u\n", g / REPS,
                g % REPS, got_sg[g], got_lds[g], want[g]);
      bad++;
    }
  }
  size_t sgs = 0;
  cl_kernel k = clCreateKernel(cl.program, "sum_subgroup", &err);
  size_t local = LOCAL;
  if (err == CL_SUCCESS)
    clGetKernelSubGroupInfo(k, cl.device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local,
                            &local, sizeof sgs, &sgs, NULL);
  printf("%zu groups of %d work-items, %d sums each, sub-group size %zu: first sums %u %u\n",
         groups, LOCAL, REPS, sgs, got_sg[0], got_lds[0]);
  printf("sum_subgroup kernel time: %.3f us\n", (double)ns_sg / 1000.0);
  printf("sum_local    kernel time: %.3f us\n", (double)ns_lds / 1000.0);
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, got_sg, nout * sizeof *got_sg);
  if (k) clReleaseKernel(k);
  clReleaseMemObject(din);
  clReleaseMemObject(dout);
  ex_close(&cl);
  free(in);
  free(want);
  free(got_sg);
  free(got_lds);
  return ex_report("subgroup_reduce", bad) | rc;
}
