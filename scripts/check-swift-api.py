#!/usr/bin/env python3
"""The public Swift API of VCTable, as a client module sees it, against its record.

    python3 scripts/check-swift-api.py BUILD_DIR RECORD [--update]

Dumps the module VCTable built in BUILD_DIR (its Modules/VCTable.swiftmodule) with
swift-api-digester, as another module imports it (no @testable), and lists each public
declaration on a line: its parent, its kind, its name. A declaration in RECORD
(docs/api/VCTable.txt) that the module no longer has is a break: it fails, listing it.
A new one is listed too and fails, so that the record is updated with the change that
adds it (--update writes RECORD). Exits 0 when the two agree.

A public member written in an extension of an internal protocol is not visible to other
modules, though `@testable` tests see it: this is what catches it.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def digester():
    found = shutil.which("swift-api-digester")
    if found:
        return found
    swiftc = shutil.which("swiftc")
    return os.path.join(os.path.dirname(os.path.realpath(swiftc)), "swift-api-digester")


def glib_flags():
    flags = subprocess.run(["pkg-config", "--cflags", "glib-2.0", "gio-2.0"], check=True,
                           capture_output=True, text=True).stdout.split()
    return [arg for flag in flags if flag.startswith("-I") for arg in ("-Xcc", flag)]


def dump(build_dir):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "api.json")
        subprocess.run([digester(), "-dump-sdk", "-module", "VCTable",
                        "-I", os.path.join(build_dir, "Modules"), "-I", build_dir,
                        "-Xcc", "-fmodule-map-file=" + os.path.join(root, "CInterop/CGLib/module.modulemap"),
                        *glib_flags(), "-o", out], check=True)
        return json.load(open(out))


def declarations(node, parent=""):
    """Each public declaration: 'Parent kind name'."""
    lines = set()
    kind = node.get("declKind")
    name = node.get("printedName", "")
    if kind and not node.get("implicit"):
        static = "static " if node.get("static") else ""
        lines.add(f"{parent or '-'} {static}{kind} {name}")
    inner = parent
    if kind in ("Struct", "Class", "Enum", "Protocol"):
        inner = (parent + "." if parent else "") + name
    for child in node.get("children", []):
        if child.get("kind") in ("TypeNominal", "TypeNameAlias", "TypeFunc"):
            continue
        lines |= declarations(child, inner)
    return lines


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--update"):
        print(__doc__, file=sys.stderr)
        return 2
    build_dir, record = sys.argv[1], sys.argv[2]
    now = declarations(dump(build_dir)["ABIRoot"])
    if len(sys.argv) == 4:
        with open(record, "w") as f:
            f.write("".join(line + "\n" for line in sorted(now)))
        print(f"swift-api: {record} written, {len(now)} declarations")
        return 0
    recorded = set(line.rstrip("\n") for line in open(record) if line.strip())
    gone, new = sorted(recorded - now), sorted(now - recorded)
    for line in gone:
        print(f"not ok  - gone from the public API (a break): {line}")
    for line in new:
        print(f"not ok  - new in the public API, not in {record}: {line}")
    if gone or new:
        print("swift-api: make swift-api-update records a change made on purpose")
        print("swift-api: 0 passed, 1 failed")
        return 1
    print(f"ok      - {len(now)} public declarations, as recorded in {record}")
    print("swift-api: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
