#!/usr/bin/python3
# check-timestep-gs.py LUZTAR_CLI SOURCE_ROOT — time-stepping's contact problem
# solved in velocity space (src/core/integrate/lz-timestep-gs.c) gives the
# solution of the other two solvers of the same step: projected Gauss–Seidel
# on the impulses (LUZTAR_TS_SWEEPS=impulses) and Lemke's exact method
# (LUZTAR_TS_FALLBACK=only), on benchmark B4's chain (bench/gen-chain.py:
# friction and a stop on every mass): the same events (count, elements,
# modes, causes, times to 1e-10 s; against Lemke the frictions' events) and
# the same final state to 1e-10 of the model's scales, and B4's published
# value qN(10) = −0.0524327759 for N = 30.  The step merged into the sweeps'
# passes over the bodies (lz-timestep-fused.c, the default on B4) gives the
# run of the step phase by phase (LUZTAR_TS_FUSED=off) to the last digit:
# the same events and trace.
# TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
gen = os.path.join(root, "bench", "gen-chain.py")
TIME_TOL = 1e-10      # s, the events' times
STATE_TOL = 1e-10     # of B4's length (0.2 m) and speed (2 m/s) scales
B4_QN = -0.0524327759  # bench/README.md: qN(10) for every N >= 30, to 10 digits


def run(model, tmp, tag, env_extra, t_end):
    env = dict(os.environ, **env_extra)
    out, ev = os.path.join(tmp, tag + ".csv"), os.path.join(tmp, tag + ".ev.csv")
    p = subprocess.run([cli, "run", "--method", "timestep", "--t-end", str(t_end), "--sample", "0.5",
                        "--out", out, "--events", ev, model], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return None
    with open(ev) as f:
        events = list(csv.reader(f))[1:]
    with open(out) as f:
        rows = list(csv.reader(f))
    it = re.search(r"contact problems: \d+, ([0-9.]+) iterations each", p.stdout)
    return dict(events=events, header=rows[0], last=[float(x) for x in rows[-1]], rows=rows,
                iterations=it.group(1) if it else None)


def same_events(a, b):
    if len(a) != len(b):
        return "%d events against %d" % (len(a), len(b))
    for x, y in zip(a, b):
        if x[1:] != y[1:] or abs(float(x[0]) - float(y[0])) > TIME_TOL:
            return "%s against %s" % (x, y)
    return None


def state_diff(a, b):
    worst = 0.0
    for name, x, y in zip(a["header"][1:], a["last"][1:], b["last"][1:]):
        scale = 0.2 if name.endswith(".q") else 2.0
        worst = max(worst, abs(x - y) / scale)
    return worst


with tempfile.TemporaryDirectory() as tmp:
    chain = os.path.join(tmp, "chain10.luztar")
    with open(chain, "w") as f:
        subprocess.run([sys.executable, gen, "10"], stdout=f, check=True)
    t_end = 3
    gs = run(chain, tmp, "gs", {}, t_end)
    pgs = run(chain, tmp, "pgs", {"LUZTAR_TS_SWEEPS": "impulses"}, t_end)
    lemke = run(chain, tmp, "lemke", {"LUZTAR_TS_FALLBACK": "only"}, t_end)
    phased = run(chain, tmp, "phased", {"LUZTAR_TS_FUSED": "off"}, t_end)
    check(phased is not None and gs is not None and phased["events"] == gs["events"]
          and phased["rows"] == gs["rows"],
          "B4, N = 10: the merged step and the step phase by phase: the same events and trace, "
          "digit for digit")
    check(gs is not None and pgs is not None and lemke is not None, "B4, N = 10: the three solvers run")
    if gs and pgs and lemke:
        check(len(gs["events"]) > 20, "B4, N = 10: the chain sticks, slides and hits its stops",
              "%d events" % len(gs["events"]))
        check(gs["iterations"] != pgs["iterations"],
              "the default run takes the velocity-space sweeps, not the sweeps on the impulses",
              "iterations each: %s and %s" % (gs["iterations"], pgs["iterations"]))
        # v⁺ is unique, the split of a held mass's impulse between its
        # friction and its stop is not: the sweeps split it alike (from
        # the last step's), Lemke's pivots at a vertex of the set — its
        # stops may lift off a step early; the frictions' modes (from v⁺)
        # are the same
        for name, other, only in (("projected Gauss-Seidel on the impulses", pgs, None),
                                  ("Lemke's method", lemke, "f")):
            pick = (lambda evs: [e for e in evs if only is None or e[1].startswith(only)])
            why = same_events(pick(gs["events"]), pick(other["events"]))
            check(why is None, "velocity space and %s: the same %sevents" % (
                name, "friction " if only else ""), why or "")
            d = state_diff(gs, other)
            check(d <= STATE_TOL, "velocity space and %s: the same final state" % name,
                  "largest difference %.3g of the scales" % d)

    chain30 = os.path.join(tmp, "chain30.luztar")
    with open(chain30, "w") as f:
        subprocess.run([sys.executable, gen, "30"], stdout=f, check=True)
    full = run(chain30, tmp, "b4", {}, 10)
    check(full is not None, "B4, N = 30, t = 0 … 10 s runs")
    if full:
        qn = full["last"][full["header"].index("m30.q")]
        check(abs(qn - B4_QN) <= 0.5e-10, "B4: qN(10) = %.10f" % B4_QN, "qN(10) = %.12f" % qn)
done()
