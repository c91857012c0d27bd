/* OpenCL 3.0 checks: the version, extension, feature and capability queries
 * (each one's size and type, and the spec's constraints between them), run
 * on wavesim and on PoCL alike; non-uniform work-groups with every id and
 * size a work-item can ask for, against values computed here on the host
 * (PoCL 3 has no non-uniform groups: there the same launches must fail with
 * CL_INVALID_WORK_GROUP_SIZE); clGetKernelSuggestedLocalWorkSizeKHR where
 * the device lists cl_khr_suggested_local_work_size. */
#include <CL/cl_ext.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

/* ---- queries ---------------------------------------------------------------- */

/* A fixed-size device query: CL_SUCCESS, and the size the spec's type has
 * (pocl_why: why PoCL answers with another size). */
static void q_fixed_pocl(api *t, cl_device_info p, size_t want, const char *name,
                         const char *pocl_why) {
  size_t sz = 0;
  cl_int e = clGetDeviceInfo(t->dev, p, 0, NULL, &sz);
  api_check_err(t, __FILE__, __LINE__, name, e, CL_SUCCESS, NULL);
  if (sz != want) printf("  %s: %zu bytes, the type has %zu\n", name, sz, want);
  api_check_true(t, __FILE__, __LINE__, name, sz == want, pocl_why);
}
#define q_fixed(t, p, want, name) q_fixed_pocl(t, p, want, name, NULL)

/* A cl_name_version[] device (dev) or platform (!dev) query, malloc'd; *n
 * entries. Its size must be a whole number of entries, each name
 * NUL-terminated. */
static cl_name_version *q_nv(api *t, int dev, cl_uint p, size_t *n) {
  size_t sz = 0;
  cl_int e =
      dev ? clGetDeviceInfo(t->dev, p, 0, NULL, &sz) : clGetPlatformInfo(t->plat, p, 0, NULL, &sz);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK(sz % sizeof(cl_name_version) == 0);
  *n = sz / sizeof(cl_name_version);
  cl_name_version *v = calloc(*n + 1, sizeof *v);
  if (!v) return NULL;
  if (sz) {
    e = dev ? clGetDeviceInfo(t->dev, p, sz, v, NULL) : clGetPlatformInfo(t->plat, p, sz, v, NULL);
    CHECK_ERR(e, CL_SUCCESS);
  }
  for (size_t i = 0; i < *n; i++) CHECK(memchr(v[i].name, 0, sizeof v[i].name) != NULL);
  return v;
}

static char *q_str(api *t, int dev, cl_uint p) {
  size_t sz = 0;
  cl_int e =
      dev ? clGetDeviceInfo(t->dev, p, 0, NULL, &sz) : clGetPlatformInfo(t->plat, p, 0, NULL, &sz);
  CHECK_ERR(e, CL_SUCCESS);
  char *s = calloc(sz + 1, 1);
  if (!s) return NULL;
  if (sz) {
    e = dev ? clGetDeviceInfo(t->dev, p, sz, s, NULL) : clGetPlatformInfo(t->plat, p, sz, s, NULL);
    CHECK_ERR(e, CL_SUCCESS);
    CHECK(s[sz - 1] == 0);
  }
  return s;
}

/* Whether the space-separated list has the word w. */
static int has_word(const char *list, const char *w) {
  size_t n = strlen(w);
  for (const char *p = list; p && (p = strstr(p, w)); p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ')) return 1;
  return 0;
}

static int nv_has(const cl_name_version *v, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(v[i].name, name)) return 1;
  return 0;
}

/* The list and the versioned list name the same things. */
static void same_names(api *t, const char *list, const cl_name_version *v, size_t n) {
  size_t words = 0;
  for (const char *p = list; *p;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, " ");
    if (!len) break;
    char w[CL_NAME_VERSION_MAX_NAME_SIZE] = "";
    if (len < sizeof w) memcpy(w, p, len);
    CHECK(nv_has(v, n, w));
    words++;
    p += len;
  }
  CHECK(words == n);
}

static void api_cl30_queries(api *t) {
  char *ver = q_str(t, 1, CL_DEVICE_VERSION);
  int major = 0, minor = 0;
  CHECK(ver && sscanf(ver, "OpenCL %d.%d", &major, &minor) == 2);
  /* a 3.x device: PoCL 3.0, wavesim 3.1 (its mandatory set: SPIR-V in,
   * sub-groups, integer dot product, extended bit operations) */
  CHECK(major == 3 && (minor == 0 || minor == 1));
  if (strstr(t->want, "wavesim")) CHECK(minor == 1);
  q_fixed(t, CL_DEVICE_NUMERIC_VERSION, sizeof(cl_version), "CL_DEVICE_NUMERIC_VERSION");
  cl_version nv = (cl_version)api_dev_ulong(t, CL_DEVICE_NUMERIC_VERSION, sizeof nv);
  CHECK(CL_VERSION_MAJOR(nv) == (cl_uint)major && CL_VERSION_MINOR(nv) == (cl_uint)minor);
  cl_version pv = 0;
  CHECK_ERR(clGetPlatformInfo(t->plat, CL_PLATFORM_NUMERIC_VERSION, sizeof pv, &pv, NULL),
            CL_SUCCESS);
  CHECK(CL_VERSION_MAJOR(pv) == 3);
  /* OpenCL C: 1.2 is required of a 3.0 device with a compiler; the
   * deprecated query names a version of the list */
  size_t ncv = 0, next = 0, nfeat = 0, npext = 0, nil = 0;
  cl_name_version *cv = q_nv(t, 1, CL_DEVICE_OPENCL_C_ALL_VERSIONS, &ncv);
  int has12 = 0, has20 = 0;
  for (size_t i = 0; cv && i < ncv; i++) {
    CHECK(!strcmp(cv[i].name, "OpenCL C"));
    has12 |= cv[i].version == CL_MAKE_VERSION(1, 2, 0);
    has20 |= CL_VERSION_MAJOR(cv[i].version) == 2;
  }
  CHECK(has12);
  char *cver = q_str(t, 1, CL_DEVICE_OPENCL_C_VERSION);
  int cmaj = 0, cmin = 0;
  CHECK(cver && sscanf(cver, "OpenCL C %d.%d", &cmaj, &cmin) == 2);
  int listed = 0;
  for (size_t i = 0; cv && i < ncv; i++)
    listed |= cv[i].version == CL_MAKE_VERSION((cl_uint)cmaj, (cl_uint)cmin, 0);
  CHECK(listed);
  /* extensions: the string and the versioned list agree; the platform's
   * are the device's (it has one device here) or fewer */
  char *ext = q_str(t, 1, CL_DEVICE_EXTENSIONS);
  cl_name_version *ev = q_nv(t, 1, CL_DEVICE_EXTENSIONS_WITH_VERSION, &next);
  if (ext && ev) same_names(t, ext, ev, next);
  char *pext = q_str(t, 0, CL_PLATFORM_EXTENSIONS);
  cl_name_version *pev = q_nv(t, 0, CL_PLATFORM_EXTENSIONS_WITH_VERSION, &npext);
  if (pext && pev) same_names(t, pext, pev, npext);
  for (size_t i = 0; pev && ext && i < npext; i++)
    CHECK_POCL(has_word(ext, pev[i].name),
               "PoCL lists cl_khr_icd and cl_pocl_content_size for the platform but not for "
               "the device");
  /* OpenCL C features: each one its extension and capability query agree with */
  cl_name_version *fv = q_nv(t, 1, CL_DEVICE_OPENCL_C_FEATURES, &nfeat);
  /* a core OpenCL C 3.0 feature has version 3.0.0; one an extension
   * introduces (cl_khr_integer_dot_product's input forms) has that
   * extension's version */
  for (size_t i = 0; fv && i < nfeat; i++) {
    CHECK(!strncmp(fv[i].name, "__opencl_c_", 11));
    if (!strncmp(fv[i].name, "__opencl_c_integer_dot_product_", 31)) {
      const cl_name_version *e = NULL;
      for (size_t k = 0; ev && k < next; k++)
        if (!strcmp(ev[k].name, "cl_khr_integer_dot_product")) e = &ev[k];
      CHECK(e && fv[i].version == e->version);
    } else {
      CHECK(CL_VERSION_MAJOR(fv[i].version) == 3);
    }
  }
  if (fv && ext) {
    CHECK(nv_has(fv, nfeat, "__opencl_c_fp64") == has_word(ext, "cl_khr_fp64"));
    CHECK(nv_has(fv, nfeat, "__opencl_c_3d_image_writes") ==
          has_word(ext, "cl_khr_3d_image_writes"));
    CHECK(nv_has(fv, nfeat, "__opencl_c_images") ==
          (api_dev_ulong(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool)) == CL_TRUE));
    CHECK(nv_has(fv, nfeat, "__opencl_c_subgroups") == has_word(ext, "cl_khr_subgroups"));
    /* OpenCL C 2.0 makes the 2.0 features mandatory */
    if (has20) CHECK(nv_has(fv, nfeat, "__opencl_c_pipes"));
  }
  /* capabilities and the features that state them */
  q_fixed(t, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(cl_device_atomic_capabilities),
          "CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES");
  q_fixed(t, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof(cl_device_atomic_capabilities),
          "CL_DEVICE_ATOMIC_FENCE_CAPABILITIES");
  cl_ulong am = api_dev_ulong(t, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof am);
  cl_ulong af = api_dev_ulong(t, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof af);
  /* the minimums of OpenCL 3.0 (4.2, table 5) */
  CHECK((am & (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP)) ==
        (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP));
  CHECK((af & (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
               CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP)) ==
        (CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
         CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP));
  if (fv) {
    CHECK(nv_has(fv, nfeat, "__opencl_c_atomic_order_seq_cst") ==
          ((am & CL_DEVICE_ATOMIC_ORDER_SEQ_CST) != 0));
    CHECK(nv_has(fv, nfeat, "__opencl_c_atomic_order_acq_rel") ==
          ((am & CL_DEVICE_ATOMIC_ORDER_ACQ_REL) != 0));
    CHECK(nv_has(fv, nfeat, "__opencl_c_atomic_scope_device") ==
          ((am & CL_DEVICE_ATOMIC_SCOPE_DEVICE) != 0));
  }
  static const struct {
    cl_device_info p;
    const char *name, *feature;
  } bools[] = {
      {CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, "NON_UNIFORM_WORK_GROUP_SUPPORT", NULL},
      {CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, "GENERIC_ADDRESS_SPACE_SUPPORT",
       "__opencl_c_generic_address_space"},
      {CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, "WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT",
       "__opencl_c_work_group_collective_functions"},
      {CL_DEVICE_PIPE_SUPPORT, "PIPE_SUPPORT", "__opencl_c_pipes"},
      {CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, "SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS",
       NULL},
  };
  for (size_t i = 0; i < sizeof bools / sizeof bools[0]; i++) {
    q_fixed(t, bools[i].p, sizeof(cl_bool), bools[i].name);
    cl_ulong b = api_dev_ulong(t, bools[i].p, sizeof(cl_bool));
    CHECK(b == CL_TRUE || b == CL_FALSE);
    if (bools[i].feature && fv)
      api_check_true(t, __FILE__, __LINE__, bools[i].name,
                     nv_has(fv, nfeat, bools[i].feature) == (b == CL_TRUE), NULL);
  }
  if (api_dev_ulong(t, CL_DEVICE_PIPE_SUPPORT, sizeof(cl_bool)) == CL_FALSE)
    CHECK(api_dev_ulong(t, CL_DEVICE_MAX_PIPE_ARGS, sizeof(cl_uint)) == 0);
  q_fixed_pocl(t, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES,
               sizeof(cl_device_device_enqueue_capabilities),
               "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES",
               "PoCL 3 answers with a cl_uint, not the cl_bitfield of the spec");
  if (api_dev_ulong(t, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, 8) == 0) {
    CHECK(api_dev_ulong(t, CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof(cl_uint)) == 0);
    if (fv) CHECK(!nv_has(fv, nfeat, "__opencl_c_device_enqueue"));
  }
  q_fixed(t, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(cl_uint), "CL_DEVICE_MAX_NUM_SUB_GROUPS");
  q_fixed(t, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof(size_t),
          "CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE");
  CHECK(api_dev_ulong(t, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof(size_t)) >= 1);
  q_fixed(t, CL_DEVICE_SVM_CAPABILITIES, sizeof(cl_device_svm_capabilities),
          "CL_DEVICE_SVM_CAPABILITIES");
  q_fixed(t, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(size_t),
          "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE");
  /* IL: the string and the versioned list name the same versions */
  char *il = q_str(t, 1, CL_DEVICE_IL_VERSION);
  cl_name_version *ilv = q_nv(t, 1, CL_DEVICE_ILS_WITH_VERSION, &nil);
  for (size_t i = 0; il && ilv && i < nil; i++) {
    char w[CL_NAME_VERSION_MAX_NAME_SIZE + 16];
    snprintf(w, sizeof w, "%s_%u.%u", ilv[i].name, CL_VERSION_MAJOR(ilv[i].version),
             CL_VERSION_MINOR(ilv[i].version));
    CHECK(has_word(il, w));
  }
  size_t nbk = 0;
  free(q_nv(t, 1, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, &nbk));
  char *conf = q_str(t, 1, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED);
  int y, mo, d, x;
  CHECK(conf && sscanf(conf, "v%4d-%2d-%2d-%2d", &y, &mo, &d, &x) == 4);
  /* cl_khr_device_uuid where listed */
  if (ext && has_word(ext, "cl_khr_device_uuid")) {
    q_fixed(t, CL_DEVICE_UUID_KHR, CL_UUID_SIZE_KHR, "CL_DEVICE_UUID_KHR");
    q_fixed(t, CL_DRIVER_UUID_KHR, CL_UUID_SIZE_KHR, "CL_DRIVER_UUID_KHR");
    q_fixed(t, CL_DEVICE_LUID_VALID_KHR, sizeof(cl_bool), "CL_DEVICE_LUID_VALID_KHR");
    q_fixed(t, CL_DEVICE_LUID_KHR, CL_LUID_SIZE_KHR, "CL_DEVICE_LUID_KHR");
    q_fixed(t, CL_DEVICE_NODE_MASK_KHR, sizeof(cl_uint), "CL_DEVICE_NODE_MASK_KHR");
    cl_uchar a[CL_UUID_SIZE_KHR], b[CL_UUID_SIZE_KHR];
    CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_UUID_KHR, sizeof a, a, NULL), CL_SUCCESS);
    CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_UUID_KHR, sizeof b, b, NULL), CL_SUCCESS);
    CHECK(!memcmp(a, b, sizeof a));
    CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_UUID_KHR, sizeof a - 1, a, NULL), CL_INVALID_VALUE);
  }
  free(ver), free(cv), free(cver), free(ext), free(ev), free(pext), free(pev), free(fv), free(il);
  free(ilv), free(conf);
}

/* ---- non-uniform work-groups ---------------------------------------------- */

static const char *nu_src =
    "__kernel void ids(__global ulong *o) {\n"
    "  size_t i = get_global_linear_id();\n"
    "  __global ulong *r = o + 12 * i;\n"
    "  r[0] = get_local_linear_id();\n"
    "  r[1] = get_local_size(0) | get_local_size(1) << 16 | get_local_size(2) << 32;\n"
    "  r[2] = get_enqueued_local_size(0) | get_enqueued_local_size(1) << 16 |\n"
    "         get_enqueued_local_size(2) << 32;\n"
    "  r[3] = get_local_id(0) | get_local_id(1) << 16 | get_local_id(2) << 32;\n"
    "  r[4] = get_group_id(0) | get_group_id(1) << 16 | get_group_id(2) << 32;\n"
    "  r[5] = get_global_id(0) | get_global_id(1) << 16 | get_global_id(2) << 32;\n"
    "  r[6] = get_num_groups(0) | get_num_groups(1) << 16 | get_num_groups(2) << 32;\n"
    "  r[7] = i;\n"
    "  /* a __local reduction over this group's work-items: a partial group's\n"
    "   * barrier and sizes must hold together */\n"
    "  __local uint cnt;\n"
    "  if (get_local_linear_id() == 0) cnt = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  atomic_inc(&cnt);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  r[8] = cnt;\n"
    "  r[9] = get_global_size(0) | get_global_size(1) << 16 | get_global_size(2) << 32;\n"
    "  r[10] = get_work_dim();\n"
    "  r[11] = 0x5a5a;\n"
    "}\n";

static cl_ulong pack3(const size_t v[3]) {
  return (cl_ulong)v[0] | (cl_ulong)v[1] << 16 | (cl_ulong)v[2] << 32;
}

/* Runs `ids` over global/local/offset and checks every work-item's answers
 * against the host's (OpenCL C 6.15.1). */
static void nu_run(api *t, cl_kernel k, cl_uint dims, const size_t *g, const size_t *l,
                   const size_t *off) {
  size_t G[3] = {1, 1, 1}, L[3] = {1, 1, 1}, O[3] = {0, 0, 0}, n = 1;
  for (cl_uint d = 0; d < dims; d++) G[d] = g[d], L[d] = l[d], O[d] = off ? off[d] : 0;
  n = G[0] * G[1] * G[2];
  cl_int e;
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, n * 12 * sizeof(cl_ulong), NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  cl_ulong *h = calloc(n * 12, sizeof *h);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, b, CL_TRUE, 0, n * 12 * sizeof *h, h, 0, NULL, NULL),
            CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, dims, off, g, l, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, n * 12 * sizeof *h, h, 0, NULL, NULL),
            CL_SUCCESS);
  size_t bad = 0;
  for (size_t z = 0; z < G[2]; z++)
    for (size_t y = 0; y < G[1]; y++)
      for (size_t x = 0; x < G[0]; x++) {
        size_t gi[3] = {x, y, z}, lid[3], grp[3], ls[3], ng[3], gid[3];
        for (int d = 0; d < 3; d++) {
          grp[d] = gi[d] / L[d];
          lid[d] = gi[d] % L[d];
          ls[d] = G[d] - grp[d] * L[d] < L[d] ? G[d] - grp[d] * L[d] : L[d];
          ng[d] = (G[d] + L[d] - 1) / L[d];
          gid[d] = gi[d] + O[d];
        }
        size_t lin = (z * G[1] + y) * G[0] + x;
        const cl_ulong *r = h + 12 * lin;
        cl_ulong want[12] = {(lid[2] * ls[1] + lid[1]) * ls[0] + lid[0],
                             pack3(ls),
                             pack3(L),
                             pack3(lid),
                             pack3(grp),
                             pack3(gid),
                             pack3(ng),
                             lin,
                             ls[0] * ls[1] * ls[2],
                             pack3(G),
                             dims,
                             0x5a5a};
        for (int f = 0; f < 12; f++)
          if (r[f] != want[f] && bad++ < 4)
            printf("  work-item (%zu,%zu,%zu) field %d: got %#llx, want %#llx\n", x, y, z, f,
                   (unsigned long long)r[f], (unsigned long long)want[f]);
      }
  CHECK(bad == 0);
  free(h);
  clReleaseMemObject(b);
}

static void api_nonuniform(api *t) {
  int nu = api_dev_ulong(t, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(cl_bool)) == CL_TRUE;
  cl_int e;
  cl_program p = api_build(t, nu_src, "-cl-std=CL3.0");
  if (!p) return;
  cl_kernel k = clCreateKernel(p, "ids", &e);
  CHECK_ERR(e, CL_SUCCESS);
  static const struct {
    cl_uint dims;
    size_t g[3], l[3], off[3];
  } cases[] = {
      {1, {100}, {64}, {0}},          {1, {100}, {64}, {7}},
      {1, {33}, {32}, {0}},           {1, {5}, {16}, {0}},
      {2, {10, 7}, {4, 4}, {0, 0}},   {2, {67, 3}, {32, 2}, {1, 2}},
      {3, {5, 6, 7}, {2, 4, 3}, {0}}, {3, {9, 5, 3}, {4, 2, 2}, {3, 1, 2}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int partial = 0;
    for (cl_uint d = 0; d < cases[c].dims; d++) partial |= cases[c].g[d] % cases[c].l[d] != 0;
    if (nu || !partial) {
      nu_run(t, k, cases[c].dims, cases[c].g, cases[c].l, cases[c].off);
    } else {
      cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 1 << 16, NULL, &e);
      CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
      CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, cases[c].dims, NULL, cases[c].g, cases[c].l, 0,
                                       NULL, NULL),
                CL_INVALID_WORK_GROUP_SIZE);
      clReleaseMemObject(b);
    }
  }
  /* a uniform launch of the same kernel: the same answers everywhere */
  size_t g[2] = {64, 4}, l[2] = {16, 2};
  nu_run(t, k, 2, g, l, NULL);
  clReleaseKernel(k);
  clReleaseProgram(p);
  /* programs that asked for uniform groups: OpenCL C 1.2, and 3.0 with
   * -cl-uniform-work-group-size */
  static const char *uni_src = "__kernel void u(__global int *o) { o[get_global_id(0)] = 1; }\n";
  static const char *const uni_opts[] = {"-cl-std=CL1.2",
                                         "-cl-std=CL3.0 -cl-uniform-work-group-size", ""};
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 1024, NULL, &e);
  for (size_t i = 0; i < sizeof uni_opts / sizeof uni_opts[0]; i++) {
    cl_program up = api_build(t, uni_src, uni_opts[i]);
    if (!up) continue;
    cl_kernel uk = clCreateKernel(up, "u", &e);
    CHECK_ERR(clSetKernelArg(uk, 0, sizeof b, &b), CL_SUCCESS);
    size_t ug = 100, ul = 64, ok = 128;
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, uk, 1, NULL, &ug, &ul, 0, NULL, NULL),
              CL_INVALID_WORK_GROUP_SIZE);
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, uk, 1, NULL, &ok, &ul, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(t->q), CL_SUCCESS);
    clReleaseKernel(uk);
    clReleaseProgram(up);
  }
  clReleaseMemObject(b);
}

/* ---- cl_khr_suggested_local_work_size -------------------------------------- */

static const char *sl_src =
    "__kernel void s(__global uint *o) {\n"
    "  if ((get_global_id(0) | get_global_id(1) | get_global_id(2)) == 0) {\n"
    "    o[0] = get_local_size(0); o[1] = get_local_size(1); o[2] = get_local_size(2);\n"
    "  }\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(8, 2, 1))) void r(__global uint *o) {\n"
    "  o[get_global_id(0)] = 1;\n"
    "}\n";

/* Where the device lists the extension: the function through the platform,
 * each error of the extension's specification, and the suggestion equal to
 * the size a launch with a NULL local size runs. */
static void api_suggested_local(api *t) {
  char *ext = q_str(t, 1, CL_DEVICE_EXTENSIONS);
  int listed = ext && has_word(ext, "cl_khr_suggested_local_work_size");
  free(ext);
  clGetKernelSuggestedLocalWorkSizeKHR_fn fn =
      (clGetKernelSuggestedLocalWorkSizeKHR_fn)clGetExtensionFunctionAddressForPlatform(
          t->plat, "clGetKernelSuggestedLocalWorkSizeKHR");
  CHECK_POCL((fn != NULL) == listed,
             "PoCL 3 exports the function without listing cl_khr_suggested_local_work_size");
  if (!listed || !fn) return;
  static const char *const opts[] = {"-cl-std=CL1.2", "-cl-std=CL3.0"};
  for (size_t o = 0; o < 2; o++) {
    cl_int e;
    cl_program p = api_build(t, sl_src, opts[o]);
    if (!p) continue;
    cl_kernel k = clCreateKernel(p, "s", &e), r = clCreateKernel(p, "r", &e);
    size_t g[3] = {1000, 3, 2}, l[3] = {0, 0, 0}, off[3] = {0, 0, 0};
    /* errors: unset arguments first, then each bad parameter */
    CHECK_ERR(fn(t->q, k, 1, NULL, g, l), CL_INVALID_KERNEL_ARGS);
    cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 1 << 16, NULL, &e);
    CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(r, 0, sizeof b, &b), CL_SUCCESS);
    CHECK_ERR(fn(NULL, k, 1, NULL, g, l), CL_INVALID_COMMAND_QUEUE);
    CHECK_ERR(fn(t->q, NULL, 1, NULL, g, l), CL_INVALID_KERNEL);
    CHECK_ERR(fn(t->q, k, 0, NULL, g, l), CL_INVALID_WORK_DIMENSION);
    CHECK_ERR(fn(t->q, k, 4, NULL, g, l), CL_INVALID_WORK_DIMENSION);
    CHECK_ERR(fn(t->q, k, 1, NULL, NULL, l), CL_INVALID_GLOBAL_WORK_SIZE);
    size_t zero[3] = {16, 0, 1};
    CHECK_ERR(fn(t->q, k, 2, NULL, zero, l), CL_INVALID_GLOBAL_WORK_SIZE);
    size_t big[1] = {SIZE_MAX - 2}, boff[1] = {16};
    CHECK_ERR(fn(t->q, k, 1, boff, big, l), CL_INVALID_GLOBAL_OFFSET);
    CHECK_ERR(fn(t->q, k, 1, NULL, g, NULL), CL_INVALID_VALUE);
    /* reqd_work_group_size is the suggestion */
    CHECK_ERR(fn(t->q, r, 2, NULL, g, l), CL_SUCCESS);
    CHECK(l[0] == 8 && l[1] == 2);
    /* the suggestion is what a NULL local size runs, in 1-3 dimensions */
    for (cl_uint dims = 1; dims <= 3; dims++) {
      memset(l, 0, sizeof l);
      CHECK_ERR(fn(t->q, k, dims, off, g, l), CL_SUCCESS);
      cl_uint got[3] = {0, 0, 0};
      CHECK_ERR(clEnqueueWriteBuffer(t->q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                CL_SUCCESS);
      CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, dims, NULL, g, NULL, 0, NULL, NULL), CL_SUCCESS);
      CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                CL_SUCCESS);
      size_t items = 1;
      for (cl_uint d = 0; d < dims; d++) {
        CHECK(l[d] >= 1 && got[d] == l[d]);
        items *= l[d];
        /* OpenCL C 1.2 programs need uniform groups */
        if (o == 0) CHECK(g[d] % l[d] == 0);
      }
      size_t maxwg = 0;
      CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof maxwg, &maxwg,
                                         NULL),
                CL_SUCCESS);
      CHECK(items <= maxwg);
      /* and it can be enqueued as given */
      CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, dims, NULL, g, l, 0, NULL, NULL), CL_SUCCESS);
    }
    /* a prime global size: a 1.2 program can only get 1 (or the prime),
     * a 3.0 one on a device with non-uniform groups whole waves */
    size_t prime = 1009, lp = 0;
    CHECK_ERR(fn(t->q, k, 1, NULL, &prime, &lp), CL_SUCCESS);
    if (o == 0)
      CHECK(lp == 1 || lp == prime);
    else if (api_dev_ulong(t, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(cl_bool)))
      CHECK(lp > 1 &&
            lp % api_dev_ulong(t, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof(size_t)) ==
                0);
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &prime, &lp, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(t->q), CL_SUCCESS);
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseKernel(r);
    clReleaseProgram(p);
  }
}

void api_cl30(api *t) {
  api_cl30_queries(t);
  api_suggested_local(t);
}

/* ---- image feature macros ------------------------------------------------- */

static const char *im_src = "__kernel void m(__global int *o) {\n"
                            "  o[0] = o[1] = o[2] = o[3] = 0;\n"
                            "#ifdef __IMAGE_SUPPORT__\n  o[0] = 1;\n#endif\n"
                            "#ifdef __opencl_c_images\n  o[1] = 1;\n#endif\n"
                            "#ifdef __opencl_c_read_write_images\n  o[2] = 1;\n#endif\n"
                            "#ifdef cl_khr_depth_images\n  o[3] = 1;\n#endif\n"
                            "}\n";
static const char *im_use = "__kernel void u(read_only image2d_t i, sampler_t s,\n"
                            "                __global float4 *o) {\n"
                            "  o[0] = read_imagef(i, s, (int2)(0, 0));\n"
                            "}\n";

/* What a kernel sees of images, for each OpenCL C version the device lists
 * (3.0 on wavesim; 1.2 everywhere): __IMAGE_SUPPORT__ and, from 2.0,
 * __opencl_c_images follow CL_DEVICE_IMAGE_SUPPORT; on a device without
 * images (WAVESIM_SET=image.support=false) every program builds, no image
 * macro is defined, and a kernel using an image fails naming images. */
static void api_image_macros(api *t) {
  cl_bool img = (cl_bool)api_dev_ulong(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool));
  int wavesim = strstr(t->want, "wavesim") != NULL;
  static const char *const stds[] = {"-cl-std=CL1.2", "-cl-std=CL2.0", "-cl-std=CL3.0"};
  cl_int e;
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 4 * sizeof(cl_int), NULL, &e);
  for (size_t s = 0; s < sizeof stds / sizeof stds[0]; s++) {
    if (s == 1 && !wavesim) continue; /* PoCL need not accept OpenCL C 2.0 */
    cl_program p = api_build(t, im_src, stds[s]);
    if (!p) continue;
    cl_kernel k = clCreateKernel(p, "m", &e);
    cl_int got[4] = {-1, -1, -1, -1};
    size_t one = 1;
    CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &one, &one, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL), CL_SUCCESS);
    printf("  %s: __IMAGE_SUPPORT__ %d __opencl_c_images %d __opencl_c_read_write_images %d "
           "cl_khr_depth_images %d\n",
           stds[s], got[0], got[1], got[2], got[3]);
    CHECK(got[0] == (img == CL_TRUE));
    if (s > 0) CHECK(got[1] == (img == CL_TRUE));
    if (!img) CHECK(got[2] == 0 && got[3] == 0);
    clReleaseKernel(k);
    clReleaseProgram(p);
    if (img) continue;
    /* a kernel that uses an image: a build failure whose log names images */
    p = clCreateProgramWithSource(t->ctx, 1, &im_use, NULL, &e);
    CHECK_ERR(clBuildProgram(p, 1, &t->dev, stds[s], NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    char log[8192] = "";
    clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(strstr(log, "image") != NULL);
    if (!strstr(log, "image")) printf("build log:\n%s\n", log);
    clReleaseProgram(p);
  }
  clReleaseMemObject(b);
}

void api_cl30_images(api *t) {
  api_image_macros(t);
}

void api_cl30_nonuniform(api *t) {
  api_nonuniform(t);
}
