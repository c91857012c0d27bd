/* Out-of-memory handling inside the compiler: a jump target carried by the
 * compile (never a global), the allocators that unwind to it, cleanups. */
#ifndef WAVESIM_FE_OOM_H
#define WAVESIM_FE_OOM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* Why a jump and not an error value: the compiler's allocations sit deep in
 * small helpers (ir_append, pass_insert, be_emit, the reader's tables) whose
 * hundreds of callers use the result at once and have no error channel; a
 * flag would need a memory-safe dummy result and a check after every call.
 * Instead a compile arms an fe_oom (fe_oom_arm at the reader's and the
 * backend's entry, on the caller's stack, reached through ir_function.oom
 * and the reader's and backend's contexts) and the allocators below, on
 * failure, run the registered cleanups (most recent first, while their
 * frames are still live) and longjmp to it; the entry then reports
 * "out of memory while compiling kernel 'K' (<phase>)" and the build fails.
 *
 * Rules that keep the unwind leak-free: whatever a helper allocates is
 * reachable from the object being built (freed by its usual free function,
 * which tolerates the half-grown state an unwind leaves: counts never exceed
 * what was allocated), or is registered with fe_oom_keep / fe_oom_push while
 * an allocation may fail, and released with fe_oom_pop before it is freed.
 * With no fe_oom (NULL: IR built by hand in unit tests) the allocators just
 * return NULL. */

#define FE_OOM_MAX_CLEANUPS 64

typedef struct fe_oom_cleanup {
  void (*fn)(void *); /* NULL: `slot` is a `void **` to free(*slot) */
  void *obj;
} fe_oom_cleanup;

typedef struct fe_oom {
  jmp_buf *at;        /* armed jump target */
  const char *phase;  /* what the compiler was doing, for the message */
  const char *kernel; /* the function being compiled, NULL before one is */
  fe_oom_cleanup cleanups[FE_OOM_MAX_CLEANUPS];
  uint32_t ncleanups;
  int hit; /* an allocation failed (set before the jump) */
} fe_oom;

/* Registers a temporary: free(*slot) on unwind. Returns the mark to pop to. */
uint32_t fe_oom_keep(fe_oom *o, void *slot);
/* Registers fn(obj) to run on unwind. Returns the mark to pop to. */
uint32_t fe_oom_push(fe_oom *o, void (*fn)(void *), void *obj);
/* Forgets the cleanups registered since `mark` (without running them). */
void fe_oom_pop(fe_oom *o, uint32_t mark);
/* Runs the cleanups and jumps; with no armed target only sets `hit`. */
void fe_oom_raise(fe_oom *o);

void *fe_xmalloc(fe_oom *o, size_t n);
void *fe_xcalloc(fe_oom *o, size_t n, size_t size);
void *fe_xrealloc(fe_oom *o, void *p, size_t n);
char *fe_xstrdup(fe_oom *o, const char *s);

/* "out of memory while compiling kernel 'K' (<phase>); ..." into err. */
void fe_oom_message(const fe_oom *o, char *err, size_t errlen);

#endif
