/* unsupported: a kernel using a feature the device does not support (images
 * on a config with image.support false: run with WAVESIM_SET=image.support=false;
 * mode "image", also the default); expects CL_BUILD_PROGRAM_FAILURE and a
 * build log naming the feature and its source line. wavesim only. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define FEATURE_LINE 3
static const char *kImage =
    "__kernel void img(read_only image2d_t src, sampler_t s, __global float4 *out) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  out[p.y * get_image_width(src) + p.x] = read_imagef(src, s, p);\n" /* line 3 */
    "}\n";

static int log_names_line(const char *log, int line) {
  char a[32], b[32];
  snprintf(a, sizeof a, ":%d:", line);
  snprintf(b, sizeof b, "line %d", line);
  return strstr(log, a) != NULL || strstr(log, b) != NULL;
}

/* strstr ignoring ASCII case: "OpTypeImage" names the image feature too. */
static int contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n) return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1, &args)) return 2;
  if (args.mode && strcmp(args.mode, "image") != 0) {
    fprintf(stderr, "unsupported: unknown mode '%s' (expected image)\n", args.mode);
    return 2;
  }
  const int image = 1; /* printf is supported now (see tests/corpus/printf) */
  const char *feature = "image";
  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  cl_bool has_images = CL_FALSE;
  clGetDeviceInfo(cl.device, CL_DEVICE_IMAGE_SUPPORT, sizeof has_images, &has_images, NULL);
  if (has_images) {
    fprintf(stderr, "unsupported: the device supports images; run with WAVESIM_SET=image.support=false "
                    "for a device without them\n");
    ex_close(&cl);
    return ex_report("unsupported", 1);
  }
  cl_int err = ex_build(&cl, kImage, "");
  int ok = 1;
  if (err != CL_BUILD_PROGRAM_FAILURE) {
    fprintf(stderr,
            "unsupported: clBuildProgram returned %s (%d), expected "
            "CL_BUILD_PROGRAM_FAILURE for a kernel using %s\n",
            ex_err_name(err), (int)err, feature);
    ok = 0;
  }
  char *log = cl.program ? ex_build_log(&cl) : NULL;
  if (!log || !contains_nocase(log, feature)) {
    fprintf(stderr, "unsupported: the build log does not name the feature '%s'\n", feature);
    ok = 0;
  }
  /* An image may be rejected where it is used (line 3) or at the parameter
   * declaring it (lines 1-2: the kernel's head, where debug line info puts
   * argument handling). */
  if (!log || !(log_names_line(log, FEATURE_LINE) ||
                (image && (log_names_line(log, 1) || log_names_line(log, 2))))) {
    fprintf(stderr, "unsupported: the build log does not name line %d%s\n", FEATURE_LINE,
            image ? " (or the kernel's head, lines 1-2)" : "");
    ok = 0;
  }
  free(log);
  ex_close(&cl);
  return ex_report("unsupported", ok ? 0 : 1);
}
