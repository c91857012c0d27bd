/* The coalescer: the lines a wave's access touches and the sectors of each,
 * which sectors a store writes only in part, and the atomic-unit
 * operations an atomic's lanes on a line need. */
#include <string.h>

#include "sim_coalesce.h"

/* x / d for the sector and line sizes here: powers of two (cfg.c checks
 * them), so a shift; a division (tens of cycles per lane, the coalescer's
 * largest cost) only for a size that is not. */
static inline uint64_t sim_co_div(uint64_t x, uint32_t d, int sh) {
  return sh >= 0 ? x >> sh : x / d;
}

static inline int sim_co_shift(uint32_t d) {
  return d && !(d & (d - 1)) ? __builtin_ctz(d) : -1;
}

uint32_t sim_coalesce(const isa_access *a, uint32_t line, uint32_t sector, uint64_t *lines,
                      uint64_t *masks) {
  uint32_t n = 0, last = 0;
  uint64_t mask = a->mask;
  uint64_t lmask = ~(uint64_t)(line - 1);
  int sh = sim_co_shift(sector);
  uint64_t top = sim_co_div(line - 1, sector, sh);
  while (mask) {
    unsigned i = (unsigned)__builtin_ctzll(mask);
    mask &= mask - 1;
    uint64_t b = a->addr[i], e = a->addr[i] + a->size - 1;
    for (uint64_t l = b & lmask;; l += line) {
      uint64_t lo = b > l ? sim_co_div(b - l, sector, sh) : 0;
      uint64_t hi = e < l + line - 1 ? sim_co_div(e - l, sector, sh) : top;
      /* bits lo..hi; 2 << 63 wraps to 0 and the subtraction still gives them */
      uint64_t bits = (2ull << hi) - (1ull << lo);
      if (!(last < n && lines[last] == l)) { /* neighbouring lanes mostly share a line */
        for (last = 0; last < n && lines[last] != l; last++) {
        }
        if (last == n) lines[n] = l, masks[n++] = 0;
      }
      masks[last] |= bits;
      if (l == (e & lmask)) break;
    }
  }
  return n;
}

void sim_coalesce_partial(const isa_access *a, uint32_t line, uint32_t sector,
                          const uint64_t *lines, uint32_t n, uint64_t *cov, uint64_t *partial) {
  int sh = sim_co_shift(sector);
  uint32_t spl = (uint32_t)sim_co_div(line, sector, sh), last = 0;
  uint64_t lmask = ~(uint64_t)(line - 1), full = sector == 64 ? ~0ull : (1ull << sector) - 1;
  memset(cov, 0, (size_t)n * spl * sizeof *cov);
  for (uint64_t mask = a->mask; mask; mask &= mask - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mask);
    uint64_t b = a->addr[i], e = b + a->size; /* [b, e) */
    for (uint64_t p = b; p < e;) {
      uint64_t l = p & lmask;
      uint64_t s0 = p - (sh >= 0 ? (p - l) & (sector - 1) : (p - l) % sector), se = s0 + sector;
      uint64_t q = e < se ? e : se;
      if (!(last < n && lines[last] == l))
        for (last = 0; last < n && lines[last] != l; last++) {
        }
      if (last < n) {
        uint64_t lo = p - s0, k = q - p;
        cov[(size_t)last * spl + sim_co_div(s0 - l, sector, sh)] |=
            (k == 64 ? ~0ull : ((1ull << k) - 1)) << lo;
      }
      p = q;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    partial[i] = 0;
    for (uint32_t s = 0; s < spl; s++) {
      uint64_t c = cov[(size_t)i * spl + s];
      if (c && c != full) partial[i] |= 1ull << s;
    }
  }
}

uint32_t sim_atomic_ops(const isa_access *a, uint64_t line_addr, uint32_t line, uint32_t sector,
                        uint32_t *lanes) {
  /* per sector, lanes on distinct addresses share one operation and lanes
   * on one address take one each: ops = sum over sectors of the largest
   * same-address lane count in it */
  uint64_t addr[ISA_MAX_WAVE];
  uint32_t cnt[ISA_MAX_WAVE], n = 0, nl = 0;
  uint32_t nsec = line / sector, worst[64] = {0};
  for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
    unsigned k = (unsigned)__builtin_ctzll(mk);
    if ((a->addr[k] & ~(uint64_t)(line - 1)) != line_addr) continue;
    nl++;
    uint32_t j = 0;
    while (j < n && addr[j] != a->addr[k]) j++;
    if (j == n) addr[n] = a->addr[k], cnt[n++] = 0;
    uint32_t s = (uint32_t)((a->addr[k] - line_addr) / sector);
    if (s >= nsec || s >= 64) s = 0;
    if (++cnt[j] > worst[s]) worst[s] = cnt[j];
  }
  uint32_t ops = 0;
  for (uint32_t s = 0; s < nsec && s < 64; s++) ops += worst[s];
  *lanes = nl;
  return ops ? ops : 1;
}
