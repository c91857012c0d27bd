/* Config loading: presets, unknown keys with suggestions, ranges, cross-key
 * validation, extends, --set overrides, size suffixes and enums. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"
#include "check_run.h"

static char dir[64];

static const char *write_file(const char *name, const char *text) {
  static char path[4][256];
  static int k;
  char *p = path[k++ % 4];
  snprintf(p, 256, "%s/%s", dir, name);
  FILE *f = fopen(p, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
  return p;
}

static void setup(void) {
  snprintf(dir, sizeof dir, "/tmp/wavesim_cfg_XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void load_fails(const char *text, const char *expect_fmt) {
  const char *p = write_file("bad.yaml", text);
  cfg_device c;
  char err[1024] = "", expect[1024];
  snprintf(expect, sizeof expect, expect_fmt, p);
  ck_assert_int_eq(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err), -1);
  ck_assert_str_eq(err, expect);
}

START_TEST(test_presets_load) {
  const char *names[] = {"default", "teaching", "h100", "h200", "gcn"};
  for (int i = 0; i < 5; i++) {
    cfg_device c;
    char err[512] = "";
    ck_assert_msg(cfg_load(NULL, names[i], NULL, 0, &c, err, sizeof err) == 0, "%s: %s", names[i],
                  err);
    ck_assert_ptr_nonnull(strstr(c.source, names[i]));
    cfg_fini(&c);
  }
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "h100", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.cu_count, 132);
  ck_assert_int_eq(c.wave_size, 32);
  ck_assert_int_eq(c.cu_simds, 4);
  ck_assert_int_eq(c.cu_vgprs_per_simd * c.cu_simds, 65536);
  ck_assert_int_eq(c.lds_max_per_wg, 49152);
  ck_assert_int_eq(c.l2_bytes, 50 << 20);
  ck_assert_int_eq(c.dram_bytes, 80LL << 30);
  ck_assert_double_eq(c.clock_mhz, 1980);
  cfg_fini(&c);
  /* h200 extends h100: its own L2 and DRAM, the H100's SMs */
  ck_assert_int_eq(cfg_load(NULL, "h200", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.cu_count, 132);
  ck_assert_double_eq(c.clock_mhz, 1980);
  ck_assert_int_eq(c.l2_bytes, 60 << 20);
  ck_assert_int_eq(c.dram_channels, 94);
  ck_assert_int_eq(c.dram_bytes, 150109880320LL);
  cfg_fini(&c);
  ck_assert_int_eq(cfg_load(NULL, "gcn", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.wave_size, 64);
  ck_assert_int_eq(c.cu_simd_width, 16);
  ck_assert_int_eq(c.lds_bytes_per_cu, 65536);
  ck_assert_int_eq(c.l1_bytes, 16384);
  cfg_fini(&c);
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.cu_count, 2);
  ck_assert_int_eq(c.cu_scheduler, CFG_CU_SCHEDULER_OLDEST);
  cfg_fini(&c);
}
END_TEST

START_TEST(test_defaults_valid) {
  cfg_device c, d;
  char err[256];
  cfg_defaults(&c);
  ck_assert_int_eq(cfg_validate(&c, NULL, err, sizeof err), 0);
  ck_assert_str_eq(c.source, "<defaults>");
  ck_assert_int_eq(cfg_copy(&d, &c), 0);
  ck_assert_ptr_ne(d.name, c.name);
  ck_assert_str_eq(d.name, "unnamed");
  cfg_fini(&c);
  cfg_fini(&d);
}
END_TEST

START_TEST(test_unknown_key) {
  load_fails("name: x\ncu:\n  simd: 4\n", "%s:3: unknown key 'cu.simd' (did you mean 'cu.simds'?)");
  load_fails("wavesize: 32\n", "%s:1: unknown key 'wavesize' (did you mean 'wave_size'?)");
  load_fails("completely_unrelated_thing: 1\n",
             "%s:1: unknown key 'completely_unrelated_thing' (docs/CONFIG.md lists the keys)");
}
END_TEST

/* A retired key (CFG_RETIRED in cfg_schema.def) fails saying why and what
 * to do, in a file and in --set, not as an unknown key with a suggestion. */
START_TEST(test_retired_key) {
  const char *why = cfg_retired_key("l2.fluid_slices");
  ck_assert_ptr_nonnull(why);
  ck_assert_ptr_null(cfg_retired_key("l2.latency"));
  char want[1024];
  snprintf(want, sizeof want, "%%s:2: key 'l2.fluid_slices' %s", why);
  load_fails("l2:\n  fluid_slices: true\n", want);
  cfg_device c;
  char err[1024] = "";
  ck_assert_msg(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(cfg_set(&c, "l2.fluid_slices=true", err, sizeof err), -1);
  snprintf(want, sizeof want, "--set: key 'l2.fluid_slices' %s", why);
  ck_assert_str_eq(err, want);
  ck_assert_ptr_nonnull(strstr(err, "arrival order"));
  cfg_fini(&c);
}
END_TEST

START_TEST(test_bad_values) {
  load_fails(
      "wave_size: 128\n",
      "%s:1: key 'wave_size' = '128' is out of range [32, 64]: Work-items per wave (32 or 64)");
  load_fails("cu:\n  count: many\n",
             "%s:2: key 'cu.count' = 'many' is not an integer; expected an integer in [1, 1024]: "
             "Compute units");
  load_fails("clock_mhz: 0.5\n",
             "%s:1: key 'clock_mhz' = '0.5' is out of range [1, 10000]: Core clock; cycles convert "
             "to nanoseconds through it");
  load_fails(
      "lds:\n  broadcast: maybe\n",
      "%s:2: key 'lds.broadcast' = 'maybe' is not a boolean; use true or false: Lanes reading "
      "the same LDS word share one bank access (no conflict)");
  load_fails("cu:\n  scheduler: fifo\n",
             "%s:2: key 'cu.scheduler' = 'fifo' is not one of oldest|round_robin|gto: Which ready "
             "wave a SIMD issues from each cycle (oldest: the oldest ready wave; round_robin: "
             "loose round robin; gto: greedy then oldest)");
  load_fails("dram:\n  row_policy: Closed\n",
             "%s:2: key 'dram.row_policy' = 'Closed' is not one of open|closed: Row-buffer "
             "policy. open: an access to the bank's open row costs dram.latency, any other access "
             "also dram.row_miss_cycles (precharge + activate) during which the bank is busy; "
             "closed: every access activates its row and pays half of dram.row_miss_cycles (the "
             "precharge is done after the previous access)");
  load_fails("dispatch:\n  auto_workgroup_size: 0\n",
             "%s:2: key 'dispatch.auto_workgroup_size' = '0' is out of range [1, 4096]: Work-items "
             "the runtime aims a work-group at when clEnqueueNDRangeKernel gets a NULL local size: "
             "dimension by dimension it takes the largest divisor of the global size within what "
             "is left of this budget (in x preferring multiples of wave_size), never beyond the "
             "kernel's or the device's work-group limit. A driver's choice, not the hardware's, "
             "and drivers differ; 256 (a common default) fills the SIMDs and leaves room for "
             "occupancy");
  load_fails("wave_size: 48\n", "%s:1: wave_size = 48 must be 32 or 64");
  load_fails("cu:\n  simd_width: 24\n", "%s:2: cu.simd_width = 24 must divide wave_size = 32");
  load_fails("l1:\n  line: 96\n", "%s:2: l1.line = 96 must be a power of two");
  load_fails("l2:\n  partitions: 2\n",
             "%s:2: l2.partitions = 2 must divide l2.slices = 1 (each partition has the same "
             "number of slices)");
  load_fails(
      "l2:\n  slices: 2\n  partitions: 2\n  bytes: 6144\n",
      "%s:3: l2.bytes = 6144 must be a multiple of l2.partitions * l2.line * l2.assoc = 4096 "
      "(each partition is a set-associative cache of l2.bytes / l2.partitions)");
  load_fails("x: [1, 2]\n", "%s:1: lists are not config values; write one scalar per key");
  load_fails("a: b: c\n",
             "%s:1: YAML syntax error: mapping values are not allowed in this context");
}
END_TEST

START_TEST(test_extends_and_suffixes) {
  write_file("base.yaml", "name: base\ncu:\n  count: 8\n  simds: 2\nl2:\n  bytes: 1MiB\n");
  const char *p = write_file("derived.yaml", "cu:\n  count: 3\nextends: base.yaml\nlds:\n  "
                                             "bytes_per_cu: 48KiB\n  max_per_workgroup: 32K\n");
  cfg_device c;
  char err[512] = "";
  ck_assert_msg(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_str_eq(c.name, "base");
  ck_assert_int_eq(c.cu_count, 3); /* the file's own keys win over the base */
  ck_assert_int_eq(c.cu_simds, 2);
  ck_assert_int_eq(c.l2_bytes, 1 << 20);
  ck_assert_int_eq(c.lds_bytes_per_cu, 48 * 1024);
  ck_assert_str_eq(c.source, p);
  cfg_fini(&c);
  /* a preset by name */
  p = write_file("t2.yaml", "extends: teaching\ncu:\n  count: 4\n");
  ck_assert_msg(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(c.cu_count, 4);
  ck_assert_int_eq(c.cu_simds, 2);
  ck_assert_int_eq(c.l1_bytes, 4096);
  cfg_fini(&c);
  /* a cycle */
  write_file("loop_a.yaml", "extends: loop_b.yaml\n");
  p = write_file("loop_b.yaml", "extends: loop_a.yaml\n");
  ck_assert_int_eq(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "extends chain longer than 16 (a cycle?)"));
  /* a missing base */
  p = write_file("orphan.yaml", "extends: nosuchpreset\n");
  ck_assert_int_eq(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err), -1);
  char expect[512];
  snprintf(expect, sizeof expect, "%s:1: extends: unknown config 'nosuchpreset'", p);
  ck_assert_msg(strncmp(err, expect, strlen(expect)) == 0, "%s", err);
  ck_assert_ptr_nonnull(strstr(err, "(presets: default, gcn, h100, h200, teaching;"));
}
END_TEST

START_TEST(test_set_overrides) {
  cfg_device c;
  char err[512] = "";
  const char *sets[] = {"cu.count=3", "lds.banks = 64", "dram.bandwidth_gbs=12.5"};
  ck_assert_msg(cfg_load(NULL, "teaching", sets, 3, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(c.cu_count, 3);
  ck_assert_int_eq(c.lds_banks, 64);
  ck_assert_double_eq(c.dram_bandwidth_gbs, 12.5);
  ck_assert_int_eq(cfg_set(&c, "cu.cont=3", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set: unknown key 'cu.cont' (did you mean 'cu.count'?)");
  ck_assert_int_eq(cfg_set(&c, "cu.count", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set 'cu.count': expected key=value, e.g. --set lds.banks=64");
  ck_assert_int_eq(cfg_set(&c, "cu.count=0", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set: key 'cu.count' = '0' is out of range [1, 1024]: Compute units");
  /* a slice cannot spend negative time on a request */
  ck_assert_int_eq(cfg_set(&c, "l2.request_cycles=-1", err, sizeof err), -1);
  const char want[] = "--set: key 'l2.request_cycles' = '-1' is out of range [0, 10000]: ";
  ck_assert_msg(strncmp(err, want, sizeof want - 1) == 0, "%s", err);
  /* nor can the other partition be nearer than the own, or a transfer keep
   * more than the 4 GiB the key allows */
  ck_assert_int_eq(cfg_set(&c, "l2.far_cycles=-5", err, sizeof err), -1);
  const char want_far[] = "--set: key 'l2.far_cycles' = '-5' is out of range [0, 100000]: ";
  ck_assert_msg(strncmp(err, want_far, sizeof want_far - 1) == 0, "%s", err);
  ck_assert_int_eq(cfg_set(&c, "l2.host_write_bytes=8GiB", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'l2.host_write_bytes'") && strstr(err, "out of range"), "%s", err);
  ck_assert_int_eq(cfg_set(&c, "wave_size=64", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set wave_size=64: cu.max_vgprs_per_wave = 128 exceeds the 64 wave-wide "
                        "registers of cu.vgprs_per_simd = 4096 at wave_size 64");
  ck_assert_int_eq(cfg_set(&c, "cu.simd_width=24", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set cu.simd_width=24: cu.simd_width = 24 must divide wave_size = 32");
  char v[64];
  ck_assert_int_eq(cfg_get(&c, "wave_size", v, sizeof v), 0);
  ck_assert_str_eq(v, "32");
  ck_assert_int_eq(cfg_get(&c, "nope", v, sizeof v), -1);
  cfg_fini(&c);
  const char *bad[] = {"cu.count=x"};
  ck_assert_int_eq(cfg_load(NULL, "teaching", bad, 1, &c, err, sizeof err), -1);
  ck_assert_str_eq(err, "--set: key 'cu.count' = 'x' is not an integer; expected an integer in [1, "
                        "1024]: Compute units");
}
END_TEST

/* Every INT and FLOAT key refuses a value just outside its schema range,
 * from YAML's --set path, naming the key, the value, the range and the
 * key's meaning (so texture.*, l2.* and every key added later are covered
 * by their schema row alone). */
START_TEST(test_ranges) {
  size_t nk, nnum = 0;
  const cfg_keyinfo *k = cfg_keys(&nk);
  cfg_device c;
  char err[1024];
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  for (size_t i = 0; i < nk; i++) {
    if (k[i].type != CFG_INT && k[i].type != CFG_FLOAT) continue;
    nnum++;
    double out[2] = {k[i].min - 1, k[i].max + 1};
    for (int j = 0; j < 2; j++) {
      char set[160], want[256];
      snprintf(set, sizeof set, "%s=%.0f", k[i].key, out[j]);
      ck_assert_msg(cfg_set(&c, set, err, sizeof err) == -1, "%s accepted", set);
      snprintf(want, sizeof want, "--set: key '%s' = '%.0f' is out of range [", k[i].key, out[j]);
      ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s: %s", set, err);
      /* the meaning's start: a long one is cut to fit the message */
      char doc[48];
      snprintf(doc, sizeof doc, "%s", k[i].doc);
      ck_assert_msg(strstr(err, doc) != NULL, "%s: %s", set, err);
    }
  }
  ck_assert_uint_gt(nnum, 100);
  /* the texture unit's keys by name, so their rows cannot silently go */
  ck_assert_int_eq(cfg_set(&c, "texture.latency=-1", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'texture.latency' = '-1' is out of range [0, 100000]"), "%s", err);
  ck_assert_int_eq(cfg_set(&c, "texture.taps_per_cycle=2000", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'texture.taps_per_cycle' = '2000' is out of range [0, 1024]"), "%s",
                err);
  ck_assert_int_eq(cfg_set(&c, "texture.load_latency=100001", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'texture.load_latency' = '100001' is out of range [0, 100000]"), "%s",
                err);
  cfg_fini(&c);
}
END_TEST

/* Every ENUM key: each value the schema lists parses (YAML and --set) to the
 * C enum of its position, cfg_get and cfg_dump print it back as the same
 * text, and a bad value is refused naming the valid ones. */
static int enum_field(const cfg_device *c, const cfg_keyinfo *k) {
  int x;
  memcpy(&x, (const char *)c + k->offset, sizeof x);
  return x;
}

START_TEST(test_enums) {
  size_t nk, nenum = 0;
  const cfg_keyinfo *k = cfg_keys(&nk);
  char err[1024], set[128], v[64];
  for (size_t i = 0; i < nk; i++) {
    if (k[i].type != CFG_ENUM) continue;
    nenum++;
    ck_assert_uint_ge(k[i].nvalues, 2);
    char list[256] = "";
    for (size_t j = 0; j < k[i].nvalues; j++) {
      strcat(list, j ? "|" : "");
      strcat(list, k[i].values[j]);
    }
    for (size_t j = 0; j < k[i].nvalues; j++) {
      cfg_device c;
      snprintf(set, sizeof set, "%s=%s", k[i].key, k[i].values[j]);
      const char *sets[] = {set};
      ck_assert_msg(cfg_load(NULL, "default", sets, 1, &c, err, sizeof err) == 0, "%s: %s", set,
                    err);
      ck_assert_int_eq(enum_field(&c, &k[i]), (int)j);
      ck_assert_int_eq(cfg_get(&c, k[i].key, v, sizeof v), 0);
      ck_assert_str_eq(v, k[i].values[j]);
      size_t n = cfg_dump(&c, NULL, 0);
      char *buf = malloc(n + 1), line[128];
      cfg_dump(&c, buf, n + 1);
      snprintf(line, sizeof line, "\n%s: %s\n", k[i].key, k[i].values[j]);
      ck_assert_msg(strstr(buf, line), "dump lacks '%s'", line + 1);
      free(buf);
      cfg_fini(&c);
      /* the same through YAML, nested as a preset writes it */
      char yaml[256], key[64];
      snprintf(key, sizeof key, "%s", k[i].key);
      char *dot = strchr(key, '.');
      if (dot) *dot = 0;
      if (dot)
        snprintf(yaml, sizeof yaml, "%s:\n  %s: %s\n", key, dot + 1, k[i].values[j]);
      else
        snprintf(yaml, sizeof yaml, "%s: %s\n", key, k[i].values[j]);
      const char *p = write_file("enum.yaml", yaml);
      ck_assert_msg(cfg_load(NULL, p, NULL, 0, &c, err, sizeof err) == 0, "%s: %s", yaml, err);
      ck_assert_int_eq(enum_field(&c, &k[i]), (int)j);
      cfg_fini(&c);
    }
    /* the schema default is one of the values, and cfg_defaults sets it */
    cfg_device d;
    cfg_defaults(&d);
    ck_assert_str_eq(k[i].values[enum_field(&d, &k[i])], k[i].def);
    /* a bad value: the message lists the valid ones, the config is unchanged */
    snprintf(set, sizeof set, "%s=nonesuch", k[i].key);
    ck_assert_int_eq(cfg_set(&d, set, err, sizeof err), -1);
    char want[1024];
    snprintf(want, sizeof want, "--set: key '%s' = 'nonesuch' is not one of %s: %s", k[i].key, list,
             k[i].doc);
    ck_assert_str_eq(err, want);
    ck_assert_str_eq(k[i].values[enum_field(&d, &k[i])], k[i].def);
    cfg_fini(&d);
  }
  ck_assert_uint_eq(nenum, 6);
  /* the named constants are the positions the schema lists */
  cfg_device c;
  const char *sets[] = {"cu.scheduler=gto",     "l1.write_policy=write_back",
                        "dram.row_policy=closed", "dispatch.policy=fill",
                        "l1.replacement=random", "cu.xlane_pipe=lds"};
  ck_assert_msg(cfg_load(NULL, "default", sets, 6, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(c.cu_xlane_pipe, CFG_CU_XLANE_PIPE_LDS);
  ck_assert_int_eq(c.cu_scheduler, CFG_CU_SCHEDULER_GTO);
  ck_assert_int_eq(c.l1_write_policy, CFG_L1_WRITE_POLICY_WRITE_BACK);
  ck_assert_int_eq(c.dram_row_policy, CFG_DRAM_ROW_POLICY_CLOSED);
  ck_assert_int_eq(c.dispatch_policy, CFG_DISPATCH_POLICY_FILL);
  ck_assert_int_eq(c.l1_replacement, CFG_L1_REPLACEMENT_RANDOM);
  /* a cross-key rule on an enum: write_back excludes the write-combining buffer */
  ck_assert_int_eq(cfg_set(&c, "l1.write_combine_lines=4", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "a write_back L1 (l1.write_policy) already keeps them"), "%s", err);
  cfg_fini(&c);
  cfg_defaults(&c);
  ck_assert_int_eq(c.cu_scheduler, CFG_CU_SCHEDULER_OLDEST);
  ck_assert_int_eq(c.l1_write_policy, CFG_L1_WRITE_POLICY_WRITE_THROUGH_NO_ALLOCATE);
  ck_assert_int_eq(c.dram_row_policy, CFG_DRAM_ROW_POLICY_OPEN);
  ck_assert_int_eq(c.dispatch_policy, CFG_DISPATCH_POLICY_ROUND_ROBIN);
  ck_assert_int_eq(c.l1_replacement, CFG_L1_REPLACEMENT_LRU);
  ck_assert_int_eq(c.dispatch_auto_wg_size, 256);
  ck_assert_int_eq(cfg_set(&c, "dispatch.auto_workgroup_size=64", err, sizeof err), 0);
  ck_assert_int_eq(c.dispatch_auto_wg_size, 64);
  ck_assert_int_eq(cfg_set(&c, "dispatch.auto_workgroup_size=4097", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'dispatch.auto_workgroup_size' = '4097' is out of range [1, 4096]"),
                "%s", err);
  ck_assert_int_eq(c.dispatch_auto_wg_size, 64);
  cfg_fini(&c);
}
END_TEST

START_TEST(test_unknown_preset_and_dump) {
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "nosuch", NULL, 0, &c, err, sizeof err), -1);
  ck_assert_ptr_nonnull(strstr(err, "unknown config 'nosuch': no such file and no preset "));
  /* a dump loads back to the same values */
  ck_assert_int_eq(cfg_load(NULL, "h100", NULL, 0, &c, err, sizeof err), 0);
  size_t n = cfg_dump(&c, NULL, 0);
  char *buf = malloc(n + 1);
  ck_assert_uint_eq(cfg_dump(&c, buf, n + 1), n);
  const char *p = write_file("dump.yaml", buf);
  free(buf);
  cfg_device d;
  ck_assert_msg(cfg_load(NULL, p, NULL, 0, &d, err, sizeof err) == 0, "%s", err);
  size_t nk;
  const cfg_keyinfo *k = cfg_keys(&nk);
  for (size_t i = 0; i < nk; i++) {
    char a[256], b[256];
    cfg_get(&c, k[i].key, a, sizeof a);
    cfg_get(&d, k[i].key, b, sizeof b);
    ck_assert_str_eq(a, b);
  }
  cfg_fini(&c);
  cfg_fini(&d);
}
END_TEST

/* The presets' directory is the caller's (the library reads no
 * WAVESIM_CONFIG_DIR): presets, `extends:` of a preset and the unknown
 * config's message all use it; NULL is the configured one. */
START_TEST(test_presets_dir_given) {
  char pdir[] = "/tmp/wavesim-cfg-presets-XXXXXX", path[128];
  ck_assert_ptr_nonnull(mkdtemp(pdir));
  snprintf(path, sizeof path, "%s/base.yaml", pdir);
  FILE *f = fopen(path, "w");
  fputs("cu:\n  count: 5\n", f);
  fclose(f);
  snprintf(path, sizeof path, "%s/mine.yaml", pdir);
  f = fopen(path, "w");
  fputs("extends: base\nclock_mhz: 777\n", f);
  fclose(f);
  setenv("WAVESIM_CONFIG_DIR", "/nonexistent", 1); /* must not matter */
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(pdir, "mine", NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(c.cu_count, 5);
  ck_assert(c.clock_mhz == 777.0);
  cfg_fini(&c);
  ck_assert_msg(
      cfg_load_string(pdir, "extends: base\n", 14, "mem.yaml", NULL, 0, &c, err, sizeof err) == 0,
      "%s", err);
  ck_assert_int_eq(c.cu_count, 5);
  cfg_fini(&c);
  ck_assert_int_eq(cfg_load(pdir, "default", NULL, 0, &c, err, sizeof err), -1);
  char want[200];
  snprintf(want, sizeof want, "no preset %s/default.yaml (presets: base, mine;", pdir);
  ck_assert_msg(strstr(err, want) != NULL, "%s", err);
  ck_assert_msg(cfg_load(NULL, "default", NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  cfg_fini(&c);
  unlink(path);
  snprintf(path, sizeof path, "%s/base.yaml", pdir);
  unlink(path);
  rmdir(pdir);
}
END_TEST

int main(void) {
  Suite *s = suite_create("cfg");
  TCase *tc = tcase_create("cfg");
  tcase_add_checked_fixture(tc, setup, NULL);
  tcase_add_test(tc, test_presets_load);
  tcase_add_test(tc, test_defaults_valid);
  tcase_add_test(tc, test_unknown_key);
  tcase_add_test(tc, test_retired_key);
  tcase_add_test(tc, test_bad_values);
  tcase_add_test(tc, test_extends_and_suffixes);
  tcase_add_test(tc, test_set_overrides);
  tcase_add_test(tc, test_ranges);
  tcase_add_test(tc, test_enums);
  tcase_add_test(tc, test_unknown_preset_and_dump);
  tcase_add_test(tc, test_presets_dir_given);
  suite_add_tcase(s, tc);
  return check_run(s);
}
