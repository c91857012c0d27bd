#!/usr/bin/env python3
# plot_stats.py: charts of wavesim statistics databases with matplotlib
# (Debian's python3-matplotlib), as SVG or PNG.
"""Charts of wavesim statistics databases.

usage: plot_stats.py DB [-o OUT.svg|OUT.png] [--last N] [--charts LIST]
       plot_stats.py sweep --key KEY [--metric COLUMN] DB=VALUE DB=VALUE... [-o OUT]
       plot_stats.py sweep --key KEY [--metric COLUMN] MERGED.db [-o OUT]

The first form draws, one bar (or point) per launch of DB:
  cycles     cycles of each launch;
  stalls     its SIMD stall cycles split by cause (stacked; docs/STATS.md);
  occupancy  achieved occupancy, with the resident-wave limit and its limiter;
  hitrates   L1, L2, scalar-cache and texture hit rates;
  roofline   each launch on its preset's instruction roofline: work-item
             instructions per DRAM byte against work-item instructions per
             second, under the peak lane rate (CUs x SIMDs x lanes x clock) and
             the DRAM bandwidth of the config that ran it (configs/NAME.yaml).
--charts picks some (comma-separated; default all). The sweep form plots one
statistic (default cycles, summed per kernel) against a config key, one
database per point (e.g. the databases of `wavesim run --set cu.count=V`), or
one database `wavesim merge` made from a sweep (its KEY column gives x).
In SVG output every bar has an id (cycles-ID, stall-KIND-ID, occupancy-ID,
hit-CACHE-ID) and every roofline point roofline-ID, for tools and tests.
Databases are read through wavesim_stats.py (generated from sim/stats.def).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wavesim_stats as ws  # noqa: E402

CHARTS = ("cycles", "stalls", "occupancy", "hitrates", "roofline")
STALL_COLOURS = ["#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756"]


def fail(msg):
    raise SystemExit(f"plot_stats: {msg}")


def pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("needs matplotlib: apt-get install python3-matplotlib (and run Debian's "
             "/usr/bin/python3)")
    return plt


def label(r):
    s = f"#{r['id']} {r['kernel']}"
    return s if len(s) <= 32 else s[:29] + "..."


def bars(ax, rows, values, gid, colour, left=None):
    lefts = left or [0] * len(rows)
    patches = ax.barh(range(len(rows)), values, left=lefts, color=colour, height=0.7)
    for p, r in zip(patches, rows):
        p.set_gid(f"{gid}-{r['id']}")
    return patches


def legend_right(ax, handles=None):
    kw = {"handles": handles} if handles else {}
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize="small", **kw)


def chart_cycles(ax, rows):
    bars(ax, rows, [r["cycles"] or 0 for r in rows], "cycles", STALL_COLOURS[0])
    ax.set_title("cycles per launch")
    ax.set_xlabel("cycles")


def chart_stalls(ax, rows):
    from matplotlib.patches import Patch
    left, handles = [0] * len(rows), []
    for k, col in enumerate(ws.STALL_COLUMNS):
        v = [r[col] or 0 for r in rows]
        kind, colour = col[len("stall_"):], STALL_COLOURS[k % len(STALL_COLOURS)]
        bars(ax, rows, v, f"stall-{kind}", colour, left)
        handles.append(Patch(color=colour, label=kind))
        left = [a + b for a, b in zip(left, v)]
    ax.set_title("SIMD stall cycles by cause")
    ax.set_xlabel("cycles (summed over SIMDs)")
    legend_right(ax, handles)


def chart_occupancy(ax, rows):
    bars(ax, rows, [100 * (r["achieved_occupancy"] or 0) for r in rows], "occupancy",
         STALL_COLOURS[2])
    for i, r in enumerate(rows):
        ax.text(1, i, f" limit {r['waves_per_simd']} waves/SIMD ({r['limiter']})",
                va="center", fontsize="small")
    ax.set_xlim(0, 100)
    ax.set_title("achieved occupancy (resident waves / wave slots)")
    ax.set_xlabel("%")


def chart_hitrates(ax, rows):
    caches = [c for c in ws.HIT_RATES if any(ws.hit_rate(r, c) is not None for r in rows)]
    h = 0.8 / max(len(caches), 1)
    for k, c in enumerate(caches):
        ys = [i - 0.4 + h * (k + 0.5) for i in range(len(rows))]
        vals = [100 * (ws.hit_rate(r, c) or 0) for r in rows]
        ps = ax.barh(ys, vals, height=h, color=STALL_COLOURS[k % len(STALL_COLOURS)], label=c)
        for p, r in zip(ps, rows):
            p.set_gid(f"hit-{c}-{r['id']}")
    ax.set_xlim(0, 100)
    ax.set_title("cache hit rates")
    ax.set_xlabel("% of requests")
    if caches:
        legend_right(ax)


def config_values(name, cache):
    """(peak work-item instructions/s, DRAM bytes/s) of the config `name` as
    the database names it (a preset, or a YAML path), or None."""
    name = re.sub(r"#\d+$", "", name or "")
    if name in cache:
        return cache[name]
    import statsdef
    try:
        import yaml
    except ImportError:
        fail("the roofline needs PyYAML: apt-get install python3-yaml")
    path = name if name.endswith((".yaml", ".yml")) else None
    if not path:
        d = os.environ.get("WAVESIM_CONFIG_DIR") or os.path.join(statsdef.ROOT, "configs")
        path = os.path.join(d, f"{name}.yaml")
    vals = None
    if os.path.exists(path):
        with open(path) as f:
            y = yaml.safe_load(f) or {}
        dflt = statsdef.cfg_defaults()

        def key(k):
            node = y
            for part in k.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            return float(node) if isinstance(node, (int, float)) else dflt.get(k, 0.0)
        lanes = key("cu.count") * key("cu.simds") * key("cu.simd_width")
        vals = (lanes * key("clock_mhz") * 1e6, key("dram.bandwidth_gbs") * 1e9)
    cache[name] = vals
    return vals


def chart_roofline(ax, rows):
    cache, placed, roofs = {}, 0, set()
    for r in rows:
        cfg = config_values(r["config"], cache)
        dram = (r["dram_read_bytes"] or 0) + (r["dram_write_bytes"] or 0)
        if not cfg or not dram or not r["time_ns"] or not r["thread_insts"]:
            continue
        peak, bw = cfg
        if cfg not in roofs:
            roofs.add(cfg)
            xs = [2 ** (k / 4) for k in range(-40, 81)]
            ax.plot(xs, [min(peak, bw * x) for x in xs], color="grey", lw=1)
            ax.text(xs[-1], peak, f"{re.sub(r'#.*', '', r['config'])}: {peak / 1e12:.1f} T inst/s, "
                    f"{bw / 1e12:.2f} TB/s", ha="right", va="bottom", fontsize="small")
        x, y = r["thread_insts"] / dram, r["thread_insts"] / (r["time_ns"] * 1e-9)
        pts = ax.scatter([x], [y], zorder=3)
        pts.set_gid(f"roofline-{r['id']}")
        ax.annotate(f"#{r['id']}", (x, y), textcoords="offset points", xytext=(4, 4),
                    fontsize="small")
        placed += 1
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_title("instruction roofline (work-item instructions, not FLOPs)")
    ax.set_xlabel("work-item instructions per DRAM byte")
    ax.set_ylabel("work-item instructions / s")
    if not placed:
        ax.text(0.5, 0.5, "no launch with DRAM traffic and a known config", ha="center",
                transform=ax.transAxes)


def plot_db(a):
    try:
        con = ws.connect(a.db)
        rows = ws.launches(con, a.last)
    except ws.StatsError as e:
        fail(str(e))
    if not rows:
        fail(f"{a.db}: no kernel launches recorded")
    charts = [c.strip() for c in a.charts.split(",") if c.strip()]
    for c in charts:
        if c not in CHARTS:
            fail(f"--charts: unknown chart '{c}' (charts: {', '.join(CHARTS)})")
    timed = [r for r in rows if not r["functional_only"]]
    plt = pyplot()
    h = max(2.5, 0.35 * len(rows) + 1.2)
    heights = [7 if c == "roofline" else h for c in charts]
    fig, axes = plt.subplots(len(charts), 1, figsize=(10, sum(heights)),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    for ax, c in zip(axes[:, 0], charts):
        use = rows if c in ("cycles", "occupancy", "hitrates") else timed
        if c != "roofline":
            ax.set_yticks(range(len(use)))
            ax.set_yticklabels([label(r) for r in use], fontsize="small")
            ax.invert_yaxis()
        globals()[f"chart_{c}"](ax, use)
    fig.suptitle(f"{os.path.basename(a.db)}: {len(rows)} launch{'es' if len(rows) != 1 else ''}")
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    save(fig, a.output)
    print(f"plot_stats: {len(rows)} launch{'es' if len(rows) != 1 else ''} -> {a.output}")


def plot_sweep(a):
    points = []
    if len(a.points) == 1 and "=" not in a.points[0]:  # a merged database: the key is a column
        try:
            rows = ws.launches(ws.connect(a.points[0]))
        except ws.StatsError as e:
            fail(str(e))
        if not rows or a.key not in rows[0]:
            fail(f"{a.points[0]}: no column '{a.key}' (wavesim merge makes one per --set key)")
        if a.metric not in rows[0]:
            fail(f"--metric {a.metric}: not a launches column (see docs/STATS.md)")
        byx = {}
        for r in rows:
            if r[a.key] is None:
                continue
            per = byx.setdefault(float(r[a.key]), {})
            per[r["kernel"]] = per.get(r["kernel"], 0) + (r[a.metric] or 0)
        a.points = []
        points = sorted(byx.items())
    for spec in a.points:
        path, eq, value = spec.rpartition("=")
        if not eq or not path:
            fail(f"sweep point '{spec}': expected DB=VALUE (the key's value that database ran with)")
        try:
            x = float(value)
        except ValueError:
            fail(f"sweep point '{spec}': the value '{value}' is not a number")
        try:
            rows = ws.launches(ws.connect(path))
        except ws.StatsError as e:
            fail(str(e))
        if rows and a.metric not in rows[0]:
            fail(f"--metric {a.metric}: not a launches column (see docs/STATS.md)")
        per = {}
        for r in rows:
            per[r["kernel"]] = per.get(r["kernel"], 0) + (r[a.metric] or 0)
        points.append((x, per))
    points.sort(key=lambda p: p[0])
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 5))
    kernels = sorted({k for _, per in points for k in per})
    for k in kernels:
        xs = [x for x, per in points if k in per]
        line, = ax.plot(xs, [per[k] for x, per in points if k in per], marker="o", label=k)
        line.set_gid(f"sweep-{k}")
    ax.set_xlabel(a.key)
    unit = ws.LAUNCH_COLUMNS.get(a.metric, ("", "", "", ""))[1]
    ax.set_ylabel(f"{a.metric} ({unit}, summed per kernel)" if unit else a.metric)
    ax.set_title(f"{a.metric} against {a.key}")
    ax.legend(fontsize="small")
    fig.tight_layout()
    save(fig, a.output)
    print(f"plot_stats: {len(points)} points, {len(kernels)} kernels -> {a.output}")


def save(fig, out):
    ext = os.path.splitext(out)[1].lower()
    if ext not in (".svg", ".png"):
        fail(f"-o {out}: write .svg or .png")
    try:
        fig.savefig(out, format=ext[1:], dpi=100)
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror}")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "sweep":
        ap = argparse.ArgumentParser(prog="plot_stats.py sweep",
                                     description="one statistic against a config key")
        ap.add_argument("points", nargs="+", metavar="DB=VALUE",
                        help="one database per point, or one merged database (wavesim merge) "
                             "with a column named KEY")
        ap.add_argument("--key", required=True, help="the swept config key (axis label)")
        ap.add_argument("--metric", default="cycles", help="a launches column (default cycles)")
        ap.add_argument("-o", "--output", default="wavesim-sweep.svg")
        plot_sweep(ap.parse_args(argv[1:]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="see the module docstring for the charts")
    ap.add_argument("db", help="statistics database (wavesim run --db FILE)")
    ap.add_argument("-o", "--output", default="wavesim-stats.svg", help=".svg or .png to write")
    ap.add_argument("--last", type=int, default=0, help="only the last N launches")
    ap.add_argument("--charts", default=",".join(CHARTS), help="comma-separated: " +
                    ", ".join(CHARTS))
    plot_db(ap.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
