#!/usr/bin/env python3
"""Summarizes latdist CSVs (validation/data/latdist.c): per file and run, the
latency percentiles, the share and mean of four bands (H100, cycles: an L2
hit in the SM's own partition < 400, in the other partition 400-520, a DRAM
miss through the own partition 520-660, through the other one >= 660), the
expected slowest of 8 and 32 loads (what a warp gathering 8 or 32 lines waits
for, drawn from the measured loads) and, for 132-group files, how often two
SMs agree on which lines are slow (two halves: ~0.9 within, ~0.1 across).
Usage: latdist_summary.py FILE.csv[.xz]..."""
import collections
import lzma
import random
import statistics as st
import sys


def load(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        next(f)
        return [tuple(int(x) for x in line.split(",")) for line in f if line.strip()]


def summarize(path):
    rows = load(path)
    for run in sorted({r[0] for r in rows}):
        c = sorted(r[5] for r in rows if r[0] == run)
        q = lambda p: c[int(p * (len(c) - 1))]
        rng = random.Random(1)
        emax = lambda k: st.mean(max(rng.sample(c, k)) for _ in range(4000))
        bands = [("hit near", 0, 400), ("hit far", 400, 520), ("miss near", 520, 660),
                 ("miss far", 660, 1 << 32)]
        parts = []
        for name, lo, hi in bands:
            b = [x for x in c if lo <= x < hi]
            parts.append(f"{name} {len(b) / len(c):.2f} @{st.mean(b) if b else 0:.0f}")
        print(f"{path} run {run}: n {len(c)} mean {st.mean(c):.0f} p10 {q(.1)} p50 {q(.5)} "
              f"p90 {q(.9)} p99 {q(.99)} | {', '.join(parts)} | "
              f"E[max 8] {emax(8):.0f} E[max 32] {emax(32):.0f}")
    runs = sorted({r[0] for r in rows})
    if len(runs) < 2 or len({r[1] for r in rows}) < 2:
        return
    first = {r[4]: (r[2], r[5]) for r in rows if r[0] == runs[0]}
    agree = collections.defaultdict(lambda: [0, 0])
    for r in rows:
        if r[0] != runs[1] or r[4] not in first:
            continue
        sm0, l0 = first[r[4]]
        if min(l0, r[5]) < 400:
            continue
        agree[(sm0, r[2])][0] += (l0 >= 660) == (r[5] >= 660)
        agree[(sm0, r[2])][1] += 1
    hist = collections.Counter(round(a / n, 1) for a, n in agree.values() if n > 100)
    print(f"{path}: SM pairs by agreement on slow lines: {dict(sorted(hist.items()))}")


for p in sys.argv[1:]:
    summarize(p)
