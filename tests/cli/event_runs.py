# event_runs.py — two event-driven runs of one model compared (tests/cli):
# `luztar-cli run`'s events and traces read, the same events at the same
# instants, the same trace, the energy books balanced.  Used by
# check-event-active.py and check-event-taylor.py, each with its own
# switch (an environment variable) between the two runs.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import math
import os
import re
import subprocess
import sys

from tap import check


def chain(root, folder, n):
    """B4's chain of N masses (bench/gen-chain.py) written into FOLDER: its path"""
    path = os.path.join(folder, "chain-%d.luztar" % n)
    with open(path, "w") as f:
        subprocess.run([sys.executable, os.path.join(root, "bench", "gen-chain.py"), str(n)], stdout=f, check=True)
    return path


def read_events(path):
    with open(path) as f:
        return [(float(r[0]), r[1], r[2], r[3], r[4]) for r in list(csv.reader(f))[1:]]


def read_trace(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    return rows[0], [[float(x) for x in r] for r in rows[1:]]


def summary(stdout, pattern):
    """the number PATTERN's group finds in a run's summary, or inf"""
    m = re.search(pattern, stdout)
    return float(m.group(1)) if m else math.inf


def balance(stdout):
    """the energy-balance error relative to the work done"""
    return summary(stdout, r"energy-balance error: \S+ J \(([0-9.e+-]+) of")


def same_runs(name, a, b, what, t_scale, time_tol, trace_tol, balance_tol):
    """runs A and B ((events, (head, rows), balance)) alike: WHAT says how
    they differ ("with and without the active set"), T_SCALE the model's
    time scale that TIME_TOL is relative to"""
    same = len(a[0]) == len(b[0]) and all(x[1:] == y[1:] for x, y in zip(a[0], b[0]))
    check(same, "%s: the same %d events (elements, modes, causes) %s" % (name, len(b[0]), what),
          "\n".join("%s | %s" % (x, y) for x, y in zip(a[0], b[0]) if x[1:] != y[1:]))
    dt = max((abs(x[0] - y[0]) for x, y in zip(a[0], b[0])), default=0.0)
    check(same and dt <= time_tol * t_scale, "%s: at the same instants, within %.1e s (%.1e of its time scale)"
          % (name, dt, dt / t_scale))
    (head, rows_a), (_, rows_b) = a[1], b[1]
    worst = 0.0
    if len(rows_a) == len(rows_b):
        for c in range(1, len(head)):
            scale = max(max(abs(r[c]) for r in rows_b), 1e-300)
            worst = max(worst, max(abs(x[c] - y[c]) for x, y in zip(rows_a, rows_b)) / scale)
    check(len(rows_a) == len(rows_b) and worst <= trace_tol,
          "%s: the same trace (%d rows), within %.1e of each column's largest value" % (name, len(rows_b), worst))
    check(a[2] <= balance_tol and b[2] <= balance_tol,
          "%s: the energy books balance, %.1e and %.1e of the work done" % (name, a[2], b[2]))
