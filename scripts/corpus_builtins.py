# corpus_builtins.py: the builtin-function part of the generated corpus (tests/corpus/gen/bi_*.cl),
# every OpenCL C 1.2 builtin family x type x argument kind, generated from the tables below.
"""Imported by gen_corpus.py. Each table row is one builtin; a new builtin gets its tests by
adding one row. Every row becomes one kernel per (type, vector width) it is generated for, and
each kernel computes the builtin three ways, into three output buffers:
  o_*  every argument from a buffer with the edge(...) fill, per work-item (divergent values);
  u_*  the odd-numbered arguments (or the only one) uniform: loaded at get_group_id(0);
  l_*  every argument a literal constant in the source (four literal sets, picked by a switch
       on i & 3; set 3 holds special values: +-0, +-inf, NaN, denormals, MIN, MAX ...).
Kernels of one family, scalar type and tolerance share a file (one RUN line per kernel, at most
16); a kernel listed in XFAIL gets a file of its own carrying the "// XFAIL:" line, so the
rest of its group keeps being checked. Widths: every scalar type runs at width 1 and at one
vector width per row, rotating over 2, 3, 4, 8, 16 along the table, so each type meets every
width within its family."""
import random
import re
import struct

G = 128  # work-items per kernel: 4 work-groups of 32, so the uniform values differ per group
LOCAL = 32
MAXK = 16  # kernels per file (clrun's MAX_RUNS)
# the half load/store kernels are large (20 stores each): 8 a file keeps a loaded machine's
# run of one file well inside ctest's 300 s limit (16 a file took 260-330 s at load 20)
MAXK_FAM = {("vdata", "half"): 8}
WIDTHS = [2, 3, 4, 8, 16]
INT_TYPES = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"]
BITS = {"char": 8, "uchar": 8, "short": 16, "ushort": 16, "int": 32, "uint": 32, "long": 64,
        "ulong": 64, "float": 32, "double": 64}
SIGNED = {"char", "short", "int", "long"}
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"

# (regular expression matching whole kernel names, the wavesim bug they expose): each matching
# kernel gets a file of its own with an "// XFAIL:" line (corpus_test.sh then requires it to
# fail, so the mark must go when the bug is fixed). Kept to exactly the kernels seen failing.
XFAIL = [
]
# (regular expression, why): kernels PoCL computes wrongly (checked against the specification)
# get a file of their own whose reference is Oclgrind ("// REF: oclgrind")
REF_OCLGRIND = [
]
# (regular expression, why): kernels neither reference computes right (checked against the
# specification; wavesim agrees with it): not emitted, so no wrong answer becomes the expected one
REF_BROKEN = [
  (r"bi_math_(sin|cos|tan)_float16", "PoCL's 16-wide sin/cos/tan lose tiny arguments "
   "(sin(FLT_MIN) = 0.0078, cos(1e-40) = 0.99997, tan(FLT_MIN) = 0.0078) and Oclgrind gives NaN "
   "for 16-wide literal arguments (tan((float16)(8.51f, ...)))"),
  (r"bi_math_(pow_double8|pown_double16|rootn_double8)", "PoCL's 8/16-wide double pow, pown "
   "and rootn are wrong (rootn(-645.23, 1) = -0.63, pow(10.71, 14.79) = 0.0026, pown(x, n) off by "
   "a power of two); Oclgrind gives wrong literal-argument results (item 4 differs from item 0 "
   "on the same literals)"),
  (r"bi_int_abs_diff_(int2|long|long4)", "PoCL's signed abs_diff wraps when |x - y| exceeds the "
   "signed range (abs_diff(0, INT_MIN) = 0, abs_diff(LONG_MIN, LONG_MAX) = 6628528001341958779, "
   "not 2^64 - 1); Oclgrind's is wrong too (abs_diff(-634675718, -90154846) = 0)"),
  (r"bi_math_fmod_double8", "PoCL did not finish its run of 8-wide double fmod on edge values "
   "in 40 minutes (6 CPU-minutes), far past ctest's 300 s limit"),
]


def lookup(table, name):
  for rx, why in table:
    if re.fullmatch(rx, name):
      return why
  return None


def vt(t, w):
  return t if w == 1 else "%s%d" % (t, w)


def rng(t):
  b = BITS[t]
  if t in SIGNED:
    return -(1 << (b - 1)), (1 << (b - 1)) - 1
  return 0, (1 << b) - 1


def unsigned_of(t):
  return t if t[0] == "u" else "u" + t


def signed_of(t):
  return t[1:] if t[0] == "u" else t


UPSAMPLE = {"char": "short", "uchar": "ushort", "short": "int", "ushort": "uint", "int": "long",
            "uint": "ulong"}


def arg_type(code, t, w):
  """(scalar type, width) of a signature code for gentype t of width w."""
  fl = t in ("float", "double")
  return {
    "g": (t, w), "s": (t, 1),
    "i": ("int", w), "I": ("int", 1),
    "u": (unsigned_of(t), w) if not fl else None,
    "U": (UPSAMPLE.get(t), w),
    # relational results / select masks: int for scalars, same-size signed ints for vectors
    "M": ((("int" if t == "float" else "long") if fl else signed_of(t)), w),  # select's mask
    "m": ("int", 1) if w == 1 and fl else
         ((("int" if t == "float" else "long") if fl else signed_of(t)), w),
    "r": ("int", 1),  # any / all
  }[code]


# ---------------- literals ----------------
SPECIAL_F = ["0.0", "-0.0", "1.0", "-1.0", "INFINITY", "-INFINITY", "NAN", "DENORM", "MAX",
             "MINNORM", "0.5", "-2.5"]


def flit(t, v):
  """A float/double literal for value v (or a SPECIAL_F name) that clang reads back exactly."""
  if isinstance(v, str):
    if v in ("INFINITY", "-INFINITY", "NAN"):
      return v if t == "float" else "(double)" + v
    v = {"DENORM": 1e-40 if t == "float" else 5e-320,
         "MAX": 3.4028234663852886e38 if t == "float" else 1.7976931348623157e308,
         "MINNORM": 1.1754943508222875e-38 if t == "float" else 2.2250738585072014e-308}.get(v, v)
    v = float(v)
  if t == "float":
    v = struct.unpack("f", struct.pack("f", v))[0]
    s = "%.9g" % v
  else:
    s = repr(v)
  if not any(c in s for c in ".en"):
    s += ".0"
  return s + ("f" if t == "float" else "")


def ilit(t, v):
  lo, hi = rng(t)
  v = (v - lo) % (1 << BITS[t]) + lo  # wrap into the type
  if v < 0:
    return "(%s)%s" % (t, "(-%d%s - 1)" % (-(v + 1), "L" if BITS[t] == 64 else "")) \
      if v == lo else "(%s)%d%s" % (t, v, "L" if BITS[t] == 64 else "")
  return "(%s)%d%s" % (t, v, "UL" if BITS[t] == 64 else "U")


def int_specials(t):
  lo, hi = rng(t)
  return [lo, hi, 0, -1 if t in SIGNED else hi, 1, lo + 1, hi - 1,
          int("55" * (BITS[t] // 8), 16)]


def literal(ct, w, dom, mode, k, pos, rnd):
  """Lane values of literal set k (0..3) for an argument of type ct/w and domain dom."""
  lanes = []
  for j in range(w):
    if ct in ("float", "double"):
      if k == 3 and mode == "edge":
        v = SPECIAL_F[(j * 5 + pos * 3 + rnd.randrange(12)) % len(SPECIAL_F)]
      else:
        v = rnd.uniform(dom[0], dom[1])
      lanes.append(flit(ct, v))
    else:
      if k >= 2 and mode == "edge":
        sp = int_specials(ct)
        v = sp[(j * 3 + pos + k + rnd.randrange(8)) % len(sp)]
      else:
        v = rnd.randint(dom[0], dom[1])
      lanes.append(ilit(ct, v))
  return lanes[0] if w == 1 else "(%s)(%s)" % (vt(ct, w), ", ".join(lanes))


# ---------------- one kernel ----------------
class Case:
  """One builtin on one type/width: the kernel source and its buffers."""

  def __init__(self, fam, fn, t, w, ret, args, expr, doms, mode, tol, atol, why):
    self.fam, self.fn, self.t, self.w = fam, fn, t, w
    self.name = "bi_%s_%s_%s" % (fam, fn, vt(t, w))
    self.tol, self.atol, self.why = tol, atol, why
    self.doms, self.mode = doms, mode
    self.ins = [arg_type(c, t, w) for c in args]  # (ctype, width) per argument
    self.ptr = "P" in expr  # a result through a private pointer, stored after the return value
    self.ret = arg_type(ret, t, w)
    self.expr = expr
    self.double = "double" in (t, self.ret[0])

  def fills(self):
    out = []
    for p, (ct, w) in enumerate(self.ins):
      lo, hi = self.doms[p]
      if ct in ("float", "double"):
        out.append("%s(%g,%g)" % (self.mode, lo, hi))
      else:
        out.append("%s(%d,%d)" % ("edge" if self.mode == "edge" else "rand", lo, hi))
    return out

  def source(self):
    rct, rw = self.ret
    RT = vt(rct, rw)
    T = vt(self.t, self.w)
    ld = (lambda v, ix, w: "%s[%s]" % (v, ix) if w == 1 else "vload%d(%s, %s)" % (w, ix, v))

    def st(e, ix, o):
      return "%s[%s] = %s;" % (o, ix, e) if rw == 1 else "vstore%d(%s, %s, %s);" % (rw, e, ix, o)

    names = "xyz"[:len(self.ins)]
    params = ["__global const %s *%s_" % (ct, v) for v, (ct, _) in zip(names, self.ins)]
    params += ["__global %s *%s" % (rct, o) for o in "oul"]
    n = 2 if self.ptr else 1

    def call(vals):
      e = self.expr.replace("P", "&p")
      for v, val in zip(names, vals):
        e = e.replace("%" + v, "(%s)" % val if not val.isidentifier() else val)
      return e

    def emit(vals, o, decl_lines):
      body = ["  {"] + ["    " + d for d in decl_lines]
      if self.ptr:
        body.append("    %s p;" % T)
      body.append("    %s r = %s;" % (RT, call(vals)))
      body.append("    " + st("r", "%d * i" % n if n > 1 else "i", o))
      if self.ptr:
        body.append("    " + st("p", "2 * i + 1", o))
      body.append("  }")
      return body

    lines = ["  int i = get_global_id(0), g = get_group_id(0);"]
    decl = ["%s %s = %s;" % (vt(ct, w), v, ld(v + "_", "i", w))
            for v, (ct, w) in zip(names, self.ins)]
    lines += emit(names, "o", decl)
    uni = [p % 2 == 1 or len(self.ins) == 1 for p in range(len(self.ins))]
    decl = ["%s %s = %s;" % (vt(ct, w), v, ld(v + "_", "g" if u else "i", w))
            for v, (ct, w), u in zip(names, self.ins, uni)]
    lines += emit(names, "u", decl)
    rnd = random.Random(self.name)
    lines.append("  %s r%s;" % (RT, ", p" if self.ptr and RT == T else ""))
    if self.ptr and RT != T:
      lines.append("  %s p;" % T)
    lines.append("  switch (i & 3) {")
    for k in range(4):
      vals = [literal(ct, w, self.doms[p], self.mode, k, p, rnd)
              for p, (ct, w) in enumerate(self.ins)]
      lines.append("  %s: r = %s; break;" % ("case %d" % k if k < 3 else "default", call(vals)))
    lines.append("  }")
    lines.append("  " + st("r", "%d * i" % n if n > 1 else "i", "l"))
    if self.ptr:
      lines.append("  " + st("p", "2 * i + 1", "l"))
    return "__kernel void %s(%s) {\n%s\n}\n" % (self.name, ", ".join(params), "\n".join(lines))

  def buffers(self):
    """[(argument name in the RUN line, buffer key, declaration)] in kernel parameter order."""
    out = []
    for p, ((ct, w), fill) in enumerate(zip(self.ins, self.fills())):
      key = (ct, w, fill, p)
      bname = "%s%d_%s%d" % ("xyz"[p], p, ct[0] + ct[-1], w)
      out.append((key, bname, "%s:buf:%s:%d:%s" % ("%s", ct, w * G, fill)))
    rct, rw = self.ret
    n = 2 if self.ptr else 1
    for o in "oul":
      bname = "%s_%s" % (o, self.name[3:])
      out.append(((o, self.name), bname, "%s:buf:%s:%d:zero" % ("%s", rct, rw * n * G)))
    return out


def file_text(cases, xfail=None, ref=None):
  """One .cl file running every case (a RUN line each) over shared input buffers."""
  c0 = cases[0]
  hdr = ["// Builtins (%s family) on %s: %s." % (c0.fam, c0.t, ", ".join(
    sorted(set("%s/%d" % (c.fn, c.w) for c in cases)))),
    "// Each kernel: o_* from edge-filled buffers (divergent), u_* with the odd arguments "
    "uniform,",
    "// l_* from literal constants."] + ["// " + w for w in sorted(set(c.why for c in cases))] + [
    "// Generated by scripts/corpus_builtins.py (via gen_corpus.py): edit the generator, "
    "not this file."]
  if xfail:
    hdr.append("// XFAIL: " + xfail)
  if ref:
    hdr.append("// REF: oclgrind (%s)" % ref)
  declared = {}
  for c in cases:
    run = "// RUN: kernel=%s global=%d local=%d" % (c.name, G, LOCAL)
    if c0.tol is not None:
      run += " tol=%dulp" % c0.tol
    if c0.atol is not None:
      run += " atol=%g" % c0.atol
    args = []
    for key, bname, decl in c.buffers():
      if key in declared:
        args.append("%s:buf" % declared[key])
      else:
        nm = bname
        while nm in declared.values():
          nm += "_"
        declared[key] = nm
        args.append(decl.replace("%s", nm, 1))
    hdr.append(run)
    for j in range(0, len(args), 3):
      hdr.append("// +    " + ("args=" if j == 0 else "") + " ".join(args[j:j + 3]))
  pre = FP64 if any(c.double for c in cases) else ""
  if any(c.fn in ("mad24", "mul24") for c in cases):
    pre += S24 if c0.t == "int" else S24U
  src = pre + "\n".join(c.source() for c in cases)
  return "\n".join(hdr) + "\n" + src


# ---------------- tables ----------------
# math (6.12.2): (name, signature "RET:ARGS", float ulp, double ulp (None: float only),
#   domain (lo, hi) for every argument or a list per argument, fill mode, expression)
# signature codes: g gentype, s its scalar, i intn, I int, m relational mask, u ugentype,
#   U upsample's result, r int (any/all); "P" in an expression is a private pointer result
# (stored after the return value). A vector-only row (scalar argument forms) skips width 1.
F = (-100, 100)
MATH = [
  ("acos", "g:g", 4, 4, (-1, 1)), ("acosh", "g:g", 4, 4, (1, 1e4)),
  ("acospi", "g:g", 5, 5, (-1, 1)), ("asin", "g:g", 4, 4, (-1, 1)),
  ("asinh", "g:g", 4, 4, (-1e4, 1e4)), ("asinpi", "g:g", 5, 5, (-1, 1)),
  ("atan", "g:g", 5, 5, F), ("atan2", "g:gg", 6, 6, F), ("atanh", "g:g", 5, 5, (-1, 1)),
  ("atanpi", "g:g", 5, 5, F), ("atan2pi", "g:gg", 6, 6, F), ("cbrt", "g:g", 2, 2, (-1e6, 1e6)),
  ("ceil", "g:g", 0, 0, F), ("copysign", "g:gg", 0, 0, F), ("cos", "g:g", 4, 4, F),
  ("cosh", "g:g", 4, 4, (-90, 90)), ("cospi", "g:g", 4, 4, (-4, 4)),
  ("erfc", "g:g", 16, 16, (-5, 30)), ("erf", "g:g", 16, 16, (-5, 5)),
  ("exp", "g:g", 3, 3, (-90, 90)), ("exp2", "g:g", 3, 3, (-130, 130)),
  ("exp10", "g:g", 3, 3, (-40, 40)), ("expm1", "g:g", 3, 3, (-90, 90)),
  ("fabs", "g:g", 0, 0, F), ("fdim", "g:gg", 0, 0, F), ("floor", "g:g", 0, 0, F),
  ("fma", "g:ggg", 0, 0, F), ("fmax", "g:gg", 0, 0, F), ("fmax_s", "g:gs", 0, 0, F, "fmax"),
  ("fmin", "g:gg", 0, 0, F), ("fmin_s", "g:gs", 0, 0, F, "fmin"), ("fmod", "g:gg", 0, 0, F),
  ("fract", "g:g", 0, 0, (-1e3, 1e3), "fract(%x, P)"), ("hypot", "g:gg", 4, 4, (-1e3, 1e3)),
  ("ilogb", "i:g", 0, 0, (-1e6, 1e6)), ("ldexp", "g:gi", 0, 0, [F, (-300, 300)]),
  ("ldexp_s", "g:gI", 0, 0, [F, (-300, 300)], "ldexp"), ("log", "g:g", 3, 3, (0, 1e4)),
  ("log2", "g:g", 3, 3, (0, 1e4)), ("log10", "g:g", 3, 3, (0, 1e4)),
  ("log1p", "g:g", 2, 2, (-1, 1e4)), ("logb", "g:g", 0, 0, (-1e6, 1e6)),
  ("maxmag", "g:gg", 0, 0, F), ("minmag", "g:gg", 0, 0, F),
  ("modf", "g:g", 0, 0, (-1e6, 1e6), "modf(%x, P)"), ("nextafter", "g:gg", 0, 0, (-4, 4)),
  ("pow", "g:gg", 16, 16, (0, 20)), ("pown", "g:gi", 16, 16, [(-4, 4), (-20, 20)]),
  ("powr", "g:gg", 16, 16, (0, 20)), ("remainder", "g:gg", 0, 0, F),
  ("rint", "g:g", 0, 0, F), ("rootn", "g:gi", 16, 16, [(-1e3, 1e3), (-9, 9)]),
  ("round", "g:g", 0, 0, F), ("rsqrt", "g:g", 2, 2, (0, 1e6)), ("sin", "g:g", 4, 4, F),
  ("sincos", "g:g", 4, 4, F, "sincos(%x, P)"), ("sinh", "g:g", 4, 4, (-90, 90)),
  ("sinpi", "g:g", 4, 4, (-4, 4)), ("sqrt", "g:g", 3, 0, (0, 1e6)), ("tan", "g:g", 5, 5, (-10, 10)),
  ("tanh", "g:g", 5, 5, (-20, 20)), ("tanpi", "g:g", 6, 6, (-4, 4)),
  ("tgamma", "g:g", 16, 16, (-10, 30)), ("trunc", "g:g", 0, 0, F),
  ("div", "g:gg", 2.5, 0, (-1e6, 1e6), "%x / %y"), ("recip", "g:g", 2.5, 0, (-1e6, 1e6), "1 / %x"),
  ("mad", "g:ggg", "mad", "mad", (0, 100)),
]
# half_ (8192 ulp, inputs in the spec's range) and native_ (implementation-defined: compared
# within the half_ bound): float only, random in-range inputs
HALF = [("cos", "g:g", (-1000, 1000)), ("divide", "g:gg", (-1e4, 1e4)), ("exp", "g:g", (-80, 80)),
        ("exp2", "g:g", (-120, 120)), ("exp10", "g:g", (-30, 30)), ("log", "g:g", (1e-3, 1e4)),
        ("log2", "g:g", (1e-3, 1e4)), ("log10", "g:g", (1e-3, 1e4)),
        ("powr", "g:gg", [(0.01, 20), (-8, 8)]), ("recip", "g:g", (0.01, 1e4)),
        ("rsqrt", "g:g", (1e-3, 1e6)), ("sin", "g:g", (-1000, 1000)),
        ("sqrt", "g:g", (0, 1e6)), ("tan", "g:g", (-1.4, 1.4))]
# common (6.12.4): max/min/clamp/step are undefined for NaN/inf arguments, so those rows use
# random in-range values; mix and smoothstep are implementation-defined (compared within atol)
COMMON = [
  ("clamp", "g:ggg", 0, F, "rand", "clamp(%x, fmin(%y, %z), fmax(%y, %z))"),
  ("clamp_s", "g:gss", 0, F, "rand", "clamp(%x, fmin(%y, %z), fmax(%y, %z))"),
  ("degrees", "g:g", 2, (-1e4, 1e4), "edge", None), ("radians", "g:g", 2, (-1e6, 1e6), "edge", None),
  ("max", "g:gg", 0, F, "rand", None), ("max_s", "g:gs", 0, F, "rand", "max(%x, %y)"),
  ("min", "g:gg", 0, F, "rand", None), ("min_s", "g:gs", 0, F, "rand", "min(%x, %y)"),
  ("mix", "g:ggg", "impl", [F, F, (0, 1)], "rand", None),
  ("mix_s", "g:ggs", "impl", [F, F, (0, 1)], "rand", "mix(%x, %y, %z)"),
  ("step", "g:gg", 0, F, "rand", None), ("step_s", "g:sg", 0, F, "rand", "step(%x, %y)"),
  ("smoothstep", "g:ggg", "impl", [(-10, 0), (1, 10), (-12, 12)], "rand", None),
  ("smoothstep_s", "g:ssg", "impl", [(-10, 0), (1, 10), (-12, 12)], "rand",
   "smoothstep(%x, %y, %z)"),
  ("sign", "g:g", 0, (-4, 4), "edge", None),
]
# integer (6.12.3): all exact; mul24/mad24 are defined for 24-bit operands only (masked)
INTEGER = [
  ("abs", "u:g", None), ("abs_diff", "u:gg", None), ("add_sat", "g:gg", None),
  ("hadd", "g:gg", None), ("rhadd", "g:gg", None),
  ("clamp", "g:ggg", "clamp(%x, min(%y, %z), max(%y, %z))"),
  ("clamp_s", "g:gss", "clamp(%x, min(%y, %z), max(%y, %z))"), ("clz", "g:g", None),
  ("mad_hi", "g:ggg", None), ("mad_sat", "g:ggg", None), ("max", "g:gg", None),
  ("max_s", "g:gs", "max(%x, %y)"), ("min", "g:gg", None), ("min_s", "g:gs", "min(%x, %y)"),
  ("mul_hi", "g:gg", None), ("rotate", "g:gg", None), ("sub_sat", "g:gg", None),
  ("upsample", "U:gu", None), ("popcount", "g:g", None),
  ("mad24", "g:ggg", "mad24(S24(%x), S24(%y), %z)"), ("mul24", "g:gg", "mul24(S24(%x), S24(%y))"),
]
# geometric (6.12.5) on float/double 1..4 components: (name, sig, ulp, atol, float only, why)
GEO = [
  ("dot", "s:gg", 4, 1e-3, False), ("cross", "g:gg", 4, 1e-3, False),
  ("distance", "s:gg", 8, 1e-5, False), ("length", "s:g", 8, None, False),
  ("normalize", "g:g", 12, None, False), ("fast_distance", "s:gg", None, 5e-3, True),
  ("fast_length", "s:g", None, 5e-3, True), ("fast_normalize", "g:g", None, 1e-3, True),
]
# relational (6.12.6), exact: on float/double, and (select, bitselect, any, all) on integers
REL_F = ["isequal:m:gg", "isnotequal:m:gg", "isgreater:m:gg", "isgreaterequal:m:gg",
         "isless:m:gg", "islessequal:m:gg", "islessgreater:m:gg", "isordered:m:gg",
         "isunordered:m:gg", "isfinite:m:g", "isinf:m:g", "isnan:m:g", "isnormal:m:g",
         "signbit:m:g", "bitselect:g:ggg", "select:g:ggM"]
REL_I = ["bitselect:g:ggg", "select:g:ggM", "select_u:g:ggu", "any:r:m", "all:r:m"]


def expand(fam, fi, fn, sig, t, widths, **kw):
  ret, args = sig.split(":")
  out = []
  for w in widths:
    if ("s" in args or "I" in args) and w == 1:
      continue  # the scalar-argument overload is the plain one at width 1
    out.append(Case(fam, fn, t, w, ret, args, kw["expr"], kw["doms"], kw["mode"], kw["tol"],
                    kw.get("atol"), kw["why"]))
  return out


def tol_of(bound):
  return int(2 * bound + 0.5)


def math_cases():
  out = []
  for fi, row in enumerate(MATH):
    fn, sig, fb, db, dom = row[:5]
    base = row[5] if len(row) > 5 and "%" not in row[5] else fn
    expr = row[5] if len(row) > 5 and "%" in row[5] else None
    nargs = len(sig.split(":")[1])
    expr = expr or "%s(%s)" % (base, ", ".join("%" + v for v in "xyz"[:nargs]))
    doms = dom if isinstance(dom, list) else [dom] * nargs
    for t, bound, wrot in (("float", fb, WIDTHS[fi % 5]), ("double", db, WIDTHS[(fi + 2) % 5])):
      if bound == "mad":
        tol, atol, why = 2, None, ("mad: implementation-defined (a*b+c or fma); positive "
                                   "inputs keep the two within tol 2 ulp")
      else:
        tol, atol = tol_of(bound), None
        why = ("%s ulp bound (spec table 7.%d) for %s, compared within tol %d ulp = twice it" %
               (bound, 1 if t == "float" else 2, t, tol) if bound else
               "Exact or correctly rounded (0 ulp; any NaN matches any NaN).")
      mode = "rand" if bound == "mad" else "edge"
      out += expand("math", fi, fn, sig, t, (1, wrot), expr=expr, doms=doms, mode=mode, tol=tol,
                    atol=atol, why=why)
  for fi, (fn, sig, dom) in enumerate(HALF):
    nargs = len(sig.split(":")[1])
    doms = dom if isinstance(dom, list) else [dom] * nargs
    for pre in ("half", "native"):
      expr = "%s_%s(%s)" % (pre, fn, ", ".join("%" + v for v in "xyz"[:nargs]))
      out += expand("math", fi, "%s_%s" % (pre, fn), sig, "float", (1, WIDTHS[fi % 5]),
                    expr=expr, doms=doms, mode="rand", tol=16384, atol=1e-6,
                    why="half_: 8192 ulp (spec); native_: implementation-defined; both "
                        "compared within 16384 ulp or 1e-6 absolute, in-range inputs")
  return out


def common_cases():
  out = []
  for fi, (fn, sig, bound, dom, mode, expr) in enumerate(COMMON):
    nargs = len(sig.split(":")[1])
    expr = expr or "%s(%s)" % (fn, ", ".join("%" + v for v in "xyz"[:nargs]))
    doms = dom if isinstance(dom, list) else [dom] * nargs
    for t, wrot in (("float", WIDTHS[fi % 5]), ("double", WIDTHS[(fi + 3) % 5])):
      if bound == "impl":
        tol, atol = 8, 1e-5 if t == "float" else 1e-12
        why = "%s: implementation-defined accuracy, compared within 8 ulp or atol %g" % (fn, atol)
      else:
        tol, atol = tol_of(bound), None
        why = ("%s ulp bound for %s, tol %d ulp" % (bound, t, tol) if bound else
               "Exact (max/min/clamp/step get no NaN or inf: undefined there).")
      out += expand("common", fi, fn, sig, t, (1, wrot), expr=expr, doms=doms, mode=mode, tol=tol,
                    atol=atol, why=why)
  return out


def integer_cases():
  out = []
  for ti, t in enumerate(INT_TYPES):
    for fi, (fn, sig, expr) in enumerate(INTEGER):
      if fn == "upsample" and BITS[t] == 64:
        continue
      if fn in ("mad24", "mul24") and t not in ("int", "uint"):
        continue
      nargs = len(sig.split(":")[1])
      expr = expr or "%s(%s)" % (fn, ", ".join("%" + v for v in "xyz"[:nargs]))
      dom = rng(t)
      doms = [dom if c != "u" else rng(unsigned_of(t)) for c in sig.split(":")[1]]
      out += expand("int", fi, fn, sig, t, (1, WIDTHS[(fi + ti) % 5]), expr=expr, doms=doms,
                    mode="edge", tol=None, why="Exact.")
  return out


def geo_cases():
  out = []
  for fn, sig, ulp, atol, fonly in GEO:
    nargs = len(sig.split(":")[1])
    expr = "%s(%s)" % (fn, ", ".join("%" + v for v in "xyz"[:nargs]))
    for t in ("float",) if fonly else ("float", "double"):
      ws = (3, 4) if fn == "cross" else (1, 2, 3, 4)
      why = ("%s: spec bound, compared within %s ulp%s" % (fn, ulp, " or atol %g (cancellation)"
                                                           % atol if atol else "") if ulp else
             "%s: half_sqrt-class accuracy, compared within atol %g" % (fn, atol))
      out += expand("geo", 0, fn, sig, t, ws, expr=expr, doms=[(-10, 10)] * nargs, mode="rand",
                    tol=ulp if ulp is not None else 0, atol=atol, why=why)
  return out


def rel_cases():
  out = []
  for fi, row in enumerate(REL_F):
    fn, ret, args = row.split(":")
    expr = "%s(%s)" % (fn, ", ".join("%" + v for v in "xyz"[:len(args)]))
    for t, wrot in (("float", WIDTHS[fi % 5]), ("double", WIDTHS[(fi + 1) % 5])):
      doms = [(-4, 4) if c == "g" else rng(arg_type(c, t, 1)[0]) for c in args]
      out += expand("rel", fi, fn, ret + ":" + args, t, (1, wrot), expr=expr, doms=doms,
                    mode="edge", tol=0, why="Exact (tol 0 lets NaNs of any payload match).")
  for ti, t in enumerate(INT_TYPES):
    for fi, row in enumerate(REL_I):
      fn, ret, args = row.split(":")
      base = fn.split("_")[0]
      if base in ("any", "all") and t not in SIGNED:
        continue
      expr = "%s(%s)" % (base, ", ".join("%" + v for v in "xyz"[:len(args)]))
      doms = [rng(arg_type(c, t, 1)[0]) for c in args]
      out += expand("rel", fi, fn, ret + ":" + args, t, (1, WIDTHS[(fi + ti) % 5]), expr=expr,
                    doms=doms, mode="edge", tol=None, why="Exact.")
  return out


S24 = ("#define S24(v) ((v) << 8 >> 8) /* mul24/mad24 operands: the low 24 bits, "
       "sign-extended for int */\n")
S24U = "#define S24(v) ((v) & 0xffffffu) /* mul24/mad24 operands: the low 24 bits */\n"


def group(cases):
  """{file name: text}: cases grouped by family, scalar type and tolerance, MAXK a file."""
  files, groups = {}, {}
  for c in cases:
    if lookup(REF_BROKEN, c.name):
      continue
    xf, ref = lookup(XFAIL, c.name), lookup(REF_OCLGRIND, c.name)
    if xf or ref:
      files[c.name + ".cl"] = file_text([c], xf, ref)
      continue
    groups.setdefault((c.fam, c.t, c.tol, c.atol), []).append(c)
  for (fam, t, tol, atol), cs in groups.items():
    tag = "exact" if not tol and atol is None else "tol%d" % (tol or 0) + (
      "_atol" if atol is not None else "")
    mk = MAXK_FAM.get((fam, t), MAXK)
    for j in range(0, len(cs), mk):
      name = "bi_%s_%s_%s_%d" % (fam, t, tag, j // mk)
      files[name + ".cl"] = file_text(cs[j:j + mk])
  return files


# ---------------- vector data load / store (6.12.7) ----------------
class Raw:
  """A kernel written out in full (no literal/uniform variants), for the group/file machinery:
  bufs are (name, type, elements per work-item, fill), inputs shared within a file by value."""

  def __init__(self, fam, fn, t, w, src, bufs, why, tol=None, inputs=1):
    self.fam, self.fn, self.t, self.w, self.src, self.why = fam, fn, t, w, src, why
    self.name = "bi_%s_%s" % (fam, fn)
    self.tol, self.atol = tol, None
    self.bufs, self.inputs = bufs, inputs
    self.double = "double" in src

  def source(self):
    return self.src

  def buffers(self):
    out = []
    for p, (nm, ct, per, fill) in enumerate(self.bufs):
      key = (ct, per, fill, p) if p < self.inputs else (nm, self.name)
      bname = ("%s_%s%d" % (nm, ct, per)) if p < self.inputs else "%s_%s" % (nm, self.name[3:])
      out.append((key, bname, "%%s:buf:%s:%d:%s" % (ct, per * G, fill)))
    return out


SPACES = ("global", "constant", "local", "private")


def fill_of(t):
  return "edge(-100,100)" if t in ("float", "double") else "edge(%d,%d)" % rng(t)


def vload_case(t, n, space, m):
  """vloadn / vstoren of t at offset m elements (m = 1: misaligned for the vector) through a
  pointer into space; loads at a divergent and a uniform index, stores read back."""
  T = vt(t, n)
  fn = "vload%d_%s_%s_off%d" % (n, t, space, m)
  L = LOCAL * n + 1
  q = "__constant" if space == "constant" else "__global const"
  b = ["  int i = get_global_id(0), g = get_group_id(0), li = get_local_id(0);"]
  if space in ("global", "constant"):
    b += ["  %s %s *s = a + %d;" % (q, t, m), "  int di = i, ui = g;"]
  elif space == "local":
    b += ["  __local %s l[%d], ls[%d];" % (t, L, L),
          "  for (int k = li; k < %d; k += %d) { l[k] = a[g * %d + k]; ls[k] = (%s)0x5a; }" %
          (L, LOCAL, LOCAL * n, t),
          "  barrier(CLK_LOCAL_MEM_FENCE);", "  __local %s *s = l + %d;" % (t, m),
          "  int di = li, ui = g;"]
  else:
    b += ["  %s p[%d], ps[%d];" % (t, n + 1, n + 1),
          "  for (int k = 0; k < %d; k++) { p[k] = a[i * %d + k]; ps[k] = (%s)0x5a; }" %
          (n + 1, n + 1, t), "  %s *s = p + %d;" % (t, m), "  int di = 0, ui = 0;"]
  b += ["  %s v = vload%d(di, s);" % (T, n), "  vstore%d(v, i, o);" % n,
        "  vstore%d(vload%d(ui, s), i, u);" % (n, n)]
  if space in ("global", "constant"):
    b += ["  vstore%d(v, i, w + %d);" % (n, m)]
  elif space == "local":
    b += ["  barrier(CLK_LOCAL_MEM_FENCE);", "  vstore%d(v, li, ls + %d);" % (n, m),
          "  barrier(CLK_LOCAL_MEM_FENCE);",
          "  for (int k = li; k < %d; k += %d) w[g * %d + k] = ls[k];" % (L, LOCAL, L)]
  else:
    b += ["  vstore%d(v, 0, ps + %d);" % (n, m),
          "  for (int k = 0; k < %d; k++) w[i * %d + k] = ps[k];" % (n + 1, n + 1)]
  src = ("__kernel void bi_vdata_%s(%s %s *a, __global %s *o, __global %s *u, __global %s *w) "
         "{\n%s\n}\n" % (fn, q, t, t, t, t, "\n".join(b)))
  bufs = [("a", t, n + 1, fill_of(t)), ("o", t, n, "zero"), ("u", t, n, "zero"),
          ("w", t, n + 1, "zero")]
  why = ("vloadn/vstoren through __global, __constant, __local and private pointers, at element "
         "offset 0 and 1 (misaligned for the vector); stores read back with their neighbours. "
         "Exact.")
  return Raw("vdata", fn, t, n, src, bufs, why, tol=0 if t in ("float", "double") else None)


HALF_MODES = ("", "_rte", "_rtz", "_rtp", "_rtn")


def vhalf_case(n, space, m):
  """vload_halfn / vloada_halfn from space and vstore_halfn / vstorea_halfn (every rounding
  mode, from float and double) into it, at half offset m (1: not vector-aligned; the a-forms,
  which require alignment, only at 0 and only for vectors: PoCL lacks a scalar vloada_half).
  Half data travels as ushort bits. The store scratch starts zeroed, like the global buffer:
  PoCL's vstorea_half3 also writes the fourth (padding) half, which the spec leaves alone."""
  N = "" if n == 1 else str(n)
  A = 4 if n == 3 else n  # elements a vloada_half3 / vstorea_half3 steps by
  fn = "vhalf%d_%s_off%d" % (n, space, m)
  FT, DT = vt("float", n), vt("double", n)
  slot = 2 * A
  # (__local: from float only, so 32 work-items' slots fit the smallest preset's LDS)
  forms = [(st, sfx, src) for src in (("f",) if space == "local" else ("f", "d"))
           for st in ("vstore_half", "vstorea_half")
           for sfx in HALF_MODES if not (st == "vstorea_half" and (m or n == 1))]
  S = slot * len(forms)
  q = {"global": "__global", "constant": "__constant", "local": "__local", "private": ""}[space]
  b = ["  int i = get_global_id(0), g = get_group_id(0), li = get_local_id(0);",
       "  %s x = vload%s(i, xf);" % (FT, n) if n > 1 else "  float x = xf[i];",
       "  %s y = vload%s(i, xd);" % (DT, n) if n > 1 else "  double y = xd[i];",
       "  x = select(x, (%s)1.5f, isnan(x)); /* NaN's half payload is implementation-defined */"
       % FT if n > 1 else "  x = isnan(x) ? 1.5f : x;",
       "  y = select(y, (%s)1.5, isnan(y));" % DT if n > 1 else "  y = isnan(y) ? 1.5 : y;"]
  if space in ("global", "constant"):
    src_ptr = "(%s const half *)h" % q
    b += ["  %s const half *s = %s;" % (q, src_ptr), "  int di = i;"]
  elif space == "local":
    b += ["  __local ushort l[%d], ls[%d];" % (LOCAL * A + 1, LOCAL * S),
          "  for (int k = li; k < %d; k += %d) l[k] = h[g * %d + k];" % (LOCAL * A + 1, LOCAL,
                                                                       LOCAL * A),
          "  for (int k = li; k < %d; k += %d) ls[k] = 0;" % (LOCAL * S, LOCAL),
          "  barrier(CLK_LOCAL_MEM_FENCE);", "  __local const half *s = (__local const half *)l;",
          "  int di = li;"]
  else:
    b += ["  ushort p[%d], ps[%d];" % (A + 1, S),
          "  for (int k = 0; k < %d; k++) p[k] = h[i * %d + k];" % (A + 1, A),
          "  for (int k = 0; k < %d; k++) ps[k] = 0;" % S,
          "  const half *s = (const half *)p;", "  int di = 0;"]
  b += ["  %s r = vload_half%s(di, s + %d);" % (FT, N, m), "  %s(r, i, o);" % (
    "vstore%d" % n if n > 1 else "((void)0), o[i] = r; //"),
    ]
  if n == 1:
    b[-1] = "  o[i] = r;"
  if not m and n > 1:
    ldd = "vloada_half%s(di, s)" % N
    b += ["  vstore%d(%s, i, oa);" % (n, ldd)]
  # stores: into this work-item's slots of the space's scratch, then copied out as ushort
  if space in ("global", "constant"):
    dst, idx = "(__global half *)w + i * %d" % S, "0"
  elif space == "local":
    dst, idx = "(__local half *)ls + li * %d" % S, "0"
  else:
    dst, idx = "(half *)ps", "0"
  for k, (st, sfx, v) in enumerate(forms):
    b.append("  %s%s%s(%s, %s, %s + %d);" % (st, N, sfx, "x" if v == "f" else "y", idx, dst,
                                             k * slot + (m if st == "vstore_half" else 0)))
  if space == "local":
    b += ["  barrier(CLK_LOCAL_MEM_FENCE);",
          "  for (int k = 0; k < %d; k++) w[i * %d + k] = ls[li * %d + k];" % (S, S, S)]
  elif space == "private":
    b += ["  for (int k = 0; k < %d; k++) w[i * %d + k] = ps[k];" % (S, S)]
  hq = "__constant ushort" if space == "constant" else "__global const ushort"
  src = ("__kernel void bi_vdata_%s(%s *h, __global const float *xf, __global const double *xd, "
         "__global float *o, __global float *oa, __global ushort *w) {\n%s\n}\n" %
         (fn, hq, "\n".join(b)))
  bufs = [("h", "ushort", A + 1, "edge(0,65535)"), ("xf", "float", n, "edge(-70000,70000)"),
          ("xd", "double", n, "edge(-70000,70000)"), ("o", "float", n, "zero"),
          ("oa", "float", n, "zero"), ("w", "ushort", S, "zero")]
  why = ("vload_halfn/vloada_halfn and vstore_halfn/vstorea_halfn (default, rte, rtz, rtp, rtn; "
         "from float and double) through __global, __constant (loads), __local and private "
         "pointers, at half offset 0 and 1. Exact (stored NaNs replaced: their payload is "
         "implementation-defined).")
  return Raw("vdata", fn, "half", n, src, bufs, why, tol=0, inputs=3)


def vdata_cases():
  out = []
  for t in INT_TYPES + ["float", "double"]:
    for n in WIDTHS:
      for space in SPACES:
        for m in (0, 1):
          out.append(vload_case(t, n, space, m))
  for n in [1] + WIDTHS:
    for space in SPACES:
      for m in (0, 1):
        out.append(vhalf_case(n, space, m))
  return out


def generate():
  cases = (math_cases() + common_cases() + integer_cases() + geo_cases() + rel_cases() +
           vdata_cases())
  names = [c.name for c in cases]
  assert len(names) == len(set(names)), "duplicate builtin kernel names"
  return group(cases)
