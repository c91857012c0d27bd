/* Synchronisation through C11 atomics (OpenCL C 2.0/3.0), checked against
 * values computed here:
 *   lock_wg   a __local lock built from atomic_flag (acquire on set,
 *             release on clear, work-group scope) guarding a plain counter;
 *   lock_dev  the same with a __global atomic_int lock at device scope
 *             guarding a plain __global counter every work-group adds to;
 *   mp        message passing between work-groups: group 0 writes data with
 *             plain stores, then a release store of a flag at device scope;
 *             every other group spins on an acquire load of the flag and
 *             then reads the data with plain loads (a correct program: it
 *             must read what group 0 wrote);
 *   svm       fetch_add at memory_scope_all_svm_devices and
 *             atomic_work_item_fence with every order.
 * The locks are SIMT-safe: the critical section is inside the retry loop,
 * so the lanes that lost keep going while the winner works. The spins are
 * bounded (a miss is counted, not hung on). Run under WAVESIM_CHECK=all,
 * fatal (CMakeLists.txt): every program here is correctly synchronised, so
 * the race check, which orders accesses through atomics' and fences'
 * synchronizes-with as well as barriers (docs/ARCHITECTURE.md), must report
 * nothing.
 * usage: atomics_sync PLATFORM-NAME-SUBSTRING BUILD-OPTIONS; exit 0 when
 * every value matches, 1 otherwise. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_build.h"

#define G 256
#define L 64
#define NG (G / L)

static const char *src =
    "__kernel void lock_wg(__global int *out) {\n"
    "  __local atomic_flag lock;\n"
    "  __local int plain;\n"
    "  int lid = get_local_id(0);\n"
    "  if (lid == 0) {\n"
    "    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);\n"
    "    plain = 0;\n"
    "  }\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (int done = 0; !done;)\n"
    "    if (!atomic_flag_test_and_set_explicit(&lock, memory_order_acquire, "
    "memory_scope_work_group)) {\n"
    "      plain += (int)get_global_id(0); /* a plain read-modify-write */\n"
    "      atomic_flag_clear_explicit(&lock, memory_order_release, memory_scope_work_group);\n"
    "      done = 1;\n"
    "    }\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (lid == 0) out[get_group_id(0)] = plain;\n"
    "}\n"
    "__kernel void lock_dev(__global atomic_int *lock, __global int *sum, __global int *count) {\n"
    "  for (int done = 0; !done;) {\n"
    "    int e = 0;\n"
    "    if (atomic_compare_exchange_strong_explicit(lock, &e, 1, memory_order_acquire,\n"
    "                                                memory_order_relaxed, memory_scope_device)) "
    "{\n"
    "      *sum += (int)get_global_id(0);\n"
    "      *count += 1;\n"
    "      atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);\n"
    "      done = 1;\n"
    "    }\n"
    "  }\n"
    "}\n"
    "__kernel void mp(__global int *data, __global atomic_int *flag, __global int *got) {\n"
    "  int lid = get_local_id(0), grp = get_group_id(0);\n"
    "  if (grp == 0) {\n"
    "    data[lid] = lid * 7 + 1;\n"
    "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "    if (lid == 0) atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);\n"
    "    return;\n"
    "  }\n"
    "  int seen = 0;\n"
    "  for (int k = 0; k < 1000000 && !seen; k++)\n"
    "    seen = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);\n"
    "  got[grp * 64 + lid] = seen ? data[(lid + grp) % 64] : -1; /* 64: L */\n"
    "}\n"
    "__kernel void svm(__global atomic_int *c, __global atomic_long *l) {\n"
    "  int gid = get_global_id(0);\n"
    "  atomic_fetch_add_explicit(c, gid, memory_order_seq_cst, memory_scope_all_svm_devices);\n"
    "  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, "
    "memory_scope_work_group);\n"
    "  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_release,\n"
    "                         memory_scope_device);\n"
    "  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, "
    "memory_scope_work_group);\n"
    "  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, "
    "memory_scope_all_svm_devices);\n"
    "  atomic_fetch_max_explicit(l, (long)gid << 40, memory_order_acq_rel, "
    "memory_scope_all_svm_devices);\n"
    "}\n";

typedef struct {
  cl_context ctx;
  cl_command_queue q;
  cl_program prog;
  int bad;
} as_env;

static void check(as_env *e, const char *what, int i, long long want, long long got) {
  if (want == got || e->bad++) return;
  fprintf(stderr, "atomics_sync: %s[%d] = %lld, want %lld\n", what, i, got, want);
}

static cl_mem mk(as_env *e, void *h, size_t n) {
  cl_int err;
  cl_mem m = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, h, &err);
  if (err) fprintf(stderr, "atomics_sync: clCreateBuffer failed (%d)\n", err), e->bad++;
  return m;
}

static void run(as_env *e, const char *name, int nb, cl_mem *b, void **h, size_t *n) {
  cl_int err;
  cl_kernel k = clCreateKernel(e->prog, name, &err);
  if (err) {
    fprintf(stderr, "atomics_sync: clCreateKernel(%s) failed (%d)\n", name, err);
    e->bad++;
    return;
  }
  for (int i = 0; i < nb; i++) clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &b[i]);
  size_t g = G, l = L;
  err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  if (err) fprintf(stderr, "atomics_sync: %s: enqueue failed (%d)\n", name, err), e->bad++;
  for (int i = 0; i < nb; i++) {
    clEnqueueReadBuffer(e->q, b[i], CL_TRUE, 0, n[i], h[i], 0, NULL, NULL);
    clReleaseMemObject(b[i]);
  }
  clReleaseKernel(k);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: atomics_sync PLATFORM-NAME-SUBSTRING BUILD-OPTIONS\n");
    return 2;
  }
  as_env e = {0};
  cl_device_id dev;
  if (host_build("atomics_sync", argv[1], src, argv[2], &dev, &e.ctx, &e.q, &e.prog)) return 1;
  static int out[NG];
  memset(out, 0, sizeof out);
  {
    cl_mem b[1] = {mk(&e, out, sizeof out)};
    void *h[1] = {out};
    size_t n[1] = {sizeof out};
    run(&e, "lock_wg", 1, b, h, n);
  }
  for (int g = 0; g < NG; g++)
    check(&e, "lock_wg sum", g, (long long)L * (L - 1) / 2 + (long long)g * L * L, out[g]);
  int zero = 0, sum = 0, count = 0;
  {
    cl_mem b[3] = {mk(&e, &zero, sizeof zero), mk(&e, &sum, sizeof sum),
                   mk(&e, &count, sizeof count)};
    void *h[3] = {&zero, &sum, &count};
    size_t n[3] = {sizeof zero, sizeof sum, sizeof count};
    run(&e, "lock_dev", 3, b, h, n);
  }
  check(&e, "lock_dev lock", 0, 0, zero);
  check(&e, "lock_dev sum", 0, (long long)G * (G - 1) / 2, sum);
  check(&e, "lock_dev count", 0, G, count);
  static int data[L], got[G];
  int flag = 0;
  memset(data, 0, sizeof data);
  memset(got, 0, sizeof got);
  {
    cl_mem b[3] = {mk(&e, data, sizeof data), mk(&e, &flag, sizeof flag), mk(&e, got, sizeof got)};
    void *h[3] = {data, &flag, got};
    size_t n[3] = {sizeof data, sizeof flag, sizeof got};
    run(&e, "mp", 3, b, h, n);
  }
  for (int i = L; i < G; i++) check(&e, "mp got", i, ((i % L + i / L) % L) * 7 + 1, got[i]);
  int c = 0;
  long long lmax = 0;
  {
    cl_mem b[2] = {mk(&e, &c, sizeof c), mk(&e, &lmax, sizeof lmax)};
    void *h[2] = {&c, &lmax};
    size_t n[2] = {sizeof c, sizeof lmax};
    run(&e, "svm", 2, b, h, n);
  }
  check(&e, "svm sum", 0, (long long)G * (G - 1) / 2, c);
  check(&e, "svm max", 0, (long long)(G - 1) << 40, lmax);
  clReleaseProgram(e.prog);
  clReleaseCommandQueue(e.q);
  clReleaseContext(e.ctx);
  if (e.bad)
    fprintf(stderr, "atomics_sync: %d mismatches (%s)\n", e.bad, argv[2]);
  else
    printf("atomics_sync: all values match the host's (%s)\n", argv[2]);
  return e.bad != 0;
}
