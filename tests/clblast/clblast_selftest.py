#!/usr/bin/env python3
# Self-test of clblast_test.py's verdicts: fake clblast_test_* programs print
# canned tester output per platform; the driver's exit status and message are checked.
"""Each case is a fake tester printing, per platform, a list of routines as
(name, progress marks, passed, skipped, failed) or a truncated run; the driver
must pass or fail as the case says, naming the routine at fault."""
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "clblast_test.py")


def tester_output(routines, truncated=False):
    """Text in the format of CLBlast 1.5's correctness testers (colours included)."""
    out = ["", "* Options given/available:", "    -platform 0 [=default]", ""]
    for name, marks, p, s, f in routines:
        out.append("* Running on OpenCL device 'fake'.")
        if marks is None:
            out += [f"* Starting tests for the '{name}' routine.",
                    "* All tests skipped: Unsupported precision", ""]
            continue
        out += [f"* Starting tests for the \x1b[1m'{name}'\x1b[0m routine. Legend:",
                "   \x1b[31mX\x1b[0m -> Test produced incorrect results",
                "   \x1b[35m\\\x1b[0m -> Test not executed: OpenCL-kernel compilation error",
                "* Testing 'regular behaviour' for 'default':",
                "   " + "".join(f"\x1b[32m{c}\x1b[0m" for c in marks)]
        if truncated and name == routines[-1][0]:
            return "\n".join(out) + "\n"
        out += [f"   Pass rate 50.0%: {p} passed / {s} skipped / {f} failed",
                "* Completed all test-cases for this routine. Results:",
                f"   {p} test(s) passed", f"   {s} test(s) skipped\x1b[0m", f"   {f} test(s) failed\x1b[0m", ""]
    return "\n".join(out) + "\n"


# ScFOO: routine names are not all upper case (ScNRM2, DzNRM2).
GOOD = [("SFOO", "::::", 4, 0, 0), ("DFOO", "::::", 4, 0, 0), ("ScFOO", "::", 2, 0, 0),
        ("HFOO", None, 0, 0, 0)]

# name: (pocl routines, wavesim routines, wavesim truncated, expectations, expect ok, text in output)
CASES = {
    "all_pass": (GOOD, GOOD, False, "", True, "PASS"),
    "wrong_result": (GOOD, [GOOD[0], ("DFOO", "::X:", 3, 0, 1)] + GOOD[2:], False, "", False,
                     "DFOO (xfoo): passes on PoCL"),
    "wrong_result_mixed_case": (GOOD, GOOD[:2] + [("ScFOO", "X:", 1, 0, 1), GOOD[3]], False, "",
                                False, "ScFOO (xfoo): passes on PoCL"),
    "expected_failure": (GOOD, [GOOD[0], ("DFOO", "::X:", 3, 0, 1)] + GOOD[2:], False,
                         "xfoo DFOO  a known cause\n", True, "expected failure: a known cause"),
    "other_testers_entries_ignored": (GOOD, GOOD, False, "xbar SBAR  not this tester\n", True,
                                      "PASS"),
    "stale_expectation": (GOOD, GOOD, False, "# comment\nxfoo SFOO  fixed since\n", False,
                          "SFOO (xfoo) now passes on wavesim"),
    "unknown_expectation": (GOOD, GOOD, False, "xfoo ZFOO  typo\n", False,
                            "clblast_test_xfoo runs no routine ZFOO"),
    "expectation_without_cause": (GOOD, GOOD, False, "xfoo SFOO\n", False, "has no cause"),
    # A kernel that does not build is "skipped" by the tester: the '\' marks and
    # the lower pass count must still fail it.
    "build_error": (GOOD, [GOOD[0], ("DFOO", "::\\\\", 2, 2, 0)] + GOOD[2:], False, "", False,
                    "DFOO (xfoo): passes on PoCL, fail (2 passed/2 skipped/0 failed, 2 build errors)"),
    "crash": (GOOD, GOOD[:2], True, "", False, "DFOO (xfoo): passes on PoCL, fail (tester stopped"),
    # PoCL dying part-way leaves the routines after it unchecked: a failure.
    "pocl_crash": ("crash", GOOD, False, "", False, "xfoo on pocl did not finish"),
    "pocl_fails_too": ([GOOD[0], ("DFOO", "X", 0, 0, 1)], [GOOD[0], ("DFOO", "X", 0, 0, 1)], False,
                       "", True, "PASS"),
    # xgemm runs each routine twice (indirect, then direct kernel): the second is SFOO#2.
    "second_run": (GOOD[:1] * 2, [GOOD[0], ("SFOO", ":X::", 3, 0, 1)], False, "", False,
                   "SFOO#2 (xfoo): passes on PoCL"),
    "second_run_expected": (GOOD[:1] * 2, [GOOD[0], ("SFOO", ":X::", 3, 0, 1)], False,
                            "xfoo SFOO#2  cause of #2\n", True, "SFOO#2   expected failure: cause of #2"),
}


def write_fake(path, pocl_text, ws_text, ws_rc, pocl_rc=0):
    with open(path + ".pocl", "w") as f:
        f.write(pocl_text)
    with open(path + ".wavesim", "w") as f:
        f.write(ws_text)
    with open(path, "w") as f:
        f.write(f"#!{sys.executable}\nimport os, sys\n"
                f"p = 'pocl' if os.environ['OCL_ICD_VENDORS'].endswith('.icd') else 'wavesim'\n"
                f"sys.stdout.write(open({path!r} + '.' + p).read())\n"
                f"rc = {pocl_rc} if p == 'pocl' else {ws_rc}\n"
                "sys.stdout.flush()\n"
                "if rc < 0: os.kill(os.getpid(), -rc)  # dies by that signal\n"
                "sys.exit(rc)\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def main():
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        icd = os.path.join(tmp, "pocl.icd")
        open(icd, "w").write("fake\n")
        vendors = os.path.join(tmp, "vendors")
        os.mkdir(vendors)
        open(os.path.join(vendors, "wavesim.icd"), "w").write("fake\n")
        for case, (pocl, ws, trunc, expect, ok, text) in CASES.items():
            bindir = os.path.join(tmp, case)
            os.mkdir(bindir)
            pocl_crash = pocl == "crash"
            pocl_text = tester_output(GOOD[:2], True) if pocl_crash else tester_output(pocl)
            write_fake(os.path.join(bindir, "clblast_test_xfoo"), pocl_text,
                       tester_output(ws, trunc), 139 if trunc else 0, -11 if pocl_crash else 0)
            exp = os.path.join(bindir, "expect.txt")
            open(exp, "w").write(expect)
            p = subprocess.run([sys.executable, DRIVER, "xfoo", "--bindir", bindir, "--pocl-icd", icd,
                                "--wavesim-vendors", vendors, "--expect", exp,
                                "--workdir", os.path.join(bindir, "work")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.decode()
            if (p.returncode == 0) != ok or text not in out:
                bad.append(f"{case}: exit {p.returncode} (expected {'0' if ok else '1'}), "
                           f"output should contain {text!r}:\n{out}")
    if bad:
        print("FAIL:\n" + "\n".join(bad))
        return 1
    print(f"PASS: {len(CASES)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
