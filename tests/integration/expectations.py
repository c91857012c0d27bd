"""The expectations files of the suite drivers (piglit_cl.py,
pyopencl_suite.py): one `pattern  # cause` a line, blank lines and `#`
comments ignored; an entry without a cause is refused."""
import argparse
import sys


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def read_expected(path):
    """[(pattern, cause, line number)] from the expectations file."""
    entries = []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pat, _, cause = line.partition("#")
            pat, cause = pat.strip(), cause.strip()
            if not cause:
                fail(f"{path}:{no}: entry '{pat}' names no cause: write `pattern  # cause`")
            entries.append((pat, cause, no))
    return entries


def judge(differ, entries, expected, match, what, where, stale_ok=lambda pat: True):
    """Every (name, wavesim's result) that passed on PoCL but not on wavesim
    is either explained by an entry (`match(name, pattern)`) or new; prints
    the known ones, the STALE entries (those that explain nothing, among the
    ones `stale_ok` says this run could have used) and the new ones, and
    fails naming `where` the output is when any is new."""
    used, unexpected = set(), []
    for name, got in differ:
        hit = next((e for e in entries if match(name, e[0])), None)
        if hit:
            used.add(hit[2])
            print(f"known: {name}: {got} ({hit[1]})")
        else:
            unexpected.append(f"{name}: {got} on wavesim, pass on PoCL")
    for pat, cause, no in entries:
        if no not in used and stale_ok(pat):
            print(f"STALE: {expected}:{no}: '{pat}' ({cause}) matches no wavesim-only "
                  "failure this run: if wavesim passes it now, delete the line")
    for u in unexpected:
        print("NEW: " + u)
    if unexpected:
        fail(f"{len(unexpected)} {what} pass on PoCL but not on wavesim and are not in "
             f"{expected}. Fix wavesim, or list the test with its cause; {where}")
    print(f"OK: every {what[:-1]} that passes on PoCL passes on wavesim or is listed with its "
          "cause")


def suite_args(doc, expected):
    """The options every suite driver takes: where wavesim and PoCL are, the
    work directory, the expectations file (default `expected`) and --reuse."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wavesim-vendors", required=True)
    ap.add_argument("--pocl-icd", default="/etc/OpenCL/vendors/pocl.icd")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--expected", default=expected)
    ap.add_argument("--reuse", action="store_true", help="compare the results already there")
    return ap


def print_counts(results, what):
    """One line per platform: how many `what` it ran, and how many of each
    result ({"wavesim": {name: result}, "pocl": ...})."""
    for p in ("wavesim", "pocl"):
        c = {}
        for v in results[p].values():
            c[v] = c.get(v, 0) + 1
        print(f"{p}: {len(results[p])} {what}: " +
              ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
