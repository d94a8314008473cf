#!/usr/bin/python3
# check-event-active.py LUZTAR_CLI SOURCE_ROOT — the event-driven method's
# active set (src/core/integrate/lz-event-active.c: a body held by the mode
# among held neighbours is frozen and left out of the evaluations, steps
# and guards) against the run with every body integrated
# (LUZTAR_EVENT_ACTIVE=off) and closed forms.  TAP.
#
# WAKE: m1 (free, a constant force F0) pulls m2 through a spring k; m2, m3
# and m4 stick on the ground (level Fs each), m4 under an open stop, joined
# by springs k (and a damper).  While m2 sticks, m3 and m4 are frozen; m2
# breaks away when k·x1 = F0(1 − cos ωt) reaches Fs, x1 = (F0/k)(1 − cos ωt)
# until then — and m3 must be woken by its neighbour to break away in turn.
# B4 (bench/gen-chain.py) N = 12, where most masses stay frozen all along.
# Both models: the same events (element, modes, cause) at the same
# instants to 1e-10 of the time scale, the same trace, and the energy
# books balanced.  At an event reached with the set on, the selection
# keeps the modes of the frozen bodies' constraints (each alone on its
# body) and solves the others only: the run must have done so (its debug
# line counts them), so that a wrong mode kept there — a frozen mass let
# go, a stuck one released — shows as events that differ.  B4 must also
# have carried the set from one mode into the next (the frozen bodies'
# data kept, the newly frozen ones' computed alone: the debug line counts
# both), and give the run armed from a full evaluation at every mode
# (LUZTAR_EVENT_ACTIVE=full) to the bit, so that a stale ẏ, λ or guard
# kept there shows.
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
from event_runs import balance, chain, read_events, read_trace, same_runs  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]

M, K, F0, FS = 1.0, 100.0, 1.0, 0.5
OMEGA = math.sqrt(K / M)
WAKE = """<?xml version="1.0" encoding="UTF-8"?>
<luztar-model version="1" name="Frozen masses woken by a neighbour">
  <ground id="wall"/>
  <body id="m1" mass="%(m)g"/>
  <body id="m2" mass="%(m)g"/>
  <body id="m3" mass="%(m)g"/>
  <body id="m4" mass="%(m)g"/>
  <spring id="k2" a="m1" b="m2" k="%(k)g"/>
  <spring id="k3" a="m2" b="m3" k="%(k)g"/>
  <spring id="k4" a="m3" b="m4" k="%(k)g"/>
  <damper id="c3" a="m2" b="m3" c="0.1"/>
  <friction id="f2" a="wall" b="m2" level="%(fs)g"/>
  <friction id="f3" a="wall" b="m3" level="%(fs)g"/>
  <friction id="f4" a="wall" b="m4" level="%(fs)g"/>
  <stop id="s4" a="wall" b="m4" upper="0.05" restitution="0"/>
  <force id="F" body="m1" value="%(f0)g"/>
  <simulation t-end="5" method="event"/>
</luztar-model>
""" % {"m": M, "k": K, "fs": FS, "f0": F0}
# the event instants agree to TIME_TOL of the time scale 1/ω (the issue's
# 1e-10 s at ω = 10); the location brackets to 1e-12 of it
TIME_TOL = 1e-10
# the closed form of the first breakaway and of x1 before it, relative to
# 1/ω and F0/k: the integration's own error (tolerances ≈ 1e-10)
CLOSED_TOL = 1e-9
# the traces, relative to each column's largest value
TRACE_TOL = 1e-9
# the energy balance, relative to the work done
BALANCE_TOL = 1e-9


def run(model, events, trace, active, t_end=None):
    env = dict(os.environ, LUZTAR_EVENT_ACTIVE="on" if active else "off", G_MESSAGES_DEBUG="all")
    args = [cli, "run", "--method", "event", "--events", events, "--sample", "0.01", "--out", trace, model]
    if t_end is not None:
        args[2:2] = ["--t-end", repr(t_end)]
    out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    return out


def kept(stdout):
    """the selections where frozen bodies' constraints kept their modes (lz-event-active.c's debug line)"""
    m = re.search(r"kept their modes at (\d+) selections", stdout)
    return int(m.group(1)) if m else 0


def carried(stdout):
    """the new modes the set was carried into, the frozen bodies computed again (lz-event-carry.c's debug line)"""
    m = re.search(r"carried into (\d+) new modes, (\d+) frozen bodies computed again", stdout)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def compare(name, model, t_scale, t_end=None, carry=False):
    """the active set against every body integrated; returns the events"""
    with tempfile.TemporaryDirectory() as tmp:
        res = {}
        for active in (True, False):
            ev, tr = os.path.join(tmp, "ev-%d.csv" % active), os.path.join(tmp, "tr-%d.csv" % active)
            out = run(model, ev, tr, active, t_end)
            ok = out.returncode == 0
            check(ok, "%s: runs with the active set %s" % (name, "on" if active else "off"), out.stderr)
            if not ok:
                return None
            res[active] = (read_events(ev), read_trace(tr), balance(out.stdout), kept(out.stdout),
                           carried(out.stdout))
    on, off = res[True], res[False]
    check(on[3] > 0 and off[3] == 0, "%s: the frozen bodies' constraints kept their modes at %d selections "
          "with the active set (%d without)" % (name, on[3], off[3]))
    if carry:
        check(on[4][0] > 0 and on[4][1] > 0 and off[4] == (0, 0),
              "%s: the set carried into %d new modes, %d frozen bodies computed again (%s without the set)"
              % (name, on[4][0], on[4][1], off[4]))
    same_runs(name, on, off, "with and without the active set", t_scale, TIME_TOL, TRACE_TOL, BALANCE_TOL)
    return on[0], on[1][1], on[1][0]


with tempfile.TemporaryDirectory() as tmp:
    model = os.path.join(tmp, "wake.luztar")
    with open(model, "w") as f:
        f.write(WAKE)
    got = compare("wake", model, 1 / OMEGA)
    if got is not None:
        events, rows, head = got
        first = next((e for e in events if e[4] != "initial"), None)
        t_star = math.acos(1 - FS / F0) / OMEGA
        check(first is not None and first[1:] == ("f2", "stick", "slip+", "force-limit")
              and abs(first[0] - t_star) <= CLOSED_TOL / OMEGA,
              "wake: m2 breaks away at acos(1 − Fs/F0)/ω = %.12f s (got %s)" % (t_star, first))
        q1 = head.index("m1.q")
        err = max((abs(r[q1] - F0 / K * (1 - math.cos(OMEGA * r[0]))) for r in rows if r[0] < t_star), default=1)
        check(err <= CLOSED_TOL * F0 / K, "wake: x1 = (F0/k)(1 − cos ωt) while m2 sticks, within %.1e of F0/k"
              % (err * K / F0))
        woken = [e for e in events if e[1] in ("f3", "f4") and e[3] == "slip+"]
        check(len(woken) >= 2 and woken[0][1] == "f3" and woken[0][0] > t_star,
              "wake: frozen m3 and then m4 woken by their neighbours, breaking away at %s"
              % ", ".join("%s %.6f s" % (e[1], e[0]) for e in woken[:2]))
    b4 = chain(root, tmp, 12)
    got = compare("B4 N = 12", b4, 0.1, t_end=10.0, carry=True)
    if got is not None:
        check(len(got[0]) > 100, "B4 N = 12: %d events" % len(got[0]))
    # carried or armed from a full evaluation at every mode, the same run
    # to the bit: what a carried frozen body keeps is what the evaluation
    # would give (B4 N = 20 over 10 s re-freezes bodies next to moving ones),
    # and so are the lists a carry updates near its change (lz-event-carry.c:
    # the integrated bodies and elements, the open stops on frozen bodies,
    # the bodies next to them, the constraints) — also with stops close on
    # both sides that the masses bounce on (e = 0.5) and rest against, and
    # the energy books of the summary
    b4 = chain(root, tmp, 20)
    with open(b4) as f:
        text = f.read()
    stops = os.path.join(tmp, "chain-stops.luztar")
    with open(stops, "w") as f:
        f.write(text.replace('lower="-0.2" restitution="0"', 'lower="-0.04" upper="0.03" restitution="0.5"'))
    for name, model in (("B4 N = 20", b4), ("B4 N = 20, stops on both sides", stops)):
        outs = {}
        for how in ("on", "full"):
            ev, tr = os.path.join(tmp, "ev-%s.csv" % how), os.path.join(tmp, "tr-%s.csv" % how)
            env = dict(os.environ, LUZTAR_EVENT_ACTIVE=how, G_MESSAGES_DEBUG="all")
            out = subprocess.run([cli, "run", "--method", "event", "--t-end", "10", "--events", ev, "--sample", "0.01",
                                  "--out", tr, model], capture_output=True, text=True, env=env, timeout=120)
            books = re.sub(r"(?m)wall time: [0-9.]+ s|right-hand-side evaluations: .*|^.*-DEBUG: .*\n", "", out.stdout)
            with open(ev, "rb") as f, open(tr, "rb") as g:
                outs[how] = (out.returncode, f.read(), g.read(), books, carried(out.stdout))
        on, full = outs["on"], outs["full"]
        check(on[0] == 0 and full[0] == 0 and on[1:4] == full[1:4] and on[4][1] > 0 and full[4] == (0, 0),
              "%s: the events, the trace and the summary carried (%d new modes, %d frozen bodies computed "
              "again) are those armed from a full evaluation at every mode, to the bit" % ((name,) + on[4]))
done()
