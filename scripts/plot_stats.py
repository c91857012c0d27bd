#!/usr/bin/env python3
# plot_stats.py: charts of a wavesim statistics database as one SVG file
# (python3 standard library only; the SVG is written by hand, no matplotlib).
"""Draw per-launch cycles and the stall breakdown of a wavesim stats DB.

usage: plot_stats.py DB [-o OUT.svg] [--last N]

Two bar charts, one bar per launch (label: launch id and kernel):
  * cycles of each launch;
  * the launch's SIMD stall cycles split into dependency / memory / barrier /
    issue (stacked; docs/STATS.md defines each).
Every bar is a <rect> with class "bar cycles" or "bar stall stall-<kind>" and
data-launch="<id>", so tools (and the tests) can find them.
"""
import argparse
import os
import sqlite3
import sys
from xml.sax.saxutils import escape, quoteattr

STALLS = [  # (column, label, colour): the stall_* columns of `launches`
    ("stall_dependency", "dependency", "#4c78a8"),
    ("stall_memory", "memory", "#f58518"),
    ("stall_barrier", "barrier", "#54a24b"),
    ("stall_issue", "issue", "#b279a2"),
]
CYCLES_COLOUR = "#4c78a8"
ROW, BAR, LABEL_W, CHART_W, MARGIN = 22, 16, 260, 560, 20


def read_launches(path, last):
    if not os.path.exists(path):
        raise SystemExit(f"plot_stats: {path}: no such statistics database "
                         "(run a program with `wavesim run --db FILE` first)")
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        cols = ", ".join(c for c, _, _ in STALLS)
        rows = db.execute(f"SELECT id, kernel, cycles, {cols} FROM launches "
                          "ORDER BY id").fetchall()
    except sqlite3.Error as e:
        raise SystemExit(f"plot_stats: {path}: not a wavesim statistics database ({e})")
    finally:
        db.close()
    if last:
        rows = rows[-last:]
    if not rows:
        raise SystemExit(f"plot_stats: {path}: no kernel launches recorded")
    return rows


def fmt(n):
    for unit, div in (("G", 1e9), ("M", 1e6), ("K", 1e3)):
        if n >= div:
            return f"{n / div:.1f}{unit}"
    return str(int(n))


def chart(out, title, y0, rows, segments, legend=None):
    """One horizontal bar chart; segments(row) -> [(value, cls, colour)]."""
    total = max(sum(v for v, _, _ in segments(r)) for r in rows) or 1
    out.append(f'<text x="{MARGIN}" y="{y0 + 14}" class="title">{escape(title)}</text>')
    y = y0 + 24
    if legend:
        x = MARGIN
        for label, colour in legend:
            out.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{colour}"/>')
            out.append(f'<text x="{x + 14}" y="{y + 9}">{escape(label)}</text>')
            x += 30 + 8 * len(label)
        y += 18
    for r in rows:
        launch_id, kernel = r[0], r[1]
        label = f"#{launch_id} {kernel}"
        if len(label) > 36:
            label = label[:33] + "..."
        out.append(f'<text x="{MARGIN + LABEL_W - 6}" y="{y + BAR - 4}" '
                   f'text-anchor="end">{escape(label)}</text>')
        x = MARGIN + LABEL_W
        segs = segments(r)
        for value, cls, colour in segs:
            w = CHART_W * value / total
            out.append(f'<rect class={quoteattr(cls)} data-launch="{launch_id}" '
                       f'x="{x:.2f}" y="{y}" width="{w:.2f}" height="{BAR}" fill="{colour}">'
                       f'<title>{escape(f"#{launch_id} {kernel}: {cls.split()[-1]} {value}")}'
                       f'</title></rect>')
            x += w
        out.append(f'<text x="{x + 4:.2f}" y="{y + BAR - 4}">'
                   f'{fmt(sum(v for v, _, _ in segs))}</text>')
        y += ROW
    return y + MARGIN


def render(rows, path):
    out = []
    y = MARGIN
    y = chart(out, f"Cycles per launch ({os.path.basename(path)})", y, rows,
              lambda r: [(r[2], "bar cycles", CYCLES_COLOUR)])
    y = chart(out, "SIMD stall cycles per launch", y, rows,
              lambda r: [(r[3 + i], f"bar stall stall-{label}", colour)
                         for i, (_, label, colour) in enumerate(STALLS)],
              legend=[(label, colour) for _, label, colour in STALLS])
    width = MARGIN * 2 + LABEL_W + CHART_W + 80
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
            f'viewBox="0 0 {width} {y}" font-family="sans-serif" font-size="12">\n'
            '<style>.title { font-size: 14px; font-weight: bold; }</style>\n'
            f'<rect width="{width}" height="{y}" fill="white"/>\n')
    return head + "\n".join(out) + "\n</svg>\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db", help="statistics database (wavesim run --db FILE)")
    ap.add_argument("-o", "--output", default="wavesim-stats.svg", help="SVG file to write")
    ap.add_argument("--last", type=int, default=0, help="only the last N launches")
    a = ap.parse_args(argv)
    rows = read_launches(a.db, a.last)
    svg = render(rows, a.db)
    try:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as e:
        raise SystemExit(f"plot_stats: cannot write {a.output}: {e.strerror}")
    print(f"plot_stats: {len(rows)} launch{'es' if len(rows) != 1 else ''} -> {a.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
