#!/usr/bin/env python3
"""check-docs.py SYMBOLS GIR HTML_DIR HEADER_DIR: every exported vct_* function is in the reference.

Each function the library exports (SYMBOLS, CInterop/vctable.symbols) must be in the GIR
(as a function, method, constructor or a class's get-type function) and named in a page of
the generated HTML. Two kinds are C only and listed instead: what the GIR marks
introspectable="0", and what the headers declare only for compilers with blocks
(`#ifdef __BLOCKS__`: the `_block` setters, which g-ir-scanner does not see).
Prints "docs: N passed, M failed" and exits 1 when anything is missing.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

CORE = "{http://www.gtk.org/introspection/core/1.0}"
C = "{http://www.gtk.org/introspection/c/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"


def blocks_only(header_dir):
    """The functions declared between #ifdef __BLOCKS__ and its #endif."""
    names = set()
    for root, _, files in os.walk(header_dir):
        for name in files:
            if name.endswith(".h"):
                text = open(os.path.join(root, name), encoding="utf-8").read()
                for region in re.findall(r"#ifdef __BLOCKS__(.*?)#endif", text, re.S):
                    names.update(re.findall(r"\b(vct_[a-z0-9_]+)\s*\(", region))
    return names


def main(symbols_path, gir_path, html_dir, header_dir):
    exported = [line.strip() for line in open(symbols_path)
                if line.strip().startswith("vct_")]
    in_gir = {}
    for element in ET.parse(gir_path).iter():
        identifier = element.get(C + "identifier")
        if identifier:
            in_gir[identifier] = element.get("introspectable", "1") != "0"
        get_type = element.get(GLIB + "get-type")
        if get_type:
            in_gir[get_type] = True
    html = ""
    for root, _, files in os.walk(html_dir):
        for name in files:
            if name.endswith(".html"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    html += f.read()
    named = set(re.findall(r"\bvct_[a-z0-9_]+\b", html))
    passed, failed, skipped = 0, 0, []
    c_only = blocks_only(header_dir)
    for symbol in exported:
        if symbol in c_only and symbol not in in_gir:
            skipped.append(symbol)
        elif symbol not in in_gir:
            print(f"check-docs: {symbol} is exported but not in the GIR")
            failed += 1
        elif not in_gir[symbol]:
            skipped.append(symbol)
        elif symbol.endswith("_get_type") or symbol in named:
            passed += 1
        else:
            print(f"check-docs: {symbol} has no page in {html_dir}")
            failed += 1
    if skipped:
        print("check-docs: C only (blocks, or not introspectable):", ", ".join(skipped))
    print(f"docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
