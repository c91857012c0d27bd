/* Fuzz target: the YAML config loader and --set overrides. Input: YAML text,
 * optionally followed by NUL-separated "key=value" assignments. A config that
 * loads must dump to YAML that loads back to the same config. */
#include <string.h>

#include "cfg.h"
#include "fuzz.h"

#define FUZZ_MAX_SETS 8

static void fuzz_dump_roundtrip(const cfg_device *c) {
  size_t need = cfg_dump(c, NULL, 0);
  char *a = malloc(need + 1), *b = NULL;
  if (!a) return;
  FUZZ_CHECK(cfg_dump(c, a, need + 1) == need, "cfg_dump length changed");
  cfg_device back;
  char err[1024] = "";
  FUZZ_CHECK(cfg_load_string(NULL, a, need, "dump.yaml", NULL, 0, &back, err, sizeof err) == 0,
             "dumped config does not load: %s\n%s", err, a);
  size_t need2 = cfg_dump(&back, NULL, 0);
  b = malloc(need2 + 1);
  if (b) {
    cfg_dump(&back, b, need2 + 1);
    FUZZ_CHECK(need2 == need && memcmp(a, b, need) == 0, "dump/load/dump differs:\n%s\n---\n%s",
               a, b);
  }
  cfg_fini(&back);
  free(a);
  free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *buf = malloc(size + 1);
  if (!buf) return 0;
  memcpy(buf, data, size);
  buf[size] = 0;
  size_t ylen = strnlen(buf, size);
  const char *sets[FUZZ_MAX_SETS];
  size_t nsets = 0;
  for (size_t i = ylen; i < size && nsets < FUZZ_MAX_SETS;) {
    sets[nsets++] = buf + i + 1;
    i += 1 + strlen(buf + i + 1);
  }

  cfg_device c;
  char err[1024] = "";
  if (cfg_load_string(NULL, buf, ylen, "fuzz.yaml", sets, nsets, &c, err, sizeof err) == 0) {
    char why[1024] = "";
    FUZZ_CHECK(cfg_validate(&c, NULL, why, sizeof why) == 0, "loaded config is invalid: %s", why);
    fuzz_dump_roundtrip(&c);
    cfg_fini(&c);
  } else {
    FUZZ_CHECK(err[0] != 0, "cfg_load_string failed without a message");
  }

  /* each assignment alone on the defaults */
  cfg_defaults(&c);
  for (size_t i = 0; i < nsets; i++) {
    err[0] = 0;
    if (cfg_set(&c, sets[i], err, sizeof err) != 0) {
      FUZZ_CHECK(err[0] != 0, "cfg_set failed without a message");
      /* a rejected override leaves the config valid */
      FUZZ_CHECK(cfg_validate(&c, NULL, err, sizeof err) == 0, "rejected --set broke the config");
    }
  }
  fuzz_dump_roundtrip(&c);
  cfg_fini(&c);
  free(buf);
  return 0;
}
