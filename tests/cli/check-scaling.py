#!/usr/bin/python3
# check-scaling.py LUZTAR_CLI SOURCE_ROOT [EXAMPLE…] — scale-free numerics: every
# example, scaled by 10^±6 in mass, in length and in stiffness, runs through both
# methods of `luztar-cli run` with the same number of steps and events and the
# same switches at the same times (to 1e-9 relative) as the model itself.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The scalings keep the motion the same (docs/mathematics.md, "Scales"):
#   mass μ:      masses, inertias, stiffnesses, dampings (c, viscous, damping), friction levels and
#                viscous coefficients, forces × μ;
#   length λ:    q0, v0, stop limits, freeplays, offsets, friction levels,
#                Stribeck velocities,
#                forces, ground and prescribed motions × λ (stiffness, damping
#                and mass unchanged; a gear's radii are ratios and stay);
#   stiffness σ: time runs s = √σ times faster: stiffnesses × σ, dampings,
#                viscous coefficients, Stribeck velocities and v0 × s, levels
#                (static ones too, and those in t) and forces × σ,
#                t → s·t inside every expression, t-end and dt ÷ s, and the
#                switch times are compared after multiplying them by s.
# The absorber scaled in stiffness by 10^6 used to log a slip+ → slip- → stick
# chatter lasting 3e-17 s at its first velocity zero: the events must match.
import csv
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
names = sys.argv[3:] or sorted(f for f in os.listdir(examples) if f.endswith(".luztar"))

# Same switch times to TIME_REL relative (of the time itself, and of the run's
# length for a switch near t = 0).
TIME_REL = 1e-9
TIME_FLOOR_REL = 1e-12
# The test's budget: at most this many time steps a run (a coarser dt where the
# example's own would take more), the event-driven runs over the same span.
MAX_STEPS = 2000
# Event-driven runs of these examples are long (thousands of impacts), and the
# integration's own error (rtol 1e-10) grows along them: a shorter span that
# still holds switches of every kind the example has.
EVENT_T_END = {"paper002-ex53-vehicle.luztar": 0.215, "paper003-gear-train.luztar": 0.3}
# The gear train's time steps: its own h (a coarser one rattles the meshes).
TIMESTEP_T_END = {"paper003-gear-train.luztar": 0.2}
# The impact oscillator is chaotic: a difference in the last digit grows about
# threefold an impact, past 1e-9 after 40 s — the test stops before.
T_END = {"impact-oscillator.luztar": 36}

SCALINGS = [(kind, f) for kind in ("mass", "length", "stiffness") for f in (1e6, 1e-6)]


def num(x):
    return repr(float(x)) if math.isfinite(x) else ("inf" if x > 0 else "-inf")


def times(el, attr, f):
    if el.get(attr) is not None:
        el.set(attr, num(float(el.get(attr)) * f))


def expr_times(el, attr, f, s=1.0):
    """VALUE(t) → f*(VALUE(s·t)): the identifier t only, not exp or t2."""
    v = el.get(attr)
    if v is None:
        return
    if s != 1.0:
        v = re.sub(r"(?<![A-Za-z0-9_.])t(?![A-Za-z0-9_])", "(%s*t)" % num(s), v)
    if f != 1.0:
        v = "%s*(%s)" % (num(f), v)
    el.set(attr, v)


# friction levels: numbers or expressions in t
LEVELS = ("level", "level-pos", "level-neg", "static", "static-pos", "static-neg")


def scale(tree, kind, f):
    """The model of TREE scaled in place; returns the factor on time."""
    m = tree.getroot()
    s = math.sqrt(f) if kind == "stiffness" else 1.0
    for el in m.iter():
        tag = el.tag
        if kind == "mass":
            for a in ("mass", "inertia", "k", "stiffness", "c", "viscous", "damping"):
                if tag != "simulation":
                    times(el, a, f)
            for a in LEVELS:
                expr_times(el, a, f)
            if tag == "force":
                expr_times(el, "value", f)
        elif kind == "length":
            if tag == "body":
                times(el, "q0", f)
                times(el, "v0", f)
            for a in ("lower", "upper", "freeplay", "offset", "stribeck-velocity"):
                times(el, a, f)
            for a in LEVELS:
                expr_times(el, a, f)
            if tag == "ground":
                expr_times(el, "motion", f)
            if tag in ("force", "prescribed"):
                expr_times(el, "value", f)
        else:
            for a in ("k", "stiffness"):
                times(el, a, f)
            for a in LEVELS:
                expr_times(el, a, f, s)
            for a in ("c", "viscous", "damping", "stribeck-velocity"):
                times(el, a, s)
            if tag == "body":
                times(el, "v0", s)
            if tag == "ground":
                expr_times(el, "motion", 1.0, s)
            if tag == "prescribed":
                expr_times(el, "value", 1.0, s)
            if tag == "force":
                expr_times(el, "value", f, s)
            if tag == "simulation":
                times(el, "t-end", 1 / s)
                times(el, "dt", 1 / s)
    return s


def run(path, method, t_end, dt):
    ev = path + "." + method + ".csv"
    p = subprocess.run([cli, "run", path, "--method", method, "--t-end", num(t_end),
                        "--dt", num(dt), "--events", ev], capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stdout + p.stderr
    m = re.search(r"steps: (\d+), events: (\d+)", p.stdout)
    rows = list(csv.reader(open(ev)))[1:]
    return (int(m.group(1)), int(m.group(2)), rows), p.stdout


def compare(base, got, s, t_end, method):
    """The worst relative difference of the switch times when GOT (times × s)
    is BASE, else what differs.  The event-driven method's step count is that
    of its adaptive steps, which rounding may change by one: not compared."""
    if (method == "timestep" and got[0] != base[0]) or got[1] != base[1] or len(got[2]) != len(base[2]):
        return "steps, events, rows %d %d %d, scaled %d %d %d" % (
            base[0], base[1], len(base[2]), got[0], got[1], len(got[2]))
    worst = 0.0
    for a, b in zip(base[2], got[2]):
        ta, tb = float(a[0]), float(b[0]) * s
        if a[1:] != b[1:] or abs(ta - tb) > TIME_REL * abs(ta) + TIME_FLOOR_REL * t_end:
            return "event %s, scaled %s (t·s = %.17g)" % (",".join(a), ",".join(b), tb)
        if ta != 0:
            worst = max(worst, abs(ta - tb) / abs(ta))
    return worst


with tempfile.TemporaryDirectory() as tmp:
    for name in names:
        src = ET.parse(os.path.join(examples, name))
        sim = src.getroot().find("simulation")
        t_end = min(float(sim.get("t-end", "10")), T_END.get(name, math.inf))
        for method in ("event", "timestep"):
            te = min(t_end, (EVENT_T_END if method == "event" else TIMESTEP_T_END).get(name, t_end))
            dt = max(float(sim.get("dt", "1e-3")), te / MAX_STEPS)
            path = os.path.join(tmp, name)
            src.write(path, encoding="UTF-8", xml_declaration=True)
            base, out = run(path, method, te, dt)
            check(base is not None, "%s %s runs" % (name, method), out)
            if base is None:
                continue
            for kind, f in SCALINGS:
                tree = ET.parse(os.path.join(examples, name))
                s = scale(tree, kind, f)
                path = os.path.join(tmp, "%s-%g-%s" % (kind, f, name))
                tree.write(path, encoding="UTF-8", xml_declaration=True)
                got, out = run(path, method, te / s, dt / s)
                diff = out if got is None else compare(base, got, s, te, method)
                check(isinstance(diff, float),
                      "%s %s, %s × %g: %d steps, %d events, the same switches (worst %s)"
                      % (name, method, kind, f, base[0], base[1],
                         "%.1e" % diff if isinstance(diff, float) else "-"),
                      diff if isinstance(diff, str) else "")
done()
