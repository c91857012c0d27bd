/* `wavesim compile`'s reports of one kernel on one preset: text (the ISA
 * under its source lines, then resources, occupancy and LDS conflicts) and
 * JSON (the same facts, one object; fields documented in README.md). */
#include <stdio.h>
#include <string.h>

#include "compile.h"

/* The conflict degree: passes over the conflict-free minimum, rounded up
 * (0 when the work-group could not be laid out). */
static uint32_t cli_lds_ways(const cli_lds_cost *c) {
  return c->ideal ? (c->passes + c->ideal - 1) / c->ideal : 0;
}

/* "conflict-free (1 pass)" or "4 passes, 1 without conflicts (4.0x)" */
static void cli_lds_words(char *buf, size_t len, const cli_lds_addr *a, const cli_lds_cost *c) {
  if (!a->affine) {
    snprintf(buf, len, "not affine in the work-item id");
  } else if (c->passes == 0) {
    snprintf(buf, len, "affine (work-group larger than the device allows)");
  } else if (c->passes <= c->ideal) {
    snprintf(buf, len, "conflict-free (%u pass%s)", c->passes, c->passes == 1 ? "" : "es");
  } else {
    snprintf(buf, len, "%u-way: %u passes, %u without conflicts", cli_lds_ways(c), c->passes,
             c->ideal);
  }
}

static int cli_local_args(const isa_kernel *k) {
  for (uint32_t i = 0; i < k->nargs; i++)
    if (k->args[i].kind == ISA_ARG_LOCAL_PTR) return 1;
  return 0;
}

static const char *cli_src_line(const cli_compile_item *it, uint32_t line) {
  return line && line <= it->nlines && it->lines[line] ? it->lines[line] : NULL;
}

void cli_compile_text(FILE *f, const cli_compile_item *it) {
  const isa_kernel *k = it->k;
  const cfg_device *c = it->cfg;
  fprintf(f, "== kernel %s, preset %s (wave %lld) ==\n", k->name, it->preset,
          (long long)c->wave_size);
  uint32_t last = 0;
  char words[160], text[256];
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    uint32_t line = k->line ? k->line[pc] : 0;
    if (line && line != last) {
      const char *s = cli_src_line(it, line);
      fprintf(f, "%6u | %s\n", line, s ? s : "");
      last = line;
    }
    isa_disasm(&k->code[pc], text, sizeof text);
    if (it->lds[pc].lds) {
      cli_lds_words(words, sizeof words, &it->lds[pc], &it->lds_cost[pc]);
      fprintf(f, "         %5u  %-40s ; LDS %s\n", pc, text, words);
    } else {
      fprintf(f, "         %5u  %s\n", pc, text);
    }
  }
  /* __local pointer arguments are sized by the host program at launch */
  fprintf(f,
          "resources: %u VGPRs, %u SGPRs per wave; LDS %u bytes per work-group%s; "
          "scratch %u bytes per work-item; %u instructions\n",
          k->nvgprs, k->nsgprs, k->lds_bytes,
          cli_local_args(k) ? " (+ its __local arguments, sized at launch: not counted)" : "",
          k->private_bytes, k->ncode);
  fprintf(f, "work-group: %ux%ux%u (%s)\n", it->local[0], it->local[1], it->local[2],
          it->local_from);
  if (!it->occ_ok) {
    fprintf(f, "occupancy: cannot launch: %s\n", it->occ_err);
  } else {
    const sim_occupancy *o = &it->occ;
    uint64_t slots = (uint64_t)c->cu_simds * (uint64_t)c->cu_wave_slots;
    uint64_t waves = (uint64_t)o->wgs_per_cu * o->waves_per_wg;
    fprintf(f,
            "occupancy: %u work-groups per CU x %u waves = %llu of %llu wave slots (%.0f%%), "
            "limited by %s\n",
            o->wgs_per_cu, o->waves_per_wg, (unsigned long long)waves, (unsigned long long)slots,
            100.0 * (double)waves / (double)slots, o->limiter);
    fprintf(f,
            "  allocated: %u VGPRs, %u SGPRs per wave, %u LDS bytes per work-group; a SIMD holds "
            "%u waves (slots and registers)\n",
            o->vgprs_alloc, o->sgprs_alloc, o->lds_alloc, o->waves_per_simd);
    fprintf(f, "  work-groups per CU each limit allows:");
    for (unsigned i = 0; sim_limiter_name(i); i++)
      fprintf(f, " %s %u", sim_limiter_name(i), o->limit[i]);
    fprintf(f, "\n  to lift it: %s\n", it->lift);
  }
  uint32_t nlds = 0, naff = 0, worst = 0, worst_pc = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    if (!it->lds[pc].lds) continue;
    nlds++;
    if (!it->lds[pc].affine) continue;
    naff++;
    uint32_t deg = cli_lds_ways(&it->lds_cost[pc]);
    if (deg > worst) worst = deg, worst_pc = pc;
  }
  if (!nlds) {
    fprintf(f, "LDS bank conflicts: no LDS instructions\n\n");
    return;
  }
  fprintf(
      f,
      "LDS bank conflicts (lds.banks %lld x %lld bytes, per wave; %u instructions, %u affine%s):\n",
      (long long)c->lds_banks, (long long)c->lds_bank_width, nlds, naff,
      worst > 1 ? "" : ", none conflicting");
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    if (!it->lds[pc].lds) continue;
    const cli_lds_addr *a = &it->lds[pc];
    cli_lds_words(words, sizeof words, a, &it->lds_cost[pc]);
    isa_disasm(&k->code[pc], text, sizeof text);
    char *sp = strchr(text, ' ');
    if (sp) *sp = 0;
    fprintf(f, "  pc %-5u line %-5u %-16s %s", pc, k->line ? k->line[pc] : 0, text, words);
    if (a->affine) {
      fprintf(f, "; address %d*x + %d*y + %d*z + ", (int32_t)a->coef[0], (int32_t)a->coef[1],
              (int32_t)a->coef[2]);
      if (a->base_known)
        fprintf(f, "%d", (int32_t)a->base);
      else
        fprintf(f, "a runtime value common to the wave");
      const cli_lds_cost *cc = &it->lds_cost[pc];
      if (cc->passes_min != cc->passes_max)
        fprintf(f, " (waves take %u to %u passes)", cc->passes_min, cc->passes_max);
    }
    fputc('\n', f);
  }
  if (worst > 1)
    fprintf(f, "  worst: %u-way at pc %u (line %u)\n", worst, worst_pc,
            k->line ? k->line[worst_pc] : 0);
  fputc('\n', f);
}

/* A JSON string (control characters escaped). */
static void cli_json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(f, "\\%c", ch);
    else if (ch == '\n')
      fputs("\\n", f);
    else if (ch == '\t')
      fputs("\\t", f);
    else if (ch < 0x20)
      fprintf(f, "\\u%04x", ch);
    else
      fputc(ch, f);
  }
  fputc('"', f);
}

void cli_compile_json(FILE *f, const cli_compile_item *it, int first) {
  const isa_kernel *k = it->k;
  const cfg_device *c = it->cfg;
  fprintf(f, "%s\n{\"kernel\": ", first ? "" : ",");
  cli_json_str(f, k->name);
  fprintf(f, ", \"preset\": ");
  cli_json_str(f, it->preset);
  fprintf(f, ", \"file\": ");
  cli_json_str(f, it->file);
  fprintf(f, ", \"wave_size\": %lld,\n \"local_size\": [%u, %u, %u], \"local_size_from\": ",
          (long long)c->wave_size, it->local[0], it->local[1], it->local[2]);
  cli_json_str(f, it->local_from);
  fprintf(f,
          ",\n \"resources\": {\"vgprs\": %u, \"sgprs\": %u, \"lds_bytes\": %u, "
          "\"scratch_bytes\": %u, \"instructions\": %u, \"local_args\": %s},\n \"occupancy\": ",
          k->nvgprs, k->nsgprs, k->lds_bytes, k->private_bytes, k->ncode,
          cli_local_args(k) ? "true" : "false");
  if (!it->occ_ok) {
    fprintf(f, "{\"ok\": false, \"error\": ");
    cli_json_str(f, it->occ_err);
    fprintf(f, "}");
  } else {
    const sim_occupancy *o = &it->occ;
    uint64_t slots = (uint64_t)c->cu_simds * (uint64_t)c->cu_wave_slots;
    uint64_t waves = (uint64_t)o->wgs_per_cu * o->waves_per_wg;
    fprintf(f,
            "{\"ok\": true, \"vgprs_alloc\": %u, \"sgprs_alloc\": %u, \"lds_alloc\": %u, "
            "\"waves_per_simd\": %u, \"waves_per_workgroup\": %u, \"workgroups_per_cu\": %u, "
            "\"waves_per_cu\": %llu, "
            "\"wave_slots_per_cu\": %llu, \"fraction\": %.4f, \"limiter\": ",
            o->vgprs_alloc, o->sgprs_alloc, o->lds_alloc, o->waves_per_simd, o->waves_per_wg,
            o->wgs_per_cu, (unsigned long long)waves, (unsigned long long)slots,
            (double)waves / (double)slots);
    cli_json_str(f, o->limiter);
    fprintf(f, ", \"limits\": {");
    for (unsigned i = 0; sim_limiter_name(i); i++)
      fprintf(f, "%s\"%s\": %u", i ? ", " : "", sim_limiter_name(i), o->limit[i]);
    fprintf(f, "}, \"lift\": ");
    cli_json_str(f, it->lift);
    fprintf(f, "}");
  }
  fprintf(f, ",\n \"lds_banks\": %lld, \"lds_bank_width\": %lld, \"lds\": [",
          (long long)c->lds_banks, (long long)c->lds_bank_width);
  int n = 0;
  char text[256];
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const cli_lds_addr *a = &it->lds[pc];
    if (!a->lds) continue;
    isa_disasm(&k->code[pc], text, sizeof text);
    char *sp = strchr(text, ' ');
    if (sp) *sp = 0;
    fprintf(f, "%s\n  {\"pc\": %u, \"line\": %u, \"op\": \"%s\", \"affine\": %s", n++ ? "," : "",
            pc, k->line ? k->line[pc] : 0, text, a->affine ? "true" : "false");
    if (a->affine) {
      const cli_lds_cost *cc = &it->lds_cost[pc];
      char offset[16] = "null"; /* a runtime value common to the wave */
      if (a->base_known) snprintf(offset, sizeof offset, "%d", (int32_t)a->base);
      fprintf(f,
              ", \"stride\": [%d, %d, %d], \"offset\": %s, "
              "\"degree\": %u, \"passes\": %u, \"ideal\": %u, \"passes_min\": %u, "
              "\"passes_max\": %u",
              (int32_t)a->coef[0], (int32_t)a->coef[1], (int32_t)a->coef[2], offset,
              cli_lds_ways(cc), cc->passes, cc->ideal, cc->passes_min, cc->passes_max);
    }
    fprintf(f, "}");
  }
  fprintf(f, "],\n \"listing\": [");
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    isa_disasm(&k->code[pc], text, sizeof text);
    fprintf(f, "%s\n  {\"pc\": %u, \"line\": %u, \"text\": ", pc ? "," : "", pc,
            k->line ? k->line[pc] : 0);
    cli_json_str(f, text);
    fprintf(f, "}");
  }
  fprintf(f, "]}");
}
