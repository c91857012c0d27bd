/* The body of a component's counter struct: included between its braces
 * after the component has defined SIM_STATS_GROUP_<its group> as
 * SIM_STATS_YES, it declares that group's stats.def rows as fields
 * (stats_group.h says how the group is picked). No include guard: each
 * component's struct includes it once. */
#include "stats_group.h"

#define STAT(group, field, ctype, sql, since, unit, doc) SIM_STATS_IF(group, ctype field;)
#define STAT_UNITS(group, field, column, since, unit, doc)                                         \
  SIM_STATS_IF(group, uint64_t field[ISA_UNIT_COUNT];)
#include "stats.def"
