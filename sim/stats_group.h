/* A component's own counters: the stats.def rows of one group. A component
 * declares its struct from them and sim_memsys brings each into the
 * launch's sim_stats (a CU-side component's summed over the CUs), so a
 * counter is still defined once (stats.def) and belongs to the component
 * that names it as its group:
 *
 *   typedef struct sim_l1_stats {
 *   #define SIM_STATS_GROUP_l1 SIM_STATS_YES
 *   #include "stats_fields.h"
 *   #undef SIM_STATS_GROUP_l1
 *   } sim_l1_stats;
 *
 * stats_fields.h expands each row through SIM_STATS_IF(group, ctype field;).
 *
 * SIM_STATS_IF(group, text) expands to text exactly when the including file
 * has defined SIM_STATS_GROUP_<group> as SIM_STATS_YES: the probe below
 * sees a second argument (1) only then, and 0 for any other group. */
#ifndef WAVESIM_STATS_GROUP_H
#define WAVESIM_STATS_GROUP_H

#define SIM_STATS_YES ~, 1
#define SIM_STATS_SECOND_(a, b, ...) b
#define SIM_STATS_SECOND(...) SIM_STATS_SECOND_(__VA_ARGS__, 0, ~)
#define SIM_STATS_PROBE(group) SIM_STATS_SECOND(SIM_STATS_GROUP_##group)
#define SIM_STATS_WHEN_0(...)
#define SIM_STATS_WHEN_1(...) __VA_ARGS__
#define SIM_STATS_WHEN(c, ...) SIM_STATS_WHEN_##c(__VA_ARGS__)
#define SIM_STATS_WHEN_(c, ...) SIM_STATS_WHEN(c, __VA_ARGS__)
#define SIM_STATS_IF(group, ...) SIM_STATS_WHEN_(SIM_STATS_PROBE(group), __VA_ARGS__)

#endif
