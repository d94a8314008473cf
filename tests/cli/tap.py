# tap.py — the TAP lines of the luztar-cli test scripts: check() prints
# "ok N - what" or "not ok N - what" with the first lines of the detail,
# finish() the plan and the exit status.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

_count = {"n": 0, "failed": 0}


def check(ok, what, detail=""):
    _count["n"] += 1
    _count["failed"] += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", _count["n"], what))
    if not ok:
        for line in str(detail).splitlines()[:15]:
            print("# " + line)


def finish():
    print("1..%d" % _count["n"])
    sys.exit(1 if _count["failed"] else 0)
