/* SPIR-V objects for clLinkProgram: a module made fit for spirv-link, raised
 * to the version of the modules it is linked with (it takes one version
 * only) and without OpLine/OpNoLine. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_reader.h"

/* From 1.4 on, an entry point's interface lists every global variable its
 * call tree uses, not only Input ones (what llvm-spirv 14 and 1.0-1.3
 * producers write); listing every module-scope variable satisfies that
 * without following calls. OpLine and OpNoLine go: spirv-link (SPIRV-Tools
 * 2023.1) renumbers every module's ids but not OpLine's file operand, which
 * then names an unrelated id and fails validation; a linked program's code
 * has no lines then (compile errors, which name them, come before). */
uint32_t *spv_link_input(const uint32_t *w, size_t n, uint32_t version, size_t *nout) {
  *nout = 0;
  if (n < 5) return NULL;
  int interfaces = w[1] < 0x00010400u && version >= 0x00010400u;
  size_t nglobals = 0, nentry = 0;
  for (size_t at = 5, wc; interfaces && at < n && (wc = w[at] >> 16) && at + wc <= n; at += wc) {
    uint32_t op = w[at] & 0xFFFF;
    if (op == SpvOpFunction) break; /* the global section ends */
    nglobals += op == SpvOpVariable && wc >= 4 && w[at + 3] != SpvStorageClassFunction;
    nentry += op == SpvOpEntryPoint;
  }
  uint32_t *globals = malloc((nglobals ? nglobals : 1) * sizeof *globals);
  uint32_t *o = malloc((n + nentry * nglobals) * sizeof *o);
  if (!o || !globals) {
    free(globals);
    free(o);
    return NULL;
  }
  size_t ng = 0;
  for (size_t at = 5, wc; interfaces && at < n && (wc = w[at] >> 16) && at + wc <= n; at += wc) {
    if ((w[at] & 0xFFFF) == SpvOpFunction) break;
    if ((w[at] & 0xFFFF) == SpvOpVariable && wc >= 4 && w[at + 3] != SpvStorageClassFunction)
      globals[ng++] = w[at + 2];
  }
  memcpy(o, w, 5 * sizeof *o);
  o[1] = version;
  size_t k = 5, at = 5, wc;
  for (; at < n && (wc = w[at] >> 16) && at + wc <= n; at += wc) {
    if ((w[at] & 0xFFFF) == SpvOpLine || (w[at] & 0xFFFF) == SpvOpNoLine) continue;
    memcpy(o + k, w + at, wc * sizeof *o);
    if (interfaces && (w[at] & 0xFFFF) == SpvOpEntryPoint && wc >= 4) {
      /* the interface follows the name's words (its NUL, then padding) */
      size_t first = 3;
      while (first < wc && (w[at + first] >> 24)) first++;
      first++;
      size_t add = 0;
      for (size_t g = 0; g < ng; g++) {
        size_t q = first;
        while (q < wc && w[at + q] != globals[g]) q++;
        if (q == wc) o[k + wc + add++] = globals[g];
      }
      o[k] = (uint32_t)((wc + add) << 16) | SpvOpEntryPoint;
      k += add;
    }
    k += wc;
  }
  memcpy(o + k, w + at, (n - at) * sizeof *o); /* a malformed tail: the reader's */
  *nout = k + (n - at);
  free(globals);
  return o;
}

int spv_link_output(uint32_t *w, size_t n) {
  uint32_t bound = 0, *type = NULL;
  if (spv_result_types(w, n, &type, &bound)) return -1;
  /* spirv-link merges identical types, so an OpCopyLogical between two
   * structurally equal types may now copy a type to itself, which
   * validation forbids: that is an OpCopyObject (a malformed module is
   * left for the reader to report) */
  for (size_t at = 5, wc; type && at < n && (wc = w[at] >> 16) && at + wc <= n; at += wc)
    if ((w[at] & 0xFFFF) == SpvOpCopyLogical && wc == 4 && w[at + 3] < bound &&
        type[w[at + 3]] == w[at + 1])
      w[at] = (w[at] & 0xFFFF0000u) | SpvOpCopyObject;
  free(type);
  return 0;
}
