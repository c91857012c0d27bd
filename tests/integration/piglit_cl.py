#!/usr/bin/env python3
# piglit's OpenCL profile as a conformance suite: runs `piglit run cl` on PoCL
# and on wavesim through the ICD loader and compares every (sub)test's result.
"""Runs piglit's "cl" profile twice (PoCL, then wavesim in functional mode),
each through the ICD loader with only that platform visible, and compares the
results per sub-test (a test without sub-tests counts as one).

Fails (exit 1) when a (sub)test passes on PoCL but not on wavesim (fail, skip,
crash, timeout, ...) unless it matches an entry of the expectations file
(tests/integration/piglit_expected.txt: one `pattern  # cause` a line, the
pattern an fnmatch glob over "test@subtest" names). An entry that matches
nothing that still differs is reported as STALE (fixed, or PoCL failed it
this time): a warning, since PoCL's own results vary with load. Prints the
counts per platform that docs/CONFORMANCE.md quotes.

  piglit_cl.py --wavesim-vendors BUILD/runtime/vendors --workdir DIR
               [--pocl-icd FILE] [--jobs N] [--expected FILE] [--reuse]
               [--include REGEX]...

--reuse compares the results already in DIR (no run), for editing the
expectations; --include runs only the matching tests (piglit -t), for a
quick check (expectations matching nothing then only warn). Results: DIR/pocl and DIR/wavesim (piglit's JSON backend).
"""
import bz2
import fnmatch
import glob
import gzip
import json
import lzma
import os
import shutil
import subprocess
import time

from expectations import (fail, judge, print_counts, read_expected,  # beside this script
                          suite_args)

HERE = os.path.dirname(os.path.abspath(__file__))


def load_results(path):
    """piglit's results file (any compression it may use) as a dict."""
    for name, opener in (("results.json", open), ("results.json.bz2", bz2.open),
                         ("results.json.gz", gzip.open), ("results.json.xz", lzma.open)):
        p = os.path.join(path, name)
        if os.path.isfile(p):
            with opener(p, "rt") as f:
                return json.load(f)
    partial = sorted(glob.glob(os.path.join(path, "tests", "*.json")))
    if partial:  # a run still going or interrupted: the tests it finished
        print(f"warning: {path} holds a partial run ({len(partial)} tests)")
        tests = {}
        for p in partial:
            try:
                with open(p) as f:
                    tests.update(json.load(f))
            except (OSError, ValueError):
                pass  # the test being written
        return {"tests": tests}
    fail(f"no piglit results file in {path} (did `piglit run` finish?)")


def flatten(results):
    """{"test" or "test@subtest": result} from piglit's JSON, and each test's
    own result (a test that stops early reports fewer sub-tests: the ones it
    did not reach take the test's result)."""
    out, whole = {}, {}
    for name, r in results["tests"].items():
        whole[name] = r["result"]
        subs = {k: v for k, v in r.get("subtests", {}).items() if k != "__type__"}
        if subs:
            for s, v in subs.items():
                out[f"{name}@{s}"] = v
        else:
            out[name] = r["result"]
    return out, whole


def run_piglit(args, platform, env, dest):
    cmd = ["piglit", "run", "cl", "-o", "-l", "quiet", "-j", str(args.jobs),
           "--timeout", str(args.timeout)]
    for rx in args.include:
        cmd += ["-t", rx]
    cmd.append(dest)
    print(f"== piglit on {platform}: {' '.join(cmd)}", flush=True)
    t0 = time.time()
    # piglit exits non-zero when any test fails; the comparison judges.
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=False)
    print(f"   {platform}: {time.time() - t0:.0f} s", flush=True)


def main():
    ap = suite_args(__doc__, os.path.join(HERE, "piglit_expected.txt"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per piglit test")
    ap.add_argument("--include", action="append", default=[], metavar="REGEX")
    args = ap.parse_args()

    dirs = {p: os.path.join(args.workdir, p) for p in ("pocl", "wavesim")}
    if not args.reuse:
        if not shutil.which("piglit"):
            fail("piglit is not installed: run scripts/setup.sh (installs the Debian package piglit)")
        if not os.path.isfile(args.pocl_icd):
            fail(f"{args.pocl_icd} is missing: run scripts/setup.sh (installs pocl-opencl-icd)")
        if not os.path.isdir(args.wavesim_vendors) or not os.listdir(args.wavesim_vendors):
            fail(f"wavesim vendors dir {args.wavesim_vendors} is missing or empty: build first")
        os.makedirs(args.workdir, exist_ok=True)
        pocl = dict(os.environ, OCL_ICD_VENDORS=args.pocl_icd,
                    POCL_CACHE_DIR=os.path.join(args.workdir, "pocl-cache"))
        ws = dict(os.environ, OCL_ICD_VENDORS=os.path.abspath(args.wavesim_vendors),
                  WAVESIM_MODE="functional", WAVESIM_DB="none")
        ws.pop("WAVESIM_CONFIG", None)  # the default device
        run_piglit(args, "pocl", pocl, dirs["pocl"])
        run_piglit(args, "wavesim", ws, dirs["wavesim"])

    res, whole = {}, {}
    for p, d in dirs.items():
        res[p], whole[p] = flatten(load_results(d))
    print_counts(res, "(sub)tests")

    differ = []
    for name in sorted(res["pocl"]):
        if res["pocl"][name] != "pass":
            continue
        got = res["wavesim"].get(name)
        if got is None:  # a sub-test wavesim never ran: the test stopped early (its
            # result says why) or skipped it (e.g. a version-gated query): "notrun"
            test = max((t for t in whole["wavesim"] if name.startswith(t + "@")), key=len,
                       default=None)
            got = whole["wavesim"].get(test, "missing") if test else "missing"
            if got == "pass":
                got = "notrun"
        if got != "pass":
            differ.append((name, got))
    judge(differ, read_expected(args.expected), args.expected, fnmatch.fnmatchcase,
          "(sub)tests", "piglit's output for each is in the results under " + args.workdir)


if __name__ == "__main__":
    main()
