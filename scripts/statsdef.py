"""sim/stats.def read from Python: the one table of statistics, parsed for the
generators (scripts/gen_stats_doc writes docs/STATS.md, scripts/gen_stats_py
writes scripts/wavesim_stats.py). Also the schema version (sim/stats.h) and the
config keys' defaults (sim/cfg_schema.def)."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(ROOT, "sim", "stats.def")
HEADER = os.path.join(ROOT, "sim", "stats.h")
UNITS_C = os.path.join(ROOT, "sim", "sim_stats.c")
ISA_H = os.path.join(ROOT, "isa", "isa.h")
CFG_SCHEMA = os.path.join(ROOT, "sim", "cfg_schema.def")
SQL = {"I": "integer", "R": "real", "T": "text", "SOURCE_REF": "integer"}


def split_args(text):
    """Split a macro's argument text on top-level commas (strings kept whole)."""
    args, cur, i, quoted = [], "", 0, False
    while i < len(text):
        ch = text[i]
        if quoted:
            cur += ch
            if ch == "\\":
                cur += text[i + 1]
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted, cur = True, cur + ch
        elif ch == ",":
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    args.append(cur.strip())
    return args


def unquote(s):
    return s[1:-1].replace('\\"', '"') if s.startswith('"') else s


def unit_names():
    """isa_unit column suffixes in enum order (isa.h), named by sim_unit_names."""
    order = re.findall(r"^\s*ISA_UNIT_(\w+)", open(ISA_H).read(), flags=re.M)
    names = dict(re.findall(r'\[ISA_UNIT_(\w+)\]\s*=\s*"(\w+)"', open(UNITS_C).read()))
    return [names[u] for u in order if u != "COUNT"]


def entries():
    text = re.sub(r"/\*.*?\*/", "", open(DEF).read(), flags=re.S)
    text = re.sub(r"^#.*$", "", text, flags=re.M)
    for m in re.finditer(r"^(STAT\w*|LINE_STAT)\((.*)\)\s*$", text, flags=re.M):
        yield m.group(1), split_args(m.group(2))


def rows():
    """(table, columns, type, unit, group, doc) per documented row, in column order."""
    launch = [(["id"], "integer", "", "", "launch id (INTEGER PRIMARY KEY, increasing)"),
              (["recorded_at"], "text", "", "",
               "UTC time the row was written (SQLite `CURRENT_TIMESTAMP`)")]
    line = [(["launch_id"], "integer", "", "", "the launch (`launches.id`)"),
            (["line"], "integer", "", "", "1-based source line")]
    units = unit_names()
    for kind, a in entries():
        if kind == "STAT":
            group, field, _, sql, since, unit, doc = a
            r = ([field], SQL[sql], unit, group, doc)
        elif kind == "STAT_TEXT":
            group, field, _, since, unit, doc = a
            r = ([field], "text", unit, group, doc)
        elif kind == "STAT_XYZ":
            group, _, col, since, unit, doc = a
            r = ([f"{col}_x/y/z"], "integer", unit, group, doc)
        elif kind == "STAT_UNITS":
            group, _, col, since, unit, doc = a
            r = ([f"{col}_{u}" for u in units], "integer", unit, group, doc)
        elif kind == "STAT_DERIVED":
            group, col, sql, since, unit, doc = a
            r = ([col], SQL[sql], unit, group, doc)
        elif kind == "LINE_STAT":
            group, field, since, unit, doc = a
            line.append(([field], "integer", unquote(unit), group, unquote(doc)))
            continue
        else:  # STAT_HIDDEN: not stored
            continue
        cols, typ, unit, group, doc = r
        doc, unit = unquote(doc), unquote(unit)
        if doc == "" and launch:  # continues the row above
            launch[-1][0].extend(cols)
            continue
        launch.append((cols, typ, unit, group, doc))
    return launch, line


def version():
    m = re.search(r"#define SIM_STATSDB_VERSION (\d+)", open(HEADER).read())
    return int(m.group(1))


def cfg_defaults():
    """{key: default} of every numeric config key (CFG_KEY rows of INT/FLOAT/BOOL type)."""
    text = re.sub(r"/\*.*?\*/", "", open(CFG_SCHEMA).read(), flags=re.S)
    out = {}
    for m in re.finditer(r"^CFG_KEY\((.*)\)\s*$", text, flags=re.M):
        a = split_args(m.group(1))
        if a[2] in ("INT", "FLOAT", "BOOL"):
            try:
                out[unquote(a[0])] = float(a[4])
            except ValueError:
                pass
    return out
