#!/usr/bin/python3
# check-event-taylor.py LUZTAR_CLI SOURCE_ROOT — the event-driven method's
# Taylor steps of a linear mode (src/core/integrate/lz-event-taylor.c: the
# series from the right-hand side at each order, the location, the event's
# state, the samples and the guards read from the polynomial) against
# DOP853 (LUZTAR_EVENT_TAYLOR=off) and closed forms.  TAP.
#
# B3, the bouncing mass: its impacts at t_n = t1 + 2·t1·e·(1 − e^(n−1))/(1 − e)
# and its rest at t∞ = t1·(1 + e)/(1 − e), t1 = √(2h/g).
# B2, two carts with a stop (van der Schaft and Schumacher, 1996): its
# impacts and resting intervals as the benchmark gives them.
# B1, the forced friction oscillator (a force sin(0.5 t)): its first stick
# interval and its state at t = 100 s, as the benchmark gives them.
# B4 (bench/gen-chain.py) N = 12, driven by 5·sin(2t), most of it frozen,
# up to its first instant whose order rounding decides.
# A forced pair with a spring with freeplay (linear modes with a dead zone).
# Each model both ways: the same events (element, modes, cause) at the same
# instants to TIME_TOL of its time scale, the same trace, the energy books
# balanced, and the Taylor steps must have taken the run: its evaluations
# at most EVAL_SHARE of DOP853's.  A model the steps do not take (Stribeck
# friction) runs bit for bit as with them off.  The steps' evaluations by
# the mode's operations (lz-event-ops.c) give the same events, trace and
# summary, to the last digit, as element by element (LUZTAR_EVENT_OPS=off)
# on B4 N = 20 (sliding, stuck, frozen), B2, B3 and the freeplay pair.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402
from event_runs import balance, chain, read_events, read_trace, same_runs, summary  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
bench = os.path.join(root, "bench", "models")

# the event instants agree to TIME_TOL of the model's time scale (the
# issue's 1e-10 s at a time scale of 1 s); the references are given to
# 1e-10 s, the closed forms exact
TIME_TOL = 1e-10
REF_TOL = 1e-9
# the traces, relative to each column's largest value; the energy balance,
# relative to the work done
TRACE_TOL = 1e-9
BALANCE_TOL = 1e-9
# a run the Taylor steps take evaluates the right-hand side at most this
# share of the times DOP853 does (each model here: a third or less)
EVAL_SHARE = 0.6

FREEPLAY = """<?xml version="1.0" encoding="UTF-8"?>
<luztar-model version="1" name="Forced pair through a dead zone">
  <ground id="wall"/>
  <body id="m1" mass="1"/>
  <body id="m2" mass="2"/>
  <spring id="k1" a="wall" b="m1" k="40"/>
  <spring id="k2" a="m1" b="m2" k="25" freeplay="0.02"/>
  <damper id="c2" a="m1" b="m2" c="0.3"/>
  <friction id="f2" a="wall" b="m2" level="0.4"/>
  <force id="F" body="m1" value="3*cos(4*t) + 0.5*exp(-t)"/>
  <simulation t-end="8" method="event"/>
</luztar-model>
"""


def run(model, events, trace, taylor, t_end=None, sample="0.01"):
    env = dict(os.environ, LUZTAR_EVENT_TAYLOR="on" if taylor else "off")
    args = [cli, "run", "--method", "event", "--events", events, "--sample", sample, "--out", trace, model]
    if t_end is not None:
        args[2:2] = ["--t-end", repr(t_end)]
    return subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)


def compare(name, model, t_scale, t_end=None, taken=True, sample="0.01"):
    """Taylor steps against DOP853; returns the events, the trace's rows and header"""
    with tempfile.TemporaryDirectory() as tmp:
        res = {}
        for taylor in (True, False):
            ev, tr = os.path.join(tmp, "ev-%d.csv" % taylor), os.path.join(tmp, "tr-%d.csv" % taylor)
            out = run(model, ev, tr, taylor, t_end, sample)
            ok = out.returncode == 0
            check(ok, "%s: runs with the Taylor steps %s" % (name, "on" if taylor else "off"), out.stderr)
            if not ok:
                return None
            res[taylor] = (read_events(ev), read_trace(tr), balance(out.stdout),
                           summary(out.stdout, r"right-hand-side evaluations: (\d+)"))
    on, off = res[True], res[False]
    if taken:
        check(on[3] <= EVAL_SHARE * off[3], "%s: the Taylor steps took the run: %d evaluations, %d with DOP853"
              % (name, on[3], off[3]))
    else:
        check(on[:2] == off[:2] and on[3] == off[3],
              "%s: not a linear model: the same run to the last digit (%d evaluations)" % (name, on[3]))
    same_runs(name, on, off, "with and without the Taylor steps", t_scale, TIME_TOL, TRACE_TOL, BALANCE_TOL)
    return on[0], on[1][1], on[1][0]


def same_ops(name, model, t_end=None):
    """the mode's operations against element by element: the same run to the bit"""
    with tempfile.TemporaryDirectory() as tmp:
        res = {}
        for ops in ("on", "off"):
            ev, tr = os.path.join(tmp, "ev-%s.csv" % ops), os.path.join(tmp, "tr-%s.csv" % ops)
            args = [cli, "run", "--method", "event", "--events", ev, "--sample", "0.01", "--out", tr, model]
            if t_end is not None:
                args[2:2] = ["--t-end", repr(t_end)]
            out = subprocess.run(args, capture_output=True, text=True, timeout=120,
                                 env=dict(os.environ, LUZTAR_EVENT_OPS=ops))
            if out.returncode != 0:
                check(False, "%s: runs with the operations %s" % (name, ops), out.stderr)
                return
            with open(ev, "rb") as f_ev, open(tr, "rb") as f_tr:
                res[ops] = (f_ev.read(), f_tr.read(), re.sub(r"wall time: \S+ s", "", out.stdout))
    check(res["on"] == res["off"], "%s: the mode's operations give the run element by element gives, to the bit"
          % name)


def changes(events, element, to):
    return [e[0] for e in events if e[1] == element and e[3] == to]


# B3: the bouncing mass, 1 m onto the floor, e = 0.8, g = 9.81
got = compare("B3", os.path.join(examples, "bouncing-mass.luztar"), 1.0, sample="0.05")
if got is not None:
    g, e = 9.81, 0.8
    t1 = math.sqrt(2 / g)
    impacts = [ev[0] for ev in got[0] if ev[1] == "impact" and ev[4] == "impact"]
    closed = [t1 + 2 * t1 * e * (1 - e ** (k - 1)) / (1 - e) for k in range(1, len(impacts) + 1)]
    err = max((abs(a - b) for a, b in zip(impacts, closed)), default=math.inf)
    check(len(impacts) >= 20 and err <= TIME_TOL * 10,
          "B3: %d impacts at t1 + 2·t1·e·(1 − e^(n−1))/(1 − e), within %.1e s" % (len(impacts), err))
    rest = [ev[0] for ev in got[0] if ev[1] == "impact" and ev[3] == "contact"]
    t_inf = t1 * (1 + e) / (1 - e)
    check(len(rest) > 0 and abs(rest[-1] - t_inf) <= REF_TOL,
          "B3: at rest from t∞ = t1·(1 + e)/(1 − e) = %.10f s (got %s)" % (t_inf, rest[-1:] or "none"))

# B2: two carts with a stop
got = compare("B2", os.path.join(bench, "b2-two-carts.luztar"), 1.0)
if got is not None:
    ref = [1.1521052481, 4.8231964369, 7.0514084169]
    hit = [ev[0] for ev in got[0] if ev[4] == "impact"][:3]
    err = max((abs(a - b) for a, b in zip(hit, ref)), default=math.inf)
    check(len(hit) == 3 and err <= REF_TOL, "B2: the first impacts at %s, within %.1e s of the reference"
          % (", ".join("%.10f" % t for t in hit), err))

# B1: the forced friction oscillator, 100 s
got = compare("B1", os.path.join(bench, "b1-friction-oscillator.luztar"), 1.0, sample="0.5")
if got is not None:
    events, rows, head = got
    slips = changes(events, "f1", "slip+") + changes(events, "f1", "slip-")
    sticks = changes(events, "f1", "stick")
    first = min(slips, default=math.inf)
    check(abs(first - 1.2870022176) <= REF_TOL, "B1: the first stick ends at %.10f s (reference 1.2870022176)"
          % first)
    second = [t for t in sticks if t > first][:1]
    check(second and abs(second[0] - 4.6854785956) <= REF_TOL,
          "B1: the second stick begins at %s s (reference 4.6854785956)" % second)
    last = rows[-1]
    x, v = last[head.index("m1.q")], last[head.index("m1.v")]
    check(abs(last[0] - 100) < 1e-9 and abs(x + 1.2053225006) <= REF_TOL and abs(v - 0.1558226665) <= REF_TOL,
          "B1: x(100) = %.10f, v(100) = %.10f (reference −1.2053225006, 0.1558226665)" % (x, v))

with tempfile.TemporaryDirectory() as tmp:
    b4 = chain(root, tmp, 12)
    # (to 2.7 s: at t = 2.7241354540 s mass 12 reaches its stop as its
    # friction reaches its level, within 1e-12 s — which comes first is
    # decided by rounding, differently by DOP853 at other tolerances too)
    got = compare("B4 N = 12", b4, 0.1, t_end=2.7)
    if got is not None:
        check(len(got[0]) > 40, "B4 N = 12: %d events" % len(got[0]))
    pair = os.path.join(tmp, "freeplay.luztar")
    with open(pair, "w") as f:
        f.write(FREEPLAY)
    got = compare("freeplay pair", pair, 1 / math.sqrt(40.0))
    if got is not None:
        check(any(ev[1] == "k2" for ev in got[0]) and any(ev[1] == "f2" for ev in got[0]),
              "freeplay pair: the dead zone and the friction switch (%d events)" % len(got[0]))

compare("Stribeck", os.path.join(examples, "stribeck-squeal.luztar"), 1.0, taken=False)
same_ops("B3", os.path.join(examples, "bouncing-mass.luztar"))
same_ops("B2", os.path.join(bench, "b2-two-carts.luztar"))
with tempfile.TemporaryDirectory() as tmp:
    same_ops("B4 N = 20", chain(root, tmp, 20), t_end=10.0)
    pair = os.path.join(tmp, "freeplay.luztar")
    with open(pair, "w") as f:
        f.write(FREEPLAY)
    same_ops("freeplay pair", pair)
done()
