#!/usr/bin/env python3
"""check-readme-examples.py README FILE...: each example file is shown whole in README.

The README's examples are run by `make test` from Examples/; this keeps the text a reader
copies identical to the program that ran (a fenced block must contain the file's text, less a heading comment).
"""
import re
import sys


def main(readme, *files):
    blocks = re.findall(r"```[a-z]*\n(.*?)```", open(readme, encoding="utf-8").read(), re.S)
    failed = 0
    for path in files:
        lines = open(path, encoding="utf-8").read().strip().splitlines()
        while lines and lines[0].startswith(("// ", "# ")):   # a heading comment the README omits
            lines.pop(0)
        text = "\n".join(lines)
        if not any(text in block for block in blocks):
            print(f"check-readme-examples: {path} is not shown whole in {readme}")
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
