#!/usr/bin/python3
# check-timestep-kernel.py LUZTAR_CLI SOURCE_ROOT — the merged time step's
# kernel for bodies with at most one Coulomb friction and one stop
# (src/core/integrate/lz-timestep-kernel.c) gives the run of the merged
# step's general passes (LUZTAR_TS_KERNEL=off) and of the step phase by
# phase (LUZTAR_TS_FUSED=off) to the last digit — the same events and the
# same trace, every step written — on a chain whose bodies hold every block
# the kernel takes: a friction then a lower stop (B4's), a stop then a
# friction, an upper stop, a stop with restitution, a friction alone, a
# stop alone, nothing, each with the body on either port; and on B4
# (bench/gen-chain.py) for N = 10.  The kernel must be taken (its debug
# line) where it applies, and not where it is turned off.
# TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
gen = os.path.join(root, "bench", "gen-chain.py")
KERNEL_LINE = "the merged step's kernel takes the blocks"

# Seven unit masses in a line between springs and dampers, each block one
# the kernel takes; two forces drive it into slips, sticks and impacts.
MIXED = """<?xml version="1.0" encoding="UTF-8"?>
<luztar-model version="1" name="Every block of the time-stepping kernel">
  <ground id="wall"/>
  <body id="m1" mass="1"/>
  <body id="m2" mass="2"/>
  <body id="m3" mass="1"/>
  <body id="m4" mass="0.5"/>
  <body id="m5" mass="1"/>
  <body id="m6" mass="1"/>
  <body id="m7" mass="1.5"/>
  <spring id="k1" a="wall" b="m1" k="60"/>
  <spring id="k2" a="m1" b="m2" k="80"/>
  <spring id="k3" a="m2" b="m3" k="50"/>
  <spring id="k4" a="m3" b="m4" k="40"/>
  <spring id="k5" a="m4" b="m5" k="70"/>
  <spring id="k6" a="m5" b="m6" k="90"/>
  <spring id="k7" a="m6" b="m7" k="60"/>
  <damper id="c2" a="m1" b="m2" c="0.2"/>
  <damper id="c5" a="m4" b="m5" c="0.1"/>
  <friction id="f1" a="wall" b="m1" level="0.8"/>
  <stop id="s1" a="wall" b="m1" lower="-0.05" restitution="0"/>
  <stop id="s2" a="m2" b="wall" lower="-inf" upper="0.04" restitution="0.5"/>
  <friction id="f2" a="m2" b="wall" level="0.6"/>
  <friction id="f3" a="m3" b="wall" level="1.5"/>
  <stop id="s4" a="wall" b="m4" lower="-inf" upper="0.06" restitution="0"/>
  <friction id="f6" a="wall" b="m6" level="0.4"/>
  <stop id="s6" a="m6" b="wall" lower="-0.03" upper="inf" restitution="0.3"/>
  <force id="F1" body="m7" value="6*sin(3*t)"/>
  <force id="F2" body="m2" value="-8 - 2*cos(5*t)"/>
  <simulation t-end="4" method="timestep" dt="1e-3" theta="0.5"/>
</luztar-model>
"""


def run(model, tmp, tag, env_extra):
    env = dict(os.environ, G_MESSAGES_DEBUG="Luztar", **env_extra)
    out, ev = os.path.join(tmp, tag + ".csv"), os.path.join(tmp, tag + ".ev.csv")
    p = subprocess.run([cli, "run", "--method", "timestep", "--out", out, "--events", ev, model],
                       capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return None
    with open(ev) as f:
        events = f.read().splitlines()[1:]
    with open(out) as f:
        rows = f.read()
    # (GLib writes debug lines to stdout, with the time of day)
    summary = [line for line in p.stdout.splitlines() if "wall time" not in line and "DEBUG" not in line]
    return dict(events=events, rows=rows, summary=summary, kernel=KERNEL_LINE in p.stdout + p.stderr)


with tempfile.TemporaryDirectory() as tmp:
    mixed = os.path.join(tmp, "mixed.luztar")
    with open(mixed, "w") as f:
        f.write(MIXED)
    chain = os.path.join(tmp, "chain10.luztar")
    with open(chain, "w") as f:
        subprocess.run([sys.executable, gen, "10"], stdout=f, check=True)
    for name, model, elements in (("every block", mixed, ("f1", "s1", "s2", "f2", "f3", "s4", "f6", "s6")),
                                  ("B4, N = 10", chain, ("f1", "s1", "f10", "s10"))):
        kernel = run(model, tmp, "kernel", {})
        merged = run(model, tmp, "merged", {"LUZTAR_TS_KERNEL": "off"})
        phased = run(model, tmp, "phased", {"LUZTAR_TS_FUSED": "off"})
        check(kernel is not None and merged is not None and phased is not None, "%s: the three runs" % name)
        if kernel is None or merged is None or phased is None:
            continue
        check(kernel["kernel"] and not merged["kernel"] and not phased["kernel"],
              "%s: the kernel takes the step by default, not when turned off" % name)
        hit = {e.split(",")[1] for e in kernel["events"]}
        missing = [e for e in elements if e not in hit]
        check(not missing, "%s: %d events, every friction and stop switches" % (name, len(kernel["events"])),
              "no events of %s" % ", ".join(missing))
        impacts = [e for e in kernel["events"] if e.endswith(",impact")]
        check(len(impacts) > 0, "%s: stops are hit" % name, "%d impacts" % len(impacts))
        for other, tag in ((merged, "the merged step's general passes"), (phased, "the step phase by phase")):
            check(kernel["events"] == other["events"],
                  "%s: the kernel and %s: the same events, digit for digit" % (name, tag),
                  "%d against %d events" % (len(kernel["events"]), len(other["events"])))
            check(kernel["rows"] == other["rows"] and kernel["summary"] == other["summary"],
                  "%s: the kernel and %s: the same trace and energies, digit for digit" % (name, tag))
done()
