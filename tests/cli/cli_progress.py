#!/usr/bin/env python3
# The progress line through `wavesim run` and a real host program: on a
# terminal (a pseudo-terminal) it appears and is refreshed in place with
# "\r", and is erased before the summary or a fault message; --quiet,
# WAVESIM_PROGRESS=off and a pipe never show it; a bad WAVESIM_PROGRESS
# fails with a message saying what it expects.
"""Usage: cli_progress.py WAVESIM_CLI MATMUL OOB"""
import os
import pty
import subprocess
import sys

LINE = b"\rwavesim: matmul: "


def on_pty(argv, env):
    """Runs argv with stdout and stderr on a pseudo-terminal; returns
    (exit status, every byte the terminal received)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    out = b""
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out


def check(cond, what, out):
    if not cond:
        sys.stderr.write(f"FAIL: {what}\n--- terminal output ---\n{out!r}\n")
        sys.exit(1)
    print(f"ok: {what}")


def main():
    cli, matmul, oob = sys.argv[1:4]
    env = dict(os.environ, WAVESIM_DB="none", WAVESIM_CONFIG="h100")
    env.pop("WAVESIM_PROGRESS", None)
    # matmul 320 simulates for seconds in timing mode even on a fast idle
    # host: long enough for a redraw (every 0.5 s); the other runs are short
    long_run = [cli, "run", "--db", "none", "--", matmul, "320"]
    run = [cli, "run", "--db", "none", "--", matmul, "64"]

    rc, out = on_pty(long_run, dict(env, WAVESIM_PROGRESS="0"))
    check(rc == 0 and b"matmul: PASS" in out, "matmul passes on a terminal", out)
    check(out.count(LINE) >= 2, "the line appears and is redrawn with \\r", out)
    check(b" work-groups, " in out and b" cycles/s, " in out and b" left\x1b[K" in out,
          "the line says work-groups, rate and time left, then erases the rest", out)
    last = out.rindex(LINE)
    check(out.find(b"\r\x1b[K", last) > last and out.find(b"\r\x1b[K", last) < out.find(b"total"),
          "the line is erased before the summary", out)

    rc, out = on_pty(run[:2] + ["--mode", "functional"] + run[2:],
                     dict(env, WAVESIM_PROGRESS="0"))
    check(rc == 0 and b" groups/s, " in out, "functional mode shows it too", out)

    rc, out = on_pty(run, env)  # the default threshold: 3 s, longer than this launch
    check(rc == 0 and LINE not in out, "a short launch shows no line by default", out)

    rc, out = on_pty(run[:2] + ["--quiet"] + run[2:], dict(env, WAVESIM_PROGRESS="0"))
    check(rc == 0 and LINE not in out and b"total" not in out, "--quiet shows neither", out)

    rc, out = on_pty(run, dict(env, WAVESIM_PROGRESS="off"))
    check(rc == 0 and LINE not in out, "WAVESIM_PROGRESS=off shows none", out)

    p = subprocess.run(run, env=dict(env, WAVESIM_PROGRESS="0"), stdin=subprocess.DEVNULL,
                       capture_output=True)
    check(p.returncode == 0 and b"work-groups" not in p.stderr, "a pipe never gets the line",
          p.stderr)

    # a fault: the line is erased before the fault message
    rc, out = on_pty([cli, "run", "--db", "none", "--check", "oob-fatal", "--", oob],
                     dict(env, WAVESIM_PROGRESS="0"))
    # (the program expects the fault and passes)
    fault = out.find(b"faulted: out-of-bounds")
    check(rc == 0 and fault > 0 and out.rfind(b"\r\x1b[K", 0, fault) > out.rfind(b"\rwavesim: ", 0, fault),
          "a faulting launch erases its line before the message", out)

    p = subprocess.run(run, env=dict(env, WAVESIM_PROGRESS="soon"), stdin=subprocess.DEVNULL,
                       capture_output=True)
    check(p.returncode != 0 and b"WAVESIM_PROGRESS=soon: expected 'off' or the seconds" in p.stderr,
          "a bad WAVESIM_PROGRESS says what it expects", p.stderr)


if __name__ == "__main__":
    main()
