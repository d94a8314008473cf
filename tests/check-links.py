#!/usr/bin/python3
# check-links.py SOURCE_ROOT — the repository stands alone: no reference to
# the design notes that were never part of it (the design card, the style
# guide, the GUI-testing recipe, the benchmark card, the papers' text
# files, the folder they were shared in), and no relative Markdown link to
# a file the repository does not contain.  Prints TAP: one test per file
# with a problem, or one passing test.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import sys

root = sys.argv[1]
SCANNED = ["README.md", "docs", "bench", "help", "data", "tests", "src"]
TEXT = (".md", ".c", ".h", ".py", ".sh", ".build", ".txt", ".rng", ".xml", ".in",
        ".page", ".po", ".luztar", ".ui", ".css", ".tsv", ".1")
# The names are put together here so that this file does not match itself.
FORBIDDEN = [re.compile(re.escape(p)) for p in
             ("DESIGN" + ".md", "STYLE" + ".md", "GUI-TESTING" + ".md", "BENCHMARKS" + ".md",
              "papers" + "/", "../" + "shared")]
# [text](target) and ![alt](target), not URLs, not in-page anchors.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def files():
    for entry in SCANNED:
        path = os.path.join(root, entry)
        if os.path.isfile(path):
            yield entry
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if name.endswith(TEXT):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


problems = {}
for rel in files():
    if rel == os.path.join("tests", "check-links.py"):
        continue
    try:
        text = open(os.path.join(root, rel), encoding="utf-8").read()
    except UnicodeDecodeError:
        continue
    for number, line in enumerate(text.splitlines(), 1):
        for pattern in FORBIDDEN:
            if pattern.search(line):
                problems.setdefault(rel, []).append(
                    "line %d: “%s” is not part of the repository" % (number, pattern.pattern.replace("\\", "")))
        if rel.endswith(".md"):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue
                path = target.split("#", 1)[0]
                full = os.path.normpath(os.path.join(root, os.path.dirname(rel), path))
                if not os.path.exists(full):
                    problems.setdefault(rel, []).append(
                        "line %d: link to “%s”, which does not exist" % (number, target))

if not problems:
    print("1..1")
    print("ok 1 - no reference outside the repository, every relative Markdown link resolves")
    sys.exit(0)
print("1..%d" % len(problems))
for i, (rel, lines) in enumerate(sorted(problems.items()), 1):
    print("not ok %d - %s" % (i, rel))
    for line in lines:
        print("# %s: %s" % (rel, line))
sys.exit(1)
