/* The OpenCL runtime's internal view: the CL object structs (each starting
 * with the ICD dispatch pointer), type tags, commands, and shared helpers. */
#ifndef WAVESIM_RT_H
#define WAVESIM_RT_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_icd.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "fe.h"
#include "isa.h"
#include "isa_image.h"
#include "rt_target.h"
#include "sim.h"
#include "stats.h"

/* Type tags: a handle of the wrong type, a released one (tag cleared) or,
 * with luck, garbage fails the check with the right CL_INVALID_* code. */
enum {
  RT_MAGIC_PLATFORM = 0x57504c54, /* "WPLT" */
  RT_MAGIC_DEVICE = 0x57444556,
  RT_MAGIC_CONTEXT = 0x57435458,
  RT_MAGIC_QUEUE = 0x57515545,
  RT_MAGIC_MEM = 0x574d454d,
  RT_MAGIC_PROGRAM = 0x57505247,
  RT_MAGIC_KERNEL = 0x574b524e,
  RT_MAGIC_EVENT = 0x57455654,
  RT_MAGIC_SAMPLER = 0x57534d50,
  RT_MAGIC_DEAD = 0xdeadbeef,
};

#define RT_VALID(obj, tag) ((obj) != NULL && (obj)->magic == (tag))

extern const struct _cl_icd_dispatch rt_dispatch;

typedef enum rt_mode { RT_MODE_TIMING, RT_MODE_FUNCTIONAL } rt_mode;

/* WAVESIM_CONFIG may name several configs (comma-separated): one device each.
 * Per-device state in contexts, buffers, programs and kernels is indexed by
 * the device's position in its context, so arrays of this size suffice. */
#define RT_MAX_DEVICES 16
/* The OpenCL version the platform and its devices implement: the
 * CL_PLATFORM/DEVICE_VERSION strings, their numeric versions and the
 * __OPENCL_VERSION__ kernels see are all made from these two. */
#define RT_CL_MAJOR 3
#define RT_CL_MINOR 1
#define RT_STR_(x) #x
#define RT_STR(x) RT_STR_(x)
#define RT_CL_VERSION_TEXT "OpenCL " RT_STR(RT_CL_MAJOR) "." RT_STR(RT_CL_MINOR)

struct _cl_device_id {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  struct _cl_platform_id *platform;
  sim_device *sim;       /* NULL when the config failed to load */
  const cfg_device *cfg; /* the sim device's copy */
  fe_target target;
  uint64_t now_ns; /* simulated device timeline: when the device is next free */
  size_t max_wg_size;
  cl_uint index;                 /* position in the platform's device list */
  char config_name[128];         /* preset name or file the config came from ("#2" on a repeat) */
  char overrides[512];           /* its WAVESIM_SET overrides, "key=value;..." ("" for none) */
  char extensions[RT_EXT_BYTES]; /* CL_DEVICE_EXTENSIONS (fe_ext.def); target.extensions */
};

struct _cl_platform_id {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  /* One lock for all runtime state: commands run one at a time, each on its
   * queue's simulated device. Recursive so event callbacks may call cl*. */
  pthread_mutex_t lock;
  pthread_cond_t cond;                          /* broadcast whenever an event changes status */
  struct _cl_device_id devices[RT_MAX_DEVICES]; /* one per WAVESIM_CONFIG entry */
  cl_uint ndevices;                             /* 0 when a config failed to load */
  char *config_error;                           /* why there are no devices, or NULL */
  /* Simulated host clock (ns, the devices' time base): what the host has
   * observed. Blocking calls advance it to the END of what they waited for;
   * commands are QUEUED at it. */
  uint64_t host_ns;
  rt_mode mode;
  uint32_t checks;       /* WAVESIM_CHECK: SIM_CHECK_* bits for every launch */
  int progress;          /* WAVESIM_PROGRESS: a progress line on a terminal (not 'off') */
  double progress_after; /* its seconds before the line appears (default 3) */
  int sample;            /* WAVESIM_SAMPLE=1: sampled timing for every launch (sim_sample.h) */
  uint32_t threads;      /* WAVESIM_THREADS: host threads per timing launch (default: the cores) */
  fe_compiler *compiler; /* made at set-up with rt_opts.c's options */
  char *config_dir;      /* WAVESIM_CONFIG_DIR, or NULL: the configured presets */
  /* statistics */
  sim_statsdb *db; /* opened at the first launch, closed at process exit */
  long db_pid;     /* the process that opened db (a forked child never closes it) */
  int db_failed;
  char *db_path;              /* NULL: statistics database disabled */
  char *report_path;          /* WAVESIM_REPORT, or NULL */
  char *capture_dir;          /* WAVESIM_CAPTURE: where each launch is captured, or NULL */
  unsigned capture_seq;       /* launches captured so far (their directories' numbers) */
  int capture_failed;         /* said once; the program runs on */
  char *trace_path;           /* WAVESIM_TRACE timeline file, or NULL */
  struct trace_writer *trace; /* opened at the first timed launch */
  int trace_detail;           /* trace_detail (traces/trace.h): WAVESIM_TRACE_DETAIL */
  int trace_failed;
  struct _cl_context *contexts; /* live contexts, for draining queues */
};

typedef void(CL_CALLBACK *rt_ctx_notify)(const char *, const void *, size_t, void *);

typedef void(CL_CALLBACK *rt_mem_cb)(cl_mem, void *);
typedef void(CL_CALLBACK *rt_ctx_cb)(cl_context, void *);

/* A destructor callback of a memory object or a context; lists are kept
 * newest first, because the spec calls them in reverse order of
 * registration. */
typedef struct rt_dtor {
  union {
    rt_mem_cb mem;
    rt_ctx_cb ctx;
  } fn;
  void *data;
  struct rt_dtor *next;
} rt_dtor;

/* Pushes a callback onto *list (under the runtime lock); CL_OUT_OF_HOST_MEMORY
 * when no node can be allocated. */
cl_int rt_dtor_push(rt_dtor **list, rt_dtor d);

struct _cl_context {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_platform_id *platform;
  struct _cl_device_id *devices[RT_MAX_DEVICES]; /* without duplicates, in the user's order */
  cl_uint ndev;
  cl_context_properties props[3];
  cl_uint nprops; /* entries of props reported (0 or 3) */
  rt_ctx_notify notify;
  void *notify_data;
  struct _cl_command_queue *queues; /* live queues, linked by next */
  rt_dtor *dtors;                   /* clSetContextDestructorCallback, newest first */
  struct _cl_context *next;
};

typedef struct rt_cmd rt_cmd;

struct _cl_command_queue {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_context *ctx;
  struct _cl_device_id *device;
  cl_command_queue_properties props;
  cl_queue_properties prop_list[3];
  cl_uint nprop_list;
  rt_cmd *head, *tail; /* commands waiting for their wait lists (in order) */
  int failed;          /* a command failed since the last clFinish */
  int busy;            /* its head command is running */
  uint64_t last_end;   /* latest END of its commands: what clFinish waits for */
  struct _cl_command_queue *next;
};

/* A mapping of a tiled image's region: the host sees a linear copy that
 * unmap writes back (rt_image_cmd.c). */
typedef struct rt_image_map {
  uint8_t *ptr;
  size_t origin[3], region[3];
  size_t row, slice; /* the copy's pitches */
  int write;         /* mapped for writing: copied back at unmap */
  struct rt_image_map *next;
} rt_image_map;

/* What an image adds to its cl_mem (rt_image.c). The texels are the mem's
 * storage (addr[], size; a 1D buffer image's are its buffer's, the mem's
 * `parent`); each device also holds the 64-byte descriptor kernels get. */
typedef struct rt_image {
  cl_image_format format;
  cl_mem_object_type type;
  /* as clGetImageInfo reports them: 0 where the type has no such dimension */
  size_t width, height, depth, array_size;
  size_t row_pitch, slice_pitch;      /* CL_IMAGE_ROW/SLICE_PITCH (linear host view) */
  isa_image_desc layout;              /* the device layout; data is 0 (per device: addr[]) */
  uint64_t desc_addr[RT_MAX_DEVICES]; /* descriptor address, by context device index */
  rt_image_map *maps;
} rt_image;

struct _cl_mem {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_context *ctx;
  cl_mem_flags flags;
  size_t size;
  void *host_ptr; /* CL_MEM_USE_HOST_PTR pointer (offset for sub-buffers) */
  /* One storage per context: the first device allocates it, every other
   * device of the context maps the same bytes at its own address. */
  uint64_t addr[RT_MAX_DEVICES]; /* device address, by context device index */
  struct _cl_mem *parent;        /* sub-buffers, 1D buffer images: retained buffer */
  size_t origin;
  cl_uint map_count;
  rt_dtor *dtors;
  rt_image *img; /* NULL for buffers */
};

struct _cl_sampler {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_context *ctx;
  cl_bool normalized;
  cl_addressing_mode addressing;
  cl_filter_mode filter;
  uint32_t word; /* what kernels get (isa_image.h ISA_SAMPLER_*) */
  cl_sampler_properties
      props[7]; /* clCreateSamplerWithProperties' list, for CL_SAMPLER_PROPERTIES */
  cl_uint nprops;
};

/* What a program holds for one device: each device has its own target
 * (wave size, fp64, extensions), hence its own build. */
typedef struct rt_prog_dev {
  char *log;
  cl_build_status status;
  isa_program *prog;
  /* The program's segments on this device (isa_program.segs), placed and
   * initialised at the first launch of any of its kernels (rt_program_segments);
   * 0 for an empty segment. The __global segment persists across launches. */
  uint64_t seg_addr[ISA_NSEGS];
  int segs_placed;
  /* Separate compilation: a compiled object, a library, or an executable
   * linked from them is kept as LLVM bitcode (its CL_PROGRAM_BINARIES). */
  cl_program_binary_type bintype;
  void *bc;
  size_t bc_len;
  /* the (kernel, line) pairs whose out-of-bounds accesses were reported:
   * once per program's kernel and line, however often it is launched */
  sim_oob_seen oob_seen;
} rt_prog_dev;

struct _cl_program {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_context *ctx;
  char *source; /* NULL for IL programs */
  uint32_t *il; /* SPIR-V words, or NULL */
  size_t il_words;
  fe_spec_value *spec; /* clSetProgramSpecializationConstant's values, in order */
  size_t nspec;
  char *options;
  char *bin_options; /* from clCreateProgramWithBinary: the options it was built with */
  /* The program's devices (spec: the context's, or those given with its
   * binaries), as a mask over context device indices. */
  uint32_t devmask;
  rt_prog_dev dev[RT_MAX_DEVICES]; /* by context device index */
  char *kernel_names;              /* "a;b;c", from the first device built */
  cl_uint nkernels_live;           /* kernels created from it: a rebuild is refused */
  int arg_info;                    /* built or compiled with -cl-kernel-arg-info */
};

typedef struct rt_arg {
  int set;
  struct _cl_mem *mem; /* pointer args: the buffer (NULL for a NULL pointer) */
  size_t local_size;   /* __local args: bytes requested */
} rt_arg;

struct _cl_kernel {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_program *program;
  const isa_kernel *k; /* the first device's, for device-independent queries */
  /* By context device index: the compiled kernel (NULL where the program
   * was not built for that device; owned by program->dev[i].prog) and the
   * by-value arguments as set, in that device's kernarg layout. */
  const isa_kernel *kd[RT_MAX_DEVICES];
  uint8_t *kernarg[RT_MAX_DEVICES];
  rt_arg *args;
};

typedef void(CL_CALLBACK *rt_event_cb)(cl_event, cl_int, void *);

typedef struct rt_event_callback {
  rt_event_cb fn;
  void *data;
  cl_int when; /* CL_SUBMITTED, CL_RUNNING or CL_COMPLETE */
  struct rt_event_callback *next;
} rt_event_callback;

struct _cl_event {
  const struct _cl_icd_dispatch *dispatch;
  uint32_t magic;
  cl_uint refs;
  struct _cl_context *ctx;
  struct _cl_command_queue *queue; /* retained; NULL for user events */
  cl_command_type type;
  cl_int status;
  cl_ulong t_queued, t_submit, t_start, t_end;
  rt_event_callback *callbacks;
};

/* A command waiting in (or passing through) a queue. run() does the work and
 * returns CL_COMPLETE or a negative execution status; *duration_ns is the
 * simulated time it took. fini() drops what the command holds. */
struct rt_cmd {
  rt_cmd *next;
  struct _cl_event *event; /* always present; the user may hold a reference */
  cl_uint nwait;
  cl_event *wait; /* retained */
  cl_int (*run)(rt_cmd *c, uint64_t *duration_ns);
  void (*fini)(rt_cmd *c);
};

/* ---- platform (rt_platform.c) ---- */
/* The process-wide platform, created on first use (the ICD model has one
 * platform object per vendor library, so this is the only global state). */
struct _cl_platform_id *rt_platform_get(void);
void rt_lock(void);
void rt_unlock(void);
/* Check a device handle and that the config loaded. */
cl_int rt_device_check(cl_device_id d);
/* The device's index in the context, or -1 when it is not one of its devices. */
int rt_ctx_index(const struct _cl_context *ctx, const struct _cl_device_id *d);
/* The simulated host clock advances to t (a completion the host waited for). */
void rt_host_observe(uint64_t t);
/* The statistics sink for one launch: database write and WAVESIM_REPORT line. */
void rt_stats_record(struct _cl_platform_id *p, const sim_stats *s);
/* WAVESIM_TRACE: sets l->trace and starts the launch's timeline (timing mode
 * only); rt_trace_end writes it once sim_run returns. No-ops without a trace. */
void rt_trace_begin(struct _cl_device_id *d, sim_launch *l);
/* rt_capture.c (WAVESIM_CAPTURE): writes the launch's program, NDRange,
 * arguments and input bytes before it runs (NULL when not capturing or
 * the capture failed, said once), and its outputs after it (`ran`: it
 * completed). mems: its pointer and image arguments' objects in argument
 * order, NULL pointers left out (rt_launch.c's list). */
typedef struct rt_capture rt_capture;
rt_capture *rt_capture_begin(struct _cl_device_id *d, struct _cl_kernel *k, int di,
                             const sim_launch *l, struct _cl_mem *const *mems, uint32_t nmems);
void rt_capture_end(rt_capture *c, struct _cl_platform_id *p, int ran);
/* rt_program.c: device di's CL_PROGRAM_BINARIES entry (malloc'd, *len bytes),
 * NULL when it has none (an IL program) or memory ran out. */
unsigned char *rt_program_binary(const struct _cl_program *p, cl_uint di, size_t *len);
void rt_trace_end(struct _cl_device_id *d, sim_launch *l, const sim_stats *s);

/* ---- helpers (rt_util.c) ---- */
/* Copy a query answer out following the clGet*Info rules. */
cl_int rt_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size);
cl_int rt_info_str(size_t size, void *value, size_t *size_ret, const char *s);
#define RT_INFO_VAL(type, v)                                                                       \
  do {                                                                                             \
    type rt_v_ = (type)(v);                                                                        \
    return rt_info(size, value, size_ret, &rt_v_, sizeof rt_v_);                                   \
  } while (0)
static inline void rt_err(cl_int *errcode_ret, cl_int e) {
  if (errcode_ret) *errcode_ret = e;
}
char *rt_strdup(const char *s);
/* Append printf-style text to a malloc'd string. */
void rt_strcat(char **s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- objects ---- */
void rt_context_retain(struct _cl_context *c);
void rt_context_release(struct _cl_context *c);
void rt_mem_retain(struct _cl_mem *m);
void rt_mem_release(struct _cl_mem *m);
void rt_program_release_internal(struct _cl_program *p);

/* ---- events (rt_event.c) ---- */
/* Validate a wait list against the queue's context. */
cl_int rt_check_wait_list(struct _cl_context *ctx, cl_uint n, const cl_event *list);
/* A new event of context ctx (retained), QUEUED on q at the host's time, or a
 * SUBMITTED user event when q is NULL. Call with the lock held; NULL on
 * out-of-memory. */
struct _cl_event *rt_event_new(struct _cl_context *ctx, struct _cl_command_queue *q,
                               cl_command_type type);
/* Sets e's status, fires the callbacks it is due and wakes waiters; call with
 * the lock held. */
void rt_event_set_status(struct _cl_event *e, cl_int status);
void rt_event_release_internal(struct _cl_event *e);

/* ---- commands and their queues (rt_queue.c) ---- */
/* Fills the common part of a command allocated by the caller (size bytes,
 * zeroed) and creates its event. Returns NULL on out-of-memory. */
rt_cmd *rt_cmd_new(size_t size, struct _cl_command_queue *q, cl_command_type type, cl_uint nwait,
                   const cl_event *wait);
/* Frees a command that was never submitted. */
void rt_cmd_discard(rt_cmd *c);
/* Queue the command and run every command whose wait list is satisfied.
 * Hands the event to the user through *event_out (retained) if requested;
 * with blocking set, waits for it and returns
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST when it failed. */
cl_int rt_submit(struct _cl_command_queue *q, rt_cmd *c, cl_event *event_out, int blocking);
/* Run every runnable command of every queue of the platform. */
void rt_drain(void);

/* ---- memory (rt_mem.c) ---- */
void *rt_mem_host(struct _cl_mem *m, size_t offset, size_t size);
/* Checks a creation's flags: one of each group, USE_HOST_PTR alone among
 * the host-pointer flags. CL_SUCCESS or CL_INVALID_VALUE. */
cl_int rt_mem_check_flags(cl_mem_flags flags);
/* A map's checks shared by buffers and images: CL_INVALID_VALUE for bad map
 * flags or a bad region (bad_range, the caller's test), else
 * CL_INVALID_OPERATION when the memory's host-access flags forbid the map. */
cl_int rt_map_check(cl_map_flags flags, cl_mem_flags mem_flags, int bad_range);
/* The smallest CL_DEVICE_MAX_MEM_ALLOC_SIZE among the context's devices. */
uint64_t rt_mem_max_alloc(struct _cl_context *ctx);
/* Storage of `size` bytes on the context's first device (the user's bytes
 * with use_host), mapped at its own address into every other device;
 * addresses to addr[] by context device index. 0 or -1. Caller holds the
 * lock; rt_mem_storage_free undoes it. */
int rt_mem_storage_alloc(struct _cl_context *ctx, size_t size, void *use_host, uint64_t *addr);
void rt_mem_storage_free(struct _cl_context *ctx, const uint64_t *addr);
/* A new cl_mem of ctx (retained) with the common fields set. */
struct _cl_mem *rt_mem_new(struct _cl_context *ctx, cl_mem_flags flags, size_t size);

/* ---- images and samplers (rt_image.c, rt_image_cmd.c, rt_sampler.c) ---- */
/* Frees what an image holds besides its storage (descriptors, mappings);
 * called by rt_mem_release with the lock held. */
void rt_image_free(struct _cl_mem *m);
/* clEnqueueUnmapMemObject for an image. */
cl_int rt_image_unmap(cl_command_queue q, cl_mem m, void *ptr, cl_uint n, const cl_event *list,
                      cl_event *event);
/* Whether any device of the context supports images (image.support). */
int rt_ctx_images(const struct _cl_context *ctx);
/* Whether the device's image limits admit the image. */
int rt_image_fits(const struct _cl_device_id *dev, const rt_image *im);
/* The image's extent as isa_image_texel_offset indexes it: x, then y (a
 * 1D array's layer), then z (a 2D array's layer or a 3D image's slice). */
void rt_image_extent(const rt_image *im, size_t ext[3]);
/* Copies the image's region (origin/region in the extent's terms) to or
 * from linear host bytes whose rows are ystride and slices zstride apart,
 * through isa_image_texel_offset. [*lo, *hi): device bytes touched, from
 * the storage's start (*lo > *hi when none). Caller holds the lock. */
void rt_image_copy_host(struct _cl_mem *m, const size_t origin[3], const size_t region[3],
                        uint8_t *host, size_t ystride, size_t zstride, int to_dev, uint64_t *lo,
                        uint64_t *hi);
/* Simulated time of a copy within device memory (dram.bandwidth_gbs) and of
 * one between host and device (host_link.latency_ns + bandwidth_gbs). */
uint64_t rt_transfer_ns(struct _cl_device_id *d, size_t bytes);
uint64_t rt_host_transfer_ns(struct _cl_device_id *d, size_t bytes);

/* ---- kernels (rt_kernel.c) ---- */
/* Work-group size limit for this kernel from its registers and the device. */
size_t rt_kernel_max_wg(const isa_kernel *k, const struct _cl_device_id *d);
/* The work-group's LDS layout (isa.h ABI): static __local variables, then each
 * __local argument at the next multiple of ISA_LDS_ALIGN. Returns the total
 * bytes; writes argument i's LDS offset to offsets[i] when offsets is given. */
uint64_t rt_kernel_lds_layout(const isa_kernel *k, const rt_arg *args, uint64_t *offsets);

/* rt_printf.c: kernels that call printf get a buffer per launch (its address
 * written into the kernarg's hidden slot; 0 when the kernel has no printf or
 * allocation failed); after the launch its records go to stdout, grouped by
 * work-item in global linear id order, and the buffer is freed. */
#define RT_PRINTF_BUFFER_BYTES (1u << 20) /* CL_DEVICE_PRINTF_BUFFER_SIZE */
uint64_t rt_printf_begin(sim_device *sim, const isa_kernel *k, uint8_t *kernarg);
void rt_printf_end(sim_device *sim, const isa_program *prog, const sim_launch *l, uint64_t addr);

/* rt_program.c: places program p's segments on context device i on first use
 * (device memory like any buffer's; relocations made absolute); later calls
 * do nothing. CL_SUCCESS or CL_OUT_OF_RESOURCES (no device memory left, or
 * a relocation outside its segment), with a message on stderr. */
cl_int rt_program_segments(struct _cl_program *p, cl_uint i);

#endif
