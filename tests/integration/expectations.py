"""The expectations files of the suite drivers (piglit_cl.py,
pyopencl_suite.py): one `pattern  # cause` a line, blank lines and `#`
comments ignored; an entry without a cause is refused."""
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
