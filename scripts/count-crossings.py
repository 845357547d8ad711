#!/usr/bin/env python3
"""Counts the crossings between libVCTable's two halves in a callgrind profile.

    python3 scripts/count-crossings.py [--at-most N] CALLGRIND.OUT [PRIVATE_HEADER]

C -> Swift: a call from C (any function whose name is not a Swift symbol) into one of the
core table's entries (the @convention(c) thunks of the closures of `makeCoreTable` in
Sources/VCTable/CBridge/CCore.swift), named after their VctCore field, read in order
from vctable-private.h (closure #k of the table is its k-th field).
Swift -> C: a call from a Swift function into one of the C half's internal functions
(`_vct_*`, declared in vctable-private.h).

Prints one line per entry and function with its count, then
`crossings: C->Swift N, Swift->C M, total T`; with --at-most N, exits 1 when either way
crosses more than N times (make crossings: one each way, issue 33). Callgrind counts calls whether or not it
collects costs: give it the part that holds the work alone, dumped with --dump-before and
--dump-after on the function that does it (make crossings).
"""
import os
import re
import sys
from collections import Counter

def core_fields(header):
    text = open(header).read()
    body = text[text.index("typedef struct {", text.index("/* VctCore:")):]
    body = body[:body.index("} VctCore;")]
    return re.findall(r"\(\*(\w+)\)\s*\(", body)

def closure_index(name):
    # ...makeCoreTable...cfU_To is closure 0, cfU0_To closure 1, cfUn_To closure n + 1.
    match = re.search(r"makeCoreTable.*?cfU(\d*)_To$", name)
    if match is None:
        return None
    return 0 if match.group(1) == "" else int(match.group(1)) + 1

def edges(path):
    names = {}
    current = callee = None
    counts = Counter()

    def resolve(value):
        match = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if match is None:
            return value
        if match.group(2) is not None:
            names[match.group(1)] = match.group(2)
        return names.get(match.group(1), value)

    for line in open(path, errors="replace"):
        if line.startswith("fn="):
            current = resolve(line[3:].rstrip("\n"))
        elif line.startswith("cfn="):
            callee = resolve(line[4:].rstrip("\n"))
        elif line.startswith("calls=") and current is not None and callee is not None:
            counts[(current, callee)] += int(line[6:].split()[0])
            callee = None
    return counts

def main():
    at_most = None
    if len(sys.argv) > 2 and sys.argv[1] == "--at-most":
        at_most = int(sys.argv[2])
        del sys.argv[1:3]
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    header = sys.argv[2] if len(sys.argv) == 3 else os.path.join(root, "Sources/VCTableGObject/include/vctable-private.h")
    fields = core_fields(header)
    into_swift = Counter()
    into_c = Counter()
    for (caller, callee), n in edges(sys.argv[1]).items():
        swift_caller = caller.startswith("$s")
        index = closure_index(callee)
        if index is not None and not swift_caller:
            into_swift[fields[index] if index < len(fields) else f"entry #{index}"] += n
        elif swift_caller and callee.startswith("_vct_"):
            into_c[callee] += n
    for name, n in into_swift.most_common():
        print(f"C->Swift {n:8d}  {name}")
    for name, n in into_c.most_common():
        print(f"Swift->C {n:8d}  {name}")
    a, b = sum(into_swift.values()), sum(into_c.values())
    print(f"crossings: C->Swift {a}, Swift->C {b}, total {a + b}")
    if at_most is not None and (a > at_most or b > at_most):
        print(f"crossings: more than {at_most} each way", file=sys.stderr)
        return 1
    return 0

if __name__ == "__main__":
    sys.exit(main())
