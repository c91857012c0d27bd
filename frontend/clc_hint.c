/* clc_hint: the kernel facts wavesim-legal found in the LLVM module, carried
 * into the translated SPIR-V module as OpStrings (see clc_hint.h). */
#include "clc_hint.h"

#include <stdlib.h>
#include <string.h>

/* SPIR-V opcodes of the sections an OpString may not precede (2.4 Logical
 * Layout): capabilities, extensions, imports, memory model, entry points,
 * execution modes; OpString itself, so the new ones follow the others. */
static int hint_before_strings(uint32_t op) {
  return op == 17 /* OpCapability */ || op == 10 /* OpExtension */ ||
         op == 11 /* OpExtInstImport */ || op == 14 /* OpMemoryModel */ ||
         op == 15 /* OpEntryPoint */ || op == 16 /* OpExecutionMode */ ||
         op == 331 /* OpExecutionModeId */ || op == 7 /* OpString */;
}

/* The words of the OpString holding s (its NUL and padding included), with
 * id `id`, into out when not NULL; their count, 0 when past a word count's 16
 * bits. */
static size_t hint_string(const char *s, uint32_t id, uint32_t *out) {
  size_t len = strlen(s), wc = 2 + len / 4 + 1;
  if (wc > 0xffffu) return 0;
  if (out) {
    out[0] = (uint32_t)wc << 16 | 7u /* OpString */;
    out[1] = id;
    memcpy(out + 2, s, len); /* out is zeroed: the NUL and padding */
  }
  return wc;
}

int fe_clc_add_markers(const char *facts, size_t n, uint32_t **words, size_t *nwords) {
  if (n && facts[n - 1]) return -1; /* a cut-off record */
  /* nothing to add, or no header to take new ids: the SPIR-V reader rejects
   * such a module with its own message */
  if (!n || *nwords < 5 || !(*words)[3]) return 0;
  size_t nadd = 0, nstr = 0;
  for (size_t at = 0; at < n; at += strlen(facts + at) + 1, nstr++) {
    size_t wc = hint_string(facts + at, 0, NULL);
    if (!wc) return -1;
    nadd += wc;
  }
  uint32_t bound = (*words)[3];
  if (nstr > UINT32_MAX - bound) return -1;
  /* after the sections that precede OpString (2.4 Logical Layout) */
  size_t pos = 5;
  while (pos < *nwords) {
    uint32_t wc = (*words)[pos] >> 16;
    if (wc == 0 || pos + wc > *nwords || !hint_before_strings((*words)[pos] & 0xffffu)) break;
    pos += wc;
  }
  uint32_t *nw = realloc(*words, (*nwords + nadd) * sizeof *nw);
  if (!nw) return -1;
  memmove(nw + pos + nadd, nw + pos, (*nwords - pos) * sizeof *nw);
  memset(nw + pos, 0, nadd * sizeof *nw);
  for (size_t at = 0, w = pos; at < n; at += strlen(facts + at) + 1)
    w += hint_string(facts + at, bound++, nw + w);
  nw[3] = bound;
  *words = nw;
  *nwords += nadd;
  return 0;
}

/* The uniform-work-group marker of every Kernel entry point of the module
 * (a SPIR-V object compiled with -cl-uniform-work-group-size), added as
 * fe_clc_add_markers adds wavesim-legal's facts. */
int fe_clc_mark_uniform_entry_points(uint32_t **words, size_t *nwords) {
  if (*nwords < 5) return 0; /* no module header: the SPIR-V reader says so */
  char *facts = NULL;
  size_t n = 0;
  const size_t np = strlen(FE_CLC_UNIFORM_PREFIX);
  for (size_t at = 5, wc; at < *nwords; at += wc) {
    const uint32_t *in = *words + at;
    wc = in[0] >> 16;
    if (!wc || at + wc > *nwords) break; /* malformed: the reader says so */
    if ((in[0] & 0xffffu) != 15u /* OpEntryPoint */ || wc < 4 || in[1] != 6u /* Kernel */) continue;
    const char *name = (const char *)(in + 3);
    size_t nl = strnlen(name, (wc - 3) * 4);
    if (nl == (wc - 3) * 4) continue; /* unterminated: the reader says so */
    char *nf = realloc(facts, n + np + nl + 1);
    if (!nf) {
      free(facts);
      return -1;
    }
    facts = nf;
    memcpy(facts + n, FE_CLC_UNIFORM_PREFIX, np);
    memcpy(facts + n + np, name, nl);
    facts[n + np + nl] = 0;
    n += np + nl + 1;
  }
  int r = fe_clc_add_markers(facts, n, words, nwords);
  free(facts);
  return r;
}
