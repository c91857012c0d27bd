/* A compute unit's texture unit in the timing model (an instance per CU, in
 * its memory side, sim_cu_mem.h): image reads and
 * writes take it for their texels (address computation, format conversion,
 * filtering), then fetch every texel's line through the L1, which the
 * texture path shares (its downstream). */
#ifndef WAVESIM_SIM_TEX_H
#define WAVESIM_SIM_TEX_H

#include "cfg.h"
#include "isa.h"
#include "sim_l1.h"
#include "sim_res.h"

typedef struct sim_tex_params {
  double taps_per_cycle; /* texture.taps_per_cycle; 0: unlimited */
  uint64_t latency;      /* texture.latency: sampled reads */
  uint64_t load_latency; /* texture.load_latency: reads without a sampler */
} sim_tex_params;

/* Its counters: the stats.def rows of group `texture` (stats_group.h). */
typedef struct sim_tex_stats {
#define SIM_STATS_GROUP_texture SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_texture
} sim_tex_stats;

typedef struct sim_tex {
  sim_tex_stats stats; /* this launch's; zeroed by reset */
  sim_tex_params p;
  sim_res unit; /* when the unit is free */
  sim_l1 *l1;   /* downstream: its CU's L1, which the texels' lines go through */
} sim_tex;

void sim_tex_params_read(sim_tex_params *p, const cfg_device *cfg);
void sim_tex_init(sim_tex *x, const sim_tex_params *p, sim_l1 *l1);
void sim_tex_reset(sim_tex *x);

/* An image instruction of its CU issued at `now` whose texels are t (every
 * lane's taps; isa_image.h): the texture unit takes them, then each tap
 * index's lanes go through the L1 as one access (neighbouring lanes'
 * texels share lines, more so in a tiled image). A read adds
 * texture.latency when t->sampled, else texture.load_latency. Returns when
 * the data is back (reads) or the writes are acknowledged; *nreq gets the
 * line requests. */
uint64_t sim_tex_access(sim_tex *x, uint64_t now, const isa_tex_access *t, uint32_t *nreq);

#endif
