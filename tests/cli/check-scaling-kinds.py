#!/usr/bin/python3
# check-scaling-kinds.py LUZTAR_CLI — scale-free numerics in a model that
# mixes kinds: a rack (m, m/s) driven by a pinion (rad, rad/s), each with dry
# friction, the rack between two stops (or dragging a massless slider held by
# the friction and the stops), scaled by 10^±6 in length with its
# angles unchanged, runs through `luztar-cli run` with the
# same number of events and the same switches (element, modes, cause) at the
# same times (to 1e-9 of max(T, t), T the model's time scale) as the model
# itself, by both methods (time-stepping: the same number of steps too).  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Length λ with angles unchanged (docs/mathematics.md, "Scales"): the rack's
# q0, its stops and its guide's level (N) × λ, the mesh's ca (m/rad) × λ, the
# pinion's inertia, the shaft's stiffness, damping (and the hub's coupling)
# and the bearing's level (kg·m², N·m/rad, N·m·s/rad, N·m) × λ²; the mesh's k (N/m), the rack's
# mass, the dampers on the rack and the slider (N·s/m), the pinion's v0
# (rad/s) and every time stay.  One speed scale for both kinds made the
# velocity zero of the rack's guide 10^6 times coarser (λ = 10^-6: the rack
# stuck where it slips) or the sweeps' stopping test on the pinion's rad/s
# 10^6 times coarser (λ = 10^6).  The event-driven method measured every
# element's velocities, gaps and forces against the model's one scale (its
# guards, contact, rest and selection tolerances) and dropped a constraint's
# force where the other kind's M⁻¹ was 10^12 times larger: its runs gave
# 102, 34 and 67 events, and 168, 34, 118 at λ = 10^6, 78, 32, 32 at
# λ = 10^-6, the slider's scaled runs did not converge.
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli = sys.argv[1]

# of max(T, t): the event-driven method locates a switch to 1e-12 of it and
# integrates at 1e-10 relative (time-stepping's switches are on its steps)
TIME_REL = 1e-9
# the model's time scale, s: √(m/k) of the rack on the mesh (λ leaves both)
T_MODEL = (0.5 / 2e4) ** 0.5
T_END = 2.0
METHODS = ("timestep", "event")
# The rack's stops (m at λ = 1), whether it reaches them, whether both
# bodies are damped (then time-stepping's contact problem is solved by the
# sweeps in velocity space, lz-timestep-gs.c), whether the guide and the
# stops hold a massless slider that the rack drags through a damper rather
# than the rack itself (a D joint: the event-driven method's velocity
# problem of its friction and stop, lz-event-massless.c; on main its runs
# scaled by 10^±6 did not converge), whether the bearing too holds a
# massless hub that the pinion drags through a damper (both kinds in one
# velocity problem: its LCP met Lemke's tolerances with N and N·m 10^12
# apart, and at λ = 10^6 the hub's friction slipped where it sticks; at
# 10^-6 the hub's row of the contacts' Schur complement was 10^16 times the
# slider's, below whose SVD threshold the slider's contact dropped: neither
# run converged before).  Time-stepping once failed the
# first at λ = 10^-6 (the guide's velocity zero), the second at 10^6 too (the
# bearing stuck a step early), the third at both (another event count).
VARIANTS = [(0.004, True, False, False, False), (0.05, False, False, False, False),
            (0.004, True, True, False, False), (0.003, True, False, True, False),
            (0.003, True, False, True, True)]


def model(lam, stop, damped, slider, hub):
    def n(x):
        return repr(float(x))
    dampers = f'''
  <damper id="shaft-d" a="frame" b="pinion" c="{n(0.01 * lam**2)}"/>
  <damper id="rack-d" a="frame" b="rack" c="2"/>''' if damped else ""
    held = "rack"
    if slider:
        held = "slider"
        dampers += '''
  <body id="slider" mass="0"/>
  <damper id="drag" a="rack" b="slider" c="200"/>'''
    spun = "pinion"
    if hub:
        spun = "hub"
        dampers += f'''
  <body id="hub" kind="rotational" inertia="0"/>
  <damper id="coupling" a="pinion" b="hub" c="{n(0.02 * lam**2)}"/>'''
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<luztar-model version="1" name="Rack and pinion">
  <ground id="frame"/>
  <body id="pinion" kind="rotational" inertia="{n(2e-3 * lam**2)}" v0="40"/>
  <body id="rack" mass="0.5" q0="{n(0.002 * lam)}"/>
  <spring id="mesh" a="pinion" ca="{n(0.02 * lam)}" b="rack" k="2e4"/>
  <spring id="shaft" a="frame" b="pinion" k="{n(3 * lam**2)}"/>{dampers}
  <friction id="bearing" a="frame" b="{spun}" level="{n(0.08 * lam**2)}"/>
  <friction id="guide" a="frame" b="{held}" level="{n(4 * lam)}"/>
  <stop id="end" a="frame" b="{held}" lower="{n(-stop * lam)}" upper="{n(stop * lam)}" restitution="0.5"/>
  <simulation t-end="{n(T_END)}" dt="1e-3"/>
</luztar-model>
'''


def run(tmp, lam, variant, method):
    stop, hits, damped, slider, hub = variant
    path = os.path.join(tmp, "rack-%g-%d-%d-%d-%g.luztar" % (stop, damped, slider, hub, lam))
    with open(path, "w") as f:
        f.write(model(lam, stop, damped, slider, hub))
    ev = path + "." + method + ".csv"
    p = subprocess.run([cli, "run", path, "--method", method, "--events", ev],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stdout + p.stderr
    m = re.search(r"steps: (\d+), events: (\d+)", p.stdout)
    return (int(m.group(1)), int(m.group(2)), list(csv.reader(open(ev)))[1:]), p.stdout


def compare(base, got, method):
    """The worst relative difference of the switch times, else what differs
    (an event-driven run's adaptive step count would not be compared)."""
    if (method == "timestep" and got[0] != base[0]) or got[1] != base[1] or len(got[2]) != len(base[2]):
        return "steps, events, rows %d %d %d, scaled %d %d %d" % (
            base[0], base[1], len(base[2]), got[0], got[1], len(got[2]))
    worst = 0.0
    for a, b in zip(base[2], got[2]):
        ta, tb = float(a[0]), float(b[0])
        if a[1:] != b[1:] or abs(ta - tb) > TIME_REL * max(T_MODEL, abs(ta)):
            return "event %s, scaled %s" % (",".join(a), ",".join(b))
        worst = max(worst, abs(ta - tb) / max(T_MODEL, abs(ta)))
    return worst


with tempfile.TemporaryDirectory() as tmp:
    for method in METHODS:
        for variant in VARIANTS:
            stop, hits, damped, slider, hub = variant
            what = "rack and pinion (%s%sstops at ±%g m%s), %s" % (
                "a massless hub dragged, " if hub else "", "a massless slider dragged, its " if slider else "",
                stop, ", damped" if damped else "", method)
            base, out = run(tmp, 1.0, variant, method)
            check(base is not None, what + ", runs", out)
            if base is None:
                continue
            # the model slips and sticks in both kinds (and hits its stops)
            kinds = {(r[1], r[3]) for r in base[2]}
            want = {("guide", "stick"), ("bearing", "stick")} | ({("end", "contact")} if hits else set())
            check(want <= kinds, "%s: %s (%d events)" % (what, ", ".join(sorted("%s %s" % k for k in want)), base[1]),
                  sorted(kinds))
            for lam in (1e6, 1e-6):
                got, out = run(tmp, lam, variant, method)
                diff = out if got is None else compare(base, got, method)
                steps = "%d steps, " % base[0] if method == "timestep" else ""
                check(isinstance(diff, float),
                      "%s, lengths × %g, angles unchanged: %s%d events, the same switches (worst %s of max(T, t))"
                      % (what, lam, steps, base[1], "%.1e" % diff if isinstance(diff, float) else "-"),
                      diff if isinstance(diff, str) else "")
done()
