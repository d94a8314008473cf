#!/usr/bin/python3
# check-forcing.py LUZTAR_CLI SOURCE_ROOT — forcing with jumps through
# `luztar-cli run`, both methods, against closed forms written here: a
# spring–mass driven by F·step(t − t0) and by a square wave (a switching
# function located numerically), a body resting on a half-sine road bump
# switched on and off with step() (impact, lift-off, landing), a ground
# whose velocity jumps under a resting body (Newton's restitution), the
# vehicle of paper 002's Example 5.3 past its bump against time-stepping
# at small steps, and the expressions neither method can take; time-stepping
# landing on the jumps (events at the instants exactly, second order across
# a force's jump, a ground's velocity jump an impact at its instant), a
# breakaway after a force's jump, a friction level with jumps (forcing and
# level-change events) and levels going below zero refused.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
G = 9.81

tmp = tempfile.mkdtemp()


def run(model, method, *args):
    """Runs MODEL (text or a path) with METHOD: (rc, stderr, trace rows, events)."""
    path = model
    if "<luztar-model" in model:
        path = os.path.join(tmp, "model.luztar")
        with open(path, "w") as f:
            f.write(model)
    trace, events = os.path.join(tmp, "trace.csv"), os.path.join(tmp, "events.csv")
    for p in (trace, events):
        if os.path.exists(p):
            os.remove(p)
    p = subprocess.run([cli, "run", path, "--method", method, "--out", trace, "--events", events, *args],
                       capture_output=True, text=True)
    rows = [[float(x) for x in r] for r in list(csv.reader(open(trace)))[1:]] if p.returncode == 0 else []
    ev = [(float(r[0]), r[1], r[2], r[3], r[4]) for r in list(csv.reader(open(events)))[1:]] \
        if p.returncode == 0 else []
    return p.returncode, p.stderr, rows, ev


def oscillator(m, k, q0, v0, pieces, t):
    """q(t) of m q'' + k q = F_j on the pieces [(start, F_j), …] (closed form piece by piece)."""
    w = math.sqrt(k / m)
    q, v, a = q0, v0, 0.0
    for j, (start, F) in enumerate(pieces):
        end = pieces[j + 1][0] if j + 1 < len(pieces) else math.inf
        s = min(t, end) - start
        qs = F / k + (q - F / k) * math.cos(w * s) + v / w * math.sin(w * s)
        vs = -(q - F / k) * w * math.sin(w * s) + v * math.cos(w * s)
        if t <= end:
            return qs, vs
        q, v = qs, vs
    return q, v


def on_ground(motion, mass, e, t_end):
    """A body of MASS under its weight resting on the ground "floor" moving by MOTION,
    through the stop "s" (restitution E); time-stepping with h = 1e-5."""
    return """<luztar-model version="1" name="on a moving ground">
  <ground id="floor" motion="%s"/>
  <body id="m" mass="%g" q0="0" v0="0"/>
  <stop id="s" a="floor" b="m" lower="0" upper="inf" restitution="%g"/>
  <force id="W" body="m" value="%g"/>
  <simulation t-end="%g" dt="1e-5"/>
</luztar-model>
""" % (motion, mass, e, -mass * G, t_end)


def worst(rows, exact, scale):
    return max(abs(r[1] - exact(r[0])[0]) for r in rows) / scale


# A. m q'' + k q = F·step(t − t0): the event at t0 exactly, the response in closed form.
m, k, q0, F, t0 = 2.0, 50.0, 0.01, 3.0, 0.37
step_model = """<luztar-model version="1" name="step force">
  <ground id="wall"/>
  <body id="m" mass="2" q0="0.01" v0="0"/>
  <spring id="k" a="wall" b="m" k="50"/>
  <force id="F" body="m" value="3*step(t - 0.37)"/>
  <simulation t-end="1" dt="1e-4"/>
</luztar-model>
"""
exact = lambda t: oscillator(m, k, q0, 0.0, [(0.0, 0.0), (t0, F)], t)
scale = F / k + q0
rc, err, rows, ev = run(step_model, "event", "--sample", "0.01")
check(rc == 0 and len(ev) == 1 and ev[0][1:] == ("F", "none", "none", "forcing") and ev[0][0] == t0,
      "event-driven: F·step(t − 0.37) is one event of the force at t = 0.37 exactly (cause forcing)",
      err + str(ev))
e_ev = worst(rows, exact, scale) if rows else math.inf
check(e_ev < 1e-7, "event-driven: q(t) of the step-forced oscillator to 1e-7 (%.1e)" % e_ev, err)
rc, err, rows, ev = run(step_model, "timestep", "--sample", "0.01")
e_ts = worst(rows, exact, scale) if rows else math.inf
check(rc == 0 and e_ts < 2e-3, "time-stepping (h = 1e-4): the same to 2e-3 (%.1e)" % e_ts, err)

# B. a square wave F·step(sin(2πt/P)): its switching function is not linear,
# the jumps are located (at k·P/2), the response is closed form piece by piece.
P = 0.3
square_model = step_model.replace('value="3*step(t - 0.37)"', 'value="3*step(sin(2*pi*t/0.3))"')
pieces = [(j * P / 2, F if j % 2 == 0 else 0.0) for j in range(8)]
exact = lambda t: oscillator(m, k, q0, 0.0, pieces, t)
rc, err, rows, ev = run(square_model, "event", "--sample", "0.01")
times = [e[0] for e in ev]
check(rc == 0 and len(times) == 6 and all(e[4] == "forcing" and e[1] == "F" for e in ev)
      and max(abs(x - (j + 1) * P / 2) for j, x in enumerate(times)) < 1e-12,
      "event-driven: a square wave's six jumps located at k·P/2 to 1e-12 s", err + str(ev))
e_ev = worst(rows, exact, scale) if rows else math.inf
check(e_ev < 1e-7, "event-driven: the square-wave response to 1e-7 (%.1e)" % e_ev, err)
rc, err, rows, ev = run(square_model, "timestep", "--sample", "0.01")
e_ts = worst(rows, exact, scale) if rows else math.inf
check(rc == 0 and e_ts < 5e-3, "time-stepping: the same to 5e-3 (%.1e)" % e_ts, err)

# C. a body resting on a road with a half-sine bump (height A, length T) switched on
# and off with step(), e = 0: at t0 the road's velocity jumps to Aπ/T (an impact: the
# body takes it), the body rides the bump until the road decelerates faster than g
# (lift-off), the bump ends at t0 + T while the body flies, and it lands on the flat road.
A, T, t0 = 0.05, 0.1, 0.2
bump_model = on_ground("0.05*sin(pi*(t - 0.2)/0.1)*step(t - 0.2)*step(0.3 - t)", 4, 0, 0.6)
t_lift = t0 + T / math.pi * math.asin(G * T * T / (A * math.pi ** 2))
x_l = A * math.sin(math.pi * (t_lift - t0) / T)
v_l = A * math.pi / T * math.cos(math.pi * (t_lift - t0) / T)
t_land = t_lift + (v_l + math.sqrt(v_l * v_l + 2 * G * x_l)) / G
assert t_land > t0 + T
rc, err, rows, ev = run(bump_model, "event")
kinds = [(e[3], e[4]) for e in ev[1:]]
check(rc == 0 and kinds == [("contact", "impact"), ("free", "lift-off"), ("free", "forcing"),
                            ("contact", "impact")],
      "event-driven bump: impact, lift-off, the bump's end (forcing), landing", err + str(ev))
if len(ev) == 5:
    # (the zeros of t − 0.2 and 0.3 − t, as the file writes them)
    check(ev[1][0] == 0.2 and ev[3][0] == 0.3, "the bump's jumps at 0.2 and 0.3 s exactly", str(ev))
    check(abs(ev[2][0] - t_lift) < 2e-9 and abs(ev[4][0] - t_land) < 1e-8,
          "lift-off at t0 + (T/π)·asin(gT²/(Aπ²)) to 2e-9 s, landing to 1e-8 s (%.3g, %.3g)"
          % (ev[2][0] - t_lift, ev[4][0] - t_land), str(ev))
rc, err, rows, ev = run(bump_model, "timestep")
lifts = [e[0] for e in ev if e[4] == "lift-off" and e[0] < t0 + T]
lands = [e[0] for e in ev if e[4] == "impact" and e[0] > t0 + T]
h = 1e-5
check(rc == 0 and lifts and abs(lifts[-1] - t_lift) < 3 * h and lands and abs(lands[0] - t_land) < 3 * h,
      "time-stepping bump: lift-off and landing within 3 steps", err + str(ev))

# D. a ground whose velocity jumps from 0 to V under a resting body (a ramp switched on
# at t0), restitution e: the body leaves at (1 + e)·V and hits the ramp again after
# 2eV/g with the approach speed eV.
V, e, t0 = 0.8, 0.5, 0.25
ramp_model = on_ground("0.8*(t - 0.25)*step(t - 0.25)", 3, 0.5, 0.34)
dt = 0.01
v_after = (1 + e) * V - G * dt
for method, tol_v, tol_t in (("event", 1e-9, 1e-9), ("timestep", 1e-6, 3e-5)):
    rc, err, rows, ev = run(ramp_model, method, "--sample", "0.01")
    row = [r for r in rows if abs(r[0] - (t0 + dt)) < 1e-12]
    impacts = [x[0] for x in ev if x[4] == "impact" and x[0] > t0 + 1e-3]
    check(rc == 0 and row and abs(row[0][2] - v_after) < tol_v * V,
          "%s: after the ground's velocity jump the body moves at (1 + e)V − g·t" % method,
          err + str(row))
    check(impacts and abs(impacts[0] - (t0 + 2 * e * V / G)) < tol_t,
          "%s: it hits the ramp again at t0 + 2eV/g (%.3g)" % (method, impacts[0] - (t0 + 2 * e * V / G)
                                                               if impacts else math.nan), str(ev))
rc, err, rows, ev = run(ramp_model, "event")
check(rc == 0 and ev[1][0] == t0 and ev[1][4] == "impact",
      "event-driven: the jump in contact is an impact at t0 exactly", str(ev[:3]))

# D'. a force that jumps beyond a stuck friction's level slips it at once, and one that
# jumps above a resting body's weight lifts it off at once: the new modes at the jump,
# then q = ½·a·(t − t0)² with a = (F − level)/m, (P − mg)/m.
friction_model = """<luztar-model version="1" name="friction step">
  <ground id="wall"/>
  <body id="m" mass="1.5" q0="0" v0="0"/>
  <friction id="f" a="wall" b="m" level="2"/>
  <force id="F" body="m" value="3*step(t - 0.5)"/>
  <simulation t-end="1" dt="1e-4"/>
</luztar-model>
"""
pull_model = """<luztar-model version="1" name="pull off">
  <ground id="floor"/>
  <body id="m" mass="2" q0="0" v0="0"/>
  <stop id="s" a="floor" b="m" lower="0"/>
  <force id="W" body="m" value="-2*9.81"/>
  <force id="P" body="m" value="40*step(t - 0.4)"/>
  <simulation t-end="1" dt="1e-4"/>
</luztar-model>
"""
for model, t0, acc, switch in ((friction_model, 0.5, (3 - 2) / 1.5, ("f", "stick", "slip+", "force-limit")),
                               (pull_model, 0.4, 40 / 2 - G, ("s", "contact", "free", "lift-off"))):
    for method, tol, tol_t in (("event", 1e-12, 0.0), ("timestep", 1e-3, 1.5e-4)):
        rc, err, rows, ev = run(model, method, "--sample", "0.1")
        got = [x for x in ev if x[1:] == switch]
        last = rows[-1] if rows else [math.nan] * 3
        q, v = 0.5 * acc * (1 - t0) ** 2, acc * (1 - t0)
        check(rc == 0 and len(got) == 1 and abs(got[0][0] - t0) <= tol_t
              and abs(last[1] - q) <= tol * q and abs(last[2] - v) <= tol * v,
              "%s: %s → %s at the force's jump (t = %g s), then q = ½a(t − t0)²" % (method, switch[2],
                                                                                  switch[3], t0),
              err + str(ev) + str(last))
        if method == "event":
            check(any(x[4] == "forcing" and x[0] == t0 for x in ev),
                  "event-driven: and the force's own event at t0", str(ev))

# the same through `luztar-cli sweep` (its measures read the event log, a force's event
# included): A·step(t − 0.5) with A below and above the level
path = os.path.join(tmp, "friction.luztar")
with open(path, "w") as f:
    f.write(friction_model)
p = subprocess.run([cli, "sweep", path, "--method", "event", "--template", "F.value=A*step(t - 0.5)",
                    "--set", "F.A=1,3", "--jobs", "1"], capture_output=True, text=True)
sweep = list(csv.DictReader(p.stdout.splitlines())) if p.returncode == 0 else []
check(len(sweep) == 2 and float(sweep[0]["f.stick_time"]) == 1.0 and float(sweep[0]["m.q_end"]) == 0
      and float(sweep[1]["f.stick_time"]) == 0.5
      and abs(float(sweep[1]["m.q_end"]) - 0.5 * (1 / 1.5) * 0.25) < 1e-12,
      "sweep: stuck throughout below the level; above it, stuck for 0.5 s then q = ½a(t − t0)²",
      p.stderr + p.stdout)

# D''. a block stuck by dry friction (level F0) on a belt that starts at V at t0: the
# belt's velocity jumps, the block slips at once and is dragged at F0/m until it moves
# with the belt, at t0 + mV/F0; then q(1) = ½·(F0/m)·τ² + V·(1 − t0 − τ).
belt_model = """<luztar-model version="1" name="belt starts">
  <ground id="belt" motion="0.5*(t - 0.3)*step(t - 0.3)"/>
  <body id="m" mass="2" q0="0" v0="0"/>
  <friction id="f" a="belt" b="m" level="4"/>
  <simulation t-end="1" dt="1e-4"/>
</luztar-model>
"""
V, F0, m, t0 = 0.5, 4.0, 2.0, 0.3
tau = m * V / F0
q1 = 0.5 * F0 / m * tau ** 2 + V * (1 - t0 - tau)
for method, tol, tol_t in (("event", 1e-11, 1e-11), ("timestep", 1e-3, 2e-4)):
    rc, err, rows, ev = run(belt_model, method, "--sample", "0.1")
    kinds = [(x[3], x[4]) for x in ev[1:]]
    check(rc == 0 and kinds == [("slip-", "force-limit"), ("stick", "velocity-zero")]
          and abs(ev[1][0] - t0) <= tol_t and abs(ev[2][0] - (t0 + tau)) <= tol_t
          and abs(rows[-1][1] - q1) <= tol * q1,
          "%s: a belt's velocity jump under a stuck block: slip at t0, stick at t0 + mV/F0, q(1)"
          % method, err + str(ev) + str(rows[-1:]))

# E. paper 002's Example 5.3: the road's abs() kinks at 0.2 and 0.3 s; event-driven past
# them (it stopped at t ≈ 0.165 s before), against time-stepping as h shrinks.
vehicle = os.path.join(root, "data", "examples", "paper002-ex53-vehicle.luztar")
rc, err, rows, ev = run(vehicle, "event", "--t-end", "0.2")
# at 0.2 s the road's velocity jumps from 0 to 0.05·5π·2 = π/2 under the resting tyre
# (e = 1): the tyre leaves at (1 + e)·π/2 = π
check(rc == 0 and rows and rows[-1][0] == 0.2 and abs(rows[-1][2] - math.pi) < 1e-9 * math.pi,
      "the vehicle runs event-driven to t-end = 0.2 s, the road's kink (it failed at 0.165 s); "
      "the tyre leaves at (1 + e)·π/2", err + str(rows[-1:]))
rc, err, rows, ev = run(vehicle, "event", "--t-end", "0.45", "--sample", "0.45")
check(rc == 0 and ev[1][0] == 0.2 and ev[1][4] == "impact"
      and any(x[0] == 0.3 and x[4] == "forcing" for x in ev),
      "the vehicle runs event-driven to 0.45 s: the road's kink at 0.2 s an impact, 0.3 s an event",
      err + str(ev[:3]))
q_ev = rows[-1][3] if rows else math.nan
errs = []
for h in ("2e-5", "5e-6"):
    rc, err, rows, ev = run(vehicle, "timestep", "--dt", h, "--t-end", "0.45", "--sample", "0.45")
    errs.append(abs(rows[-1][3] - q_ev) / abs(q_ev) if rc == 0 else math.inf)
check(errs[1] < 1e-4 and errs[1] < errs[0] / 2,
      "the car body's height in flight at 0.45 s: time-stepping converges to the event-driven "
      "value (%.1e at h = 2e-5, %.1e at 5e-6)" % tuple(errs))

# F. what neither method can take, refused with the element, the expression and why
refusals = [
    (step_model.replace("3*step(t - 0.37)", "3*delta(t - 0.37)"), ["“F”", "delta(t - 0.37)", "impulse"]),
    (ramp_model.replace("0.8*(t - 0.25)*step(t - 0.25)", "0.01*step(t - 0.25)"),
     ["“s”", "0.01*step(t - 0.25)", "“floor”", "jumps in position at t = 0.25 s"]),
    (step_model.replace("3*step(t - 0.37)", "3*step(log(t - 0.5))"),
     ["“F”", "log(t - 0.5)", "not finite"]),
]
for model, words in refusals:
    for method in ("event", "timestep"):
        rc, err, rows, ev = run(model, method)
        check(rc == 2 and all(w in err for w in words), "%s refuses: %s" % (method, words[1]), err)

# G. time-stepping lands on the jumps: its step that would cross one ends there, the
# forcing event is logged at the jump instant exactly, the pieces are integrated at the
# scheme's own order (θ = ½: second order) — a step over the jump would be first order.
t0 = 0.37123          # off the grid of h = 1e-3 and of h = 5e-4
off_grid = step_model.replace("0.37", repr(t0))
exact = lambda t: oscillator(m, k, q0, 0.0, [(0.0, 0.0), (t0, F)], t)
errs = []
for h in ("1e-3", "5e-4"):
    rc, err, rows, ev = run(off_grid, "timestep", "--dt", h, "--sample", "0.01")
    errs.append(worst(rows, exact, scale) if rows else math.inf)
    check(rc == 0 and [x for x in ev if x[4] == "forcing"] == [(t0, "F", "none", "none", "forcing")],
          "time-stepping (h = %s): F·step(t − %g) is one event of the force at t0 exactly" % (h, t0),
          err + str(ev))
# two forces' jumps inside one grid step of h = 0.01 (three steps where there was one): the
# energy balance of the run stays at round-off
two = off_grid.replace('value="3*step(t - 0.37123)"', 'value="3*step(t - 0.37123) - 2*step(t - 0.3755)"')
two = two.replace('dt="1e-4"', 'dt="0.01"')
path = os.path.join(tmp, "two.luztar")
with open(path, "w") as f:
    f.write(two)
p = subprocess.run([cli, "run", path, "--method", "timestep"], capture_output=True, text=True)
balance = [line for line in p.stdout.splitlines() if line.startswith("energy-balance error")]
rel = float(balance[0].split("(")[1].split()[0]) if balance else math.inf
check(p.returncode == 0 and "steps: 102," in p.stdout and rel < 1e-12,
      "time-stepping: two jumps inside one step are two more steps, the energy balance to "
      "round-off (%.1e)" % rel, p.stdout + p.stderr)
check(errs[1] < 1e-4 and errs[0] / errs[1] > 3.5,
      "time-stepping: the step-forced response converges at second order across the jump "
      "(%.2e at h = 1e-3, %.2e at 5e-4)" % tuple(errs))

# a friction oscillator pushed by F = 2·step(t − 0.5) + t/2 against a static level of 2.5
# (sliding 1): the force's jump at 0.5 s, the breakaway when 2 + t/2 = 2.5, at t = 1 s
breakaway = """<luztar-model version="1" name="breakaway">
  <ground id="wall"/>
  <body id="m" mass="1" q0="0" v0="0"/>
  <spring id="k" a="wall" b="m" k="20"/>
  <friction id="f" a="wall" b="m" level="1" static="2.5"/>
  <force id="F" body="m" value="2*step(t - 0.5) + 0.5*t"/>
  <simulation t-end="1.5" dt="3e-4"/>
</luztar-model>
"""
for method, tol in (("event", 1e-9), ("timestep", 3e-4)):
    rc, err, rows, ev = run(breakaway, method, "--sample", "0.1")
    forcing = [x[0] for x in ev if x[1] == "F" and x[4] == "forcing"]
    slip = [x[0] for x in ev if x[1:4] == ("f", "stick", "slip+")]
    check(rc == 0 and forcing == [0.5] and slip and abs(slip[0] - 1.0) <= tol,
          "%s: the force's jump logged at 0.5 s exactly, the breakaway at 2 + t/2 = 2.5, t = 1 s (%.2g)"
          % (method, slip[0] - 1.0 if slip else math.nan), err + str(ev))

# a ground whose velocity jumps off the grid under a resting body: the step that lands on
# t0 takes the ground's new velocity into Newton's law at its end — the impact at t0
# exactly, as event-driven has it — then (1 + e)V − g·(t − t0) in flight
V, e, t0 = 0.8, 0.5, 0.25037
ramp_off = on_ground("0.8*(t - 0.25037)*step(t - 0.25037)", 3, 0.5, 0.3)
rc, err, rows, ev = run(ramp_off, "timestep", "--sample", "0.01")
at = [x for x in ev if abs(x[0] - t0) < 1e-3]
row = [r for r in rows if abs(r[0] - 0.27) < 1e-12]
check(rc == 0 and at == [(t0, "s", "contact", "free", "impact")],
      "time-stepping: the ground's velocity jump under the resting body is an impact at t0 exactly",
      err + str(at))
check(row and abs(row[0][2] - ((1 + e) * V - G * (0.27 - t0))) < 1e-9 * V,
      "time-stepping: then the body moves at (1 + e)V − g·(t − t0), to 1e-9·V", err + str(row))

# a friction level in t with jumps: F0 = 2 + step(t − 0.2) − 2·step(t − 0.4) against a
# constant push P = 1.5: stuck through the rise at 0.2 s (a forcing event), broken away by
# the drop at 0.4 s (level-change), then q = ½·(P − 1)/m·(t − 0.4)²
level_model = """<luztar-model version="1" name="level jumps">
  <ground id="floor"/>
  <body id="m" mass="2" q0="0" v0="0"/>
  <friction id="f" a="floor" b="m" level="2 + step(t - 0.2) - 2*step(t - 0.4)"/>
  <force id="P" body="m" value="1.5"/>
  <simulation t-end="1" dt="1e-4"/>
</luztar-model>
"""
q1 = 0.5 * (1.5 - 1) / 2 * 0.6 ** 2
for method, tol, lag in (("event", 1e-11, 0.0), ("timestep", 1e-3, 1e-4)):
    rc, err, rows, ev = run(level_model, method, "--sample", "0.1")
    kinds = [(x[0], x[2], x[3], x[4]) for x in ev[1:]]
    want = [(0.2, "stick", "stick", "forcing")]
    want += [(0.4, "stick", "slip+", "level-change")] if method == "event" else \
        [(0.4, "stick", "stick", "forcing"), (0.4 + lag, "stick", "slip+", "level-change")]
    ok = len(kinds) == len(want) and all(a[1:] == b[1:] and abs(a[0] - b[0]) < 1e-12 for a, b in zip(kinds, want))
    check(rc == 0 and ok and abs(rows[-1][1] - q1) <= tol * q1,
          "%s: a friction level's jumps are events (forcing at 0.2 s, level-change at 0.4 s), "
          "then q = ½·(P − F)/m·(t − 0.4)²" % method, err + str(ev) + str(rows[-1:]))

# a level that goes below zero — by a jump or smoothly — is refused before the run
for level, where in (("1 - 2*step(t - 0.6)", "0.6"), ("1 - t", "1")):
    bad = level_model.replace("2 + step(t - 0.2) - 2*step(t - 0.4)", level).replace('t-end="1"', 't-end="2"')
    for method in ("event", "timestep"):
        rc, err, rows, ev = run(bad, method)
        check(rc == 2 and "“f”" in err and level in err and "t = %s s" % where in err,
              "%s refuses the level %s below zero from t = %s s" % (method, level, where), err)

done()
