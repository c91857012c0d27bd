/* The Chrome trace-event JSON writer: collects one launch's lifetimes in a
 * growable array, sorts them by time and appends them to the file. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

enum { TRACE_EV_WG, TRACE_EV_WAVE, TRACE_EV_BARRIER }; /* also the order of ties */

#define TRACE_FLUSH_BYTES (1u << 20) /* write the text buffer out beyond this */
#define TRACE_HEADER "{\"traceEvents\":[\n"
#define TRACE_TRAILER "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"wavesim\"}}\n"

typedef struct trace_ev {
  uint64_t start, end, seq;
  uint64_t gid[3];
  uint64_t bar_wait; /* compact: cycles its wave waited at barriers */
  uint32_t bars;     /* compact: barriers its wave passed */
  uint32_t cu, tid, simd, lane, slot, wave;
  uint8_t kind;
} trace_ev;

typedef struct trace_simd {
  uint64_t *free_at;  /* per lane: when its last wave ended (SIM_NEVER-like max while live) */
  uint64_t *bar_wait; /* compact, per lane: its live wave's barrier cycles so far */
  uint32_t *bars;     /* compact, per lane: its live wave's barriers so far */
  uint32_t nlanes, cap;
  uint32_t named; /* lanes whose thread names are in the file */
} trace_simd;

typedef struct trace_cu {
  int named;
  uint32_t named_slots; /* work-group slot threads named so far */
  uint32_t used_slots;  /* slots used in this launch (1 + highest) */
} trace_cu;

struct trace_writer {
  trace_detail detail;
  FILE *f;
  char *path;
  char *buf; /* formatted JSON not yet written */
  size_t len, cap;
  trace_ev *ev; /* this launch's events */
  size_t nev, capev;
  trace_simd *simds; /* ncus * spc */
  trace_cu *cus;
  uint32_t ncus, spc;
  trace_launch cur;
  char kernel[256];
  int in_launch, device_named, any_event, oom;
  long trailer_pos; /* where the closing brackets start: the next launch overwrites them */
  trace_counts counts;
};

static void tr_err(char *err, size_t errlen, const char *fmt, ...) {
  if (!err || !errlen) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

/* ---- text buffer ------------------------------------------------------------ */
static void tr_printf(trace_writer *t, const char *fmt, ...) {
  if (t->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
      t->oom = 1;
      return;
    }
    if ((size_t)n < t->cap - t->len) {
      t->len += (size_t)n;
      return;
    }
    size_t cap = t->cap * 2 > t->len + (size_t)n + 1 ? t->cap * 2 : t->len + (size_t)n + 1;
    char *b = realloc(t->buf, cap);
    if (!b) {
      t->oom = 1;
      return;
    }
    t->buf = b, t->cap = cap;
  }
}

/* A JSON string literal (kernel names are identifiers, but be safe). */
static void tr_str(trace_writer *t, const char *s) {
  tr_printf(t, "\"");
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      tr_printf(t, "\\%c", ch);
    else if (ch < 0x20)
      tr_printf(t, "\\u%04x", ch);
    else
      tr_printf(t, "%c", ch);
  }
  tr_printf(t, "\"");
}

static int tr_write_out(trace_writer *t, char *err, size_t errlen) {
  if (t->len && fwrite(t->buf, 1, t->len, t->f) != t->len) {
    tr_err(err, errlen, "trace %s: write failed: %s (disk full?)", t->path, strerror(errno));
    return -1;
  }
  t->len = 0;
  return 0;
}

/* Starts one event object, with the separator from the previous one. */
static void tr_open_event(trace_writer *t) {
  tr_printf(t, t->any_event ? ",\n{" : "{");
  t->any_event = 1;
}

static void tr_meta(trace_writer *t, const char *what, uint32_t pid, uint32_t tid, const char *name,
                    uint32_t sort) {
  tr_open_event(t);
  tr_printf(t, "\"name\":\"%s_name\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":", what,
            pid, tid);
  tr_str(t, name);
  tr_printf(t, "}}");
  tr_open_event(t);
  tr_printf(t,
            "\"name\":\"%s_sort_index\",\"ph\":\"M\",\"pid\":%u,\"tid\":%u,"
            "\"args\":{\"sort_index\":%u}}",
            what, pid, tid, sort);
}

static void tr_simds_free(trace_writer *t) {
  for (uint32_t i = 0; t->simds && i < t->ncus * t->spc; i++) {
    free(t->simds[i].free_at);
    free(t->simds[i].bar_wait);
    free(t->simds[i].bars);
  }
  free(t->simds);
  t->simds = NULL;
}

/* ---- open / close ------------------------------------------------------------ */
int trace_detail_parse(const char *s, trace_detail *d) {
  if (strcmp(s, "compact") == 0)
    *d = TRACE_COMPACT;
  else if (strcmp(s, "full") == 0)
    *d = TRACE_FULL;
  else
    return -1;
  return 0;
}

trace_writer *trace_open(const char *path, trace_detail detail, char *err, size_t errlen) {
  trace_writer *t = calloc(1, sizeof *t);
  if (!t || !(t->path = strdup(path))) {
    free(t);
    tr_err(err, errlen, "trace %s: out of memory", path);
    return NULL;
  }
  t->detail = detail;
  t->cap = 1u << 16;
  t->buf = malloc(t->cap);
  t->f = t->buf ? fopen(path, "w") : NULL;
  if (!t->f) {
    free(t->buf);
    tr_err(err, errlen, "trace %s: cannot open for writing: %s (check that the directory exists)",
           path, strerror(errno));
    free(t->path);
    free(t);
    return NULL;
  }
  /* a valid, empty trace from the start */
  if (fputs(TRACE_HEADER, t->f) < 0 || (t->trailer_pos = ftell(t->f)) < 0 ||
      fputs(TRACE_TRAILER, t->f) < 0 || fflush(t->f) != 0) {
    tr_err(err, errlen, "trace %s: write failed: %s", path, strerror(errno));
    fclose(t->f);
    free(t->buf);
    free(t->path);
    free(t);
    return NULL;
  }
  return t;
}

int trace_close(trace_writer *t, char *err, size_t errlen) {
  if (!t) return 0;
  int rc = 0;
  if (t->in_launch) rc = trace_launch_end(t, 0, err, errlen);
  if (fclose(t->f) != 0 && rc == 0) {
    tr_err(err, errlen, "trace %s: close failed: %s", t->path, strerror(errno));
    rc = -1;
  }
  tr_simds_free(t);
  free(t->cus);
  free(t->ev);
  free(t->buf);
  free(t->path);
  free(t);
  return rc;
}

int trace_flush(trace_writer *t, char *err, size_t errlen) {
  if (tr_write_out(t, err, errlen) != 0) return -1;
  if (fflush(t->f) != 0) {
    tr_err(err, errlen, "trace %s: write failed: %s", t->path, strerror(errno));
    return -1;
  }
  return 0;
}

void trace_get_counts(const trace_writer *t, trace_counts *c) {
  *c = t->counts;
}

/* ---- a launch ------------------------------------------------------------------ */
/* Per-CU and per-SIMD state for this device shape; a different shape (another
 * device) starts over, which at worst names threads twice. */
static void tr_shape(trace_writer *t, uint32_t ncus, uint32_t spc) {
  if (ncus == t->ncus && spc == t->spc) return;
  tr_simds_free(t);
  free(t->cus);
  size_t nsimds = (size_t)ncus * spc;
  t->simds = calloc(nsimds ? nsimds : 1, sizeof *t->simds);
  t->cus = calloc(ncus ? ncus : 1, sizeof *t->cus);
  if (!t->simds || !t->cus) {
    t->oom = 1;
    ncus = spc = 0;
  }
  t->ncus = ncus, t->spc = spc;
}

void trace_launch_begin(trace_writer *t, const trace_launch *l) {
  t->cur = *l;
  snprintf(t->kernel, sizeof t->kernel, "%s", l->kernel ? l->kernel : "?");
  t->cur.kernel = t->kernel;
  if (t->cur.clock_mhz <= 0) t->cur.clock_mhz = 1000;
  tr_shape(t, l->cus, l->simds_per_cu);
  for (uint32_t i = 0; i < t->ncus * t->spc; i++) t->simds[i].nlanes = 0;
  for (uint32_t i = 0; i < t->ncus; i++) t->cus[i].used_slots = 0;
  t->nev = 0;
  t->in_launch = 1;
}

static trace_ev *tr_push(trace_writer *t, uint8_t kind, uint32_t cu, uint64_t start, uint64_t end) {
  if (!t->in_launch || t->oom || cu >= t->ncus) return NULL;
  if (t->nev == t->capev) {
    size_t cap = t->capev ? t->capev * 2 : 4096;
    trace_ev *e = realloc(t->ev, cap * sizeof *e);
    if (!e) {
      t->oom = 1;
      return NULL;
    }
    t->ev = e, t->capev = cap;
  }
  trace_ev *e = &t->ev[t->nev];
  memset(e, 0, sizeof *e);
  e->seq = t->nev++;
  e->kind = kind;
  e->cu = cu;
  e->start = start;
  e->end = end > start ? end : start;
  return e;
}

uint32_t trace_wave_begin(trace_writer *t, uint32_t cu, uint32_t simd, uint64_t cycle) {
  if (t->oom || cu >= t->ncus || simd >= t->spc) return 0;
  trace_simd *s = &t->simds[cu * t->spc + simd];
  uint32_t lane = 0;
  while (lane < s->nlanes && s->free_at[lane] > cycle) lane++;
  if (lane == s->nlanes) {
    if (s->nlanes == s->cap) {
      uint32_t cap = s->cap ? s->cap * 2 : 8;
      uint64_t *f = realloc(s->free_at, cap * sizeof *f);
      if (f) s->free_at = f;
      uint64_t *w = f ? realloc(s->bar_wait, cap * sizeof *w) : NULL;
      if (w) s->bar_wait = w;
      uint32_t *b = w ? realloc(s->bars, cap * sizeof *b) : NULL;
      if (!b) {
        t->oom = 1;
        return 0;
      }
      s->bars = b, s->cap = cap;
    }
    s->nlanes++;
  }
  s->free_at[lane] = UINT64_MAX; /* busy until its end is known */
  s->bar_wait[lane] = 0;
  s->bars[lane] = 0;
  return lane;
}

void trace_wave_end(trace_writer *t, uint32_t cu, uint32_t simd, uint32_t lane, uint64_t start,
                    uint64_t end, uint32_t wg_slot, uint32_t wave, const uint64_t gid[3]) {
  if (simd >= t->spc) return;
  trace_ev *e = tr_push(t, TRACE_EV_WAVE, cu, start, end);
  if (!e) return;
  trace_simd *s = &t->simds[cu * t->spc + simd];
  if (lane < s->nlanes) {
    s->free_at[lane] = e->end;
    e->bars = s->bars[lane], e->bar_wait = s->bar_wait[lane];
  }
  e->simd = simd, e->lane = lane, e->slot = wg_slot, e->wave = wave;
  e->tid = TRACE_TID_SIMD * (simd + 1) + lane;
  memcpy(e->gid, gid, sizeof e->gid);
}

void trace_barrier(trace_writer *t, uint32_t cu, uint32_t simd, uint32_t lane, uint64_t start,
                   uint64_t end) {
  if (t->detail == TRACE_COMPACT) {
    if (!t->in_launch || t->oom || cu >= t->ncus || simd >= t->spc) return;
    trace_simd *s = &t->simds[cu * t->spc + simd];
    if (lane >= s->nlanes) return;
    s->bars[lane]++;
    s->bar_wait[lane] += end > start ? end - start : 0;
    t->counts.barriers++;
    return;
  }
  trace_ev *e = tr_push(t, TRACE_EV_BARRIER, cu, start, end);
  if (!e) return;
  e->simd = simd, e->lane = lane;
  e->tid = TRACE_TID_SIMD * (simd + 1) + lane;
}

void trace_workgroup(trace_writer *t, uint32_t cu, uint32_t wg_slot, uint64_t start, uint64_t end,
                     const uint64_t gid[3]) {
  trace_ev *e = tr_push(t, TRACE_EV_WG, cu, start, end);
  if (!e) return;
  e->slot = wg_slot;
  e->tid = TRACE_TID_WG + wg_slot;
  memcpy(e->gid, gid, sizeof e->gid);
  if (wg_slot + 1 > t->cus[cu].used_slots) t->cus[cu].used_slots = wg_slot + 1;
}

static int tr_cmp(const void *pa, const void *pb) {
  const trace_ev *a = pa, *b = pb;
  if (a->start != b->start) return a->start < b->start ? -1 : 1;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->cu != b->cu) return a->cu < b->cu ? -1 : 1;
  if (a->tid != b->tid) return a->tid < b->tid ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static double tr_us(const trace_writer *t, uint64_t cycle) {
  return t->cur.start_us + (double)(t->cur.dispatch_cycles + cycle) / t->cur.clock_mhz;
}

/* Thread and process names for everything this launch used that the file
 * does not name yet. */
static void tr_names(trace_writer *t) {
  char name[64];
  if (!t->device_named) {
    tr_meta(t, "process", 0, 0, "device", 0);
    tr_meta(t, "thread", 0, 0, "kernel launches", 0);
    t->device_named = 1;
  }
  for (uint32_t cu = 0; cu < t->ncus; cu++) {
    trace_cu *c = &t->cus[cu];
    int used = c->used_slots > 0;
    for (uint32_t s = 0; s < t->spc; s++) used |= t->simds[cu * t->spc + s].nlanes > 0;
    if (!used) continue;
    if (!c->named) {
      snprintf(name, sizeof name, "CU %u", cu);
      tr_meta(t, "process", cu + 1, 0, name, cu + 1);
      c->named = 1;
    }
    for (; c->named_slots < c->used_slots; c->named_slots++) {
      snprintf(name, sizeof name, "work-group slot %u", c->named_slots);
      tr_meta(t, "thread", cu + 1, TRACE_TID_WG + c->named_slots, name,
              TRACE_TID_WG + c->named_slots);
    }
    for (uint32_t s = 0; s < t->spc; s++) {
      trace_simd *sd = &t->simds[cu * t->spc + s];
      for (; sd->named < sd->nlanes; sd->named++) {
        uint32_t tid = TRACE_TID_SIMD * (s + 1) + sd->named;
        snprintf(name, sizeof name, "SIMD %u wave lane %u", s, sd->named);
        tr_meta(t, "thread", cu + 1, tid, name, tid);
      }
    }
  }
}

static void tr_event(trace_writer *t, const trace_ev *e) {
  tr_open_event(t);
  const char *cat = e->kind == TRACE_EV_WAVE ? "wave"
                    : e->kind == TRACE_EV_WG ? "workgroup"
                                             : "barrier";
  tr_printf(t, "\"name\":");
  tr_str(t, e->kind == TRACE_EV_BARRIER ? "barrier" : t->kernel);
  tr_printf(t,
            ",\"cat\":\"%s\",\"ph\":\"X\",\"ts\":%.4f,\"dur\":%.4f,\"pid\":%u,\"tid\":%u,"
            "\"args\":{\"start_cycle\":%llu,\"end_cycle\":%llu",
            cat, tr_us(t, e->start), (double)(e->end - e->start) / t->cur.clock_mhz, e->cu + 1,
            e->tid, (unsigned long long)e->start, (unsigned long long)e->end);
  if (e->kind != TRACE_EV_BARRIER)
    tr_printf(t, ",\"group\":[%llu,%llu,%llu],\"wg_slot\":%u", (unsigned long long)e->gid[0],
              (unsigned long long)e->gid[1], (unsigned long long)e->gid[2], e->slot);
  if (e->kind != TRACE_EV_WG) tr_printf(t, ",\"simd\":%u,\"lane\":%u", e->simd, e->lane);
  if (e->kind == TRACE_EV_WAVE) tr_printf(t, ",\"wave\":%u", e->wave);
  if (e->kind == TRACE_EV_WAVE && t->detail == TRACE_COMPACT)
    tr_printf(t, ",\"barriers\":%u,\"barrier_wait_cycles\":%llu", e->bars,
              (unsigned long long)e->bar_wait);
  tr_printf(t, "}}");
}

int trace_launch_end(trace_writer *t, uint64_t cycles, char *err, size_t errlen) {
  if (!t->in_launch) return 0;
  t->in_launch = 0;
  if (t->oom) {
    t->nev = 0;
    tr_err(err, errlen, "trace %s: out of memory recording kernel '%s'; the trace stops here",
           t->path, t->kernel);
    return -1;
  }
  if (t->nev) qsort(t->ev, t->nev, sizeof *t->ev, tr_cmp); /* ev may be NULL when empty */
  if (fseek(t->f, t->trailer_pos, SEEK_SET) != 0) {
    tr_err(err, errlen, "trace %s: cannot seek: %s (traces must go to a regular file)", t->path,
           strerror(errno));
    return -1;
  }
  tr_names(t);
  tr_open_event(t);
  tr_printf(t, "\"name\":");
  tr_str(t, t->kernel);
  const trace_launch *l = &t->cur;
  tr_printf(t,
            ",\"cat\":\"launch\",\"ph\":\"X\",\"ts\":%.4f,\"dur\":%.4f,\"pid\":0,\"tid\":0,"
            "\"args\":{\"cycles\":%llu,\"global\":[%llu,%llu,%llu],\"local\":[%llu,%llu,%llu]}}",
            l->start_us, (double)cycles / l->clock_mhz, (unsigned long long)cycles,
            (unsigned long long)l->global[0], (unsigned long long)l->global[1],
            (unsigned long long)l->global[2], (unsigned long long)l->local[0],
            (unsigned long long)l->local[1], (unsigned long long)l->local[2]);
  t->counts.launches++;
  for (size_t i = 0; i < t->nev; i++) {
    tr_event(t, &t->ev[i]);
    uint8_t k = t->ev[i].kind;
    if (k == TRACE_EV_WAVE)
      t->counts.waves++;
    else if (k == TRACE_EV_WG)
      t->counts.workgroups++;
    else
      t->counts.barriers++;
    if (t->len >= TRACE_FLUSH_BYTES && tr_write_out(t, err, errlen) != 0) return -1;
  }
  t->nev = 0;
  if (t->oom) {
    tr_err(err, errlen, "trace %s: out of memory writing kernel '%s'", t->path, t->kernel);
    return -1;
  }
  if (tr_write_out(t, err, errlen) != 0) return -1;
  long pos = ftell(t->f);
  if (pos < 0 || fputs(TRACE_TRAILER, t->f) < 0) {
    tr_err(err, errlen, "trace %s: write failed: %s", t->path, strerror(errno));
    return -1;
  }
  t->trailer_pos = pos;
  return trace_flush(t, err, errlen);
}
