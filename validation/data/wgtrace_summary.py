#!/usr/bin/env python3
"""Summarizes the per-work-group traces of validation/data/h100_wgtrace.tar.xz
(written by wgtrace.c on the H100): the numbers configs/h100.yaml cites.

  mkdir -p /tmp/wgt && tar xJf validation/data/h100_wgtrace.tar.xz -C /tmp/wgt
  python3 validation/data/wgtrace_summary.py /tmp/wgt

probes_sync/K_G_ITER.csv: probe K of validation/data/probes/sync.cl, G groups of
256 (132: one per SM; 4224: 32 per SM, 8 resident at a time), ITER steps;
K_wgW[_lone]_ITER.csv: the same with groups of W. Per step cycles come from
the ITER=1024 minus ITER=256 difference, so the fixed costs cancel.
reduction/seq_N.csv: reduce_sequential's first pass over N floats, the launch
after a warm-up one ("warm") and one after a 256 MB fill ("cold");
reduction/qseq_N.csv: "warm" again and one enqueued right behind another
launch of the same kernel ("queued")."""
import csv
import os
import statistics as st
import sys


def load(path):
    rows, prof = {}, {}
    for r in csv.reader(open(path)):
        v = [int(x) for x in r[1:]]
        if v[0] == -1:
            prof[r[0]] = v[1:]  # submit, start, end, queued (ns)
        else:
            rows.setdefault(r[0], []).append(v)  # group, sm, clock0, clock1, gtime0
    return rows, prof


def span_cycles(rows, mhz=1980.0):
    g0 = min(r[4] for r in rows)
    end = max(r[4] + (r[3] - r[2]) * 1000.0 / mhz for r in rows)
    return (end - g0) * mhz / 1000.0


def life(rows):
    return st.mean(r[3] - r[2] for r in rows)


def per_step(d, name, a=256, b=1024):
    r1 = load(os.path.join(d, f"{name}_{a}.csv"))[0]["warm"]
    r2 = load(os.path.join(d, f"{name}_{b}.csv"))[0]["warm"]
    sms = len({r[1] for r in r2})
    n = b - a
    return (life(r2) - life(r1)) / n, (span_cycles(r2) - span_cycles(r1)) / n / (len(r2) / sms)


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "."
    d = os.path.join(top, "probes_sync")
    print("probe,groups_of,lone_cycles_per_step,loaded_cycles_per_group_step")
    for k in ["bar", "lds_bar", "lds_one_warp_bar", "tree_step", "tree_step_one_warp", "lds_loop",
              "lds_loop_one_warp", "tree_step_nobar", "sts_loop"]:
        lone = per_step(d, f"{k}_132")[0]
        loaded = per_step(d, f"{k}_4224")[1]
        print(f"{k},256,{lone:.1f},{loaded:.2f}")
    for k in ["bar", "tree_step"]:
        for wg in [32, 64, 128, 512, 1024]:
            lone = per_step(d, f"{k}_wg{wg}_lone")[0]
            loaded = per_step(d, f"{k}_wg{wg}")[1] if wg <= 256 else float("nan")
            print(f"{k},{wg},{lone:.1f},{loaded:.2f}")
    print()
    print("reduce_sequential_n,mode,groups,end_minus_start_us,start_to_first_group_us,"
          "group_span_us,last_group_to_end_us,mean_group_life_cycles")
    d = os.path.join(top, "reduction")
    for f in sorted(os.listdir(d), key=lambda x: (x[0], int(x.split("_")[1].split(".")[0]))):
        rows, prof = load(os.path.join(d, f))
        for mode in [m for m in ["warm", "cold", "queued"] if m in rows]:
            r = rows[mode]
            sub, start, end, _ = prof[mode]
            g0 = min(x[4] for x in r)
            gend = max(x[4] + (x[3] - x[2]) / 1.98 for x in r)
            print(f"{f.split('_')[1].split('.')[0]},{mode},{len(r)},{(end - start) / 1000:.2f},"
                  f"{(g0 - start) / 1000:.2f},{(gend - g0) / 1000:.2f},{(end - gend) / 1000:.2f},"
                  f"{life(r):.0f}")


if __name__ == "__main__":
    main()
