#!/usr/bin/env python3
# check_traces.py: checks what `wavesim run --trace/--lines` and
# scripts/plot_stats.py produced against the statistics database.
"""usage:
  check_traces.py trace FILE.json --db DB --barriers-per-wave N
  check_traces.py lines --wavesim WAVESIM --db DB --source KERNEL.cl --expect-lines 3,4,...
  check_traces.py svg FILE.svg --db DB
Exits 1 with what differs."""
import argparse
import json
import re
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET


def fail(msg):
    print(f"check_traces: FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def expect(cond, msg):
    if not cond:
        fail(msg)


def db_rows(db, sql):
    c = sqlite3.connect(db)
    try:
        return c.execute(sql).fetchall()
    finally:
        c.close()


def check_trace(a):
    with open(a.file) as f:
        doc = json.load(f)  # a syntax error fails the test here
    events = doc["traceEvents"]
    xs = [e for e in events if e["ph"] == "X"]
    launches = db_rows(a.db, "SELECT kernel, cycles, waves, workgroups FROM launches ORDER BY id")
    by_cat = {}
    for e in xs:
        by_cat.setdefault(e["cat"], []).append(e)
    waves = sum(r[2] for r in launches)
    expect(len(by_cat.get("launch", [])) == len(launches),
           f"{len(by_cat.get('launch', []))} launch events, database has {len(launches)}")
    expect(len(by_cat.get("wave", [])) == waves,
           f"{len(by_cat.get('wave', []))} wave events, database has {waves} waves")
    wgs = sum(r[3] for r in launches)
    expect(len(by_cat.get("workgroup", [])) == wgs,
           f"{len(by_cat.get('workgroup', []))} work-group events, database has {wgs}")
    bars = a.barriers_per_wave * waves
    if a.compact:  # no barrier events: each wave's args count its own
        expect(not by_cat.get("barrier"), "barrier events in a compact trace")
        for w in by_cat.get("wave", []):
            expect(w["args"].get("barriers") == a.barriers_per_wave and
                   w["args"].get("barrier_wait_cycles", -1) >= 0,
                   f"wave {w} lacks its barrier count {a.barriers_per_wave}")
    else:
        expect(len(by_cat.get("barrier", [])) == bars,
               f"{len(by_cat.get('barrier', []))} barrier events, expected {bars}")
    # timestamps never go back, and durations are never negative
    for prev, cur in zip(xs, xs[1:]):
        expect(cur["ts"] >= prev["ts"], f"timestamp goes back: {prev} then {cur}")
    for e in xs:
        expect(e["dur"] >= 0, f"negative duration: {e}")
    # each launch event carries the database's kernel and cycles, and holds its waves
    for (kernel, cycles, _, _), ev in zip(launches, by_cat["launch"]):
        expect(ev["name"] == kernel and ev["args"]["cycles"] == cycles,
               f"launch event {ev} does not match database row {kernel} {cycles}")
    for e in by_cat.get("wave", []) + by_cat.get("workgroup", []):
        owner = [l for l in by_cat["launch"]
                 if l["ts"] <= e["ts"] and e["ts"] + e["dur"] <= l["ts"] + l["dur"] + 1e-3]
        expect(len(owner) == 1 and owner[0]["name"] == e["name"], f"{e} outside its launch")
    # events of one thread never overlap unless nested (what viewers need)
    threads = {}
    for e in xs:
        threads.setdefault((e["pid"], e["tid"], e["cat"]), []).append(e)
    for key, evs in threads.items():
        for p, c in zip(evs, evs[1:]):
            expect(c["ts"] >= p["ts"] + p["dur"] - 1e-3,
                   f"overlapping {key[2]} events on pid {key[0]} tid {key[1]}: {p} and {c}")
    for b in by_cat.get("barrier", []):
        inside = [w for w in by_cat["wave"] if w["pid"] == b["pid"] and w["tid"] == b["tid"] and
                  w["args"]["start_cycle"] <= b["args"]["start_cycle"] and
                  b["args"]["end_cycle"] <= w["args"]["end_cycle"]]
        expect(len(inside) >= 1, f"barrier {b} not nested in a wave of its thread")
    # every process and thread used is named
    names = {(e["pid"], e["tid"]) for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    procs = {e["pid"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
    for e in xs:
        expect((e["pid"], e["tid"]) in names and e["pid"] in procs, f"unnamed thread for {e}")
    print(f"check_traces: trace ok: {len(xs)} events, {waves} waves, {wgs} work-groups, "
          f"{bars} barrier waits")


def check_lines(a):
    with open(a.source) as f:
        text = f.read()
    src = db_rows(a.db, "SELECT id, bytes, text FROM sources")
    expect(len(src) == 1, f"{len(src)} rows in sources, expected 1 (deduplicated)")
    expect(src[0][2] == text and src[0][1] == len(text.encode()),
           "sources.text differs from the kernel file")
    ids = db_rows(a.db, "SELECT DISTINCT source_id FROM launches")
    expect(ids == [(src[0][0],)], f"launches.source_id {ids}, expected {src[0][0]}")
    out = subprocess.run([a.wavesim, "report", "--db", a.db, "--lines", "--top", "0"],
                         capture_output=True, text=True, check=True).stdout
    lines = text.split("\n")
    launch = None
    seen = {}
    for row in out.splitlines():
        if row.startswith("launch "):
            launch = int(row.split()[1].rstrip(":"))
            seen[launch] = []
            continue
        parts = row.split(None, 5)
        if launch is None or len(parts) < 5 or not parts[0].isdigit():
            continue
        line, insts, stall, lds, mem = map(int, parts[:5])
        shown = parts[5] if len(parts) > 5 else ""
        want = db_rows(a.db, f"SELECT insts, stall_cycles, lds_conflict_cycles, mem_requests "
                             f"FROM line_stats WHERE launch_id = {launch} AND line = {line}")
        expect(want == [(insts, stall, lds, mem)], f"launch {launch} line {line}: report shows "
               f"{(insts, stall, lds, mem)}, database has {want}")
        expect(shown == lines[line - 1].strip(), f"line {line}: shows {shown!r}, "
               f"source has {lines[line - 1].strip()!r}")
        seen[launch].append((line, insts + stall))
    expect(seen, f"no launches in the report:\n{out}")
    expected = sorted(int(x) for x in a.expect_lines.split(","))
    for launch, rows in seen.items():
        expect(sorted(l for l, _ in rows) == expected,
               f"launch {launch}: lines {sorted(l for l, _ in rows)}, expected {expected}")
        hot = [h for _, h in rows]
        expect(hot == sorted(hot, reverse=True), f"launch {launch}: not hottest first: {rows}")
    print(f"check_traces: lines ok: {len(seen)} launch(es), lines {expected}")


def db_columns(path):
    with sqlite3.connect(path) as c:
        return [r[1] for r in c.execute("PRAGMA table_info(launches)")]


def check_svg(a):
    """plot_stats.py's SVG: a cycles and an occupancy bar per launch, a segment
    per stall cause and a roofline point (with DRAM traffic) per timed launch,
    each found by its id (the launches of the database)."""
    root = ET.parse(a.file).getroot()  # well-formed XML or an exception
    expect(root.tag == "{http://www.w3.org/2000/svg}svg", f"root element is {root.tag}")
    found = {e.get("id") for e in root.iter() if e.get("id")}
    ids = [str(r[0]) for r in db_rows(a.db, "SELECT id FROM launches ORDER BY id")]
    stalls = [c[len("stall_"):] for c in db_columns(a.db) if c.startswith("stall_")]
    timed = [str(r[0]) for r in db_rows(a.db, "SELECT id FROM launches WHERE functional_only = 0 "
                                         "ORDER BY id")]
    want = [f"cycles-{i}" for i in ids] + [f"occupancy-{i}" for i in ids] + \
        [f"stall-{k}-{i}" for i in timed for k in stalls] + \
        [f"roofline-{r[0]}" for r in db_rows(a.db, "SELECT id FROM launches WHERE "
                                             "dram_read_bytes + dram_write_bytes > 0 AND "
                                             "functional_only = 0 ORDER BY id")]
    missing = [w for w in want if w not in found]
    expect(not missing, f"the SVG lacks {missing[:8]} ({len(missing)} of {len(want)})")
    extra = sorted(f for f in found if re.match(r"(cycles|occupancy)-\d+$", f) and
                   f.split("-")[1] not in ids) + \
        sorted(f for f in found if re.match(r"stall-\w+-\d+$", f) and f.split("-")[2] not in timed)
    expect(not extra, f"bars for launches the database does not have: {extra}")
    print(f"check_traces: svg ok: {len(ids)} launches, {len(want)} elements")


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("trace")
    t.add_argument("file")
    t.add_argument("--db", required=True)
    t.add_argument("--barriers-per-wave", type=int, default=0)
    t.add_argument("--compact", action="store_true", help="the default detail (--trace-detail compact)")
    l = sub.add_parser("lines")
    l.add_argument("--wavesim", required=True)
    l.add_argument("--db", required=True)
    l.add_argument("--source", required=True)
    l.add_argument("--expect-lines", required=True)
    s = sub.add_parser("svg")
    s.add_argument("file")
    s.add_argument("--db", required=True)
    a = ap.parse_args()
    {"trace": check_trace, "lines": check_lines, "svg": check_svg}[a.cmd](a)


if __name__ == "__main__":
    main()
