#!/usr/bin/env python3
"""Fails on a malformed code fence in the Markdown documentation, printing FILE:LINE and what is wrong:

- text after a closing fence on the same line ("``` Every request ..."): Markdown does not close the block there,
  so the rest of the file renders as code;
- a fence that opens a block (with an info string, "```swift") inside a block that is still open: the block above
  was not closed;
- a fence of another character or of another length inside an open block that is not closed inside it (nesting
  on purpose, such as ``` inside a ```` block, is balanced);
- a file that ends inside a block.

    Scripts/check-markdown-fences.py [FILE...]    (default: README.md and Docs/*.md)

Python 3, standard library only. Fences may be indented (list items) and quoted ("> ```").
"""

import glob
import os
import re
import sys

FENCE = re.compile(r"^(?:[ \t]*>)*[ \t]*(?P<run>`{3,}|~{3,})(?P<rest>.*)$")
INFO_STRING = re.compile(r"^[\w+#.-]+(\s*\{.*\})?$")


def check(path: str) -> list[str]:
    problems = []
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    block = None  # (line number, fence run) of the open block
    inner = []  # (fence run, line number) of fences opened inside it on purpose: another character, or shorter
    for number, line in enumerate(lines, start=1):
        match = FENCE.match(line)
        if not match:
            continue
        run, rest = match["run"], match["rest"].strip()
        if block is None:
            # A backtick fence's info string holds no backtick: ```a``` at the start of a line is inline code.
            if not (run[0] == "`" and "`" in rest):
                block, inner = (number, run), []
            continue
        opened_at, opening = block
        if run[0] == opening[0] and len(run) >= len(opening):
            if rest and INFO_STRING.match(rest):
                problems.append(
                    f"{path}:{number}: '{run}{rest}' opens a block inside the one opened at line {opened_at}, "
                    f"which is not closed"
                )
            elif rest:
                problems.append(
                    f"{path}:{number}: text after the closing fence of the block opened at line {opened_at} "
                    f"('{line.strip()[:60]}'): Markdown does not close the block there; put the text on its own line"
                )
            for inner_run, inner_at in inner:
                problems.append(
                    f"{path}:{inner_at}: a {inner_run} fence inside the block opened with {opening} at line "
                    f"{opened_at} is not closed inside it"
                )
            block, inner = None, []
        elif inner and run[0] == inner[-1][0][0] and len(run) >= len(inner[-1][0]) and not rest:
            inner.pop()
        else:
            inner.append((run, number))
    if block is not None:
        problems.append(f"{path}:{block[0]}: the file ends inside the block opened here with {block[1]}")
    return problems


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = sys.argv[1:] or [os.path.join(root, "README.md"), *sorted(glob.glob(os.path.join(root, "Docs", "*.md")))]
    problems = []
    for path in paths:
        shown = os.path.relpath(path) if not sys.argv[1:] else path
        problems += [problem.replace(path, shown, 1) for problem in check(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} malformed code fences", file=sys.stderr)
        return 1
    print(f"code fences well formed in {len(paths)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
