/* Analysis: dominators and post-dominators with the iterative algorithm of
 * Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm"), which is
 * exact on irreducible CFGs too. Preconditions: predecessor lists are current;
 * post-dominators need the single exit block made by pass_normalize_cfg. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"

/* Edges of the graph walked: forward (succ) or reverse (pred). */
static uint32_t dom_nedges(const ir_function *f, uint32_t b, int rev) {
  return rev ? f->blocks[b].npred : f->blocks[b].nsucc;
}
static uint32_t dom_edge(const ir_function *f, uint32_t b, uint32_t k, int rev) {
  return rev ? f->blocks[b].pred[k] : f->blocks[b].succ[k];
}

/* Post-order numbering from `root` by iterative DFS. Returns count; order[]
 * gets blocks in reverse post-order, num[] their position (IR_NONE if unseen). */
static uint32_t dom_rpo(const ir_function *f, uint32_t root, int rev, uint32_t *order, uint32_t *num) {
  uint32_t n = f->nblocks, cnt = 0, sp = 0;
  uint32_t *stack = NULL, *edge = NULL, *post = NULL;
  uint8_t *seen = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &stack);
  fe_oom_keep(f->oom, &edge);
  fe_oom_keep(f->oom, &post);
  fe_oom_keep(f->oom, &seen);
  stack = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t));
  edge = fe_xcalloc(f->oom, n + 1, sizeof(uint32_t));
  post = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t));
  seen = fe_xcalloc(f->oom, n + 1, 1);
  fe_oom_pop(f->oom, mark);
  for (uint32_t b = 0; b < n; b++) num[b] = IR_NONE;
  stack[sp++] = root;
  seen[root] = 1;
  while (sp) {
    uint32_t b = stack[sp - 1];
    if (edge[b] < dom_nedges(f, b, rev)) {
      uint32_t t = dom_edge(f, b, edge[b]++, rev);
      if (t < n && !seen[t]) {
        seen[t] = 1;
        stack[sp++] = t;
      }
    } else {
      post[cnt++] = b;
      sp--;
    }
  }
  for (uint32_t i = 0; i < cnt; i++) {
    order[i] = post[cnt - 1 - i];
    num[order[i]] = i;
  }
  free(stack);
  free(edge);
  free(post);
  free(seen);
  return cnt;
}

static void dom_solve(const ir_function *f, uint32_t root, int rev, uint32_t *idom, uint32_t *order_out,
                      uint32_t *num_out, uint32_t *count_out) {
  uint32_t n = f->nblocks;
  uint32_t *order = NULL, *num = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &order);
  fe_oom_keep(f->oom, &num);
  order = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t));
  num = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t));
  uint32_t cnt = dom_rpo(f, root, rev, order, num);
  fe_oom_pop(f->oom, mark);
  for (uint32_t b = 0; b < n; b++) idom[b] = IR_NONE;
  idom[root] = root;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t i = 1; i < cnt; i++) {
      uint32_t b = order[i], nd = IR_NONE;
      /* predecessors in the walked direction are the other direction's edges */
      for (uint32_t k = 0; k < dom_nedges(f, b, !rev); k++) {
        uint32_t p = dom_edge(f, b, k, !rev);
        if (p >= n || idom[p] == IR_NONE) continue;
        if (nd == IR_NONE) {
          nd = p;
          continue;
        }
        uint32_t x = p, y = nd;
        while (x != y) {
          while (num[x] > num[y]) x = idom[x];
          while (num[y] > num[x]) y = idom[y];
        }
        nd = x;
      }
      if (nd != IR_NONE && idom[b] != nd) {
        idom[b] = nd;
        changed = 1;
      }
    }
  }
  idom[root] = IR_NONE;
  if (order_out) {
    memcpy(order_out, order, cnt * sizeof(uint32_t));
    memcpy(num_out, num, n * sizeof(uint32_t));
    *count_out = cnt;
  }
  free(order);
  free(num);
}

int pass_dom_compute(const ir_function *f, pass_dom *d, char *err, size_t errlen) {
  memset(d, 0, sizeof *d);
  uint32_t n = f->nblocks;
  if (n == 0) {
    snprintf(err, errlen, "internal compiler error: function '%s' has no blocks", f->name ? f->name : "?");
    return -1;
  }
  d->nblocks = n;
  /* d's arrays belong to its owner (be_func_fini frees them on an unwind) */
  d->rpo = fe_xmalloc(f->oom, n * sizeof(uint32_t));
  d->rpo_num = fe_xmalloc(f->oom, n * sizeof(uint32_t));
  d->idom = fe_xmalloc(f->oom, n * sizeof(uint32_t));
  d->ipdom = fe_xmalloc(f->oom, n * sizeof(uint32_t));
  dom_solve(f, 0, 0, d->idom, d->rpo, d->rpo_num, &d->nrpo);
  d->exit = IR_NONE;
  for (uint32_t b = 0; b < n; b++) {
    const ir_block *bb = &f->blocks[b];
    if (bb->ninsts && f->insts[bb->insts[bb->ninsts - 1]].op == IR_RET && d->rpo_num[b] != IR_NONE) {
      if (d->exit != IR_NONE) {
        snprintf(err, errlen, "internal compiler error: '%s' has several exit blocks (run pass_normalize_cfg)",
                 f->name ? f->name : "?");
        return -1;
      }
      d->exit = b;
    }
  }
  if (d->exit == IR_NONE) {
    for (uint32_t b = 0; b < n; b++) d->ipdom[b] = IR_NONE;
  } else {
    dom_solve(f, d->exit, 1, d->ipdom, NULL, NULL, NULL);
  }
  return 0;
}

void pass_dom_fini(pass_dom *d) {
  free(d->rpo);
  free(d->rpo_num);
  free(d->idom);
  free(d->ipdom);
  memset(d, 0, sizeof *d);
}

int pass_dominates(const pass_dom *d, uint32_t a, uint32_t b) {
  while (b != IR_NONE) {
    if (a == b) return 1;
    b = d->idom[b];
  }
  return 0;
}
