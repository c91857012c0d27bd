#!/usr/bin/env python3
"""pyopencl_suite.py's verdicts on canned pytest results (no OpenCL needed):
a listed difference passes, an unlisted one fails naming the test, the
device and platform parameters are folded before comparing, a missing
results file and a missing interpreter fail with their causes."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "pyopencl_suite.py")

CASE = '<testcase classname="{mod}" name="{name}" time="0.1">{body}</testcase>'
SKIP = '<skipped type="pytest.skip" message="x">x</skipped>'
FAIL = '<failure message="boom">boom</failure>'


def junit(cases):
    return ('<?xml version="1.0"?><testsuites><testsuite name="pytest">' +
            "".join(CASE.format(mod=m, name=n, body=b) for m, n, b in cases) +
            "</testsuite></testsuites>")


def ctx(dev, plat):
    return f"&lt;context factory for &lt;pyopencl.Device '{dev}' on '{plat}'&gt;&gt;"


def run(args):
    p = subprocess.run([sys.executable, DRIVER, "--wavesim-vendors", "/nonexistent"] + args,
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def check(cond, what, out):
    if not cond:
        print(f"FAIL: {what}\n--- driver output:\n{out}")
        sys.exit(1)


def main():
    with tempfile.TemporaryDirectory() as d:
        pocl = [("test_wrapper", f"test_a[{ctx('cpu', 'Portable Computing Language')}]", ""),
                ("test_wrapper", f"test_svm[{ctx('cpu', 'Portable Computing Language')}-True]", ""),
                ("test_array", f"test_sum[{ctx('cpu', 'Portable Computing Language')}-int8]", ""),
                ("test_wrapper", "test_unload[&lt;pyopencl.Platform 'Portable Computing Language'&gt;]",
                 "")]
        ws = [("test_wrapper", f"test_a[{ctx('wavesim generic GPU', 'wavesim')}]", ""),
              ("test_wrapper", f"test_svm[{ctx('wavesim generic GPU', 'wavesim')}-True]", SKIP),
              ("test_array", f"test_sum[{ctx('wavesim generic GPU', 'wavesim')}-int8]", FAIL),
              ("test_wrapper", "test_unload[&lt;pyopencl.Platform 'wavesim'&gt;]", "")]
        with open(os.path.join(d, "pocl.xml"), "w") as f:
            f.write(junit(pocl))
        with open(os.path.join(d, "wavesim.xml"), "w") as f:
            f.write(junit(ws))
        exp = os.path.join(d, "expected.txt")
        with open(exp, "w") as f:
            f.write("# canned\ntest_wrapper.py::test_svm[ctx-*]  # SVM is OpenCL 2.0\n")

        rc, out = run(["--workdir", d, "--reuse", "--expected", exp])
        check(rc == 1, "an unlisted wavesim failure must fail the run", out)
        check("NEW: test_array.py::test_sum[ctx-int8]: fail on wavesim, pass on PoCL" in out,
              "the unlisted failure is named with its folded parameters", out)
        check("known: test_wrapper.py::test_svm[ctx-True]: skip (SVM is OpenCL 2.0)" in out,
              "a listed difference is reported with its cause (brackets literal)", out)
        check("test_unload" not in out, "platform parameters are folded: same test on both", out)

        with open(exp, "a") as f:
            f.write("test_array.py::test_sum[ctx-*]  # canned cause\n"
                    "test_array.py::test_gone[ctx]  # fixed long ago\n")
        rc, out = run(["--workdir", d, "--reuse", "--expected", exp])
        check(rc == 0, "every difference listed: the run passes", out)
        check("STALE:" in out and "test_gone" in out, "an entry matching nothing is STALE", out)

        with open(exp, "a") as f:
            f.write("test_array.py::test_nocause[ctx]\n")
        rc, out = run(["--workdir", d, "--reuse", "--expected", exp])
        check(rc == 1 and "names no cause" in out, "an entry without a cause is refused", out)

        empty = os.path.join(d, "empty")
        os.mkdir(empty)
        rc, out = run(["--workdir", empty, "--reuse", "--expected", exp])
        check(rc == 1 and "no pytest results in" in out and "did not finish" in out,
              "missing results name the file and the likely cause", out)

        rc, out = run(["--workdir", os.path.join(d, "w"), "--suite", d, "--python", "/bin/false"])
        check(rc == 1 and "cannot import pyopencl and pytest" in out and "setup.sh" in out,
              "an interpreter without PyOpenCL is named with the fix", out)

        rc, out = run(["--workdir", os.path.join(d, "w"), "--suite", os.path.join(d, "nope")])
        check(rc == 1 and "PyOpenCL's tests are not at" in out,
              "a missing suite directory is named with the fix", out)

        # past the interpreter probe (setup.sh installs PyOpenCL for /usr/bin/python3)
        rc, out = run(["--workdir", os.path.join(d, "w"), "--suite", d,
                       "--pocl-icd", os.path.join(d, "no.icd")])
        check(rc == 1 and "no.icd is missing" in out and "pocl-opencl-icd" in out,
              "a missing PoCL ICD file is named with the fix", out)
        rc, out = run(["--workdir", os.path.join(d, "w"), "--suite", d, "--pocl-icd", exp])
        check(rc == 1 and "/nonexistent is missing or empty: build first" in out,
              "a missing wavesim vendors directory is named with the fix", out)
    print("OK: pyopencl_suite.py's verdicts and errors are as documented")


if __name__ == "__main__":
    main()
