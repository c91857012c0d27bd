/* Block order of SPIR-V functions: SPIR-V requires every block to appear
 * after the blocks that dominate it, and llvm-spirv 14 copies LLVM's block
 * order, which loop unrolling can leave out of dominance order. This puts
 * such functions' blocks back in a valid order (the validator and the reader
 * then see a conforming module), changing as little as possible. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "spv_internal.h"

typedef struct lay_block {
  size_t start, end; /* words [start, end) from OpLabel through the terminator */
  uint32_t label;
  uint32_t parent; /* DFS-tree parent (block index), UINT32_MAX for entry/unreachable */
  uint8_t seen, placed;
} lay_block;

static int lay_terminator(uint32_t op) {
  return op == SpvOpBranch || op == SpvOpBranchConditional || op == SpvOpSwitch ||
         op == SpvOpReturn || op == SpvOpReturnValue || op == SpvOpUnreachable || op == SpvOpKill;
}

/* Successor labels of the block's terminator (at word t). */
static uint32_t lay_succs(const uint32_t *w, size_t t, uint32_t *out, uint32_t max) {
  uint32_t op = w[t] & 0xffffu, wc = w[t] >> 16, n = 0;
  if (op == SpvOpBranch && wc >= 2) out[n++] = w[t + 1];
  if (op == SpvOpBranchConditional && wc >= 4) {
    out[n++] = w[t + 2];
    out[n++] = w[t + 3];
  }
  if (op == SpvOpSwitch && wc >= 3) {
    out[n++] = w[t + 2];
    for (uint32_t k = 4; k < wc && n < max; k += 2) out[n++] = w[t + k];
  }
  return n < max ? n : max;
}

static uint32_t lay_find(const lay_block *b, uint32_t nb, uint32_t label) {
  for (uint32_t i = 0; i < nb; i++)
    if (b[i].label == label) return i;
  return UINT32_MAX;
}

/* Reorders the blocks of the function whose body (after its parameters)
 * spans words [lo, hi) of w, in place (tmp: scratch of hi - lo words).
 * Returns 1 when it changed the order. */
static int lay_function(uint32_t *w, size_t lo, size_t hi, uint32_t *tmp, int *oom) {
  uint32_t cap = 64, nb = 0;
  lay_block *b = malloc(cap * sizeof *b);
  if (!b) {
    *oom = 1;
    return 0;
  }
  size_t i = lo;
  while (i < hi) {
    uint32_t wc = w[i] >> 16;
    if (wc == 0 || i + wc > hi || (w[i] & 0xffffu) != SpvOpLabel || wc < 2) break;
    size_t s = i;
    while (i < hi && (w[i] >> 16) && !lay_terminator(w[i] & 0xffffu)) i += w[i] >> 16;
    if (i >= hi || !(w[i] >> 16)) break;
    i += w[i] >> 16;
    if (nb == cap) {
      lay_block *nbp = realloc(b, (cap *= 2) * sizeof *b);
      if (!nbp) {
        *oom = 1;
        break;
      }
      b = nbp;
    }
    b[nb++] = (lay_block){s, i, w[s + 1], UINT32_MAX, 0, 0};
  }
  int changed = 0;
  if (i == hi && nb > 1) {
    /* DFS from the entry (explicit stack) for the tree parents */
    uint32_t *stack = malloc(nb * sizeof(uint32_t)), sp = 0, succ[64];
    if (!stack) *oom = 1;
    if (stack) {
      stack[sp++] = 0;
      b[0].seen = 1;
      while (sp) {
        uint32_t x = stack[--sp];
        size_t t = b[x].start;
        while (t + (w[t] >> 16) < b[x].end) t += w[t] >> 16;
        uint32_t ns = lay_succs(w, t, succ, 64);
        for (uint32_t k = ns; k-- > 0;) {
          uint32_t y = lay_find(b, nb, succ[k]);
          if (y == UINT32_MAX || b[y].seen) continue;
          b[y].seen = 1;
          b[y].parent = x;
          stack[sp++] = y;
        }
      }
      free(stack);
      /* a block whose tree parent comes later is out of order; then emit
       * in passes over the original order, each block once its parent is
       * out (so dominators, which are tree ancestors, come first) */
      for (uint32_t x = 1; x < nb && !changed; x++)
        changed = b[x].parent != UINT32_MAX && b[x].parent > x;
      if (changed) {
        size_t o = 0;
        uint32_t left = nb;
        while (left) {
          uint32_t before = left;
          for (uint32_t x = 0; x < nb; x++) {
            if (b[x].placed) continue;
            int ready = x == 0 || !b[x].seen || b[b[x].parent].placed;
            if (!ready) continue;
            memcpy(tmp + o, w + b[x].start, (b[x].end - b[x].start) * sizeof(uint32_t));
            o += b[x].end - b[x].start;
            b[x].placed = 1;
            left--;
          }
          if (left == before) break; /* cannot happen: parents are placed first */
        }
        if (!left && o == hi - lo)
          memcpy(w + lo, tmp, o * sizeof(uint32_t));
        else
          changed = 0;
      }
    }
  }
  free(b);
  return changed;
}

uint32_t *spv_dominance_layout(const uint32_t *words, size_t nwords, int *oom) {
  if (nwords < 5) return NULL;
  uint32_t *w = malloc(nwords * sizeof(uint32_t)), *tmp = malloc(nwords * sizeof(uint32_t));
  if (!w || !tmp) {
    *oom = 1;
    free(w);
    free(tmp);
    return NULL;
  }
  memcpy(w, words, nwords * sizeof(uint32_t));
  int changed = 0;
  size_t i = 5, body = 0;
  int in_fn = 0;
  while (i < nwords) {
    uint32_t wc = w[i] >> 16, op = w[i] & 0xffffu;
    if (wc == 0 || i + wc > nwords) break; /* malformed: the parser reports it */
    if (op == SpvOpFunction) {
      in_fn = 1;
      body = 0;
    } else if (in_fn && op == SpvOpLabel && !body) {
      body = i;
    } else if (op == SpvOpFunctionEnd && in_fn) {
      if (body) changed |= lay_function(w, body, i, tmp, oom);
      in_fn = 0;
    }
    i += wc;
  }
  free(tmp);
  if (!changed) {
    free(w);
    return NULL;
  }
  return w;
}
