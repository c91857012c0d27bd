#!/usr/bin/env python3
# gen_legal_fuzz.py: random OpenCL C kernels aimed at the IR forms llvm-spirv 14 trips on
# (frontend/legal/legal.c): built and run on PoCL and on wavesim (functional mode), outputs
# compared bytewise; every kernel PoCL builds must build, and compute the same, here.
"""Usage: gen_legal_fuzz.py [--seed S] [--kernels N] [--batch B] [--wavesim VENDORS]
                          [--pocl ICD] [--emit DIR] [--keep DIR] [--builds-only] [--progress]

Kernels (B per program, N in all, from seed S) mix:
  - as_type chains over every pair of equal-sized types, scalar and vector (3-component vectors
    count as 4-component in size, as the specification says; a 3-vector is only ever the last
    type of a chain, since the element past its third is undefined), nested, on constant and on
    variable operands, and vector literals whose parts are such chains;
  - aggregates (structs, arrays) holding vectors and pointers to private, local, global and
    constant memory, initialised in private memory (constant and variable parts, the address of
    a private variable), in program-scope __constant memory, copied and read back.
Every kernel writes its results to the global output buffer (nothing is dead code); each work-item
owns OUT_PER_ITEM words.  A batch PoCL builds but wavesim rejects is split into its kernels and
each rejected kernel is printed (source and wavesim's build log); so is any output difference.
Exit 0 when nothing was found.  --emit DIR writes the batches' sources and stops.
Needs pyopencl (python3-pyopencl).  The ctest legal_fuzz runs a fixed small seed; the by-hand
run (docs/CONFORMANCE.md) a large one."""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

GLOBAL = 4  # work-items per kernel
OUT_PER_ITEM = 64  # uint words per work-item and kernel
IN_WORDS = 64

SCALARS = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "long": 8,
           "ulong": 8, "float": 4, "double": 8}
UNSIGNED = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}
WIDTHS = [1, 2, 3, 4, 8, 16]
MAX_BYTES = 64  # the largest value a chain carries (uint16, double8 ...)


def type_size(elem, n):
    return SCALARS[elem] * (4 if n == 3 else n)


def tname(elem, n):
    return elem if n == 1 else "%s%d" % (elem, n)


# size -> [(elem, n)], every type of that size; 3-vectors kept apart (last in a chain only)
BY_SIZE, BY_SIZE3 = {}, {}
for _e in SCALARS:
    for _n in WIDTHS:
        _s = type_size(_e, _n)
        if _s <= MAX_BYTES:
            (BY_SIZE3 if _n == 3 else BY_SIZE).setdefault(_s, []).append((_e, _n))


def base_type(size):
    """The unsigned carrier of `size` bytes: its elements' type and count."""
    if size <= 4:
        return UNSIGNED[size], 1
    return "uint", size // 4


class Gen:
    def __init__(self, rng):
        self.r = rng

    def lit(self, elem):
        r = self.r
        if elem in ("float", "double"):
            v = r.choice([0.0, -0.0, 1.0, -2.5, 3.14159, 1e-30, 6.5e4, r.uniform(-1e6, 1e6)])
            return repr(v) + ("f" if elem == "float" else "")
        size = SCALARS[elem]
        v = r.choice([0, 1, 0x7F, 0x80, 0xFF, r.getrandbits(8 * size)]) & ((1 << (8 * size)) - 1)
        if elem in ("char", "short", "int", "long") and v >= 1 << (8 * size - 1):
            v -= 1 << (8 * size)  # signed literal in range
        if elem in ("long", "ulong"):
            return "(%s)%dL" % (elem, v) if v >= 0 or elem == "long" else "%dUL" % v
        if v < 0:
            return "(%s)(%d)" % (elem, v)
        return "(%s)%d%s" % (elem, v, "u" if elem.startswith("u") else "")

    def var(self, elem, k):
        """A run-time value of scalar type elem from the input buffer."""
        i = "in[(gid + %d) %% %d]" % (k, IN_WORDS)
        if SCALARS[elem] == 8:
            j = "in[(gid + %d) %% %d]" % (k + 7, IN_WORDS)
            return "as_%s(upsample(%s, %s))" % (elem, i, j)
        if SCALARS[elem] == 4:
            return "as_%s(%s)" % (elem, i)
        return "as_%s((%s)%s)" % (elem, UNSIGNED[SCALARS[elem]], i)

    def leaf(self, elem, n, const):
        """A value of type (elem, n): a literal or an input-derived vector."""
        parts = [self.lit(elem) if const else self.var(elem, self.r.randrange(IN_WORDS))
                 for _ in range(n)]
        if n == 1:
            return parts[0]
        return "(%s)(%s)" % (tname(elem, n), ", ".join(parts))

    def value(self, size, depth, const, allow3=False):
        """An expression of some type of `size` bytes: (text, elem, n)."""
        r = self.r
        choices = BY_SIZE[size] + (BY_SIZE3.get(size, []) if allow3 else [])
        elem, n = r.choice(choices)
        if n == 3:  # only from an equal-sized 4-component or scalar source: never read past .s2
            src = self.value(size, depth - 1, const) if depth > 0 else self.vleaf(size, const)
            return "as_%s(%s)" % (tname(elem, 3), src[0]), elem, 3
        kind = r.random()
        if depth <= 0 or kind < 0.25:
            return self.vleaf(size, const, elem, n)
        if kind < 0.45 and n >= 2 and n != 3:  # a vector literal of two halves, each a chain
            hn = n // 2
            half = type_size(elem, hn)
            a = self.value(half, depth - 1, const if r.random() < 0.7 else not const)
            b = self.value(half, depth - 1, const if r.random() < 0.7 else not const)
            return ("(%s)(as_%s(%s), as_%s(%s))" % (tname(elem, n), tname(elem, hn), a[0],
                                                     tname(elem, hn), b[0]), elem, n)
        inner = self.value(size, depth - 1, const)
        return "as_%s(%s)" % (tname(elem, n), inner[0]), elem, n

    def vleaf(self, size, const, elem=None, n=None):
        if elem is None:
            elem, n = self.r.choice(BY_SIZE[size])
        return self.leaf(elem, n, const), elem, n

    def store(self, expr, elem, n, slot, out):
        """Statements writing value expr (elem, n) as words at out[base + slot...]."""
        size = type_size(elem, n)
        if n == 3:
            u = UNSIGNED[SCALARS[elem]]
            lines = ["{ %s3 t3 = as_%s3(%s);" % (u, u, expr)]
            for j in range(3):
                if SCALARS[elem] == 8:
                    lines.append(" o[%d] = (uint)t3.s%d; o[%d] = (uint)(t3.s%d >> 32);"
                                 % (slot, j, slot + 1, j))
                    slot += 2
                else:
                    lines.append(" o[%d] = (uint)t3.s%d;" % (slot, j))
                    slot += 1
            out.append("".join(lines) + " }")
            return slot
        be, bn = base_type(size)
        if bn == 1:
            out.append("o[%d] = (uint)as_%s(%s);" % (slot, be, expr))
            return slot + 1
        out.append("vstore%d(as_%s(%s), 0, o + %d);" % (bn, tname(be, bn), expr, slot))
        return slot + bn

    def chain_kernel(self, name):
        body, slot = [], 0
        while slot < OUT_PER_ITEM - 20:
            size = self.r.choice(sorted(BY_SIZE))
            const = self.r.random() < 0.5
            text, elem, n = self.value(size, self.r.randint(1, 4), const, allow3=True)
            if self.r.random() < 0.3:  # through a private variable, as user code does
                body.append("%s v%d = %s;" % (tname(elem, n), slot, text))
                text = "v%d" % slot
            slot = self.store(text, elem, n, slot, body)
        return self.kernel(name, body)

    def kernel(self, name, body, pre=""):
        return ("__kernel void %s(__global const uint *in, __global uint *out) {\n"
                "  size_t gid = get_global_id(0);\n  __global uint *o = out + gid * %d;\n%s"
                "  %s\n}\n" % (name, OUT_PER_ITEM, pre, "\n  ".join(body)))

    def aggregate_kernel(self, name, decls):
        """Structs of vectors and pointers, initialised in every storage class, copied."""
        r = self.r
        k = len(decls)
        vt = r.choice(["int4", "float2", "char8", "ushort4", "uint2", "short3"])
        arr = r.randint(1, 6)
        fields = ["%s v" % vt, "int a[%d]" % arr, "int *pp", "__global const uint *pg",
                  "__constant int *pc", "__local int *pl"]
        r.shuffle(fields)
        decls.append("typedef struct { %s; } S%d;" % ("; ".join(fields), k))
        decls.append("typedef struct { S%d s; %s w; int *q[2]; } T%d;" % (k, vt, k))
        cvals = ", ".join(str(r.randrange(-100, 100)) for _ in range(4))
        decls.append("__constant int C%d[4] = {%s};" % (k, cvals))
        vlit = self.leaf(vt[:-1], int(vt[-1]), True)
        vvar = self.leaf(vt[:-1], int(vt[-1]), False)
        avals = lambda var: ", ".join(
            ("(int)in[(gid + %d) %% %d]" % (j, IN_WORDS)) if var and r.random() < 0.5 else
            str(r.randrange(-1000, 1000)) for j in range(arr))

        def init(var, addr):
            vals = {"v": vvar if var else vlit, "a": "{%s}" % avals(var),
                    "pp": addr, "pg": "in + %d" % r.randrange(IN_WORDS) if var else "0",
                    "pc": "C%d + %d" % (k, r.randrange(4)), "pl": "loc + %d" % r.randrange(4)}
            return "{%s}" % ", ".join(vals[f.split()[-1].lstrip("*").split("[")[0]]
                                      for f in fields)
        # program-scope __constant storage: addresses of __constant data only (the
        # reader turns the OpSpecConstantOp llvm-spirv makes of them into relocations)
        kill = r"(loc|in) \+ \d+"
        decls.append("__constant S%d CS%d = %s;" % (k, k, re.sub(kill, "0", init(False, "0"))))
        body = ["int u = (int)in[gid %% %d] + %d;" % (IN_WORDS, r.randrange(100)),
                "int w2[3] = {1, 2, (int)gid};",
                "loc[gid & 3] = (int)gid * 5; barrier(CLK_LOCAL_MEM_FENCE);"]
        addr = r.choice(["&u", "&w2[1]", "w2", "0"])
        form = r.randrange(4)
        if form == 0:  # private, constant parts and the address of a private variable
            body.append("S%d init = %s;" % (k, init(r.random() < 0.5, addr)))
        elif form == 1:  # nested aggregate with pointer arrays
            body.append("T%d t = {%s, %s, {%s, &u}};" % (k, init(r.random() < 0.5, addr), vlit,
                                                       addr))
            body.append("S%d init = t.s; *t.q[1] += 1;" % k)
        elif form == 2:  # fully constant private initialiser
            body.append("const S%d init = %s;" % (k, init(False, "0")))
        else:  # array of structs
            body.append("S%d arr[2] = {%s, %s};" % (k, init(True, addr), init(False, "&u")))
            body.append("S%d init = arr[gid & 1];" % k)
        body.append("S%d c; c = init;" % k)
        # c.pp is null or the address of a private variable (arr[gid & 1] mixes both in one
        # work-group): compared with 0 before use, which also checks that no private variable's
        # address is null (wavesim's first one once was, docs/CONFORMANCE.md)
        body.append("if (c.pp) *c.pp += 3;")
        slot = 0
        body.append("o[%d] = (uint)u + (uint)w2[1] * 7u;" % slot)
        slot += 1
        for j in range(arr):
            body.append("o[%d] = (uint)c.a[%d];" % (slot, j))
            slot += 1
        body.append("o[%d] = c.pc ? (uint)c.pc[0] : 0u;" % slot)
        body.append("o[%d] = c.pl ? (uint)c.pl[0] : 0u;" % (slot + 1))
        body.append("o[%d] = c.pg ? c.pg[0] : 0u;" % (slot + 2))
        body.append("o[%d] = c.pp ? (uint)*c.pp : 1234u;" % (slot + 3))
        slot += 4
        e, n = vt[:-1], int(vt[-1])
        slot = self.store("c.v", e, n, slot, body)
        body.append("S%d g = CS%d;" % (k, k))  # a copy of the __constant aggregate
        body.append("o[%d] = (uint)g.a[gid %% %d] + (uint)*g.pc;" % (slot, arr))
        slot = self.store("g.v", e, n, slot + 1, body)
        return self.kernel(name, body, "  __local int loc[4];\n")

    def program(self, nkern, first):
        decls, kernels = [], []
        for i in range(nkern):
            name = "k%d" % (first + i)
            kernels.append(self.aggregate_kernel(name, decls) if self.r.random() < 0.3
                           else self.chain_kernel(name))
        return decls, kernels


HEADER = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"


def source(decls, kernels):
    return HEADER + "\n".join(decls) + "\n" + "\n".join(kernels)


WORKER = r'''
import json, os, sys
import numpy as np
import pyopencl as cl
src = open(sys.argv[1]).read(); names = sys.argv[3].split(",")
res = {"built": False, "log": "", "out": {}}
try:
    plat = cl.get_platforms()[0]; dev = plat.get_devices()[0]
    ctx = cl.Context([dev]); q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, src)
    try:
        prg.build()
        res["built"] = True
    except cl.RuntimeError as e:
        res["log"] = str(e)[-4000:]
    if res["built"] and os.environ.get("LEGAL_FUZZ_MODE") != "build":
        inp = np.array([(i * 0x9E3779B1 + 0x7F4A7C15) & 0xFFFFFFFF for i in range(%d)],
                       dtype=np.uint32)
        bi = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=inp)
        for n in names:
            out = np.zeros(%d * %d, dtype=np.uint32)
            bo = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=out)
            getattr(prg, n)(q, (%d,), (%d,), bi, bo)
            cl.enqueue_copy(q, out, bo); q.finish()
            res["out"][n] = out.tobytes().hex()
except Exception as e:  # a crash of the run is a finding too
    res["log"] += "\nexception: " + repr(e)[:2000]
json.dump(res, open(sys.argv[2], "w"))
''' % (IN_WORDS, GLOBAL, OUT_PER_ITEM, GLOBAL, GLOBAL)


def run_on(env, src, names, tmp):
    sp, rp, wp = (os.path.join(tmp, x) for x in ("k.cl", "r.json", "w.py"))
    with open(sp, "w") as f:
        f.write(src)
    with open(wp, "w") as f:
        f.write(WORKER)
    if os.path.exists(rp):
        os.unlink(rp)
    p = subprocess.run([sys.executable, wp, sp, rp, ",".join(names)], env=env,
                       capture_output=True, text=True, timeout=600)
    if not os.path.exists(rp):
        return {"built": False, "log": "worker died: " + (p.stderr or "")[-3000:], "out": {}}
    with open(rp) as f:
        return json.load(f)


def summary(seed, stats):
    return ("gen_legal_fuzz: seed %d: %d kernels, %d built by PoCL, %d of those rejected by "
            "wavesim, %d computed differently" % (seed, stats["kernels"], stats["pocl_ok"],
                                                  stats["wavesim_rejected"], stats["differ"]))


def diff_words(ref, got):
    """The first differing output words: work-item, word, PoCL's and wavesim's values."""
    lines = []
    for i in range(0, min(len(ref), len(got)), 8):
        if ref[i:i + 8] != got[i:i + 8] and len(lines) < 8:
            w = i // 8
            lines.append("work-item %d o[%d]: PoCL 0x%s, wavesim 0x%s" % (
                w // OUT_PER_ITEM, w % OUT_PER_ITEM,
                bytes.fromhex(ref[i:i + 8])[::-1].hex(), bytes.fromhex(got[i:i + 8])[::-1].hex()))
    return "\n".join(lines)


def rejected(env, decls, kerns, tmp, outs):
    """The kernels of kerns [(name, source)] that fail to build on their own, with their build
    logs, found by halving the batch (the outputs of the halves that build go into outs)."""
    if len(kerns) == 1:
        return [(kerns[0][0], run_on(env, source(decls, [kerns[0][1]]), [kerns[0][0]], tmp)["log"])]
    found = []
    for half in (kerns[:len(kerns) // 2], kerns[len(kerns) // 2:]):
        names = [n for n, _ in half]
        r = run_on(env, source(decls, [k for _, k in half]), names, tmp)
        if r["built"]:
            outs.update(r["out"])
        else:
            found += rejected(env, decls, half, tmp, outs) if len(half) > 1 else [(names[0], r["log"])]
    return found


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=200)
    ap.add_argument("--batch", type=int, default=50)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--wavesim", default=os.path.join(here, "..", "build", "runtime", "vendors"),
                    help="wavesim's vendors directory (OCL_ICD_VENDORS)")
    ap.add_argument("--pocl", default="/etc/OpenCL/vendors/pocl.icd")
    ap.add_argument("--emit", help="write the batches' sources here and stop")
    ap.add_argument("--keep", help="write each failing kernel's program here")
    ap.add_argument("--progress", action="store_true", help="the running totals after each batch")
    ap.add_argument("--builds-only", action="store_true",
                    help="build the kernels on both, do not run them (the large run)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    g = Gen(rng)
    base = dict(os.environ, WAVESIM_DB="none", WAVESIM_MODE="functional",
                LEGAL_FUZZ_MODE="build" if a.builds_only else "run")
    envs = {"pocl": dict(base, OCL_ICD_VENDORS=a.pocl),
            "wavesim": dict(base, OCL_ICD_VENDORS=os.path.abspath(a.wavesim))}
    if not os.path.exists(a.pocl) or not os.path.isdir(a.wavesim):
        print("gen_legal_fuzz: missing %s or %s (install pocl-opencl-icd; build wavesim)"
              % (a.pocl, a.wavesim))
        return 2
    # the workers import pyopencl and numpy: without them every build "fails" on both sides
    # and the run would report nothing found, so say so and stop
    probe = subprocess.run([sys.executable, "-c", "import pyopencl, numpy"], capture_output=True,
                           text=True)
    if probe.returncode != 0:
        print("gen_legal_fuzz: %s cannot import pyopencl and numpy (install python3-pyopencl, or "
              "run it with /usr/bin/python3): %s" % (sys.executable, probe.stderr.strip()[-300:]))
        return 2
    stats = {"kernels": 0, "pocl_ok": 0, "wavesim_rejected": 0, "differ": 0}
    findings = []
    with tempfile.TemporaryDirectory() as tmp:
        done = 0
        while done < a.kernels:
            nk = min(a.batch, a.kernels - done)
            decls, kernels = g.program(nk, done)
            names = ["k%d" % (done + i) for i in range(nk)]
            done += nk
            src = source(decls, kernels)
            if a.emit:
                os.makedirs(a.emit, exist_ok=True)
                with open(os.path.join(a.emit, "batch%d.cl" % (done // a.batch)), "w") as f:
                    f.write(src)
                continue
            stats["kernels"] += nk
            ref = run_on(envs["pocl"], src, names, tmp)
            if ref["log"].startswith("worker died"):
                print("gen_legal_fuzz: the PoCL worker died (not a build failure):\n" + ref["log"])
                return 2
            pocl_bad = set() if ref["built"] else set(
                bad for bad, _ in rejected(envs["pocl"], decls, list(zip(names, kernels)), tmp,
                                           ref["out"]))
            stats["pocl_ok"] += nk - len(pocl_bad)
            got = run_on(envs["wavesim"], src, names, tmp)
            wavesim_bad = set()
            if not got["built"]:
                for bad, log in rejected(envs["wavesim"], decls, list(zip(names, kernels)), tmp,
                                         got["out"]):
                    wavesim_bad.add(bad)
                    if bad not in pocl_bad:
                        stats["wavesim_rejected"] += 1
                        findings.append(("rejected", bad, source(decls, [kernels[names.index(bad)]]),
                                         log))
            if a.progress:
                print(summary(a.seed, stats), flush=True)
            for n, k in zip(names, kernels):
                if n in ref["out"] and n in got["out"] and got["out"][n] != ref["out"][n]:
                    stats["differ"] += 1
                    findings.append(("differs", n, source(decls, [k]),
                                     diff_words(ref["out"][n], got["out"][n])))
                elif n in ref["out"] and n not in got["out"] and n not in wavesim_bad:
                    # built, but its run raised (a fault, a failed launch): a finding too
                    stats["differ"] += 1
                    findings.append(("did-not-run", n, source(decls, [k]), got["log"]))
    for what, n, src, log in findings:
        print("==== %s: kernel %s (seed %d)\n%s\n---- wavesim log:\n%s" % (what, n, a.seed, src, log))
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            with open(os.path.join(a.keep, "%s_%s_seed%d.cl" % (what, n, a.seed)), "w") as f:
                f.write(src)
    if not a.emit:
        print(summary(a.seed, stats))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
