#!/usr/bin/env python3
"""Runs every ```sh block of docs/TUTORIAL.md, in order, in one shell, from a
scratch directory laid out like the repository (build/, scripts/ and examples/
linked), and checks that each block's output holds the strings of the
<!-- expect: ... --> comments after it and has a line matching each
<!-- expect-re: REGEX --> (Python re.search on each line: to tie numbers that
must share a line, as a source line and its conflict cycles): the tutorial's
commands work and its numbers are the simulator's.

usage: tutorial_test.py TUTORIAL.md BUILD_DIR SOURCE_DIR WORK_DIR
"""
import os
import re
import shutil
import subprocess
import sys


def blocks(text):
    """[(commands, [expected strings], [expected line regexes])] in document order."""
    out = []
    for m in re.finditer(r"```sh\n(.*?)```(.*?)(?=```sh\n|\Z)", text, flags=re.S):
        out.append((m.group(1), re.findall(r"<!-- expect: (.*?) -->", m.group(2)),
                    [re.compile(e) for e in re.findall(r"<!-- expect-re: (.*?) -->", m.group(2))]))
    return out


def main():
    doc, build, source, work = sys.argv[1:5]
    with open(doc) as f:
        bs = blocks(f.read())
    if not bs:
        sys.exit(f"tutorial_test: FAIL: no ```sh blocks in {doc}")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "bin"))
    os.symlink(os.path.abspath(build), os.path.join(work, "build"))
    for d in ("scripts", "examples"):  # the plot script; the .cl file `compile` reads
        os.symlink(os.path.abspath(os.path.join(source, d)), os.path.join(work, d))
    # the plots need Debian's matplotlib: Debian's interpreter first on PATH
    os.symlink("/usr/bin/python3", os.path.join(work, "bin", "python3"))
    script = "set -e\n"
    for i, (cmds, _, _) in enumerate(bs):
        script += f"echo '@@@block {i}'\n{cmds}\n"
    env = dict(os.environ)
    env["PATH"] = os.path.join(work, "bin") + os.pathsep + env.get("PATH", "")
    r = subprocess.run(["bash", "-c", script], cwd=work, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=900)
    parts = re.split(r"^@@@block (\d+)\n", r.stdout, flags=re.M)
    outs = {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    if r.returncode != 0:
        last = max(outs) if outs else 0
        sys.exit(f"tutorial_test: FAIL: block {last} exited {r.returncode}:\n{bs[last][0]}\n"
                 f"output:\n{outs.get(last, r.stdout)}")
    bad = 0
    for i, (cmds, expects, regexes) in enumerate(bs):
        out = outs.get(i, "")
        missing = [f"'{e}'" for e in expects if e not in out]
        missing += [f"a line matching /{r.pattern}/" for r in regexes
                    if not any(r.search(line) for line in out.splitlines())]
        for what in missing:
            print(f"tutorial_test: FAIL: block {i} ({cmds.strip().splitlines()[0]}) lacks "
                  f"{what} in:\n{out}")
            bad += 1
    if bad:
        sys.exit(1)
    print(f"tutorial_test: PASS: {len(bs)} blocks, {sum(len(e) + len(r) for _, e, r in bs)} "
          f"expected strings and lines")


if __name__ == "__main__":
    main()
