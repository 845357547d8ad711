#!/usr/bin/env python3
"""check-docs.py SYMBOLS GIR HTML_DIR HEADER_DIR: every exported vct_* function is in the
reference, and everything in the GIR has its documentation.

Each function the library exports (SYMBOLS, CInterop/vctable.symbols) must be in the GIR
(as a function, method, constructor or a class's get-type function) and named in a page of
the generated HTML. Two kinds are C only and listed instead: what the GIR marks
introspectable="0", and what the headers declare only for compilers with blocks
(`#ifdef __BLOCKS__`: the `_block` setters, which g-ir-scanner does not see).

Then every item of the GIR must have a non-empty <doc>: each class, interface, record
(but the class structs, `glib:is-gtype-struct-for`), enumeration, bitfield and enum value,
callback type, constant, alias, function, constructor, method, property and signal, and
each parameter and non-void return value of the callables (functions, constructors,
methods, callback types, signals; virtual methods are not checked). Each missing one is
printed by its gi-docgen name (`Vct.TableModel:title`, `Vct.TableModel::did-error`,
`Vct.TableModel.reload_data`, `Vct.Error.INVALID_URI`; a parameter or a return value as
`Vct.ListModel.get_section(out_start)`, `Vct.TableModel.get_item(return)`), with a
summary per kind.

Every check counts once: prints "docs: N passed, M failed" and exits 1 when anything is
missing. `check-docs.py --gir GIR` runs the GIR's documentation check alone.
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


# The kinds of item the documentation check counts, in the order of its summary.
KINDS = ["class", "interface", "record", "enumeration", "bitfield", "member", "callback",
         "constant", "alias", "function", "constructor", "method", "property", "signal",
         "parameter", "return-value"]
TYPES = {"class", "interface", "record", "union", "enumeration", "bitfield", "callback",
         "constant", "alias", "function"}


def has_doc(element):
    doc = element.find(CORE + "doc")
    return doc is not None and (doc.text or "").strip() != ""


def signature_items(element, name):
    """The parameters and the non-void return value of a callable, as (kind, name, element)."""
    items = []
    parameters = element.find(CORE + "parameters")
    if parameters is not None:
        for parameter in parameters:
            if parameter.tag in (CORE + "parameter", CORE + "instance-parameter"):
                items.append(("parameter", f"{name}({parameter.get('name')})", parameter))
    returns = element.find(CORE + "return-value")
    if returns is not None:
        type_ = returns.find(CORE + "type")
        if type_ is None or type_.get("name") != "none":
            items.append(("return-value", f"{name}(return)", returns))
    return items


def gir_items(gir_path):
    """Every item of the GIR the documentation check covers, as (kind, name, element)."""
    root = ET.parse(gir_path).getroot()
    items = []
    for namespace in root.findall(CORE + "namespace"):
        prefix = namespace.get("name")
        for element in namespace:
            kind = element.tag[len(CORE):] if element.tag.startswith(CORE) else None
            if kind not in TYPES:
                continue
            if kind == "record" and element.get(GLIB + "is-gtype-struct-for"):
                continue
            name = f"{prefix}.{element.get('name')}"
            items.append((kind if kind != "union" else "record", name, element))
            if kind in ("callback", "function"):
                items.extend(signature_items(element, name))
            for child in element:
                tag = child.tag
                if tag == CORE + "member":
                    items.append(("member", f"{name}.{child.get('name').upper()}", child))
                elif tag in (CORE + "function", CORE + "constructor", CORE + "method"):
                    child_name = f"{name}.{child.get('name')}"
                    items.append((tag[len(CORE):], child_name, child))
                    items.extend(signature_items(child, child_name))
                elif tag == CORE + "property":
                    items.append(("property", f"{name}:{child.get('name')}", child))
                elif tag == GLIB + "signal":
                    child_name = f"{name}::{child.get('name')}"
                    items.append(("signal", child_name, child))
                    items.extend(signature_items(child, child_name))
    return items


def check_gir_docs(gir_path):
    """Prints each undocumented item and a summary per kind; returns (passed, failed)."""
    documented, total = {}, {}
    passed, failed = 0, 0
    for kind, name, element in gir_items(gir_path):
        total[kind] = total.get(kind, 0) + 1
        if has_doc(element):
            documented[kind] = documented.get(kind, 0) + 1
            passed += 1
        else:
            print(f"check-docs: {name} ({kind}) has no documentation in the GIR")
            failed += 1
    summary = ", ".join(f"{kind} {documented.get(kind, 0)}/{total[kind]}"
                        for kind in KINDS if kind in total)
    print(f"check-docs: documented in the GIR: {summary}")
    return passed, failed


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
    gir_passed, gir_failed = check_gir_docs(gir_path)
    passed += gir_passed
    failed += gir_failed
    print(f"docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


def gir_only(gir_path):
    passed, failed = check_gir_docs(gir_path)
    print(f"docs: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--gir":
        sys.exit(gir_only(sys.argv[2]))
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
