/* The compiler driver behind fe.h: OpenCL C or SPIR-V -> IR (fe_front) ->
 * passes and backend (be_compile) -> isa_program, with one build log. */
#include <stdlib.h>
#include <string.h>

#include "backend/be.h"
#include "fe.h"
#include "fe_cache.h"
#include "fe_front.h"

/* The compiler object holds the tool paths and the compile cache. */
struct fe_compiler {
  char *clang, *llvm_spirv, *opt;
  fe_cache *cache; /* NULL only when out of memory: builds just compile */
};

fe_compiler *fe_compiler_create(void) {
  fe_compiler *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  fe_clc_tools t = fe_front_default_tools();
  c->clang = strdup(t.clang);
  c->llvm_spirv = strdup(t.llvm_spirv);
  c->opt = strdup(t.opt);
  c->cache = fe_cache_open(&t);
  return c;
}

void fe_compiler_destroy(fe_compiler *c) {
  if (!c)
    return;
  free(c->clang);
  free(c->llvm_spirv);
  free(c->opt);
  fe_cache_close(c->cache);
  free(c);
}

static fe_clc_tools fe_tools(const fe_compiler *c) {
  fe_clc_tools t = {.clang = c->clang, .llvm_spirv = c->llvm_spirv, .opt = c->opt};
  return t;
}

/* Runs the backend on a module from the front half and owns its freeing. */
static fe_status fe_back(ir_module *m, const fe_target *target, isa_program **out,
                         char **ir_text, char **isa_text, fe_sb *log) {
  char err[1024] = "";
  int rc = (ir_text || isa_text) ? be_compile_dump(m, target, out, ir_text, isa_text, err, sizeof err)
                                 : be_compile(m, target, out, err, sizeof err);
  ir_module_free(m);
  if (rc) {
    fe_sb_printf(log, "%s%s", err[0] ? err : "error: code generation failed",
                 err[0] && err[strlen(err) - 1] == '\n' ? "" : "\n");
    return FE_BUILD_FAILED;
  }
  return FE_OK;
}

void fe_compiler_cache_stats(const fe_compiler *c, fe_cache_stats *out) {
  fe_cache_get_stats(c ? c->cache : NULL, out);
}

fe_status fe_build(fe_compiler *c, const char *source, const char *options,
                   const fe_target *target, isa_program **out, char **log) {
  fe_sb lb = {0};
  fe_status st;
  ir_module *m = NULL;
  *out = NULL;
  fe_cache_key key;
  int cacheable = c && fe_cache_key_source(c->cache, source, options, target, &key) == 0;
  if (cacheable && fe_cache_lookup(c->cache, &key, out, log))
    return FE_OK;
  if (!c) {
    fe_sb_printf(&lb, "error: internal: no compiler object\n");
    st = FE_INTERNAL;
  } else {
    fe_clc_tools t = fe_tools(c);
    t.target = target;
    st = fe_front_source(&t, source, options, &m, &lb);
    if (st == FE_OK)
      st = fe_back(m, target, out, NULL, NULL, &lb);
  }
  *log = fe_sb_take(&lb);
  if (cacheable && st == FE_OK)
    fe_cache_store(c->cache, &key, *out, *log);
  return st;
}

fe_status fe_build_spirv(fe_compiler *c, const uint32_t *words, size_t nwords,
                         const fe_target *target, isa_program **out, char **log) {
  fe_sb lb = {0};
  ir_module *m = NULL;
  *out = NULL;
  fe_cache_key key;
  int cacheable = c && fe_cache_key_spirv(c->cache, words, nwords, target, &key) == 0;
  if (cacheable && fe_cache_lookup(c->cache, &key, out, log))
    return FE_OK;
  fe_status st = fe_front_spirv(words, nwords, &m, &lb);
  if (st == FE_OK)
    st = fe_back(m, target, out, NULL, NULL, &lb);
  *log = fe_sb_take(&lb);
  if (cacheable && st == FE_OK)
    fe_cache_store(c->cache, &key, *out, *log);
  return st;
}

char *fe_dump(fe_compiler *c, const char *source, const char *options,
              const fe_target *target, int ir, char **log) {
  fe_sb lb = {0};
  ir_module *m = NULL;
  char *text = NULL;
  if (c) {
    fe_clc_tools t = fe_tools(c);
    if (fe_front_source(&t, source, options, &m, &lb) == FE_OK) {
      isa_program *prog = NULL;
      char *ir_text = NULL, *isa_text = NULL;
      if (fe_back(m, target, &prog, ir ? &ir_text : NULL, ir ? NULL : &isa_text, &lb) == FE_OK)
        text = ir ? ir_text : isa_text;
      else
        free(ir ? ir_text : isa_text);
      if (prog)
        isa_program_destroy(prog);
    }
  }
  if (log)
    *log = fe_sb_take(&lb);
  else
    fe_sb_fini(&lb);
  return text;
}
