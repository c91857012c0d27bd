// read_write images are an OpenCL C 2.0 feature (optional in 3.0 as
// __opencl_c_read_write_images). wavesim is an OpenCL 1.2 device and
// reports CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS 0, so the build must fail
// with clang's diagnostic naming the qualifier and the feature rather than
// run a kernel whose reads would not see its own writes.
// BUILD-ERROR: read_write
// BUILD-ERROR: __opencl_c_read_write_images
__kernel void scale_in_place(read_write image2d_t img) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(img, p);
  write_imagef(img, p, v * 2.0f);
}
