#!/usr/bin/env python3
# PyOpenCL's own test suite as a conformance suite: runs it on PoCL and on
# wavesim through the ICD loader and compares every test's outcome.
"""Runs PyOpenCL's test suite twice (PoCL, then wavesim in functional mode),
each through the ICD loader with only that platform visible, and compares
the outcome of every test.

The suite is the one Debian ships with PyOpenCL (python-pyopencl-doc's
examples/test_*.py: the wrapper, arrays, element-wise kernels, reductions,
scans, sorts, the math library, random numbers), run by pytest under the
Debian interpreter that python3-pyopencl is built for (/usr/bin/python3).
PyOpenCL compiles many kernels of its own from templates, so the suite tests
the toolchain on code nobody here wrote.

Fails (exit 1) when a test passes on PoCL but not on wavesim (failed, error,
skipped) unless it matches an entry of the expectations file
(tests/integration/pyopencl_expected.txt: one `pattern  # cause` a line, the
pattern a glob (`*`, `?`; brackets literal) over "file.py::test[params]"
names with the device parameter written as `ctx` and a platform parameter as
`platform`). An entry that matches nothing that still
differs is reported as STALE. Prints the counts per platform that
docs/CONFORMANCE.md quotes.

  pyopencl_suite.py --wavesim-vendors BUILD/runtime/vendors --workdir DIR
                    [--pocl-icd FILE] [--suite DIR] [--python EXE]
                    [--expected FILE] [--reuse] [-k EXPR] [FILE.py ...]

FILE.py names the suite's files to run (default: every test_*.py; the
ctest runs the quicker ones, docs/CONFORMANCE.md says which and why).
--reuse compares the results already in DIR (no run); -k passes a pytest
selection for a quick check.
Results: DIR/pocl.xml and DIR/wavesim.xml (JUnit XML), pytest's output in
DIR/pocl.log and DIR/wavesim.log.
"""
import fnmatch
import os
import re
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET

from expectations import (fail, judge, print_counts, read_expected,  # beside this script
                          suite_args)

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = "/usr/share/doc/python-pyopencl-doc/examples"
# The device parameter pytest_generate_tests_for_pyopencl gives every test,
# and the platform parameter of a few: they name the platform and device, so
# each is folded to one word to compare.
CTX = re.compile(r"<context factory for <pyopencl\.Device '[^']*' on '[^']*'>>")
PLATFORM = re.compile(r"<pyopencl\.Platform '[^']*'>")


def outcomes(xml_path):
    """{"file::test[params]": "pass" | "fail" | "error" | "skip"} from
    pytest's JUnit XML."""
    if not os.path.isfile(xml_path):
        log = xml_path[:-len(".xml")] + ".log"
        fail(f"no pytest results in {xml_path}: the run did not finish (a crash?); "
             f"pytest's output is in {log}")
    out = {}
    for tc in ET.parse(xml_path).getroot().iter("testcase"):
        mod = tc.get("classname", "").split(".")[-1]
        name = f"{mod}.py::{PLATFORM.sub('platform', CTX.sub('ctx', tc.get('name', '')))}"
        kind = "pass"
        for child in tc:
            if child.tag in ("failure", "error", "skipped"):
                kind = {"failure": "fail", "error": "error", "skipped": "skip"}[child.tag]
        # a test whose teardown errs after it passed is listed twice: keep the worse
        if out.get(name, "pass") == "pass":
            out[name] = kind
    return out


def run_suite(args, platform, env, workdir, tests):
    xml = os.path.join(workdir, platform + ".xml")
    cmd = [args.python, "-m", "pytest", "-q", "-rfE", "-p", "no:cacheprovider",
           f"--junitxml={xml}"]
    if args.k:
        cmd += ["-k", args.k]
    cmd += tests
    print(f"== PyOpenCL's tests on {platform}: {' '.join(cmd)}", flush=True)
    t0 = time.time()
    with open(os.path.join(workdir, platform + ".log"), "w") as log:
        # pytest exits non-zero when any test fails; the comparison judges.
        subprocess.run(cmd, env=env, cwd=workdir, stdout=log, stderr=subprocess.STDOUT,
                       check=False)
    print(f"   {platform}: {time.time() - t0:.0f} s", flush=True)


def main():
    ap = suite_args(__doc__, os.path.join(HERE, "pyopencl_expected.txt"))
    ap.add_argument("--suite", default=SUITE, help="PyOpenCL's tests (Debian's copy)")
    ap.add_argument("--python", default="/usr/bin/python3",
                    help="the interpreter python3-pyopencl is installed for")
    ap.add_argument("-k", default="", help="pytest -k selection (a quick subset)")
    ap.add_argument("files", nargs="*", metavar="FILE.py", help="the suite's files to run")
    args = ap.parse_args()

    workdir = os.path.abspath(args.workdir)
    if not args.reuse:
        if not os.path.isdir(args.suite):
            fail(f"PyOpenCL's tests are not at {args.suite}: run scripts/setup.sh (installs "
                 "python3-pyopencl, python-pyopencl-doc and python3-pytest)")
        probe = subprocess.run([args.python, "-c", "import pyopencl, pytest"],
                               capture_output=True, text=True)
        if probe.returncode != 0:
            fail(f"{args.python} cannot import pyopencl and pytest ({probe.stderr.strip()}): "
                 "run scripts/setup.sh (installs python3-pyopencl and python3-pytest)")
        if not os.path.isfile(args.pocl_icd):
            fail(f"{args.pocl_icd} is missing: run scripts/setup.sh (installs pocl-opencl-icd)")
        vendors = os.path.abspath(args.wavesim_vendors)
        if not os.path.isdir(vendors) or not os.listdir(vendors):
            fail(f"wavesim vendors dir {vendors} is missing or empty: build first")
        # the tests read files beside them (headers, an image): copy the lot
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.copytree(args.suite, workdir)
        tests = args.files or sorted(f for f in os.listdir(workdir)
                                     if f.startswith("test_") and f.endswith(".py"))
        for t in tests:
            if not os.path.isfile(os.path.join(workdir, t)):
                fail(f"{t} is not a file of PyOpenCL's tests in {args.suite}")
        base = dict(os.environ)
        for k in ("PYOPENCL_CTX", "PYOPENCL_TEST", "WAVESIM_CONFIG"):
            base.pop(k, None)  # every device of the one platform; the default preset
        # PyOpenCL caches program binaries under XDG_CACHE_HOME: one per
        # platform in the work dir, so neither run reuses a stale one
        pocl = dict(base, OCL_ICD_VENDORS=args.pocl_icd,
                    XDG_CACHE_HOME=os.path.join(workdir, "cache-pocl"),
                    POCL_CACHE_DIR=os.path.join(workdir, "pocl-kcache"))
        ws = dict(base, OCL_ICD_VENDORS=vendors, WAVESIM_MODE="functional", WAVESIM_DB="none",
                  XDG_CACHE_HOME=os.path.join(workdir, "cache-wavesim"))
        run_suite(args, "pocl", pocl, workdir, tests)
        run_suite(args, "wavesim", ws, workdir, tests)

    res = {p: outcomes(os.path.join(workdir, p + ".xml")) for p in ("wavesim", "pocl")}
    print_counts(res, "tests")
    if not res["pocl"]:
        fail("PoCL ran no test: see " + os.path.join(workdir, "pocl.log"))

    for name in sorted(res["wavesim"]):
        if res["wavesim"][name] == "pass" and res["pocl"].get(name, "missing") != "pass":
            print(f"wavesim only: {name}: pass on wavesim, {res['pocl'].get(name, 'missing')} "
                  "on PoCL")
    differ = [(n, res["wavesim"].get(n, "missing")) for n in sorted(res["pocl"])
              if res["pocl"][n] == "pass" and res["wavesim"].get(n, "missing") != "pass"]
    ran = {n.split("::")[0] for n in res["pocl"]}
    judge(differ, read_expected(args.expected), args.expected,
          # brackets in a pattern are the test's parameters, not a set
          lambda name, pat: fnmatch.fnmatchcase(name, pat.replace("[", "[[]")), "tests",
          f"pytest's output is in {os.path.join(workdir, 'wavesim.log')}",
          stale_ok=lambda pat: pat.split("::")[0] in ran)  # a file not run says nothing


if __name__ == "__main__":
    main()
