#!/usr/bin/env python3
# The user-facing commands on public host programs nobody here wrote: a
# PyOpenCL example and piglit's OpenCL program tester, both from Debian.
"""Runs wavesim's commands as a user would on two public host programs and
checks what each says against the others:

  PyOpenCL's demo-struct-reduce.py (Debian python-pyopencl-doc: random
  numbers, then a two-stage reduction over a struct type, kernels PyOpenCL
  generates from its templates; the program asserts its own result):
    run --capture      launches recorded = launches captured, same kernels
    replay             every captured launch on another preset with --set,
                       outputs equal the captured run's, rows in its database
    sweep              one command per point (and a Slurm array of as many),
                       each run as printed
    merge              the points' launches with the swept key as a column,
                       cycles equal the points' own rows
    diff               the points paired launch by launch, cycles as recorded
    plot_stats.py      per-launch charts of the merged database and the sweep
                       chart, one element per launch and per kernel
  piglit's cl-program-tester on piglit's local-memory.cl:
    run --capture, replay on another preset with --set
    compile            the kernels the tester ran, each LDS access on a line
                       of the file that touches local memory, the affine ones
                       conflict-free, as the runs' conflict counters say

usage: public_host_test.py --wavesim BIN --scripts DIR --workdir DIR

Exits 77 (ctest: skipped) saying which package is missing when PyOpenCL,
its examples or piglit are not installed (scripts/setup.sh installs them).
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

PYTHON = "/usr/bin/python3"  # Debian's interpreter: python3-pyopencl is built for it
DEMO = "/usr/share/doc/python-pyopencl-doc/examples/demo-struct-reduce.py"
PIGLIT_GLOB = "/usr/lib/*/piglit"
SKIP = 77


def fail(msg):
    print(f"public_host_test: FAIL: {msg}")
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)


def run(cmd, expect_rc=0, timeout=300):
    """cmd's stdout and stderr together; fails unless it exits expect_rc."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout)
    check(r.returncode == expect_rc,
          f"{' '.join(cmd)} exited {r.returncode}, not {expect_rc}:\n{r.stdout}")
    return r.stdout


def find_programs():
    """(piglit's tester, local-memory.cl), or exit SKIP saying what is missing."""
    missing = []
    if not os.path.isfile(DEMO):
        missing.append(f"python-pyopencl-doc ({DEMO})")
    if subprocess.run([PYTHON, "-c", "import pyopencl"], stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode != 0:
        missing.append(f"python3-pyopencl (import pyopencl under {PYTHON})")
    roots = sorted(glob.glob(PIGLIT_GLOB))
    tester = cl = None
    for root in roots:
        t = os.path.join(root, "bin", "cl-program-tester")
        c = os.path.join(root, "tests", "cl", "program", "execute", "local-memory.cl")
        if os.path.isfile(t) and os.path.isfile(c):
            tester, cl = t, c
    if not tester:
        missing.append("piglit (cl-program-tester and tests/cl/program/execute/local-memory.cl "
                       f"under {PIGLIT_GLOB})")
    if missing:
        print("public_host_test: SKIP: not installed: " + "; ".join(missing) +
              " (scripts/setup.sh installs them)")
        sys.exit(SKIP)
    return tester, cl


def captured_kernels(cap):
    """[(launch dir, kernel)] of a capture directory, in launch order."""
    out = []
    for d in sorted(glob.glob(os.path.join(cap, "launch-*"))):
        with open(os.path.join(d, "capture.txt")) as f:
            k = [line.split()[1] for line in f if line.startswith("kernel ")]
        check(len(k) == 1, f"{d}/capture.txt names {len(k)} kernels")
        out.append((d, k[0]))
    return out


def capture_and_replay(ws, wavesim, tag, program, preset, overrides):
    """Runs program with --capture, checks the capture against the run's
    database, replays every launch on preset with overrides and checks the
    replays' rows. Returns the run's launch rows."""
    cap, db, rdb = f"{tag}-capture", f"{tag}.db", f"{tag}-replay.db"
    out = run([wavesim, "run", "--capture", cap, "--db", db, "--"] + program)
    rows = ws.launches(ws.connect(db))
    check(rows, f"{tag}: no launches in {db}")
    check(f"wavesim: {len(rows)} kernel launch" in out,
          f"{tag}: the summary does not count {len(rows)} launches:\n{out}")
    caps = captured_kernels(cap)
    check([k for _, k in caps] == [r["kernel"] for r in rows],
          f"{tag}: captured {[k for _, k in caps]}, recorded {[r['kernel'] for r in rows]}")
    sets = [a for kv in overrides for a in ("--set", kv)]
    for d, k in caps:
        out = run([wavesim, "replay", d, "--config", preset, "--db", rdb, "--quiet"] + sets)
        check(re.search(rf"^wavesim replay: {re.escape(k)}: \d+ outputs? equal the captured run's$",
                        out, re.M), f"{tag}: replay of {d} ({k}):\n{out}")
    replayed = ws.launches(ws.connect(rdb))
    check([(r["kernel"], r["config"], r["overrides"]) for r in replayed] ==
          [(k, preset, ";".join(overrides)) for _, k in caps],
          f"{tag}: replay rows {[(r['kernel'], r['config'], r['overrides']) for r in replayed]}")
    return rows, caps


def pyopencl_demo(ws, wavesim, scripts):
    program = [PYTHON, DEMO]
    rows, caps = capture_and_replay(ws, wavesim, "demo", program, "gcn", ["cu.count=4"])
    kernels = [r["kernel"] for r in rows]
    check(kernels[-2:] == ["reduce_kernel_stage1", "reduce_kernel_stage2"],
          f"demo: the reduction's two stages are not the last launches: {kernels}")

    # a capture of another format version: refused, saying so
    shutil.copytree(caps[-1][0], "foreign")
    with open("foreign/capture.txt") as f:
        text = f.read()
    with open("foreign/capture.txt", "w") as f:
        f.write(re.sub(r"^wavesim-capture \d+", "wavesim-capture 999", text))
    out = run([wavesim, "replay", "foreign", "--db", "none"], expect_rc=2)
    check("capture format version 999; this wavesim reads version 1" in out, out)

    sweep = [wavesim, "sweep", "--set", "cu.count=4,16", "--db-dir", "points", "--"] + program
    cmds = run(sweep).splitlines()
    check(len(cmds) == 2, f"sweep printed {len(cmds)} commands:\n" + "\n".join(cmds))
    for i, (c, v) in enumerate(zip(cmds, ("4", "16"))):
        check(f"--set cu.count={v} " in c and f"points/point-{i}.db" in c and c.endswith(DEMO),
              f"sweep point {i}: {c}")
    slurm = run(sweep[:2] + ["--slurm"] + sweep[2:])
    check(slurm.startswith("#!") and "#SBATCH --array=0-1" in slurm and
          all(c in slurm for c in cmds), f"sweep --slurm:\n{slurm}")
    for c in cmds:  # as GNU parallel would, one after the other
        run(["sh", "-c", c])
    points = [ws.launches(ws.connect(f"points/point-{i}.db")) for i in range(2)]
    for p in points:
        check([r["kernel"] for r in p] == kernels, f"a sweep point ran {[r['kernel'] for r in p]}")

    out = run([wavesim, "merge", "--db", "merged.db", "points/point-0.db", "points/point-1.db"])
    check("8 launches from 2 databases" in out and '"cu.count"' in out, out)
    merged = ws.launches(ws.connect("merged.db"))
    want = [(r["kernel"], v, r["cycles"]) for p, v in zip(points, (4, 16)) for r in p]
    got = [(r["kernel"], int(r["cu.count"]), r["cycles"]) for r in merged]
    check(got == want, f"merged rows {got}, the points' {want}")

    out = run([wavesim, "diff", "points/point-0.db", "points/point-1.db"])
    check("4 matched by program, kernel and order" in out, out)
    for i, (a, b) in enumerate(zip(*points), 1):
        head = re.search(rf"^A#{i} ~ B#{i}: {re.escape(a['kernel'])} .*\(cu\.count=4\) -> "
                         r"default \(cu\.count=16\)$", out, re.M)
        cyc = re.search(rf"^  cycles +{a['cycles']} +{b['cycles']} ", out[head.end():] if head
                        else "", re.M)
        check(head and cyc, f"diff: launch {i} ({a['kernel']}, cycles {a['cycles']} -> "
              f"{b['cycles']}) not shown as recorded:\n{out}")

    plot = [PYTHON, os.path.join(scripts, "plot_stats.py")]
    out = run(plot + ["merged.db", "-o", "merged.svg"])
    check("8 launches -> merged.svg" in out, out)
    with open("merged.svg") as f:
        svg = f.read()
    for r in merged:
        check(f'id="cycles-{r["id"]}"' in svg, f"merged.svg has no cycles bar of launch {r['id']}")
    out = run(plot + ["sweep", "--key", "cu.count", "merged.db", "-o", "sweep.svg"])
    check(f"2 points, {len(set(kernels))} kernels -> sweep.svg" in out, out)
    with open("sweep.svg") as f:
        svg = f.read()
    for k in set(kernels):
        check(f'id="sweep-{k}"' in svg, f"sweep.svg has no line for {k}")
    print(f"public_host_test: PyOpenCL {os.path.basename(DEMO)}: {len(rows)} launches captured, "
          f"replayed on gcn; sweep of 2 points merged ({len(merged)} rows), diffed, plotted")


def piglit_local_memory(ws, wavesim, tester, cl):
    rows, _ = capture_and_replay(ws, wavesim, "piglit", [tester, cl], "teaching",
                                 ["lds.banks=16"])
    out = run([wavesim, "compile", cl, "--config", "default,teaching", "--local", "16",
               "--format", "json"])
    report = json.loads(out)
    with open(cl) as f:
        lines = [""] + f.read().splitlines()
    ran = sorted({r["kernel"] for r in rows})
    for preset in ("default", "teaching"):
        ks = sorted(o["kernel"] for o in report if o["preset"] == preset)
        check(ks == ran, f"compile on {preset}: kernels {ks}, the tester ran {ran}")
    nlds = 0
    for o in report:
        for a in o["lds"]:
            check("local_mem" in lines[a["line"]],
                  f"{o['kernel']}: LDS access at line {a['line']}: {lines[a['line']]!r}")
            check(not a["affine"] or a["degree"] == 1,
                  f"{o['kernel']} on {o['preset']}: line {a['line']}: degree {a.get('degree')}")
            nlds += 1
    check(nlds >= 8 and all(o["lds"] for o in report), f"LDS accesses found: {nlds}")
    check(all(r["lds_bank_conflict_cycles"] == 0 and r["lds_accesses"] > 0 for r in rows),
          f"the tester's launches: {[(r['kernel'], r['lds_accesses']) for r in rows]}")
    print(f"public_host_test: piglit local-memory.cl: {len(rows)} launches captured, replayed "
          f"on teaching; compile found the same kernels and {nlds} LDS accesses")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wavesim", required=True)
    ap.add_argument("--scripts", required=True, help="the repository's scripts/")
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    tester, cl = find_programs()
    wavesim, scripts = os.path.abspath(a.wavesim), os.path.abspath(a.scripts)
    sys.path.insert(0, scripts)
    import wavesim_stats as ws  # generated from sim/stats.def
    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(a.workdir)
    os.chdir(a.workdir)
    pyopencl_demo(ws, wavesim, scripts)
    piglit_local_memory(ws, wavesim, tester, cl)
    print("public_host_test: PASS")


if __name__ == "__main__":
    main()
