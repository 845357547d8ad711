#!/usr/bin/env python3
"""Fails when a lock wrapper holds a bare function type (`make lint`, run by `make test`).

Why: `Mutex<Value>.withLock` hands its value to the body through a generic `inout`. When
`Value` is a function type (or contains one structurally: an optional, a tuple, an array
or dictionary element), the compiler converts the closure between the generic and the
concrete representation on the way in and again on the write-back, and the write-back
stores the converted closure: one more reabstraction thunk per `withLock`. After n reads a
call walks n thunks and the final release recurses n deep (a stack overflow near 10^5).
This is swiftlang/swift#91348; Swift 6.3.1 shows it at -O too. VCTable's `Subscriber`
crashed this way (`make bench`, section 4) and slowed down quadratically.

The rule: keep closures in a struct or a final class (`struct Body { let call: ... }`),
never as a lock's value or part of a structural type inside it. A nominal type is never
reabstracted, so the closure inside keeps the representation it was stored with.

What it checks, in every Swift file of the project: the type argument of each lock
wrapper (`Mutex<...>`, swift-nio's `NIOLockedValueBox<...>`, `OSAllocatedUnfairLock<...>`,
and any generic type of ours that has a `withLock` over `inout`) must not contain `->`, a
function `typealias` of ours, or be initialized straight from a closure literal.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Tests", "Benchmarks/Sources", "Examples", "Fuzz", "Demo"]
KNOWN_WRAPPERS = {"Mutex", "NIOLockedValueBox", "NIOLockedValue", "OSAllocatedUnfairLock",
                  "LockedValueBox", "ManagedCriticalState", "Locked"}


def swift_files():
    for folder in FOLDERS:
        top = os.path.join(ROOT, folder)
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if not d.startswith(".build")]
            for name in filenames:
                if name.endswith(".swift"):
                    yield os.path.join(dirpath, name)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def angle_argument(text, start):
    """The text between the `<` at `start` and its matching `>` (a `->` is no bracket)."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == "<":
            depth += 1
        elif c == ">" and text[i - 1] != "-":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
        i += 1
    return None


def main():
    sources = {path: strip_comments(open(path, encoding="utf-8").read()) for path in swift_files()}
    function_aliases = set()
    wrappers = set(KNOWN_WRAPPERS)
    for text in sources.values():
        for m in re.finditer(r"typealias\s+(\w+)\s*(?:<[^=]*>)?\s*=\s*([^\n]*)", text):
            if "->" in m.group(2):
                function_aliases.add(m.group(1))
        # A generic type of ours with `withLock` over an `inout` value is a lock wrapper too.
        for m in re.finditer(r"func\s+withLock\b[^{]*inout", text):
            before = text[:m.start()]
            owner = list(re.finditer(r"\b(?:class|struct|actor)\s+(\w+)\s*<", before))
            if owner:
                wrappers.add(owner[-1].group(1))
    alias_pattern = re.compile(r"\b(" + "|".join(sorted(function_aliases)) + r")\b") if function_aliases else None
    wrapper_pattern = re.compile(r"\b(" + "|".join(sorted(wrappers)) + r")\s*(<|\(\s*\{)")
    problems = []
    for path, text in sorted(sources.items()):
        for m in wrapper_pattern.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            where = f"{os.path.relpath(path, ROOT)}:{line}"
            if m.group(2) != "<":
                problems.append(f"{where}: {m.group(1)} initialized from a closure literal")
                continue
            argument = angle_argument(text, m.end() - 1)
            if argument is None:
                continue
            if "->" in argument:
                problems.append(f"{where}: {m.group(1)}<{argument.strip()}> holds a function type")
            elif alias_pattern and alias_pattern.search(argument):
                problems.append(f"{where}: {m.group(1)}<{argument.strip()}> holds a function typealias "
                                f"({alias_pattern.search(argument).group(1)})")
    for problem in problems:
        print(f"{problem}", file=sys.stderr)
    if problems:
        print("lint: a lock holds a bare function value: box it in a struct or final class "
              "(swiftlang/swift#91348; see scripts/check-lock-closures.py)", file=sys.stderr)
        print(f"lint: 0 passed, {len(problems)} failed")
        return 1
    print(f"lint: no lock holds a function value ({len(wrappers)} lock wrappers, "
          f"{len(function_aliases)} function typealiases known)")
    print(f"lint: {len(sources)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
