/* Images and samplers in the runtime (rt_image.c, rt_image_cmd.c,
 * rt_sampler.c): limits from the config, image.support off, the descriptor
 * each device holds, tiled storage, and image/sampler kernel arguments. */
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "rt_test_util.h"

#include "cfg.h"
#include "rt.h"

START_TEST(limits_from_config) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "h100", 1);
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "h100", NULL, 0, &c, err, sizeof err), 0);
  rt_env e;
  rt_env_open(&e, 0);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_IMAGE_SUPPORT), CL_TRUE);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE2D_MAX_WIDTH), c.image_max_2d_width);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE2D_MAX_HEIGHT), c.image_max_2d_height);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE3D_MAX_WIDTH), c.image_max_3d_width);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE3D_MAX_HEIGHT), c.image_max_3d_height);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE3D_MAX_DEPTH), c.image_max_3d_depth);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE),
                    c.image_max_buffer_size);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE), c.image_max_array_size);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_READ_IMAGE_ARGS), c.image_max_read_args);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_WRITE_IMAGE_ARGS), c.image_max_write_args);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_SAMPLERS), c.image_max_samplers);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT),
                    c.image_pitch_alignment);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT),
                    c.image_base_address_alignment);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE2D_MAX_WIDTH), 32768);
  cfg_fini(&c);
  rt_env_close(&e);
}
END_TEST

/* image.support false: no limits, no formats, no images or samplers. */
START_TEST(no_image_support) {
  rt_test_env();
  setenv("WAVESIM_SET", "image.support=false", 1);
  rt_env e;
  rt_env_open(&e, 0);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_IMAGE_SUPPORT), CL_FALSE);
  ck_assert_uint_eq(rt_dev_size(e.device, CL_DEVICE_IMAGE2D_MAX_WIDTH), 0);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_MAX_SAMPLERS), 0);
  cl_uint n = 7;
  ck_assert_int_eq(clGetSupportedImageFormats(e.ctx, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n),
                   CL_SUCCESS);
  ck_assert_uint_eq(n, 0);
  cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 4, .image_height = 4};
  cl_int err;
  ck_assert_ptr_null(clCreateImage(e.ctx, 0, &f, &d, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_OPERATION);
  ck_assert_ptr_null(clCreateSampler(e.ctx, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err));
  ck_assert_int_eq(err, CL_INVALID_OPERATION);
  rt_env_close(&e);
}
END_TEST

START_TEST(sampler_with_properties) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  /* defaults: normalized, CLAMP, NEAREST */
  cl_sampler s = clCreateSamplerWithProperties(e.ctx, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_uint_eq(s->word,
                    ISA_SAMPLER_NORMALIZED | ISA_SAMPLER_ADDR_CLAMP | ISA_SAMPLER_FILTER_NEAREST);
  size_t sz = 99;
  ck_assert_int_eq(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, 0);
  clReleaseSampler(s);
  cl_sampler_properties p[] = {CL_SAMPLER_FILTER_MODE,
                               CL_FILTER_LINEAR,
                               CL_SAMPLER_ADDRESSING_MODE,
                               CL_ADDRESS_MIRRORED_REPEAT,
                               CL_SAMPLER_NORMALIZED_COORDS,
                               CL_TRUE,
                               0};
  s = clCreateSamplerWithProperties(e.ctx, p, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_uint_eq(s->word, ISA_SAMPLER_NORMALIZED | ISA_SAMPLER_ADDR_MIRRORED_REPEAT |
                                 ISA_SAMPLER_FILTER_LINEAR);
  cl_sampler_properties back[8];
  ck_assert_int_eq(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof back, back, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, sizeof p);
  ck_assert_mem_eq(back, p, sizeof p);
  clReleaseSampler(s);
  cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, CL_SAMPLER_FILTER_MODE,
                                   CL_FILTER_NEAREST, 0};
  ck_assert_ptr_null(clCreateSamplerWithProperties(e.ctx, twice, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  cl_sampler_properties unknown[] = {0x7777, 1, 0};
  ck_assert_ptr_null(clCreateSamplerWithProperties(e.ctx, unknown, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  cl_sampler_properties badval[] = {CL_SAMPLER_ADDRESSING_MODE, 0x7777, 0};
  ck_assert_ptr_null(clCreateSamplerWithProperties(e.ctx, badval, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  rt_env_close(&e);
}
END_TEST

/* Each image's descriptor in device memory: the layout isa_image_layout
 * gives (tiled per image.tile_*) and the texels' device address. */
START_TEST(descriptor_and_tiling) {
  rt_test_env();
  setenv("WAVESIM_SET", "image.tile_width=4;image.tile_height=2", 1);
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_image_format f = {CL_R, CL_UNSIGNED_INT8};
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 6, .image_height = 3};
  cl_mem m = clCreateImage(e.ctx, 0, &f, &d, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  const isa_image_desc *dd = sim_mem_host(e.device->sim, m->img->desc_addr[0], sizeof *dd);
  ck_assert_ptr_nonnull(dd);
  ck_assert_uint_eq(dd->data, m->addr[0]);
  ck_assert_uint_eq(dd->type, CL_MEM_OBJECT_IMAGE2D);
  ck_assert_uint_eq(dd->order, CL_R);
  ck_assert_uint_eq(dd->dtype, CL_UNSIGNED_INT8);
  ck_assert_uint_eq(dd->width, 6);
  ck_assert_uint_eq(dd->height, 3);
  ck_assert_uint_eq(dd->elem_size, 1);
  ck_assert_uint_eq(dd->tile_w_log2, 2);
  ck_assert_uint_eq(dd->tile_h_log2, 1);
  ck_assert_uint_eq(m->img->desc_addr[0] % ISA_IMAGE_DESC_BYTES, 0);
  /* rows 0..2 of 6 texels: 2 x 2 tiles of 4 x 2, row-major in each */
  uint8_t rows[18];
  for (int i = 0; i < 18; i++) rows[i] = (uint8_t)i;
  size_t o[3] = {0, 0, 0}, r[3] = {6, 3, 1};
  ck_assert_int_eq(clEnqueueWriteImage(e.q, m, CL_TRUE, o, r, 0, 0, rows, 0, NULL, NULL),
                   CL_SUCCESS);
  const uint8_t *dev = sim_mem_host(e.device->sim, m->addr[0], 4);
  static const uint8_t want[] = {0, 1, 2, 3, 6, 7, 8, 9, 4, 5}; /* tile 0, then tile 1's row 0 */
  ck_assert_mem_eq(dev, want, sizeof want);
  ck_assert_uint_eq(dev[16], 12); /* row 2: the second row of tiles */
  size_t rp = 0;
  ck_assert_int_eq(clGetImageInfo(m, CL_IMAGE_ROW_PITCH, sizeof rp, &rp, NULL), CL_SUCCESS);
  ck_assert_uint_eq(rp, 6); /* the linear view the host sees */
  clReleaseMemObject(m);
  rt_env_close(&e);
}
END_TEST

/* A context of two devices: one storage, a descriptor on each device with
 * that device's texel address, tiled as the first device's config says. */
START_TEST(two_devices) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "h100,gcn", 1);
  cl_platform_id p;
  cl_device_id devs[2];
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 2, devs, NULL), CL_SUCCESS);
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 2, devs, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 40, .image_height = 20};
  cl_mem m = clCreateImage(ctx, 0, &f, &d, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  for (int i = 0; i < 2; i++) {
    const isa_image_desc *dd = sim_mem_host(devs[i]->sim, m->img->desc_addr[i], sizeof *dd);
    ck_assert_ptr_nonnull(dd);
    ck_assert_uint_eq(dd->data, m->addr[i]);
    ck_assert_uint_eq(dd->tile_w_log2, 4); /* h100: 16 x 8 */
    ck_assert_uint_eq(dd->tile_h_log2, 3);
  }
  /* what one device's queue writes, the other's reads */
  cl_command_queue q0 = clCreateCommandQueue(ctx, devs[0], 0, &err);
  cl_command_queue q1 = clCreateCommandQueue(ctx, devs[1], 0, &err);
  static uint8_t in[40 * 20 * 4], out[40 * 20 * 4];
  for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 13);
  size_t o[3] = {0, 0, 0}, r[3] = {40, 20, 1};
  ck_assert_int_eq(clEnqueueWriteImage(q0, m, CL_TRUE, o, r, 0, 0, in, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadImage(q1, m, CL_TRUE, o, r, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_mem_eq(in, out, sizeof in);
  clReleaseMemObject(m);
  clReleaseCommandQueue(q0);
  clReleaseCommandQueue(q1);
  clReleaseContext(ctx);
}
END_TEST

/* Image and sampler arguments reach the kernarg segment: the descriptor's
 * address and the sampler word. The frontend has no image types yet, so
 * the kernels' compiled argument kinds are changed by hand. */
START_TEST(image_and_sampler_args) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_program p = rt_build(&e, "__kernel void k(__global ulong *o, ulong a, ulong b) {\n"
                              "  o[0] = a; o[1] = b;\n"
                              "}\n");
  cl_int err;
  cl_kernel k = clCreateKernel(p, "k", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  isa_arg *args = ((isa_kernel *)k->kd[0])->args;
  args[1].kind = ISA_ARG_IMAGE;
  args[2].kind = ISA_ARG_SAMPLER;
  cl_image_format f = {CL_RGBA, CL_FLOAT};
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE1D, .image_width = 8};
  cl_mem img = clCreateImage(e.ctx, 0, &f, &d, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem o = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
  cl_sampler s = clCreateSampler(e.ctx, CL_FALSE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &err);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof o, &o), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof img, &img), CL_INVALID_MEM_OBJECT);
  ck_assert_int_eq(clSetKernelArg(k, 1, sizeof o, &o), CL_INVALID_MEM_OBJECT);
  ck_assert_int_eq(clSetKernelArg(k, 1, sizeof img, NULL), CL_INVALID_MEM_OBJECT);
  ck_assert_int_eq(clSetKernelArg(k, 1, 4, &img), CL_INVALID_ARG_SIZE);
  ck_assert_int_eq(clSetKernelArg(k, 1, sizeof img, &img), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 2, sizeof s, &img), CL_INVALID_SAMPLER);
  ck_assert_int_eq(clSetKernelArg(k, 2, sizeof s, &s), CL_SUCCESS);
  size_t g = 1;
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  cl_ulong got[2];
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, o, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(got[0], img->img->desc_addr[0]);
  ck_assert_uint_eq(got[1], ISA_SAMPLER_ADDR_REPEAT | ISA_SAMPLER_FILTER_LINEAR);
  /* the image stays alive while the launch holds it */
  clReleaseSampler(s);
  clReleaseMemObject(o);
  clReleaseMemObject(img);
  clReleaseKernel(k);
  clReleaseProgram(p);
  rt_env_close(&e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_image");
  TCase *tc = tcase_create("image");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, limits_from_config);
  tcase_add_test(tc, no_image_support);
  tcase_add_test(tc, sampler_with_properties);
  tcase_add_test(tc, descriptor_and_tiling);
  tcase_add_test(tc, two_devices);
  tcase_add_test(tc, image_and_sampler_args);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
