#!/usr/bin/python3
# check-event-factor.py LUZTAR_CLI — the event-driven method's constraint
# forces factored by components of constraints that share a body
# (lz-event-factor.c), against closed forms: a stack of five bodies on a
# floor (stop on stop: one component of five constraints, factored at each
# mode change; four, then three once the top ones lift off, whose factors
# are kept) beside a block with dry friction under sin(3t), whose stick and
# slip change the mode many times while the stack rests.  The top body
# (1 kg) is pulled up by 10 t N against gravity, the next (2 kg) by 5 t N:
# they lift off at 9.81/10 s and 2·9.81/5 s, then move in closed form; the
# rest stays down; the block breaks away at π/18 s (sin 3t = 0.5).  TAP.
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

cli = sys.argv[1]
G = 9.81
T_END = 5.0
# The event times and states against the closed forms: relative to the
# time and the motion's own size (the integration's tolerance is 1e-10)
T_REL = 1e-9
Q_REL = 1e-7

MODEL = """<?xml version="1.0" encoding="UTF-8"?>
<luztar-model version="1" name="Stack of five beside a block with friction">
  <ground id="floor"/>
  <body id="m1" mass="1"/>
  <body id="m2" mass="1"/>
  <body id="m3" mass="1"/>
  <body id="m4" mass="2"/>
  <body id="m5" mass="1"/>
  <body id="b" mass="1"/>
  <stop id="s1" a="floor" b="m1" lower="0" restitution="0"/>
  <stop id="s2" a="m1" b="m2" lower="0" restitution="0"/>
  <stop id="s3" a="m2" b="m3" lower="0" restitution="0"/>
  <stop id="s4" a="m3" b="m4" lower="0" restitution="0"/>
  <stop id="s5" a="m4" b="m5" lower="0" restitution="0"/>
  <friction id="f" a="floor" b="b" level="0.5"/>
  <force id="g1" body="m1" value="-9.81"/>
  <force id="g2" body="m2" value="-9.81"/>
  <force id="g3" body="m3" value="-9.81"/>
  <force id="g4" body="m4" value="-19.62+5*t"/>
  <force id="g5" body="m5" value="-9.81+10*t"/>
  <force id="F" body="b" value="sin(3*t)"/>
  <simulation t-end="5" method="event" dt="1e-3" theta="0.5"/>
</luztar-model>
"""


def lifted(t, t0, rate, mass):
    """height at T of a body of MASS at rest on its stop until T0, pulled by
    RATE·t against its weight from then on: a = rate·(t − t0)/mass"""
    return rate * (t - t0) ** 3 / (6 * mass) if t > t0 else 0.0


with tempfile.TemporaryDirectory() as tmp:
    model, events, trace = (os.path.join(tmp, f) for f in ("stack.luztar", "events.csv", "trace.csv"))
    with open(model, "w") as f:
        f.write(MODEL)
    out = subprocess.run([cli, "run", "--method", "event", "--events", events, "--out", trace, model],
                         capture_output=True, text=True, timeout=60)
    check(out.returncode == 0, "the stack runs event-driven", out.stderr)
    if out.returncode == 0:
        with open(events) as f:
            log = [(float(r[0]), r[1], r[2], r[3], r[4]) for r in list(csv.reader(f))[1:] if r[4] != "initial"]
        stack = [e for e in log if e[1].startswith("s")]
        t5, t4 = G / 10, 2 * G / 5
        check([e[1:] for e in stack] == [("s5", "contact", "free", "lift-off"), ("s4", "contact", "free", "lift-off")],
              "the stack: s5, then s4 lift off; s1 … s3 stay in contact", "\n".join(map(str, stack)))
        if len(stack) == 2:
            err = max(abs(stack[0][0] - t5) / t5, abs(stack[1][0] - t4) / t4)
            check(err < T_REL, "lift-off at 9.81/10 s and 2·9.81/5 s (relative error %.1e)" % err)
        friction = [e for e in log if e[1] == "f"]
        check(len(friction) > 3 and friction[0][2:] == ("stick", "slip+", "force-limit")
              and abs(friction[0][0] - math.pi / 18) < T_REL,
              "the block: %d switches, the first a breakaway at π/18 s" % len(friction), "\n".join(map(str, friction[:5])))
        with open(trace) as f:
            rows = list(csv.reader(f))
        head, last = rows[0], [float(x) for x in rows[-1]]
        q = {name[:-2]: last[i] for i, name in enumerate(head) if name.endswith(".q")}
        q5, q4 = lifted(T_END, t5, 10, 1), lifted(T_END, t4, 5, 2)
        err = max(abs(q["m5"] - q5) / q5, abs(q["m4"] - q4) / q4)
        check(abs(last[0] - T_END) == 0 and err < Q_REL,
              "at %g s: m5 at %.6f, m4 at %.6f as the closed form (relative error %.1e)" % (last[0], q5, q4, err))
        check(max(abs(q[m]) for m in ("m1", "m2", "m3")) < Q_REL * q4, "m1 … m3 stay down",
              "%r" % [q[m] for m in ("m1", "m2", "m3")])
done()
