/* Launch capture (WAVESIM_CAPTURE=DIR, `wavesim run --capture DIR`): each
 * kernel launch is written to DIR/launch-NNNN/ before it runs (the program,
 * the NDRange, every argument and the bytes of every buffer and image it
 * gets) and, once it ran, the bytes those buffers and images hold after it
 * (out-*.bin), so `wavesim replay` can run that launch alone on any config
 * and check its results. The format is docs/CAPTURE.md's (version
 * RT_CAPTURE_VERSION); a launch that cannot be written says why once and
 * the program runs on uncaptured. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isa_image.h"
#include "rt.h"

#define RT_CAPTURE_VERSION 1

/* What the end of the launch writes: the memory object of each argument
 * that has one (the same object twice is written once). */
struct rt_capture {
  char dir[4096];
  uint32_t nargs;
  struct _cl_mem **mem; /* by argument; NULL: none */
  int di;
};

static int rt_cap_file(const char *dir, const char *name, const void *bytes, size_t n) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t w = n ? fwrite(bytes, 1, n, f) : 0;
  return fclose(f) != 0 || w != n ? -1 : 0;
}

/* The bytes of m as a kernel sees them: a buffer's, or an image's texels
 * in linear order (rows, then slices/layers). Caller frees. */
static uint8_t *rt_cap_bytes(struct _cl_mem *m, size_t *n) {
  if (!m->img) {
    *n = m->size;
    uint8_t *b = malloc(m->size ? m->size : 1);
    void *src = rt_mem_host(m, 0, m->size);
    if (b && src) memcpy(b, src, m->size);
    return b && src ? b : (free(b), NULL);
  }
  size_t ext[3], origin[3] = {0, 0, 0};
  rt_image_extent(m->img, ext);
  size_t es = m->img->layout.elem_size, row = ext[0] * es;
  *n = row * ext[1] * ext[2];
  uint8_t *b = malloc(*n ? *n : 1);
  uint64_t lo, hi;
  if (b) rt_image_copy_host(m, origin, ext, b, row, row * ext[1], 0, &lo, &hi);
  return b;
}

static void rt_cap_fail(struct _cl_platform_id *p, const char *dir, const char *what) {
  if (p->capture_failed) return;
  p->capture_failed = 1;
  fprintf(stderr, "wavesim: WAVESIM_CAPTURE: %s: %s: %s; launches are not captured from here on\n",
          dir, what, strerror(errno));
}

rt_capture *rt_capture_begin(struct _cl_device_id *d, struct _cl_kernel *k, int di,
                             const sim_launch *l, struct _cl_mem *const *mems, uint32_t nmems) {
  struct _cl_platform_id *p = d->platform;
  if (!p->capture_dir || p->capture_failed) return NULL;
  const isa_kernel *ik = l->kernel;
  rt_capture *c = calloc(1, sizeof *c);
  if (!c || !(c->mem = calloc(ik->nargs ? ik->nargs : 1, sizeof *c->mem))) {
    free(c);
    return NULL;
  }
  c->nargs = ik->nargs;
  c->di = di;
  snprintf(c->dir, sizeof c->dir, "%s/launch-%04u", p->capture_dir, ++p->capture_seq);
  if ((mkdir(p->capture_dir, 0777) != 0 && errno != EEXIST) || mkdir(c->dir, 0777) != 0) {
    rt_cap_fail(p, c->dir, "cannot create the directory");
    goto fail;
  }
  /* the program: its CL_PROGRAM_BINARIES entry (source and options, or
   * bitcode), else its SPIR-V and specialization constants */
  struct _cl_program *prog = k->program;
  size_t blen = 0;
  unsigned char *bin = rt_program_binary(prog, (cl_uint)di, &blen);
  int is_bin = bin != NULL;
  const char *pfile = is_bin ? "program.bin" : "program.spv";
  int bad = is_bin ? rt_cap_file(c->dir, pfile, bin, blen)
                   : rt_cap_file(c->dir, pfile, prog->il, prog->il_words * 4);
  free(bin);
  if (bad || (!is_bin && !prog->il)) {
    rt_cap_fail(p, c->dir, bad ? "cannot write the program" : "the program has no binary or IL");
    goto fail;
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/capture.txt", c->dir);
  FILE *f = fopen(path, "w");
  if (!f) {
    rt_cap_fail(p, c->dir, "cannot write capture.txt");
    goto fail;
  }
  fprintf(f, "wavesim-capture %d\nkernel %s\nprogram %s %s\noptions %s\n", RT_CAPTURE_VERSION,
          ik->name, is_bin ? "binary" : "il", pfile, prog->options ? prog->options : "");
  for (size_t i = 0; !is_bin && i < prog->nspec; i++)
    fprintf(f, "spec %u %u %llx\n", prog->spec[i].id, prog->spec[i].size,
            (unsigned long long)prog->spec[i].bits);
  fprintf(f, "config %s\noverrides %s\nwork_dim %u\n", d->config_name, d->overrides, l->work_dim);
  fprintf(f, "global %llu %llu %llu\nlocal %llu %llu %llu\noffset %llu %llu %llu\n",
          (unsigned long long)l->global_size[0], (unsigned long long)l->global_size[1],
          (unsigned long long)l->global_size[2], (unsigned long long)l->local_size[0],
          (unsigned long long)l->local_size[1], (unsigned long long)l->local_size[2],
          (unsigned long long)l->global_offset[0], (unsigned long long)l->global_offset[1],
          (unsigned long long)l->global_offset[2]);
  uint32_t next_mem = 0;
  for (uint32_t i = 0; i < ik->nargs; i++) {
    const isa_arg *a = &ik->args[i];
    uint64_t v = 0;
    memcpy(&v, l->kernarg + a->offset, a->size < 8 ? a->size : 8);
    if (a->kind == ISA_ARG_VALUE) {
      char name[32];
      snprintf(name, sizeof name, "arg-%u.bin", i);
      if (rt_cap_file(c->dir, name, l->kernarg + a->offset, a->size) != 0) bad = 1;
      fprintf(f, "arg %u value %u %s\n", i, a->size, name);
    } else if (a->kind == ISA_ARG_LOCAL_PTR) {
      fprintf(f, "arg %u local %zu\n", i, k->args[i].local_size);
    } else if (a->kind == ISA_ARG_SAMPLER) {
      fprintf(f, "arg %u sampler %u\n", i, (unsigned)v);
    } else if (!v || next_mem >= nmems) { /* a NULL pointer */
      fprintf(f, "arg %u null\n", i);
    } else {
      struct _cl_mem *m = mems[next_mem++];
      uint32_t same = i;
      for (uint32_t j = 0; j < i; j++)
        if (c->mem[j] == m) same = j;
      if (same != i) {
        fprintf(f, "arg %u same %u\n", i, same);
        continue;
      }
      c->mem[i] = m;
      size_t n = 0;
      uint8_t *bytes = rt_cap_bytes(m, &n);
      char name[32];
      snprintf(name, sizeof name, "in-%u.bin", i);
      if (!bytes || rt_cap_file(c->dir, name, bytes, n) != 0) bad = 1;
      free(bytes);
      if (!m->img) {
        fprintf(f, "arg %u buffer %zu %s out-%u.bin\n", i, n, name, i);
      } else {
        const rt_image *im = m->img;
        fprintf(f, "arg %u image %u %u %u %zu %zu %zu %zu %s out-%u.bin\n", i, (unsigned)im->type,
                (unsigned)im->format.image_channel_order,
                (unsigned)im->format.image_channel_data_type, im->width, im->height, im->depth,
                im->array_size, name, i);
      }
    }
  }
  if (fclose(f) != 0 || bad) {
    rt_cap_fail(p, c->dir, "cannot write the arguments");
    goto fail;
  }
  return c;
fail:
  free(c->mem);
  free(c);
  return NULL;
}

void rt_capture_end(rt_capture *c, struct _cl_platform_id *p, int ran) {
  if (!c) return;
  int bad = 0;
  for (uint32_t i = 0; ran && i < c->nargs; i++) {
    if (!c->mem[i]) continue;
    size_t n = 0;
    uint8_t *bytes = rt_cap_bytes(c->mem[i], &n);
    char name[32];
    snprintf(name, sizeof name, "out-%u.bin", i);
    if (!bytes || rt_cap_file(c->dir, name, bytes, n) != 0) bad = 1;
    free(bytes);
  }
  if (!ran) {
    char path[4200];
    snprintf(path, sizeof path, "%s/FAILED", c->dir);
    FILE *f = fopen(path, "w");
    if (f) {
      fputs("the launch failed: its outputs were not captured\n", f);
      fclose(f);
    }
  }
  if (bad) rt_cap_fail(p, c->dir, "cannot write the outputs");
  free(c->mem);
  free(c);
}
