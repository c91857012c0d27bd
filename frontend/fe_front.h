/* The compiler's front half as one call: OpenCL C or SPIR-V in, validated IR
 * module out. Used by fe.c's driver and by tests that stop before the backend. */
#ifndef WAVESIM_FE_FRONT_H
#define WAVESIM_FE_FRONT_H

#include <stddef.h>
#include <stdint.h>

#include "clc.h"
#include "fe.h"
#include "fe_strbuf.h"
#include "ir.h"

/* The tool paths found at configure time (a caller's fe_host overrides
 * them; the library reads no environment). Strings are not owned. */
fe_clc_tools fe_front_default_tools(void);

/* OpenCL C -> IR. On FE_OK *out is a heap module (ir_module_free). */
fe_status fe_front_source(const fe_clc_tools *tools, const char *source, const char *options,
                          ir_module **out, fe_sb *log);
/* SPIR-V -> IR, same contract. */
fe_status fe_front_spirv(const uint32_t *words, size_t nwords, ir_module **out, fe_sb *log);

#endif
