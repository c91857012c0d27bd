/* The wavesim platform and its one device: creation from the environment
 * (WAVESIM_CONFIG, WAVESIM_SET, WAVESIM_MODE, WAVESIM_SAMPLE, WAVESIM_CHECK, WAVESIM_PROGRESS,
 * WAVESIM_TRACE, WAVESIM_TRACE_DETAIL, WAVESIM_CAPTURE, WAVESIM_DB, WAVESIM_REPORT, and
 * through rt_opts.c the compiler's and the presets' variables),
 * platform/device queries, and the per-launch statistics sink. */
#include <CL/cl_ext.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fe_ext.h"
#include "rt.h"
#include "rt_opts.h"
#include "rt_target.h"
#include "sim_pool.h"
#include "trace.h"

#define RT_MAX_SETS 256
#define RT_DRIVER_VERSION "0.1"

/* The ICD model gives each vendor library exactly one platform object that
 * lives for the whole process, so it is the one piece of global state. */
static pthread_once_t rt_once = PTHREAD_ONCE_INIT;
static struct _cl_platform_id *rt_the_platform;

static void rt_config_fail(struct _cl_platform_id *p, const char *msg) {
  p->config_error = rt_strdup(msg);
  fprintf(stderr, "wavesim: %s\n", msg);
}

/* Splits WAVESIM_SET ("k=v;k=v", newlines also separate) into assignments. */
static size_t rt_split_sets(char *buf, const char **sets) {
  size_t n = 0;
  for (char *tok = strtok(buf, ";\n"); tok && n < RT_MAX_SETS; tok = strtok(NULL, ";\n")) {
    while (*tok == ' ') tok++;
    if (*tok) sets[n++] = tok;
  }
  return n;
}

/* Loads one device from config `name` (a preset or a YAML path). Returns
 * 0, or -1 with *err saying why. */
static int rt_device_init(struct _cl_platform_id *p, struct _cl_device_id *d, const char *name,
                          const char **sets, size_t nsets, char *err, size_t errlen) {
  d->dispatch = &rt_dispatch;
  d->magic = RT_MAGIC_DEVICE;
  d->platform = p;
  /* the overrides, as the statistics rows record them (wavesim merge reads them back) */
  size_t used = 0;
  for (size_t i = 0; i < nsets && used < sizeof d->overrides; i++)
    used += (size_t)snprintf(d->overrides + used, sizeof d->overrides - used, "%s%s", i ? ";" : "",
                             sets[i]);
  d->index = (cl_uint)(d - p->devices);
  /* A config named twice gets "#2" so statistics rows tell the devices apart. */
  int repeat = 1;
  for (cl_uint i = 0; i < d->index; i++)
    if (strncmp(p->devices[i].config_name, name, strlen(name)) == 0 &&
        (p->devices[i].config_name[strlen(name)] == 0 ||
         p->devices[i].config_name[strlen(name)] == '#'))
      repeat++;
  if (repeat > 1)
    snprintf(d->config_name, sizeof d->config_name, "%.100s#%d", name, repeat);
  else
    snprintf(d->config_name, sizeof d->config_name, "%s", name);
  cfg_device cfg;
  if (cfg_load(p->config_dir, name, sets, nsets, &cfg, err, errlen) != 0) return -1;
  d->sim = sim_device_create(&cfg, err, errlen);
  cfg_fini(&cfg);
  if (!d->sim) return -1;
  d->cfg = sim_device_config(d->sim);
  /* what the compiler builds for (shared with `wavesim compile`); the
   * extension buffer is sized for every row of fe_ext.def */
  if (rt_target_init(&d->target, d->cfg, d->extensions, sizeof d->extensions, err, errlen) != 0)
    return -1;
  /* A work-group must fit on one compute unit's wave slots. */
  uint64_t fit =
      (uint64_t)d->cfg->cu_simds * (uint64_t)d->cfg->cu_wave_slots * (uint64_t)d->cfg->wave_size;
  uint64_t cap = (uint64_t)d->cfg->cu_max_wg_size;
  d->max_wg_size = (size_t)(fit < cap ? fit : cap);
  return 0;
}

/* Drops every device: one bad entry in WAVESIM_CONFIG leaves none, so a
 * typo cannot silently run a program on fewer devices than asked. */
static void rt_devices_fail(struct _cl_platform_id *p, const char *msg) {
  for (cl_uint i = 0; i < p->ndevices; i++) {
    if (p->devices[i].sim) sim_device_destroy(p->devices[i].sim);
    memset(&p->devices[i], 0, sizeof p->devices[i]);
  }
  p->ndevices = 0;
  rt_config_fail(p, msg);
}

/* WAVESIM_PROGRESS: unset or empty, a progress line after
 * RT_PROGRESS_AFTER_S seconds of a launch; 'off', none; a number, after that
 * many seconds (0: at once). The line only ever goes to a terminal. */
#define RT_PROGRESS_AFTER_S 3.0
static int rt_progress_parse(struct _cl_platform_id *p, const char *v) {
  p->progress = 1;
  p->progress_after = RT_PROGRESS_AFTER_S;
  if (!v || !*v) return 0;
  if (strcmp(v, "off") == 0) {
    p->progress = 0;
    return 0;
  }
  char *end;
  double s = strtod(v, &end);
  if (end != v && !*end && s >= 0 && s <= 1e9) {
    p->progress_after = s;
    return 0;
  }
  char msg[400];
  snprintf(msg, sizeof msg,
           "WAVESIM_PROGRESS=%.200s: expected 'off' or the seconds a launch runs before its "
           "progress line appears (e.g. 3; 0: at once)",
           v);
  rt_config_fail(p, msg);
  return -1;
}

/* WAVESIM_THREADS: a positive count of host threads, or unset/empty for
 * one per online core; the cycles do not depend on it (sim_timing.c). */
static int rt_threads_parse(struct _cl_platform_id *p, const char *v) {
  p->threads = sim_pool_host_cores();
  if (!v || !*v) return 0;
  char *end;
  errno = 0;
  unsigned long n = strtoul(v, &end, 10);
  if (*end || errno || n < 1 || n > 4096 || v[0] == '-' || v[0] == '+') {
    char msg[300];
    snprintf(msg, sizeof msg,
             "WAVESIM_THREADS=%.64s: use a count of host threads from 1 to 4096 (unset: one per "
             "core); the results are the same for any count",
             v);
    rt_config_fail(p, msg);
    return -1;
  }
  p->threads = (uint32_t)n;
  return 0;
}

/* WAVESIM_CONFIG: one config, or several separated by commas (one device
 * each, in that order; WAVESIM_SET applies to all). */
static void rt_devices_init(struct _cl_platform_id *p) {
  const char *mode = getenv("WAVESIM_MODE");
  if (mode && *mode && strcmp(mode, "timing") != 0) {
    if (strcmp(mode, "functional") == 0) {
      p->mode = RT_MODE_FUNCTIONAL;
    } else {
      char msg[256];
      snprintf(msg, sizeof msg, "WAVESIM_MODE=%s: unknown mode (use 'timing' or 'functional')",
               mode);
      rt_config_fail(p, msg);
      return;
    }
  }
  const char *sample = getenv("WAVESIM_SAMPLE");
  if (sample && *sample) {
    char msg[300];
    if (strcmp(sample, "0") != 0 && strcmp(sample, "1") != 0) {
      snprintf(msg, sizeof msg,
               "WAVESIM_SAMPLE=%.64s: use 1 (sampled timing of large launches) or 0 (full timing)",
               sample);
      rt_config_fail(p, msg);
      return;
    }
    p->sample = sample[0] == '1';
    /* functional mode times nothing, so there is nothing to sample: saying
     * so beats silently ignoring one of the two */
    if (p->sample && p->mode == RT_MODE_FUNCTIONAL) {
      rt_config_fail(p, "WAVESIM_SAMPLE=1 applies to timing mode only; WAVESIM_MODE=functional "
                        "runs every work-group without timing already: drop one of them");
      return;
    }
  }
  if (rt_threads_parse(p, getenv("WAVESIM_THREADS")) != 0) return;
  const char *check = getenv("WAVESIM_CHECK");
  if (check && *check) {
    char cerr[256], msg[400];
    if (sim_check_parse(check, &p->checks, cerr, sizeof cerr) != 0) {
      snprintf(msg, sizeof msg, "WAVESIM_CHECK=%s: %s", check, cerr);
      rt_config_fail(p, msg);
      return;
    }
  }
  const char *detail = getenv("WAVESIM_TRACE_DETAIL");
  trace_detail td = TRACE_COMPACT;
  if (detail && *detail && trace_detail_parse(detail, &td) != 0) {
    char msg[256];
    snprintf(msg, sizeof msg,
             "WAVESIM_TRACE_DETAIL=%s: unknown detail (use 'compact', the default: waves and "
             "work-groups with barrier counts, or 'full': every barrier wait too)",
             detail);
    rt_config_fail(p, msg);
    return;
  }
  p->trace_detail = (int)td;
  if (rt_progress_parse(p, getenv("WAVESIM_PROGRESS")) != 0) return;
  const char *env = getenv("WAVESIM_CONFIG");
  char *list = rt_strdup(env && *env ? env : "default");
  char *setbuf = rt_strdup(getenv("WAVESIM_SET"));
  const char *sets[RT_MAX_SETS];
  size_t nsets = setbuf ? rt_split_sets(setbuf, sets) : 0;
  char err[1024], msg[1200];
  if (!list) {
    rt_config_fail(p, "out of memory reading WAVESIM_CONFIG");
    free(setbuf);
    return;
  }
  size_t nitems = 0;
  char *save = NULL;
  for (char *tok = list;; tok = NULL) {
    char *name = strtok_r(tok, ",", &save);
    if (!name) break;
    while (*name == ' ') name++;
    size_t n = strlen(name);
    while (n && name[n - 1] == ' ') name[--n] = 0;
    if (!*name) continue;
    nitems++;
    if (p->ndevices == RT_MAX_DEVICES) {
      snprintf(msg, sizeof msg, "WAVESIM_CONFIG names more than %d configs (one device each)",
               RT_MAX_DEVICES);
      rt_devices_fail(p, msg);
      break;
    }
    struct _cl_device_id *d = &p->devices[p->ndevices++];
    if (rt_device_init(p, d, name, sets, nsets, err, sizeof err) != 0) {
      /* cfg_load's message names the config; add which entry when several. */
      if (strchr(env ? env : "", ','))
        snprintf(msg, sizeof msg, "WAVESIM_CONFIG entry %zu (%s): %s", nitems, name, err);
      else
        snprintf(msg, sizeof msg, "%s", err);
      rt_devices_fail(p, msg);
      break;
    }
  }
  if (!p->config_error && p->ndevices == 0)
    rt_devices_fail(p, "WAVESIM_CONFIG names no config (use e.g. 'default' or 'h100,gcn')");
  free(list);
  free(setbuf);
}

static void rt_platform_init(void) {
  struct _cl_platform_id *p = calloc(1, sizeof *p);
  if (!p) return;
  p->dispatch = &rt_dispatch;
  p->magic = RT_MAGIC_PLATFORM;
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&p->lock, &attr);
  pthread_mutexattr_destroy(&attr);
  pthread_cond_init(&p->cond, NULL);
  const char *db = getenv("WAVESIM_DB");
  if (!db || !*db) db = "wavesim-stats.db";
  if (strcmp(db, "none") != 0) p->db_path = rt_strdup(db);
  const char *rep = getenv("WAVESIM_REPORT");
  if (rep && *rep) p->report_path = rt_strdup(rep);
  const char *trace = getenv("WAVESIM_TRACE");
  if (trace && *trace) p->trace_path = rt_strdup(trace);
  const char *cap = getenv("WAVESIM_CAPTURE");
  if (cap && *cap) p->capture_dir = rt_strdup(cap);
  /* what the libraries need from the environment, resolved once (rt_opts.c) */
  const char *cfgdir = rt_opts_config_dir();
  if (cfgdir) p->config_dir = rt_strdup(cfgdir);
  p->compiler = rt_opts_compiler_create(); /* NULL: retried at the first build */
  rt_devices_init(p);
  rt_the_platform = p;
}

/* At process exit (return from main or exit(), whether or not the host
 * released its OpenCL objects; also when the library is unloaded) the
 * statistics database is closed, which checkpoints it: no -wal/-shm file is
 * left beside it. Never blocks or aborts: if another thread holds the lock
 * (a launch in flight) or this is a forked child of the process that opened
 * it, the connection is left alone and the file, committed launch by launch
 * in WAL mode, is recovered by its next reader. */
__attribute__((destructor)) static void rt_platform_fini(void) {
  struct _cl_platform_id *p = rt_the_platform;
  if (!p || !p->db || p->db_pid != (long)getpid()) return;
  if (pthread_mutex_trylock(&p->lock) != 0) return;
  sim_statsdb_close(p->db);
  p->db = NULL;
  pthread_mutex_unlock(&p->lock);
}

struct _cl_platform_id *rt_platform_get(void) {
  pthread_once(&rt_once, rt_platform_init);
  return rt_the_platform;
}

void rt_lock(void) {
  pthread_mutex_lock(&rt_platform_get()->lock);
}
void rt_unlock(void) {
  pthread_mutex_unlock(&rt_platform_get()->lock);
}

cl_int rt_device_check(cl_device_id d) {
  if (!RT_VALID(d, RT_MAGIC_DEVICE)) return CL_INVALID_DEVICE;
  if (!d->sim) return CL_DEVICE_NOT_AVAILABLE;
  return CL_SUCCESS;
}

int rt_ctx_index(const struct _cl_context *ctx, const struct _cl_device_id *d) {
  for (cl_uint i = 0; i < ctx->ndev; i++)
    if (ctx->devices[i] == d) return (int)i;
  return -1;
}

void rt_host_observe(uint64_t t) {
  struct _cl_platform_id *p = rt_platform_get();
  rt_lock();
  if (t > p->host_ns) p->host_ns = t;
  rt_unlock();
}

/* ---- what the platform and device report (OpenCL 3.0) ----------------------
 * Extensions and OpenCL C features come from frontend/fe_ext.def; the
 * platform's extensions are those every device has (with no device: those
 * a device with no optional capability has). */

/* OpenCL 3.0. OpenCL C 2.0 is left out of CL_DEVICE_OPENCL_C_ALL_VERSIONS:
 * it makes pipes and device-side enqueue mandatory, which the device does
 * not have; a program built with -cl-std=CL2.0 still builds and runs what
 * it uses of the rest (clang accepts it). */
#define RT_CL_VERSION CL_MAKE_VERSION(RT_CL_MAJOR, RT_CL_MINOR, 0)
static const cl_version rt_c_versions[] = {CL_MAKE_VERSION(1, 0, 0), CL_MAKE_VERSION(1, 1, 0),
                                           CL_MAKE_VERSION(1, 2, 0), CL_MAKE_VERSION(3, 0, 0)};

static int rt_platform_has(const struct _cl_platform_id *p, const fe_ext *e) {
  if (p->ndevices == 0) {
    fe_target none = {0};
    return e->on(&none);
  }
  for (cl_uint i = 0; i < p->ndevices; i++)
    if (!e->on(&p->devices[i].target)) return 0;
  return 1;
}

/* The rows of `kind` that device d (NULL: the platform) has, as a name
 * list (names) or as cl_name_version entries. */
static cl_int rt_info_ext(const struct _cl_platform_id *p, const struct _cl_device_id *d,
                          fe_ext_kind kind, int versions, size_t size, void *value,
                          size_t *size_ret) {
  cl_name_version nv[64];
  char names[RT_EXT_BYTES];
  size_t n = 0, len = 0;
  names[0] = 0;
  for (size_t i = 0; i < fe_ext_count; i++) {
    const fe_ext *e = &fe_ext_table[i];
    if (e->kind != kind || !(d ? e->on(&d->target) : rt_platform_has(p, e))) continue;
    if (n == sizeof nv / sizeof nv[0] || len + strlen(e->name) + 2 > sizeof names)
      return CL_OUT_OF_HOST_MEMORY; /* fe_ext.def outgrew these arrays: raise them */
    memset(&nv[n], 0, sizeof nv[n]);
    nv[n].version = e->version;
    snprintf(nv[n].name, sizeof nv[n].name, "%s", e->name);
    n++;
    len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? " " : "", e->name);
  }
  if (versions) return rt_info(size, value, size_ret, n ? nv : NULL, n * sizeof nv[0]);
  return rt_info_str(size, value, size_ret, names);
}

/* CL_DEVICE_ATOMIC_MEMORY/FENCE_CAPABILITIES: OpenCL 3.0's minimum (fences:
 * also work-item scope, which atomic_work_item_fence honours like any
 * other), plus the bit of each atomic OpenCL C feature the device has
 * (fe_ext.def says why the model honours them): the capabilities and the
 * features cannot disagree. */
static cl_device_atomic_capabilities rt_atomic_caps(const struct _cl_device_id *d, int fence) {
  static const struct {
    const char *feature;
    cl_device_atomic_capabilities bit;
  } map[] = {
      {"__opencl_c_atomic_order_acq_rel", CL_DEVICE_ATOMIC_ORDER_ACQ_REL},
      {"__opencl_c_atomic_order_seq_cst", CL_DEVICE_ATOMIC_ORDER_SEQ_CST},
      {"__opencl_c_atomic_scope_device", CL_DEVICE_ATOMIC_SCOPE_DEVICE},
      {"__opencl_c_atomic_scope_all_devices", CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES},
  };
  cl_device_atomic_capabilities c =
      CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP;
  if (fence) c |= CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM;
  for (size_t i = 0; i < fe_ext_count; i++)
    for (size_t m = 0; m < sizeof map / sizeof map[0]; m++)
      if (fe_ext_table[i].kind == FE_EXT_FEATURE && !strcmp(fe_ext_table[i].name, map[m].feature) &&
          fe_ext_table[i].on(&d->target))
        c |= map[m].bit;
  return c;
}

/* 64-bit FNV-1a of s, continuing from h. */
static uint64_t rt_fnv(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
  return h;
}

/* A UUID (RFC 4122 layout, version 8: vendor-defined) from the bytes of s:
 * two FNV-1a hashes with different seeds. */
static void rt_uuid(const char *s, size_t n, cl_uchar out[CL_UUID_SIZE_KHR]) {
  uint64_t a = rt_fnv(0xcbf29ce484222325ull, s, n), b = rt_fnv(0x84222325cbf29ce4ull, s, n);
  for (int i = 0; i < 8; i++)
    out[i] = (cl_uchar)(a >> (8 * i)), out[8 + i] = (cl_uchar)(b >> (8 * i));
  out[6] = (cl_uchar)((out[6] & 0x0f) | 0x80);
  out[8] = (cl_uchar)((out[8] & 0x3f) | 0x80);
}

/* CL_DEVICE_UUID_KHR: the device's config name (with "#2" on a repeat, so
 * two devices of one platform differ) and every parameter as cfg_dump
 * writes it: the same config gives the same UUID in every run, any changed
 * parameter another. */
static cl_int rt_device_uuid(const struct _cl_device_id *d, cl_uchar out[CL_UUID_SIZE_KHR]) {
  size_t n = cfg_dump(d->cfg, NULL, 0);
  char *text = malloc(strlen(d->config_name) + n + 2);
  if (!text) return CL_OUT_OF_HOST_MEMORY;
  size_t k = (size_t)sprintf(text, "%s\n", d->config_name);
  cfg_dump(d->cfg, text + k, n + 1);
  rt_uuid(text, k + n, out);
  free(text);
  return CL_SUCCESS;
}

/* ---- platform ------------------------------------------------------------ */

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                                 cl_uint *num_platforms) {
  if ((num_entries == 0 && platforms) || (!platforms && !num_platforms)) return CL_INVALID_VALUE;
  struct _cl_platform_id *p = rt_platform_get();
  if (!p) return CL_OUT_OF_HOST_MEMORY;
  if (platforms) platforms[0] = p;
  if (num_platforms) *num_platforms = 1;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform, cl_platform_info param,
                                                  size_t size, void *value, size_t *size_ret) {
  struct _cl_platform_id *p = rt_platform_get();
  if (platform && !RT_VALID(platform, RT_MAGIC_PLATFORM)) return CL_INVALID_PLATFORM;
  if (!p) return CL_OUT_OF_HOST_MEMORY;
  switch (param) {
  case CL_PLATFORM_PROFILE:
    return rt_info_str(size, value, size_ret, "FULL_PROFILE");
  case CL_PLATFORM_VERSION:
    return rt_info_str(size, value, size_ret, RT_CL_VERSION_TEXT " wavesim " RT_DRIVER_VERSION);
  case CL_PLATFORM_NUMERIC_VERSION:
    RT_INFO_VAL(cl_version, RT_CL_VERSION);
  case CL_PLATFORM_NAME:
    return rt_info_str(size, value, size_ret, "wavesim");
  case CL_PLATFORM_VENDOR:
    return rt_info_str(size, value, size_ret, "wavesim project");
  case CL_PLATFORM_EXTENSIONS:
  case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
    return rt_info_ext(p, NULL, FE_EXT_EXTENSION, param == CL_PLATFORM_EXTENSIONS_WITH_VERSION,
                       size, value, size_ret);
  case CL_PLATFORM_ICD_SUFFIX_KHR:
    return rt_info_str(size, value, size_ret, "WSIM");
  case CL_PLATFORM_HOST_TIMER_RESOLUTION:
    RT_INFO_VAL(cl_ulong, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

/* ---- device -------------------------------------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceIDs(cl_platform_id platform, cl_device_type type,
                                               cl_uint num_entries, cl_device_id *devices,
                                               cl_uint *num_devices) {
  struct _cl_platform_id *p = rt_platform_get();
  if (!p) return CL_OUT_OF_HOST_MEMORY;
  if (platform && !RT_VALID(platform, RT_MAGIC_PLATFORM)) return CL_INVALID_PLATFORM;
  const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU |
                               CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
  if (type != CL_DEVICE_TYPE_ALL && (type & ~known)) return CL_INVALID_DEVICE_TYPE;
  if ((num_entries == 0 && devices) || (!devices && !num_devices)) return CL_INVALID_VALUE;
  int match = type == CL_DEVICE_TYPE_ALL || (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT));
  /* A config that failed to load leaves no device; the reason went to stderr. */
  if (!match || p->ndevices == 0) {
    if (num_devices) *num_devices = 0;
    return CL_DEVICE_NOT_FOUND;
  }
  /* All devices are GPUs; the default device is the first one. */
  cl_uint n = type == CL_DEVICE_TYPE_DEFAULT ? 1 : p->ndevices;
  for (cl_uint i = 0; devices && i < n && i < num_entries; i++) devices[i] = &p->devices[i];
  if (num_devices) *num_devices = n;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id dev, cl_device_info param, size_t size,
                                                void *value, size_t *size_ret) {
  cl_int e = rt_device_check(dev);
  if (e != CL_SUCCESS) return e;
  const cfg_device *c = dev->cfg;
  int img = c->image_support != 0;
  uint64_t max_alloc = (uint64_t)c->dram_bytes / 4;
  uint64_t floor = 128u << 20;
  if (max_alloc < floor)
    max_alloc = (uint64_t)c->dram_bytes < floor ? (uint64_t)c->dram_bytes : floor;
  switch (param) {
  case CL_DEVICE_TYPE:
    RT_INFO_VAL(cl_device_type, CL_DEVICE_TYPE_GPU);
  case CL_DEVICE_VENDOR_ID:
    RT_INFO_VAL(cl_uint, 0x5753);
  case CL_DEVICE_MAX_COMPUTE_UNITS:
    RT_INFO_VAL(cl_uint, c->cu_count);
  case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
    RT_INFO_VAL(cl_uint, 3);
  case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
    size_t s[3] = {dev->max_wg_size, dev->max_wg_size, dev->max_wg_size};
    return rt_info(size, value, size_ret, s, sizeof s);
  }
  case CL_DEVICE_MAX_WORK_GROUP_SIZE:
    RT_INFO_VAL(size_t, dev->max_wg_size);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    RT_INFO_VAL(cl_uint, 1);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    RT_INFO_VAL(cl_uint, c->fp64 ? 1 : 0);
  case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
  case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
    RT_INFO_VAL(cl_uint, 0);
  case CL_DEVICE_MAX_CLOCK_FREQUENCY:
    RT_INFO_VAL(cl_uint, (cl_uint)(c->clock_mhz + 0.5));
  case CL_DEVICE_ADDRESS_BITS:
    RT_INFO_VAL(cl_uint, 64);
  case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
    RT_INFO_VAL(cl_ulong, max_alloc);
  /* Images (image.* keys): every limit reads 0 on a device without them. */
  case CL_DEVICE_IMAGE_SUPPORT:
    RT_INFO_VAL(cl_bool, c->image_support ? CL_TRUE : CL_FALSE);
  case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    RT_INFO_VAL(cl_uint, img ? c->image_max_read_args : 0);
  case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
    RT_INFO_VAL(cl_uint, img ? c->image_max_write_args : 0);
  case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS: /* 2.0 read_write images: none */
    RT_INFO_VAL(cl_uint, 0);
  case CL_DEVICE_MAX_SAMPLERS:
    RT_INFO_VAL(cl_uint, img ? c->image_max_samplers : 0);
  case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    RT_INFO_VAL(size_t, img ? c->image_max_2d_width : 0);
  case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    RT_INFO_VAL(size_t, img ? c->image_max_2d_height : 0);
  case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    RT_INFO_VAL(size_t, img ? c->image_max_3d_width : 0);
  case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    RT_INFO_VAL(size_t, img ? c->image_max_3d_height : 0);
  case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    RT_INFO_VAL(size_t, img ? c->image_max_3d_depth : 0);
  case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    RT_INFO_VAL(size_t, img ? c->image_max_buffer_size : 0);
  case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
    RT_INFO_VAL(size_t, img ? c->image_max_array_size : 0);
  case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    RT_INFO_VAL(cl_uint, img ? c->image_pitch_alignment : 0);
  case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
    RT_INFO_VAL(cl_uint, img ? c->image_base_address_alignment : 0);
  case CL_DEVICE_MAX_PARAMETER_SIZE:
    RT_INFO_VAL(size_t, 1024);
  case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
    RT_INFO_VAL(cl_uint, 1024); /* bits: long16 */
  case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
    RT_INFO_VAL(cl_uint, 128);
  case CL_DEVICE_SINGLE_FP_CONFIG:
    RT_INFO_VAL(cl_device_fp_config,
                CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA);
  case CL_DEVICE_DOUBLE_FP_CONFIG:
    /* OpenCL 1.2's minimum for cl_khr_fp64, which the FP64 unit meets */
    RT_INFO_VAL(cl_device_fp_config, c->fp64 ? CL_FP_FMA | CL_FP_ROUND_TO_NEAREST |
                                                   CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF |
                                                   CL_FP_INF_NAN | CL_FP_DENORM
                                             : 0);
  case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
    RT_INFO_VAL(cl_device_mem_cache_type, c->l2_bytes ? CL_READ_WRITE_CACHE : CL_NONE);
  case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
    RT_INFO_VAL(cl_uint, c->l2_line);
  case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
    RT_INFO_VAL(cl_ulong, c->l2_bytes);
  case CL_DEVICE_GLOBAL_MEM_SIZE:
    RT_INFO_VAL(cl_ulong, c->dram_bytes);
  case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
    RT_INFO_VAL(cl_ulong, 65536);
  case CL_DEVICE_MAX_CONSTANT_ARGS:
    RT_INFO_VAL(cl_uint, 8);
  case CL_DEVICE_LOCAL_MEM_TYPE:
    RT_INFO_VAL(cl_device_local_mem_type, CL_LOCAL);
  case CL_DEVICE_LOCAL_MEM_SIZE:
    RT_INFO_VAL(cl_ulong, c->lds_max_per_wg);
  case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
  case CL_DEVICE_HOST_UNIFIED_MEMORY:
    RT_INFO_VAL(cl_bool, CL_FALSE);
  case CL_DEVICE_LINKER_AVAILABLE: /* llvm-link over clCompileProgram's bitcode */
    RT_INFO_VAL(cl_bool, CL_TRUE);
  case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
    RT_INFO_VAL(size_t, 1);
  case CL_DEVICE_ENDIAN_LITTLE:
  case CL_DEVICE_AVAILABLE:
  case CL_DEVICE_COMPILER_AVAILABLE:
  case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
    RT_INFO_VAL(cl_bool, CL_TRUE);
  case CL_DEVICE_EXECUTION_CAPABILITIES:
    /* Native kernels run on the host in queue order (rt_launch.c). */
    RT_INFO_VAL(cl_device_exec_capabilities, CL_EXEC_KERNEL | CL_EXEC_NATIVE_KERNEL);
  case CL_DEVICE_QUEUE_PROPERTIES:
    /* Executing in order is a valid schedule for an out-of-order queue. */
    RT_INFO_VAL(cl_command_queue_properties,
                CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
  case CL_DEVICE_BUILT_IN_KERNELS:
    return rt_info_str(size, value, size_ret, "");
  case CL_DEVICE_PLATFORM:
    RT_INFO_VAL(cl_platform_id, dev->platform);
  case CL_DEVICE_NAME:
    return rt_info_str(size, value, size_ret, c->name);
  case CL_DEVICE_VENDOR:
    return rt_info_str(size, value, size_ret, "wavesim project");
  case CL_DRIVER_VERSION:
    return rt_info_str(size, value, size_ret, RT_DRIVER_VERSION);
  case CL_DEVICE_PROFILE:
    return rt_info_str(size, value, size_ret, "FULL_PROFILE");
  case CL_DEVICE_VERSION:
    return rt_info_str(size, value, size_ret, RT_CL_VERSION_TEXT " wavesim");
  case CL_DEVICE_NUMERIC_VERSION:
    RT_INFO_VAL(cl_version, RT_CL_VERSION);
  case CL_DEVICE_OPENCL_C_VERSION:
    /* Deprecated in 3.0: the highest version whose every optional feature
     * the device has; OpenCL C 2.0 needs pipes and device-side enqueue */
    return rt_info_str(size, value, size_ret, "OpenCL C 1.2 wavesim");
  case CL_DEVICE_OPENCL_C_NUMERIC_VERSION_KHR: /* cl_khr_extended_versioning: the same */
    RT_INFO_VAL(cl_version, CL_MAKE_VERSION(1, 2, 0));
  case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
    cl_name_version v[sizeof rt_c_versions / sizeof rt_c_versions[0]];
    memset(v, 0, sizeof v);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
      v[i].version = rt_c_versions[i];
      snprintf(v[i].name, sizeof v[i].name, "OpenCL C");
    }
    return rt_info(size, value, size_ret, v, sizeof v);
  }
  case CL_DEVICE_OPENCL_C_FEATURES:
    return rt_info_ext(dev->platform, dev, FE_EXT_FEATURE, 1, size, value, size_ret);
  case CL_DEVICE_EXTENSIONS:
    return rt_info_str(size, value, size_ret, dev->target.extensions);
  case CL_DEVICE_EXTENSIONS_WITH_VERSION:
    return rt_info_ext(dev->platform, dev, FE_EXT_EXTENSION, 1, size, value, size_ret);
  case CL_DEVICE_PRINTF_BUFFER_SIZE:
    RT_INFO_VAL(size_t, RT_PRINTF_BUFFER_BYTES);
  case CL_DEVICE_PARENT_DEVICE:
    RT_INFO_VAL(cl_device_id, NULL);
  case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
    RT_INFO_VAL(cl_uint, 0);
  case CL_DEVICE_PARTITION_PROPERTIES:
    RT_INFO_VAL(cl_device_partition_property, 0);
  case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
    RT_INFO_VAL(cl_device_affinity_domain, 0);
  case CL_DEVICE_PARTITION_TYPE:
    return rt_info(size, value, size_ret, NULL, 0);
  case CL_DEVICE_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, 1);
  case CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR: /* both input forms (spv_bits.c) */
    RT_INFO_VAL(cl_device_integer_dot_product_capabilities_khr,
                CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                    CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR);
  case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR:
  case CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR: {
    /* every sign combination, plain and saturating, is one v_dot4 (isa.def) */
    cl_device_integer_dot_product_acceleration_properties_khr all = {CL_TRUE, CL_TRUE, CL_TRUE,
                                                                     CL_TRUE, CL_TRUE, CL_TRUE};
    return rt_info(size, value, size_ret, &all, sizeof all);
  }
  /* ---- OpenCL 2.x/3.0 ---- */
  case CL_DEVICE_IL_VERSION:
  case CL_DEVICE_ILS_WITH_VERSION: {
    /* the SPIR-V versions the reader takes (fe.h FE_SPIRV_VERSION_MIN/MAX) */
    enum { lo = (FE_SPIRV_VERSION_MIN >> 8) & 0xff, hi = (FE_SPIRV_VERSION_MAX >> 8) & 0xff };
    cl_name_version v[hi - lo + 1];
    char text[16 * (hi - lo + 1)];
    size_t len = 0;
    memset(v, 0, sizeof v);
    for (int m = lo; m <= hi; m++) {
      v[m - lo].version = CL_MAKE_VERSION(1, m, 0);
      snprintf(v[m - lo].name, sizeof v[m - lo].name, "SPIR-V");
      len += (size_t)snprintf(text + len, sizeof text - len, "%sSPIR-V_1.%d", m > lo ? " " : "", m);
    }
    if (param == CL_DEVICE_ILS_WITH_VERSION) return rt_info(size, value, size_ret, v, sizeof v);
    return rt_info_str(size, value, size_ret, text);
  }
  case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
    return rt_info(size, value, size_ret, NULL, 0);
  case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
    /* the query's format (vYYYY-MM-DD-XX) with no date: wavesim has not
     * been through the Khronos conformance process */
    return rt_info_str(size, value, size_ret, "v0000-00-00-00");
  case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
  case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
    RT_INFO_VAL(cl_device_atomic_capabilities,
                rt_atomic_caps(dev, param == CL_DEVICE_ATOMIC_FENCE_CAPABILITIES));
  case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    /* a smaller last group in each dimension (rt_launch.c, sim_group_coords)
     * for programs built as OpenCL C 2.0/3.0 or SPIR-V (isa_kernel.uniform_wg) */
    RT_INFO_VAL(cl_bool, CL_TRUE);
  case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
    /* the same fact as fe_ext.def's __opencl_c_generic_address_space */
    RT_INFO_VAL(cl_bool, CL_TRUE);
  case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    /* sub-group operations, __local scratch and barriers (spv_wgroup.c);
     * the same fact as fe_ext.def's __opencl_c_work_group_collective_functions */
    RT_INFO_VAL(cl_bool, CL_TRUE);
  case CL_DEVICE_PIPE_SUPPORT:
    RT_INFO_VAL(cl_bool, CL_FALSE);
  /* sub-groups are the waves of a work-group (cl_khr_subgroups) */
  case CL_DEVICE_MAX_NUM_SUB_GROUPS:
    RT_INFO_VAL(cl_uint, (cl_uint)((dev->max_wg_size + c->wave_size - 1) / c->wave_size));
  case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
    /* the waves of a group are scheduled independently, but nothing
     * guarantees one waiting on another makes progress: not claimed */
    RT_INFO_VAL(cl_bool, CL_FALSE);
  case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
    RT_INFO_VAL(cl_device_device_enqueue_capabilities, 0);
  case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    /* a wave: as CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE */
    RT_INFO_VAL(size_t, c->wave_size);
  /* what the device does not have, by value (OpenCL 3.0 4.2: optional) */
  case CL_DEVICE_SVM_CAPABILITIES:
    RT_INFO_VAL(cl_device_svm_capabilities, 0);
  case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
  case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
    /* a program's __global variables share one segment of at most this */
    RT_INFO_VAL(size_t, FE_MAX_SEGMENT_BYTES);
  case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
  case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
    RT_INFO_VAL(cl_uint, 0); /* 0: the natural alignment of the type */
  case CL_DEVICE_MAX_PIPE_ARGS:
  case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
  case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
  case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
  case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
  case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
    RT_INFO_VAL(cl_uint, 0);
  case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    RT_INFO_VAL(cl_command_queue_properties, 0);
  /* cl_khr_device_uuid */
  case CL_DEVICE_UUID_KHR: {
    cl_uchar u[CL_UUID_SIZE_KHR];
    cl_int e2 = rt_device_uuid(dev, u);
    return e2 != CL_SUCCESS ? e2 : rt_info(size, value, size_ret, u, sizeof u);
  }
  case CL_DRIVER_UUID_KHR: {
    /* the driver's name and version: one per wavesim release */
    static const char id[] = "wavesim driver " RT_DRIVER_VERSION;
    cl_uchar u[CL_UUID_SIZE_KHR];
    rt_uuid(id, sizeof id - 1, u);
    return rt_info(size, value, size_ret, u, sizeof u);
  }
  case CL_DEVICE_LUID_VALID_KHR: /* no operating-system adapter behind the device */
    RT_INFO_VAL(cl_bool, CL_FALSE);
  case CL_DEVICE_LUID_KHR: {
    cl_uchar l[CL_LUID_SIZE_KHR] = {0};
    return rt_info(size, value, size_ret, l, sizeof l);
  }
  case CL_DEVICE_NODE_MASK_KHR:
    RT_INFO_VAL(cl_uint, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

/* The root device is not reference counted (the spec makes retain/release
 * of root devices no-ops). */
CL_API_ENTRY cl_int CL_API_CALL clRetainDevice(cl_device_id d) {
  return RT_VALID(d, RT_MAGIC_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseDevice(cl_device_id d) {
  return RT_VALID(d, RT_MAGIC_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateSubDevices(cl_device_id d,
                                                   const cl_device_partition_property *props,
                                                   cl_uint n, cl_device_id *out, cl_uint *nout) {
  (void)props, (void)n, (void)out, (void)nout;
  cl_int e = rt_device_check(d);
  /* CL_DEVICE_PARTITION_MAX_SUB_DEVICES is 0: no partitioning. */
  return e != CL_SUCCESS ? e : CL_INVALID_VALUE;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void) {
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform) {
  return RT_VALID(platform, RT_MAGIC_PLATFORM) ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

/* ---- statistics ---------------------------------------------------------- */

void rt_trace_begin(struct _cl_device_id *d, sim_launch *l) {
  struct _cl_platform_id *p = d->platform;
  l->trace = NULL;
  if (!p->trace_path || p->trace_failed || l->functional_only) return;
  char err[512];
  if (!p->trace &&
      !(p->trace = trace_open(p->trace_path, (trace_detail)p->trace_detail, err, sizeof err))) {
    p->trace_failed = 1; /* say it once; kernels still run */
    fprintf(stderr, "wavesim: WAVESIM_TRACE: %s\n", err);
    return;
  }
  trace_launch tl = {.kernel = l->kernel->name,
                     .start_us = (double)d->now_ns / 1000.0,
                     .clock_mhz = d->cfg->clock_mhz,
                     .dispatch_cycles = sim_launch_overhead(d->cfg, l),
                     .cus = (uint32_t)d->cfg->cu_count,
                     .simds_per_cu = (uint32_t)d->cfg->cu_simds};
  for (int i = 0; i < 3; i++) tl.global[i] = l->global_size[i], tl.local[i] = l->local_size[i];
  trace_launch_begin(p->trace, &tl);
  l->trace = p->trace;
}

void rt_trace_end(struct _cl_device_id *d, sim_launch *l, const sim_stats *s) {
  struct _cl_platform_id *p = d->platform;
  char err[512];
  if (!l->trace) return;
  l->trace = NULL;
  if (trace_launch_end(p->trace, s->cycles, err, sizeof err) != 0) {
    p->trace_failed = 1;
    fprintf(stderr, "wavesim: WAVESIM_TRACE: %s\n", err);
  }
}

void rt_stats_record(struct _cl_platform_id *p, const sim_stats *s) {
  char err[512];
  if (p->db_path && !p->db && !p->db_failed) {
    p->db = sim_statsdb_open(p->db_path, err, sizeof err);
    p->db_pid = (long)getpid();
    if (!p->db) {
      p->db_failed = 1; /* say it once; kernels still run */
      fprintf(stderr, "wavesim: statistics database %s: %s\n", p->db_path, err);
    }
  }
  if (p->db && sim_statsdb_write(p->db, s, err, sizeof err) < 0)
    fprintf(stderr, "wavesim: statistics database %s: %s\n", p->db_path, err);
  if (p->report_path) {
    FILE *f = fopen(p->report_path, "a");
    if (!f) {
      fprintf(stderr, "wavesim: WAVESIM_REPORT=%s: cannot open for appending\n", p->report_path);
      return;
    }
    uint64_t insts = 0;
    for (int u = 0; u < ISA_UNIT_COUNT; u++) insts += s->inst[u];
    fprintf(f,
            "kernel=%s global=%llux%llux%llu local=%llux%llux%llu cycles=%llu time_ns=%.3f "
            "waves=%llu wave_insts=%llu occupancy=%.3f limiter=%s",
            s->kernel, (unsigned long long)s->global_size[0], (unsigned long long)s->global_size[1],
            (unsigned long long)s->global_size[2], (unsigned long long)s->local_size[0],
            (unsigned long long)s->local_size[1], (unsigned long long)s->local_size[2],
            (unsigned long long)s->cycles, s->time_ns, (unsigned long long)s->waves,
            (unsigned long long)insts, s->achieved_occupancy, s->limiter);
    /* sampled: cycles is an estimate, with its relative 95 % bound */
    if (s->sampled) fprintf(f, " sampled=%.4f", s->sample_error_bound);
    fputc('\n', f);
    fclose(f);
  }
}
