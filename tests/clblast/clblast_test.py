#!/usr/bin/env python3
# CLBlast conformance driver: runs Debian's clblast_test_x* correctness testers
# on PoCL and on wavesim and fails where PoCL passes a routine but wavesim does not.
"""Runs CLBlast's correctness testers (package clblast-tests) through the ICD
loader on PoCL and on wavesim, and compares the verdicts per routine.

Each tester (e.g. clblast_test_xgemm) runs one routine per precision (SGEMM,
DGEMM, CGEMM, ZGEMM, HGEMM) on the first device of the first platform and checks
every result against the reference CPU BLAS (libblas3, through CBLAS: the
tester's default `-cblas 1`). Per routine the tester prints how many test cases
passed, were skipped and failed; a kernel that fails to build is counted as
"skipped" and drawn as '\\' in the progress lines, so this driver counts those
marks itself rather than trusting the exit status.

Verdict per routine and platform:
  pass   no failure and no build error
  fail   a test produced a wrong result or error code ('X' or '/'), or a kernel
         did not build ('\\'), or the tester died before finishing the routine
  skip   the device does not support the precision (e.g. half without cl_khr_fp16)

The driver fails when a routine passes on PoCL but not on wavesim (or passes with
fewer test cases), unless the routine is listed in the expectations file with its
cause (lines 'TESTER ROUTINE cause'); it also fails when a listed routine now
passes on wavesim (the entry is stale: delete it) or when a listed routine is
not one the tester runs. Logs go to --workdir.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import time

ANSI = re.compile(r"\x1b\[[0-9;]*m")
START = re.compile(r"^\* Starting tests for the '([^']+)' routine")
COUNT = re.compile(r"^\s+(\d+) test\(s\) (passed|skipped|failed)")
# A progress line holds only the tester's legend characters (see its legend).
PROGRESS = re.compile(r"^\s+[:.X/\\o\-]+\s*$")


class Routine:
    def __init__(self, name):
        self.name = name
        self.passed = self.skipped = self.failed = None
        self.build_errors = 0  # '\' marks: an OpenCL kernel did not compile
        self.wrong = 0  # 'X' and '/' marks
        self.unsupported = False
        self.completed = False

    def verdict(self):
        if self.unsupported:
            return "skip"
        if not self.completed or self.failed or self.wrong or self.build_errors:
            return "fail"
        return "pass"

    def describe(self):
        if self.unsupported:
            return "skip (unsupported precision)"
        if not self.completed:
            return "fail (tester stopped before the routine finished)"
        s = f"{self.verdict()} ({self.passed} passed/{self.skipped} skipped/{self.failed} failed"
        if self.build_errors:
            s += f", {self.build_errors} build errors"
        return s + ")"


def parse(output):
    """{routine name: Routine} from a tester's output, in order of appearance."""
    routines = {}
    cur = None
    for raw in output.splitlines():
        line = ANSI.sub("", raw)
        m = START.match(line)
        if m:
            # A tester may run a routine twice (xgemm: the indirect kernel, then
            # the direct one); the second run is NAME#2.
            name, n = m.group(1), 2
            while name in routines:
                name, n = f"{m.group(1)}#{n}", n + 1
            cur = routines[name] = Routine(name)
            continue
        if cur is None:
            continue
        if "All tests skipped: Unsupported precision" in line:
            cur.unsupported = True
            cur.completed = True
        elif PROGRESS.match(line):
            cur.build_errors += line.count("\\")
            cur.wrong += line.count("X") + line.count("/")
        else:
            m = COUNT.match(line)
            if m:
                setattr(cur, m.group(2), int(m.group(1)))
                if m.group(2) == "failed":
                    cur.completed = True
    return routines


def platform_env(args, platform):
    env = dict(os.environ)
    for k in ("CLBLAST_PLATFORM", "CLBLAST_DEVICE"):
        env.pop(k, None)
    if platform == "pocl":
        if not os.path.isfile(args.pocl_icd):
            sys.exit(f"FAIL: {args.pocl_icd} is missing: run scripts/setup.sh (installs pocl-opencl-icd)")
        env["OCL_ICD_VENDORS"] = args.pocl_icd
    else:
        v = args.wavesim_vendors
        if not os.path.isdir(v) or not os.listdir(v):
            sys.exit(f"FAIL: wavesim vendors dir {v} is missing or empty: build the runtime first")
        env["OCL_ICD_VENDORS"] = v
        env["WAVESIM_DB"] = "none"
        env["WAVESIM_MODE"] = args.mode
        env["WAVESIM_CONFIG"] = args.config
    return env


def run_tester(args, tester, platform):
    """(routines, wall seconds, CPU seconds, exit status or a string, log path)."""
    exe = shutil.which(f"clblast_test_{tester}", path=args.bindir)
    if exe is None:
        sys.exit(f"FAIL: clblast_test_{tester} not found in {args.bindir}: run scripts/setup.sh "
                 "(installs clblast-tests)")
    log = os.path.join(args.workdir, f"{tester}_{platform}.log")
    t0 = time.monotonic()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run([exe, "-platform", "0", "-device", "0"], env=platform_env(args, platform),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=args.timeout)
        out, rc = p.stdout.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace"), f"timeout after {args.timeout}s"
    secs = time.monotonic() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    with open(log, "w") as f:
        f.write(out)
    return parse(out), secs, cpu, rc, log


def load_expectations(path):
    """{(tester, routine): cause} from lines 'TESTER ROUTINE cause...'; lines
    starting with '#' are comments ('#' elsewhere is text: SGEMM#2)."""
    exp = {}
    if not path:
        return exp
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                sys.exit(f"FAIL: {path}:{n}: '{line}' has no cause: write 'TESTER ROUTINE cause'")
            exp[(parts[0], parts[1])] = parts[2]
    return exp


def compare(tester, pocl, wavesim, exp, args):
    """Problems (strings) for one tester's routines: PoCL passes, wavesim does not."""
    problems = []
    for name, ref in pocl.items():
        got = wavesim.get(name, Routine(name))
        cause = exp.get((tester, name))
        print(f"  {name:8} pocl {ref.describe():45} wavesim {got.describe()}")
        if ref.verdict() != "pass":
            continue
        ok = got.verdict() == "pass" and got.passed >= ref.passed
        if not ok and cause is None:
            problems.append(f"{name} ({tester}): passes on PoCL, {got.describe()} on wavesim "
                            f"(see {args.workdir}/{tester}_wavesim.log)")
        elif ok and cause is not None:
            problems.append(f"{name} ({tester}) now passes on wavesim: delete its line from "
                            f"{args.expect} (it said: {cause})")
        elif not ok:
            print(f"  {name:8} expected failure: {cause}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("testers", nargs="+", help="tester names, e.g. xaxpy xgemm")
    ap.add_argument("--wavesim-vendors", required=True, help="<build>/runtime/vendors")
    ap.add_argument("--pocl-icd", default="/etc/OpenCL/vendors/pocl.icd")
    ap.add_argument("--bindir", default="/usr/bin", help="where clblast_test_* live")
    ap.add_argument("--expect", help="expectations file (ROUTINE  cause)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--mode", default="functional", choices=["functional", "timing"])
    ap.add_argument("--config", default="default")
    ap.add_argument("--timeout", type=int, default=1500, help="seconds per tester run")
    args = ap.parse_args()

    os.makedirs(args.workdir, exist_ok=True)
    exp = load_expectations(args.expect)
    problems = []
    seen = {}
    for tester in args.testers:
        res = {}
        for platform in ("pocl", "wavesim"):
            routines, secs, cpu, rc, log = run_tester(args, tester, platform)
            res[platform] = routines
            # CPU time (the tester and the compilers it starts) is what a
            # dedicated CI machine pays; wall time depends on the load here.
            print(f"{tester} on {platform}: exit {rc}, {secs:.0f}s wall, {cpu:.0f}s CPU, log {log}")
            if not routines:
                problems.append(f"{tester} on {platform}: no routine started (exit {rc}; see {log})")
            elif platform == "pocl" and (isinstance(rc, str) or rc < 0):
                # The routines PoCL never reached would go unchecked on wavesim.
                problems.append(f"{tester} on pocl did not finish ({rc}; see {log}): "
                                "the reference verdicts are incomplete")
        seen[tester] = set(res["pocl"])
        problems += compare(tester, res["pocl"], res["wavesim"], exp, args)
    # An entry for a tester this run covers must name a routine it ran.
    for tester, name in exp:
        if tester in seen and name not in seen[tester]:
            problems.append(f"{args.expect}: {tester} {name}: clblast_test_{tester} runs no routine {name}")
    if problems:
        print("FAIL:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print("PASS: every routine PoCL passes also passes on wavesim (or is an expected failure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
