/* clext: prints each OpenCL device's version, OpenCL C versions and
 * extensions (what the vendor's driver advertises; compared with wavesim's
 * own in docs/VALIDATION.md). Build: cc clext.c -lOpenCL */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>

int main(void) {
  cl_platform_id p[8];
  cl_uint np = 0;
  if (clGetPlatformIDs(8, p, &np) != CL_SUCCESS || np == 0) {
    fprintf(stderr, "clext: no OpenCL platform\n");
    return 1;
  }
  for (cl_uint i = 0; i < np; i++) {
    cl_device_id d[8];
    cl_uint nd = 0;
    if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 8, d, &nd) != CL_SUCCESS) continue;
    for (cl_uint j = 0; j < nd; j++) {
      static char buf[1 << 16];
      const cl_device_info q[] = {CL_DEVICE_NAME, CL_DEVICE_VERSION, CL_DEVICE_OPENCL_C_VERSION,
                                  CL_DRIVER_VERSION, CL_DEVICE_EXTENSIONS};
      const char *qn[] = {"name", "version", "opencl_c_version", "driver", "extensions"};
      for (int k = 0; k < 5; k++) {
        if (clGetDeviceInfo(d[j], q[k], sizeof buf, buf, NULL) != CL_SUCCESS) buf[0] = 0;
        printf("%s: %s\n", qn[k], buf);
      }
      cl_uint nsg = 0;
      cl_int e = clGetDeviceInfo(d[j], CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof nsg, &nsg, NULL);
      printf("max_num_sub_groups: %u (status %d)\n", nsg, e);
    }
  }
  return 0;
}
