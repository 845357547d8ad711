#!/usr/bin/env python3
"""Checks the names in PORTING.md's "C name" and "GI name" columns against the API.

    scripts/check-porting.py PORTING.md GIR HEADER_DIR

PORTING.md: the porting map; GIR: the installed Vct-1.0.gir; HEADER_DIR: the directory of
the public headers (CInterop/include/vctable). In every table that has both columns, each
backticked span of a "C name" or "GI name" cell is searched for names that look like API:

- `vct_*` functions, `VCT_*` constants and macros, `Vct*` types and callback types: each
  must be declared in a header of HEADER_DIR (comments do not count; G_DECLARE_*_TYPE
  counts for the type, its class, its `_get_type` and its cast and check macros, and
  G_DECLARE_INTERFACE for the interface, its `…Interface` struct, its `_get_type`, its
  cast and check macros and its `_GET_IFACE`);
- `Vct.X`, `Vct.X.member` (constructor, method, static function, enum value such as
  `Vct.FollowState.CHECKED`, inherited from a `Vct` parent class too), `Vct.X:property`
  and `Vct.X::signal`: each must be in the GIR;
- `notify::name` (anywhere), and `name` after the words "signal" or "property": a
  property, or a signal, of some class of the GIR.

A name with a wildcard (`vct_*_reload*`, `VCT_ERROR_*`) or an ellipsis (`…_block`) is not
a name and is skipped. Prints each failure with its line and row id, then
"porting: N passed, M failed"; exits 1 when anything failed (or when no table was found).
"""

import os
import re
import sys
import xml.etree.ElementTree as ET

CORE = "{http://www.gtk.org/introspection/core/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"

# What Vct classes inherit from outside the namespace, by what they derive or implement.
EXTERNAL = {
    "GObject.Object": {"methods": set(), "props": set(), "signals": {"notify"}},
    "Gio.ListModel": {
        "methods": {"get_item", "get_n_items", "get_item_type", "items_changed"},
        "props": set(),
        "signals": {"items-changed"},
    },
}


def header_names(directory):
    names = set()
    for entry in sorted(os.listdir(directory)):
        if not entry.endswith(".h"):
            continue
        with open(os.path.join(directory, entry), encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        names.update(re.findall(r"\b(vct_[a-z0-9_]+)\s*\(", text))
        names.update(re.findall(r"#\s*define\s+(VCT_[A-Z0-9_]+)", text))
        names.update(re.findall(r"\b(VCT_[A-Z0-9_]+)\s*[=,}]", text))  # enum values
        names.update(re.findall(r"}\s*(Vct[A-Za-z0-9]+)\s*;", text))  # typedef enum/struct
        names.update(re.findall(r"typedef\s[^;(]*\(\s*\*\s*(Vct[A-Za-z0-9]+)\s*\)", text))
        names.update(re.findall(r"struct\s+_(Vct[A-Za-z0-9]+)", text))
        for kind, type_name, prefix, module, obj in re.findall(
                r"G_DECLARE_(FINAL_TYPE|DERIVABLE_TYPE|INTERFACE)\s*\(\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)",
                text):
            names.update({type_name, prefix + "_get_type", f"{module}_{obj}", f"{module}_IS_{obj}"})
            if kind == "INTERFACE":
                names.update({type_name + "Interface", f"{module}_{obj}_GET_IFACE"})
            else:
                names.add(type_name + "Class")
            if kind == "DERIVABLE_TYPE":
                names.update({f"{module}_{obj}_CLASS", f"{module}_IS_{obj}_CLASS",
                              f"{module}_{obj}_GET_CLASS"})
    return names


class Gir:
    def __init__(self, path):
        namespace = ET.parse(path).getroot().find(CORE + "namespace")
        self.types = {}
        self.functions = set()
        self.all_props = set()
        self.all_signals = set()
        for node in namespace:
            tag = node.tag.replace(CORE, "")
            name = node.get("name")
            if tag == "function":
                self.functions.add(name)
                continue
            if tag not in ("class", "interface", "record", "enumeration", "bitfield",
                           "callback", "alias"):
                continue
            entry = {
                "parent": node.get("parent"),
                "implements": [i.get("name") for i in node.findall(CORE + "implements")],
                "methods": {c.get("name") for c in node
                            if c.tag in (CORE + "constructor", CORE + "method",
                                         CORE + "function", CORE + "virtual-method")},
                "members": {m.get("name").upper() for m in node.findall(CORE + "member")},
                "props": {p.get("name") for p in node.findall(CORE + "property")},
                "signals": {s.get("name") for s in node.findall(GLIB + "signal")},
            }
            self.types[name] = entry
            self.all_props |= entry["props"]
            self.all_signals |= entry["signals"]
        self.all_signals |= {"notify", "items-changed"}

    def lineage(self, name):
        """The type, then its ancestors, then what they implement (GIR entries)."""
        seen, out, current = set(), [], name
        while current and current not in seen:
            seen.add(current)
            if current in self.types:
                entry = self.types[current]
                out.append(entry)
                for iface in entry["implements"]:
                    out.append(self.types.get(iface) or EXTERNAL.get(iface, {}))
                current = entry["parent"]
            else:
                out.append(EXTERNAL.get(current, {}))
                break
        return out

    def has(self, owner, field, value):
        return any(value in entry.get(field, ()) for entry in self.lineage(owner))

    def check(self, name):
        """None when `name` (a Vct.… name) is in the GIR, else why not."""
        m = re.fullmatch(r"Vct\.(\w+)(?:(\.|::|:)([\w:-]+))?", name)
        if not m:
            return "not a GI name"
        owner, sep, member = m.groups()
        if owner not in self.types:
            if owner in self.functions and sep is None:
                return None
            return f"no type or function Vct.{owner} in the GIR"
        if sep is None:
            return None
        if sep == ".":
            if self.has(owner, "methods", member) or self.has(owner, "members", member):
                return None
            return f"Vct.{owner} has no method, function or value {member}"
        if sep == ":":
            return None if self.has(owner, "props", member) \
                else f"Vct.{owner} has no property {member}"
        if member.startswith("notify") or self.has(owner, "signals", member):
            if member.startswith("notify::") and not self.has(owner, "props", member[8:]):
                return f"Vct.{owner} has no property {member[8:]}"
            return None
        return f"Vct.{owner} has no signal {member}"


def split_row(line):
    """The cells of a Markdown table row; a | inside backticks does not split."""
    cells, current, in_code = [], [], False
    for ch in line.strip().strip("|"):
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    cells.append("".join(current).strip())
    return cells


C_PATTERNS = [r"\bvct_[a-z0-9_]+", r"\bVCT_[A-Z0-9_]+", r"\bVct[A-Z][A-Za-z0-9]*"]
GI_PATTERN = r"\bVct\.\w+(?:\.\w+|::?[a-z][\w-]*(?:::[a-z][\w-]*)?)?"


def names_in(cell):
    """(kind, name) for each API-looking name in the cell's backticked spans."""
    found = []
    spans = re.findall(r"`([^`]+)`", cell)
    for span in spans:
        for pattern in C_PATTERNS:
            for m in re.finditer(pattern, span):
                token = m.group(0)
                after = span[m.end():m.end() + 1]
                if token.endswith("_") or after == "*":
                    continue
                found.append(("c", token))
        for m in re.finditer(GI_PATTERN, span):
            found.append(("gi", m.group(0)))
        for m in re.finditer(r"\bnotify::([a-z][a-z0-9-]*)", span):
            if not span[:m.start()].rstrip().endswith(":"):  # Vct.X::notify::y: above
                found.append(("notify", m.group(1)))
    # `name` after "signal" / "property" (a bare name, possibly with C arguments).
    for word, m in ((w, m) for w in ("signal", "property")
                    for m in re.finditer(rf"\b{w}\s+`([a-z][a-z0-9-]*)(?:[ (][^`]*)?`",
                                         cell, flags=re.I)):
        found.append(("prop" if word == "property" else "signal", m.group(1)))
    return found


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    porting, gir_path, header_dir = argv[1:]
    headers = header_names(header_dir)
    gir = Gir(gir_path)
    passed, failures, tables = 0, [], 0
    with open(porting, encoding="utf-8") as f:
        lines = f.read().splitlines()
    columns = None
    for number, line in enumerate(lines, 1):
        if not line.startswith("|"):
            columns = None
            continue
        cells = split_row(line)
        if columns is None:
            if "C name" in cells or any(c.startswith("GI name") for c in cells):
                if "C name" not in cells or "GI name" not in cells:
                    failures.append(f"{porting}:{number}: a table needs the columns "
                                    f"'C name' and 'GI name', has {cells}")
                    columns = ()
                else:
                    columns = (cells.index("C name"), cells.index("GI name"))
                    tables += 1
            else:
                columns = ()
            continue
        if not columns or set(line) <= set("|- "):
            continue
        row = cells[0]
        checked = set()
        for column, title in zip(columns, ("C name", "GI name")):
            if column >= len(cells):
                failures.append(f"{porting}:{number}: {row}: no {title} cell")
                continue
            for kind, name in names_in(cells[column]):
                if (title, kind, name) in checked:
                    continue
                checked.add((title, kind, name))
                if kind == "c":
                    problem = None if name in headers else f"not declared in {header_dir}"
                elif kind == "gi":
                    problem = gir.check(name)
                elif kind in ("prop", "notify"):
                    problem = None if name in gir.all_props else "no such property in the GIR"
                    if kind == "notify":
                        name = "notify::" + name
                else:
                    problem = None if name in gir.all_signals else "no such signal in the GIR"
                if problem:
                    failures.append(f"{porting}:{number}: {row}: {title} `{name}`: {problem}")
                else:
                    passed += 1
    if tables == 0:
        failures.append(f"{porting}: no table with 'C name' and 'GI name' columns")
    for failure in failures:
        print(failure)
    print(f"porting: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
