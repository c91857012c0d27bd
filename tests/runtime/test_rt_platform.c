/* Platform and device queries: fixed strings, values derived from the
 * config (preset, WAVESIM_SET overrides), and config errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_test_util.h"

#include <CL/cl_ext.h>

#include "cfg.h"

START_TEST(platform_strings) {
  rt_test_env();
  cl_platform_id p;
  cl_uint n = 0;
  ck_assert_int_eq(clGetPlatformIDs(0, NULL, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 1);
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  char buf[4096];
  size_t sz = 0;
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof buf, buf, &sz), CL_SUCCESS);
  ck_assert_str_eq(buf, "wavesim");
  ck_assert_uint_eq(sz, 8);
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_VENDOR, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "wavesim project");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "OpenCL 3.1 wavesim 0.1");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_PROFILE, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "FULL_PROFILE");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof buf, buf, NULL),
                   CL_SUCCESS);
  ck_assert_str_eq(buf, "WSIM");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, sizeof buf, buf, NULL), CL_SUCCESS);
  /* one device (default preset): the platform has what it has */
  ck_assert_ptr_eq(strstr(buf, "cl_khr_icd "), buf);
  cl_device_id d;
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, rt_dev_str(d, CL_DEVICE_EXTENSIONS));
  /* errors */
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_NAME, 3, buf, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clGetPlatformInfo(p, 0x7777, sizeof buf, buf, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clGetPlatformIDs(0, &p, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clGetPlatformIDs(1, NULL, NULL), CL_INVALID_VALUE);
  ck_assert_ptr_eq(clGetExtensionFunctionAddressForPlatform(p, "clIcdGetPlatformIDsKHR"),
                   (void *)clIcdGetPlatformIDsKHR);
  ck_assert_ptr_null(clGetExtensionFunctionAddress("clNoSuchFunction"));
}
END_TEST

/* The same values the device model loads: the default preset. */
START_TEST(device_from_default_config) {
  rt_test_env();
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "default", NULL, 0, &c, err, sizeof err), 0);
  rt_env e;
  rt_env_open(&e, 0);
  cl_device_type t;
  ck_assert_int_eq(clGetDeviceInfo(e.device, CL_DEVICE_TYPE, sizeof t, &t, NULL), CL_SUCCESS);
  ck_assert_uint_eq(t, CL_DEVICE_TYPE_GPU);
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_NAME), c.name);
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_VENDOR), "wavesim project");
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_VERSION), "OpenCL 3.1 wavesim");
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_OPENCL_C_VERSION), "OpenCL C 1.2 wavesim");
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_PROFILE), "FULL_PROFILE");
  ck_assert_ptr_nonnull(
      strstr(rt_dev_str(e.device, CL_DEVICE_EXTENSIONS), "cl_khr_global_int32_base_atomics"));
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_COMPUTE_UNITS), (cl_uint)c.cu_count);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_CLOCK_FREQUENCY),
                    (cl_uint)(c.clock_mhz + 0.5));
  ck_assert_uint_eq(rt_dev_ulong(e.device, CL_DEVICE_GLOBAL_MEM_SIZE), (cl_ulong)c.dram_bytes);
  ck_assert_uint_eq(rt_dev_ulong(e.device, CL_DEVICE_LOCAL_MEM_SIZE), (cl_ulong)c.lds_max_per_wg);
  ck_assert_uint_eq(rt_dev_ulong(e.device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE), (cl_ulong)c.l2_bytes);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE), (cl_uint)c.l2_line);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_ADDRESS_BITS), 64);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_AVAILABLE), CL_TRUE);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_COMPILER_AVAILABLE), CL_TRUE);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_IMAGE_SUPPORT), CL_TRUE);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE2D_MAX_WIDTH),
                    (size_t)c.image_max_2d_width);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_PROFILING_TIMER_RESOLUTION), 1);
  uint64_t fit = (uint64_t)(c.cu_simds * c.cu_wave_slots * c.wave_size);
  size_t maxwg = (size_t)(fit < (uint64_t)c.cu_max_wg_size ? fit : (uint64_t)c.cu_max_wg_size);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_MAX_WORK_GROUP_SIZE), maxwg);
  size_t items[3];
  ck_assert_int_eq(
      clGetDeviceInfo(e.device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL),
      CL_SUCCESS);
  ck_assert_uint_eq(items[0], maxwg);
  ck_assert_uint_eq(items[2], maxwg);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS), 3);
  cl_ulong alloc = rt_dev_ulong(e.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  cl_ulong quarter = (cl_ulong)c.dram_bytes / 4, floor = 128u << 20;
  if (quarter < floor) quarter = (cl_ulong)c.dram_bytes < floor ? (cl_ulong)c.dram_bytes : floor;
  ck_assert_uint_eq(alloc, quarter);
  cl_platform_id plat;
  ck_assert_int_eq(clGetDeviceInfo(e.device, CL_DEVICE_PLATFORM, sizeof plat, &plat, NULL),
                   CL_SUCCESS);
  ck_assert_ptr_eq(plat, e.platform);
  ck_assert_int_eq(clGetDeviceInfo(e.device, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
  /* device lookup */
  cl_uint n = 0;
  ck_assert_int_eq(clGetDeviceIDs(e.platform, CL_DEVICE_TYPE_ALL, 0, NULL, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 1);
  ck_assert_int_eq(clGetDeviceIDs(e.platform, CL_DEVICE_TYPE_CPU, 0, NULL, &n),
                   CL_DEVICE_NOT_FOUND);
  ck_assert_uint_eq(n, 0);
  ck_assert_int_eq(clGetDeviceIDs(e.platform, 0x12345000, 0, NULL, &n), CL_INVALID_DEVICE_TYPE);
  ck_assert_int_eq(clGetDeviceIDs(e.platform, CL_DEVICE_TYPE_GPU, 0, NULL, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clGetDeviceIDs((cl_platform_id)e.ctx, CL_DEVICE_TYPE_GPU, 0, NULL, &n),
                   CL_INVALID_PLATFORM);
  ck_assert_int_eq(clGetDeviceInfo((cl_device_id)e.q, CL_DEVICE_NAME, 0, NULL, NULL),
                   CL_INVALID_DEVICE);
  rt_env_close(&e);
  cfg_fini(&c);
}
END_TEST

START_TEST(device_with_overrides) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "teaching", 1);
  setenv("WAVESIM_SET", "cu.count=3; clock_mhz=777;lds.max_per_workgroup=8192", 1);
  rt_env e;
  rt_env_open(&e, 0);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_COMPUTE_UNITS), 3);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_CLOCK_FREQUENCY), 777);
  ck_assert_uint_eq(rt_dev_ulong(e.device, CL_DEVICE_LOCAL_MEM_SIZE), 8192);
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_NAME), c.name);
  cfg_fini(&c);
  rt_env_close(&e);
}
END_TEST

START_TEST(config_error_reported_once) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "nope", 1);
  rt_stderr_begin();
  cl_platform_id p;
  cl_device_id d;
  cl_uint n = 7;
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, &n), CL_DEVICE_NOT_FOUND);
  ck_assert_uint_eq(n, 0);
  cl_int err;
  ck_assert_ptr_null(clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_DEVICE_NOT_FOUND);
  const char *out = rt_stderr_end();
  ck_assert_msg(strncmp(out, "wavesim: unknown config 'nope'", 30) == 0, "got: %s", out);
  ck_assert_ptr_null(strstr(out + 1, "wavesim:")); /* said once */
}
END_TEST

START_TEST(config_bad_set_and_mode) {
  rt_test_env();
  setenv("WAVESIM_SET", "cu.cuont=3", 1);
  rt_stderr_begin();
  cl_platform_id p;
  cl_device_id d;
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_DEVICE_NOT_FOUND);
  const char *out = rt_stderr_end();
  ck_assert_msg(strstr(out, "cu.cuont") && strstr(out, "did you mean 'cu.count'"), "got: %s", out);
}
END_TEST

START_TEST(bad_mode) {
  rt_test_env();
  setenv("WAVESIM_MODE", "fast", 1);
  rt_stderr_begin();
  cl_platform_id p;
  cl_device_id d;
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_DEVICE_NOT_FOUND);
  ck_assert_str_eq(rt_stderr_end(),
                   "wavesim: WAVESIM_MODE=fast: unknown mode (use 'timing' or 'functional')\n");
}
END_TEST

START_TEST(bad_check) {
  rt_test_env();
  setenv("WAVESIM_CHECK", "races,leaks", 1);
  rt_stderr_begin();
  cl_platform_id p;
  cl_device_id d;
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_DEVICE_NOT_FOUND);
  ck_assert_str_eq(rt_stderr_end(),
                   "wavesim: WAVESIM_CHECK=races,leaks: unknown check 'leaks' (valid: races, "
                   "uninit, all, benign, fatal, oob-fatal, none; separate several with commas)\n");
}
END_TEST

/* The names of a cl_name_version query as one space-separated list. */
static const char *rt_nv_names(cl_device_id d, cl_platform_id p, cl_uint param, size_t *count) {
  static char out[4096];
  cl_name_version nv[64];
  size_t sz = 0;
  if (d)
    ck_assert_int_eq(clGetDeviceInfo(d, param, sizeof nv, nv, &sz), CL_SUCCESS);
  else
    ck_assert_int_eq(clGetPlatformInfo(p, param, sizeof nv, nv, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz % sizeof nv[0], 0);
  *count = sz / sizeof nv[0];
  size_t len = 0;
  out[0] = 0;
  for (size_t i = 0; i < *count; i++) {
    ck_assert_uint_ne(nv[i].version, 0); /* every row has a version */
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? " " : "", nv[i].name);
  }
  return out;
}

/* OpenCL 3.1 on every preset: the version queries, and the extension and
 * feature lists (frontend/fe_ext.def) agreeing with each other and with the
 * config (fp64, images). */
START_TEST(opencl30_every_preset) {
  static const char *const presets[] = {"default", "h100", "gcn", "teaching"};
  const char *preset = presets[_i];
  rt_test_env();
  setenv("WAVESIM_CONFIG", preset, 1);
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, preset, NULL, 0, &c, err, sizeof err), 0);
  rt_env e;
  rt_env_open(&e, 0);
  cl_version v = 0;
  ck_assert_int_eq(clGetDeviceInfo(e.device, CL_DEVICE_NUMERIC_VERSION, sizeof v, &v, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(v, CL_MAKE_VERSION(3, 1, 0));
  ck_assert_int_eq(clGetPlatformInfo(e.platform, CL_PLATFORM_NUMERIC_VERSION, sizeof v, &v, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(v, CL_MAKE_VERSION(3, 1, 0));
  /* the deprecated query: OpenCL C 2.0 needs pipes and device enqueue */
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_OPENCL_C_VERSION), "OpenCL C 1.2 wavesim");
  cl_name_version cv[8];
  size_t sz = 0;
  ck_assert_int_eq(clGetDeviceInfo(e.device, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof cv, cv, &sz),
                   CL_SUCCESS);
  ck_assert_uint_eq(sz, 4 * sizeof cv[0]);
  ck_assert_str_eq(cv[0].name, "OpenCL C");
  ck_assert_uint_eq(cv[0].version, CL_MAKE_VERSION(1, 0, 0));
  ck_assert_uint_eq(cv[2].version, CL_MAKE_VERSION(1, 2, 0));
  ck_assert_uint_eq(cv[3].version, CL_MAKE_VERSION(3, 0, 0));
  /* extensions: the string and the versioned list name the same rows */
  char ext[4096];
  snprintf(ext, sizeof ext, "%s", rt_dev_str(e.device, CL_DEVICE_EXTENSIONS));
  size_t n = 0;
  ck_assert_str_eq(rt_nv_names(e.device, NULL, CL_DEVICE_EXTENSIONS_WITH_VERSION, &n), ext);
  ck_assert_str_eq(rt_nv_names(NULL, e.platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, &n), ext);
  ck_assert_ptr_nonnull(strstr(ext, "cl_khr_device_uuid"));
  ck_assert_ptr_nonnull(strstr(ext, "cl_khr_extended_versioning"));
  const char *feat = rt_nv_names(e.device, NULL, CL_DEVICE_OPENCL_C_FEATURES, &n);
  ck_assert_ptr_nonnull(strstr(feat, "__opencl_c_int64"));
  /* an extension and its OpenCL C 3.0 feature follow the config together */
  ck_assert_int_eq(strstr(ext, "cl_khr_fp64") != NULL, c.fp64 != 0);
  ck_assert_int_eq(strstr(feat, "__opencl_c_fp64") != NULL, c.fp64 != 0);
  ck_assert_int_eq(strstr(ext, "cl_khr_3d_image_writes") != NULL, c.image_support != 0);
  ck_assert_int_eq(strstr(feat, "__opencl_c_images") != NULL, c.image_support != 0);
  ck_assert_int_eq(strstr(feat, "__opencl_c_3d_image_writes") != NULL, c.image_support != 0);
  /* what is not there reads as absent, not as an error */
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_PIPE_SUPPORT), CL_FALSE);
  ck_assert_uint_eq(rt_dev_ulong(e.device, CL_DEVICE_SVM_CAPABILITIES), 0);
  cl_device_device_enqueue_capabilities dq = 1;
  ck_assert_int_eq(
      clGetDeviceInfo(e.device, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof dq, &dq, NULL),
      CL_SUCCESS);
  ck_assert_uint_eq(dq, 0);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE),
                    (size_t)c.wave_size);
  cl_device_atomic_capabilities ac = 0;
  ck_assert_int_eq(
      clGetDeviceInfo(e.device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof ac, &ac, NULL),
      CL_SUCCESS);
  /* every order up to seq_cst at work-group, device and all-devices scope
   * (one kernel at a time on one memory image), as the features say */
  ck_assert_uint_eq(ac, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
                            CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
  ck_assert_int_eq(
      clGetDeviceInfo(e.device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, sizeof ac, &ac, NULL),
      CL_SUCCESS);
  ck_assert_uint_eq(ac, CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
                            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
                            CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
  ck_assert_ptr_nonnull(strstr(feat, "__opencl_c_atomic_order_seq_cst"));
  ck_assert_ptr_nonnull(strstr(feat, "__opencl_c_atomic_scope_device"));
  ck_assert_ptr_nonnull(strstr(feat, "__opencl_c_atomic_scope_all_devices"));
  ck_assert_ptr_nonnull(strstr(feat, "__opencl_c_generic_address_space"));
  /* the IL list: "SPIR-V_1.0 ..." with one cl_name_version each */
  const char *ils = rt_nv_names(e.device, NULL, CL_DEVICE_ILS_WITH_VERSION, &n);
  ck_assert_uint_ge(n, 1);
  ck_assert_ptr_eq(strstr(ils, "SPIR-V"), ils);
  ck_assert_ptr_eq(strstr(rt_dev_str(e.device, CL_DEVICE_IL_VERSION), "SPIR-V_1.0"),
                   rt_dev_str(e.device, CL_DEVICE_IL_VERSION));
  rt_env_close(&e);
  cfg_fini(&c);
}
END_TEST

/* cl_khr_device_uuid: the same config gives the same UUID (RFC 4122
 * variant, version 8), a changed parameter another; the driver UUID does
 * not depend on the config. */
static void rt_uuids(const char *config, const char *set, cl_uchar dev[16], cl_uchar drv[16]) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", config, 1);
  if (set) setenv("WAVESIM_SET", set, 1);
  cl_platform_id p;
  cl_uint n = 0;
  cl_device_id d[2];
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 2, d, &n), CL_SUCCESS);
  size_t sz = 0;
  ck_assert_int_eq(clGetDeviceInfo(d[n - 1], CL_DEVICE_UUID_KHR, 16, dev, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, 16);
  ck_assert_int_eq(clGetDeviceInfo(d[n - 1], CL_DRIVER_UUID_KHR, 16, drv, &sz), CL_SUCCESS);
  ck_assert_uint_eq(dev[6] >> 4, 8);
  ck_assert_uint_eq(dev[8] >> 6, 2);
  cl_bool valid = CL_TRUE;
  ck_assert_int_eq(clGetDeviceInfo(d[0], CL_DEVICE_LUID_VALID_KHR, sizeof valid, &valid, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(valid, CL_FALSE);
  ck_assert_int_eq(clGetDeviceInfo(d[0], CL_DEVICE_UUID_KHR, 15, dev, NULL), CL_INVALID_VALUE);
}

START_TEST(device_uuid_from_config) {
  cl_uchar a[16], b[16], c[16], d[16], drv1[16], drv2[16];
  pid_t pid;
  /* each platform is per process: a fork per configuration */
  int fd[2];
  ck_assert_int_eq(pipe(fd), 0);
  const char *cfgs[4] = {"h100", "h100", "gcn", "h100"};
  const char *sets[4] = {NULL, NULL, NULL, "cu.count=7"};
  cl_uchar *outs[4] = {a, b, c, d};
  for (int i = 0; i < 4; i++) {
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
      cl_uchar u[32];
      rt_uuids(cfgs[i], sets[i], u, u + 16);
      ssize_t w = write(fd[1], u, sizeof u);
      _exit(w == (ssize_t)sizeof u ? 0 : 1);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    cl_uchar u[32];
    ck_assert_int_eq(read(fd[0], u, sizeof u), (ssize_t)sizeof u);
    memcpy(outs[i], u, 16);
    memcpy(i == 0 ? drv1 : drv2, u + 16, 16);
  }
  close(fd[0]);
  close(fd[1]);
  ck_assert_mem_eq(a, b, 16);
  ck_assert(memcmp(a, c, 16) != 0);
  ck_assert(memcmp(a, d, 16) != 0);
  ck_assert_mem_eq(drv1, drv2, 16);
}
END_TEST

/* The platform's extensions are those every device has: teaching has no
 * doubles, so with h100 beside it the platform does not list cl_khr_fp64. */
START_TEST(platform_extensions_every_device) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "teaching,h100", 1);
  cl_platform_id p;
  cl_device_id d[2];
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 2, d, NULL), CL_SUCCESS);
  char pe[4096];
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, sizeof pe, pe, NULL), CL_SUCCESS);
  ck_assert_ptr_null(strstr(pe, "cl_khr_fp64"));
  ck_assert_ptr_null(strstr(rt_dev_str(d[0], CL_DEVICE_EXTENSIONS), "cl_khr_fp64"));
  ck_assert_ptr_nonnull(strstr(rt_dev_str(d[1], CL_DEVICE_EXTENSIONS), "cl_khr_fp64"));
  ck_assert_str_eq(pe, rt_dev_str(d[0], CL_DEVICE_EXTENSIONS));
}
END_TEST

/* Two devices of one config (h100 and h100#2) are told apart. */
START_TEST(device_uuid_repeat_differs) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "h100,h100", 1);
  cl_platform_id p;
  cl_device_id d[2];
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 2, d, NULL), CL_SUCCESS);
  cl_uchar u0[16], u1[16];
  ck_assert_int_eq(clGetDeviceInfo(d[0], CL_DEVICE_UUID_KHR, 16, u0, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceInfo(d[1], CL_DEVICE_UUID_KHR, 16, u1, NULL), CL_SUCCESS);
  ck_assert(memcmp(u0, u1, 16) != 0);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_platform");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, platform_strings);
  tcase_add_test(tc, device_from_default_config);
  tcase_add_test(tc, device_with_overrides);
  tcase_add_test(tc, config_error_reported_once);
  tcase_add_test(tc, config_bad_set_and_mode);
  tcase_add_test(tc, bad_mode);
  tcase_add_test(tc, bad_check);
  tcase_add_loop_test(tc, opencl30_every_preset, 0, 4);
  tcase_add_test(tc, device_uuid_from_config);
  tcase_add_test(tc, device_uuid_repeat_differs);
  tcase_add_test(tc, platform_extensions_every_device);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
