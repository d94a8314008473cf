# tap.py — the TAP lines of the cli tests written in Python: check() prints
# one result (and, when it fails, the first lines of what explains it),
# done() the plan and the exit status.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

_n = 0
_failed = 0


def check(ok, what, detail=""):
    global _n, _failed
    _n += 1
    _failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", _n, what))
    if not ok:
        for line in str(detail).splitlines()[:15]:
            print("# " + line)
    sys.stdout.flush()   # a slow script's progress reaches the log as it goes


def done():
    print("1..%d" % _n)
    sys.exit(1 if _failed else 0)
