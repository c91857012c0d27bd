/* The YAML config loader: nested maps flatten to dotted keys, `extends:`
 * loads a base preset first, preset names resolve in the configs directory. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "cfg.h"

#ifndef WAVESIM_CONFIG_DIR
#define WAVESIM_CONFIG_DIR "configs"
#endif

#define CFG_MAX_DEPTH 8    /* nesting of YAML maps */
#define CFG_MAX_EXTENDS 16 /* length of an extends chain (catches cycles) */

typedef struct cfg_entry {
  char *key, *value;
  unsigned line;
} cfg_entry;

typedef struct cfg_entries {
  cfg_entry *e;
  size_t n, cap;
} cfg_entries;

static void cfg_entries_fini(cfg_entries *es) {
  for (size_t i = 0; i < es->n; i++) free(es->e[i].key), free(es->e[i].value);
  free(es->e);
}

static int cfg_entries_add(cfg_entries *es, const char *key, const char *value, unsigned line) {
  if (es->n == es->cap) {
    size_t cap = es->cap ? es->cap * 2 : 32;
    cfg_entry *e = realloc(es->e, cap * sizeof *e);
    if (!e) return -1;
    es->e = e, es->cap = cap;
  }
  cfg_entry *e = &es->e[es->n];
  e->key = strdup(key);
  e->value = strdup(value);
  e->line = line;
  if (!e->key || !e->value) return free(e->key), free(e->value), -1;
  es->n++;
  return 0;
}

/* Parse YAML from an initialized parser into (dotted key, scalar value, line)
 * entries; `path` names the input in messages. */
static int cfg_parse_yaml(yaml_parser_t *p, const char *path, cfg_entries *es, char *err,
                          size_t errlen) {
  /* prefix[d] is the dotted key of the map at depth d; expecting_key[d] says
   * whether the next scalar in that map is a key. */
  char prefix[CFG_MAX_DEPTH + 1][256];
  char pending[CFG_MAX_DEPTH + 1][256];
  int expecting_key[CFG_MAX_DEPTH + 1];
  int depth = -1, rc = 0, done = 0;
  while (!done && rc == 0) {
    yaml_event_t ev;
    if (!yaml_parser_parse(p, &ev)) {
      snprintf(err, errlen, "%s:%zu: YAML syntax error: %s", path, p->problem_mark.line + 1,
               p->problem ? p->problem : "unknown");
      rc = -1;
      break;
    }
    unsigned line = (unsigned)ev.start_mark.line + 1;
    switch (ev.type) {
    case YAML_STREAM_END_EVENT: done = 1; break;
    case YAML_MAPPING_START_EVENT:
      if (depth >= 0 && expecting_key[depth]) {
        snprintf(err, errlen, "%s:%u: a map cannot be a key", path, line);
        rc = -1;
        break;
      }
      if (depth + 1 > CFG_MAX_DEPTH) {
        snprintf(err, errlen, "%s:%u: maps nested deeper than %d levels", path, line, CFG_MAX_DEPTH);
        rc = -1;
        break;
      }
      if (depth < 0) prefix[0][0] = 0;
      else {
        memcpy(prefix[depth + 1], pending[depth], sizeof prefix[0]);
        expecting_key[depth] = 1;
      }
      depth++;
      expecting_key[depth] = 1;
      break;
    case YAML_MAPPING_END_EVENT: depth--; break;
    case YAML_SEQUENCE_START_EVENT:
      snprintf(err, errlen, "%s:%u: lists are not config values; write one scalar per key", path,
               line);
      rc = -1;
      break;
    case YAML_ALIAS_EVENT:
      snprintf(err, errlen, "%s:%u: YAML aliases are not supported in configs", path, line);
      rc = -1;
      break;
    case YAML_SCALAR_EVENT: {
      const char *text = (const char *)ev.data.scalar.value;
      if (depth < 0) {
        if (ev.data.scalar.length == 0) break; /* an empty document */
        snprintf(err, errlen, "%s:%u: a config is a map of keys to values, not a scalar", path, line);
        rc = -1;
        break;
      }
      if (expecting_key[depth]) {
        size_t lp = strlen(prefix[depth]), lt = strlen(text);
        if (lp + lt + 2 > sizeof pending[0]) {
          snprintf(err, errlen, "%s:%u: key '%.40s...' is too long", path, line, text);
          rc = -1;
          break;
        }
        if (lp) {
          memcpy(pending[depth], prefix[depth], lp);
          pending[depth][lp] = '.';
          memcpy(pending[depth] + lp + 1, text, lt + 1);
        } else {
          memcpy(pending[depth], text, lt + 1);
        }
        expecting_key[depth] = 0;
      } else {
        if (cfg_entries_add(es, pending[depth], text, line) != 0) {
          snprintf(err, errlen, "%s:%u: out of memory", path, line);
          rc = -1;
        }
        expecting_key[depth] = 1;
      }
      break;
    }
    default: break;
    }
    yaml_event_delete(&ev);
  }
  return rc;
}

static int cfg_parse_file(const char *path, cfg_entries *es, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open config file", path);
    return -1;
  }
  yaml_parser_t p;
  yaml_parser_initialize(&p);
  yaml_parser_set_input_file(&p, f);
  int rc = cfg_parse_yaml(&p, path, es, err, errlen);
  yaml_parser_delete(&p);
  fclose(f);
  return rc;
}

static int cfg_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The presets' directory: the caller's (the runtime and the command resolve
 * WAVESIM_CONFIG_DIR; the library reads no environment), else the one fixed
 * at configure time. */
static const char *cfg_dir(const char *presets) {
  return presets && *presets ? presets : WAVESIM_CONFIG_DIR;
}

static int cfg_strcmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "default, gcn, h100, teaching": the presets in dir, sorted. */
static void cfg_list_presets(const char *dir, char *buf, size_t len) {
  buf[0] = 0;
  DIR *d = opendir(dir);
  if (!d) return;
  char *names[64];
  size_t n = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < 64) {
    size_t l = strlen(de->d_name);
    if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0 && (names[n] = strdup(de->d_name)))
      names[n++][l - 5] = 0;
  }
  closedir(d);
  qsort(names, n, sizeof names[0], cfg_strcmp);
  size_t used = 0;
  for (size_t i = 0; i < n; i++) {
    int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", names[i]);
    if (w > 0 && (size_t)w < len - used) used += (size_t)w;
    free(names[i]);
  }
}

/* Resolve a config reference: an existing file (relative to `base_dir` when
 * given and the name is relative), else a preset in the configs directory. */
static int cfg_resolve(const char *presets, const char *name, const char *base_dir, char *out,
                       size_t len, char *err, size_t errlen) {
  if (base_dir && name[0] != '/') {
    snprintf(out, len, "%s/%s", base_dir, name);
    if (cfg_is_file(out)) return 0;
  }
  if (cfg_is_file(name)) {
    snprintf(out, len, "%s", name);
    return 0;
  }
  const char *dir = cfg_dir(presets);
  snprintf(out, len, "%s/%s.yaml", dir, name);
  if (cfg_is_file(out)) return 0;
  char names[512];
  cfg_list_presets(dir, names, sizeof names);
  snprintf(err, errlen,
           "unknown config '%s': no such file and no preset %s/%s.yaml (presets: %s; set "
           "WAVESIM_CONFIG_DIR to look elsewhere)",
           name, dir, name, names[0] ? names : "none");
  return -1;
}

static int cfg_load_file(const char *presets, const char *path, cfg_device *out, int depth,
                         const char *ext_line, char *err, size_t errlen);

static int cfg_apply_entries(const char *presets, const char *path, cfg_entries *es_,
                             cfg_device *out, int depth, char *err, size_t errlen);

static int cfg_apply_file(const char *presets, const char *path, cfg_device *out, int depth,
                          char *err, size_t errlen) {
  cfg_entries es = {0};
  if (cfg_parse_file(path, &es, err, errlen) != 0) {
    cfg_entries_fini(&es);
    return -1;
  }
  return cfg_apply_entries(presets, path, &es, out, depth, err, errlen);
}

/* Apply parsed entries (extends first, then keys, then validation); frees es_. */
static int cfg_apply_entries(const char *presets, const char *path, cfg_entries *es_,
                             cfg_device *out, int depth, char *err, size_t errlen) {
  cfg_entries es = *es_;
  int rc = 0;
  /* extends first, wherever it appears in the file */
  for (size_t i = 0; i < es.n && rc == 0; i++) {
    if (strcmp(es.e[i].key, "extends") != 0) continue;
    char dir[1024], base[1024], where[1100], msg[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    else snprintf(dir, sizeof dir, ".");
    snprintf(where, sizeof where, "%s:%u", path, es.e[i].line);
    if (cfg_resolve(presets, es.e[i].value, dir, base, sizeof base, msg, sizeof msg) != 0) {
      snprintf(err, errlen, "%s: extends: %s", where, msg);
      rc = -1;
    } else {
      rc = cfg_load_file(presets, base, out, depth + 1, where, err, errlen);
    }
  }
  for (size_t i = 0; i < es.n && rc == 0; i++) {
    const cfg_entry *e = &es.e[i];
    if (strcmp(e->key, "extends") == 0) continue;
    if (!cfg_find_key(e->key)) {
      const char *s = cfg_suggest_key(e->key), *why = cfg_retired_key(e->key);
      if (why)
        snprintf(err, errlen, "%s:%u: key '%s' %s", path, e->line, e->key, why);
      else if (s)
        snprintf(err, errlen, "%s:%u: unknown key '%s' (did you mean '%s'?)", path, e->line, e->key,
                 s);
      else snprintf(err, errlen, "%s:%u: unknown key '%s' (docs/CONFIG.md lists the keys)", path, e->line, e->key);
      rc = -1;
      break;
    }
    char msg[1024];
    if (cfg_set_key(out, e->key, e->value, msg, sizeof msg) != 0) {
      snprintf(err, errlen, "%s:%u: %s", path, e->line, msg);
      rc = -1;
    }
  }
  if (rc == 0) {
    const char *bad = NULL;
    char msg[1024];
    if (cfg_validate(out, &bad, msg, sizeof msg) != 0) {
      unsigned line = 0;
      for (size_t i = 0; i < es.n; i++)
        if (bad && strcmp(es.e[i].key, bad) == 0) line = es.e[i].line;
      if (line) snprintf(err, errlen, "%s:%u: %s", path, line, msg);
      else snprintf(err, errlen, "%s: %s", path, msg);
      rc = -1;
    }
  }
  cfg_entries_fini(&es);
  return rc;
}

static int cfg_load_file(const char *presets, const char *path, cfg_device *out, int depth,
                         const char *ext_line, char *err, size_t errlen) {
  if (depth > CFG_MAX_EXTENDS) {
    snprintf(err, errlen, "%s: extends chain longer than %d (a cycle?)", ext_line, CFG_MAX_EXTENDS);
    return -1;
  }
  return cfg_apply_file(presets, path, out, depth, err, errlen);
}

int cfg_load(const char *presets, const char *name_or_path, const char *const *sets, size_t nsets,
             cfg_device *out, char *err, size_t errlen) {
  char path[1024];
  cfg_defaults(out);
  if (cfg_resolve(presets, name_or_path, NULL, path, sizeof path, err, errlen) != 0 ||
      cfg_load_file(presets, path, out, 0, path, err, errlen) != 0) {
    cfg_fini(out);
    return -1;
  }
  free(out->source);
  out->source = strdup(path);
  for (size_t i = 0; i < nsets; i++) {
    if (cfg_set(out, sets[i], err, errlen) != 0) {
      cfg_fini(out);
      return -1;
    }
  }
  return 0;
}

int cfg_load_string(const char *presets, const char *yaml, size_t len, const char *name,
                    const char *const *sets, size_t nsets, cfg_device *out, char *err,
                    size_t errlen) {
  cfg_defaults(out);
  cfg_entries es = {0};
  yaml_parser_t p;
  yaml_parser_initialize(&p);
  yaml_parser_set_input_string(&p, (const unsigned char *)yaml, len);
  int rc = cfg_parse_yaml(&p, name, &es, err, errlen);
  yaml_parser_delete(&p);
  if (rc != 0) cfg_entries_fini(&es);
  else
    rc = cfg_apply_entries(presets, name, &es, out, 0, err, errlen);
  for (size_t i = 0; i < nsets && rc == 0; i++) rc = cfg_set(out, sets[i], err, errlen);
  if (rc != 0) {
    cfg_fini(out);
    return -1;
  }
  free(out->source);
  out->source = strdup(name);
  return 0;
}
