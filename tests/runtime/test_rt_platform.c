/* Platform and device queries: fixed strings, values derived from the
 * config (preset, WAVESIM_SET overrides), and config errors. */
#include <stdlib.h>
#include <string.h>

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
  char buf[256];
  size_t sz = 0;
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof buf, buf, &sz), CL_SUCCESS);
  ck_assert_str_eq(buf, "wavesim");
  ck_assert_uint_eq(sz, 8);
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_VENDOR, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "wavesim project");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "OpenCL 1.2 wavesim 0.1");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_PROFILE, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "FULL_PROFILE");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof buf, buf, NULL),
                   CL_SUCCESS);
  ck_assert_str_eq(buf, "WSIM");
  ck_assert_int_eq(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "cl_khr_icd");
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
  ck_assert_int_eq(cfg_load("default", NULL, 0, &c, err, sizeof err), 0);
  rt_env e;
  rt_env_open(&e, 0);
  cl_device_type t;
  ck_assert_int_eq(clGetDeviceInfo(e.device, CL_DEVICE_TYPE, sizeof t, &t, NULL), CL_SUCCESS);
  ck_assert_uint_eq(t, CL_DEVICE_TYPE_GPU);
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_NAME), c.name);
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_VENDOR), "wavesim project");
  ck_assert_str_eq(rt_dev_str(e.device, CL_DEVICE_VERSION), "OpenCL 1.2 wavesim");
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
  ck_assert_int_eq(cfg_load("teaching", NULL, 0, &c, err, sizeof err), 0);
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
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
