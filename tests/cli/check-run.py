#!/usr/bin/python3
# check-run.py LUZTAR_CLI SOURCE_ROOT — `luztar-cli run` as a user runs it:
# the summary, trace.csv and events.csv (headers, rows, the B1 reference
# state), options, and the messages and exit codes of bad input.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import os
import re
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
n = failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in detail.splitlines()[:15]:
            print("# " + line)


def run(*args):
    p = subprocess.run([cli, "run", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


with tempfile.TemporaryDirectory() as tmp:
    trace = os.path.join(tmp, "trace.csv")
    events = os.path.join(tmp, "events.csv")
    rc, out, err = run(os.path.join(examples, "friction-oscillator.luztar"), "--method", "timestep",
                       "--sample", "0.5", "--out", trace, "--events", events)
    check(rc == 0, "B1 runs", err)
    check("steps: 100000, events:" in out and "energy-balance error:" in out
          and "wall time:" in out, "the summary gives steps, events, wall time, energy balance", out)
    rows = list(csv.reader(open(trace)))
    check(rows[0] == ["t", "m1.q", "m1.v"], "trace.csv header is t,<body>.q,<body>.v", str(rows[0]))
    check(len(rows) == 202, "one row every 0.5 s from 0 to 100 (%d rows)" % (len(rows) - 1))
    last = [float(x) for x in rows[-1]]
    check(last[0] == 100.0 and abs(last[1] + 1.2053225006) < 1e-7 and abs(last[2] - 0.1558226665) < 1e-7,
          "x(100), v(100) match the B1 reference to 1e-7", str(last))
    ev = list(csv.reader(open(events)))
    check(ev[0] == ["t", "element", "from", "to", "cause"], "events.csv header", str(ev[0]))
    check(ev[1] == ["0", "f1", "stick", "stick", "initial"]
          and ev[2][1:] == ["f1", "stick", "slip+", "force-limit"]
          and abs(float(ev[2][0]) - 1.287) < 2e-3,
          "the first events: initial stick, then stick → slip+ at 1.287 s", str(ev[:3]))
    check(sum(1 for r in ev[1:] if r[3] == "stick") == 17, "17 stick intervals")

    rc, out, err = run(os.path.join(examples, "friction-oscillator.luztar"), "--method", "event",
                       "--sample", "1", "--out", trace, "--events", events)
    rows = list(csv.reader(open(trace)))
    ev = list(csv.reader(open(events)))
    last = [float(x) for x in rows[-1]]
    check(rc == 0 and "method: event" in out and abs(last[1] + 1.2053225006) < 1e-9
          and abs(float(ev[2][0]) - 1.2870022176) < 1e-9,
          "event-driven B1: x(100) and the first switch to 1e-9", out + err + str(ev[:3]))
    for name in sorted(os.listdir(examples)):
        rc, out, err = run(os.path.join(examples, name), "--sample", "0.1", "--out", trace,
                           "--events", events)
        rows = list(csv.reader(open(trace))) if rc == 0 else []
        check(rc == 0 and len(rows) > 2 and "energy-balance error" in out and "warning" not in out,
              "every example runs with its own method, without a warning: %s" % name, out + err)

    rc, out, err = run(os.path.join(examples, "bouncing-mass.luztar"), "--method=timestep",
                       "--dt=1e-4", "--t-end=1", "--events", events)
    ev = list(csv.reader(open(events)))
    check(rc == 0 and "t = 0 … 1 s" in out and any(r[4] == "impact" for r in ev[1:]),
          "--dt, --t-end; impacts are logged with cause impact", out + err)

    before = open(trace).read()
    rc, out, err = run(os.path.join(examples, "two-carts-stop.luztar"), "--method", "timestep",
                       "--out", os.path.join(tmp, "missing", "dir", "trace.csv"))
    check(rc == 2 and "trace.csv" in err, "an unwritable output exits 2 and names it", err)

# θ = 1 damps numerically: that energy is reported on its own line and the
# balance closes; θ = ½ has none (and no such line)
rc, out, err = run(os.path.join(examples, "two-carts-stop.luztar"), "--method", "timestep",
                   "--theta", "1")
m = re.search(r"numerical damping \(θ > ½\): (\S+) J", out)
b = re.search(r"energy-balance error: (\S+) J", out)
check(rc == 0 and m is not None and float(m.group(1)) > 1e-3 and b is not None
      and abs(float(b.group(1))) < 1e-9,
      "θ = 1: the scheme's numerical damping is reported and the balance closes", out + err)
rc, out, err = run(os.path.join(examples, "two-carts-stop.luztar"), "--method", "timestep",
                   "--theta", "0.5")
check(rc == 0 and "numerical damping" not in out, "θ = ½: no numerical damping", out + err)

rc, out, err = run(os.path.join(examples, "friction-oscillator.luztar"), "--dt", "fast")
check(rc == 1 and "--dt" in err and "fast" in err, "a bad number is a usage error naming the option", err)
rc, out, err = run(os.path.join(examples, "paper002-ex51-absorber.luztar"), "--method", "event")
check(rc == 0 and "energy-balance error" in out,
      "event-driven on a model with massless spring and damper joints runs", err)
with tempfile.TemporaryDirectory() as tmp:
    pad = os.path.join(tmp, "pad.luztar")
    with open(pad, "w") as f:
        f.write("""<luztar-model version="1" name="pad">
  <ground id="wall"/>
  <body id="m" mass="1"/>
  <body id="pad" mass="0"/>
  <spring id="k" a="pad" b="m" k="10"/>
  <friction id="fr" a="m" b="pad" level="1" viscous="2"/>
  <damper id="c" a="wall" b="pad" c="1"/>
  <force id="F" body="m" value="5*sin(3*t)"/>
  <simulation t-end="1"/>
</luztar-model>
""")
    rc, out, err = run(pad, "--method", "event")
    check(rc == 0, "event-driven runs damped friction on a massless body (non-inertial element)", err)
    with open(pad, "w") as f:
        f.write("""<luztar-model version="1" name="pad">
  <ground id="wall"/>
  <body id="m" mass="1"/>
  <body id="pad" mass="0"/>
  <spring id="k" a="pad" b="m" k="10"/>
  <stop id="f" a="wall" b="pad" lower="-0.1" upper="0.1"/>
  <damper id="c" a="wall" b="pad" c="1"/>
  <simulation t-end="1"/>
</luztar-model>
""")
    rc, out, err = run(pad, "--method", "event")
    check(rc == 0, "event-driven runs a stop on a damped massless body (first order)", err)
    with open(pad, "w") as f:
        f.write("""<luztar-model version="1" name="pad">
  <ground id="wall"/>
  <body id="m" mass="1"/>
  <body id="pad" mass="0"/>
  <spring id="k" a="pad" b="m" k="10"/>
  <stop id="f" a="wall" b="pad" lower="-0.1"/>
  <stop id="f2" a="m" b="pad" upper="0.1"/>
  <damper id="c" a="wall" b="pad" c="1"/>
  <simulation t-end="1"/>
</luztar-model>
""")
    rc, out, err = run(pad, "--method", "event")
    check(rc == 0, "event-driven runs two stops stopping a body through a damped massless body", err)
    with open(pad) as f:
        text = f.read()
    with open(pad, "w") as f:
        f.write(text.replace('lower="-0.1"/>', 'lower="-0.1" upper="0.3"/>'))
    rc, out, err = run(pad, "--method", "event")
    check(rc == 2 and "“f”" in err and "“f2”" in err and "“pad”" in err and "time-stepping" in err,
          "event-driven with a two-sided stop tying a massless body to two bodies says why and what "
          "to use", err)
    rc, out, err = run(pad, "--method", "timestep", "--theta", "0.5")
    check(rc == 2 and "“m”" in err and "“wall”" in err and "“pad”" in err and "θ = 1" in err,
          "time-stepping with θ = ½ says the impact through the massless body needs θ = 1", err)
    rc, out, err = run(pad, "--method", "timestep", "--theta", "1")
    check(rc == 0, "time-stepping with θ = 1 runs it", err)
    # the example of a cart into a buffer that bottoms out: the cart is
    # stopped through the massless buffer (a plastic impact), both methods
    buffer = os.path.join(examples, "cart-into-buffer.luztar")
    buffer_events = os.path.join(os.path.dirname(pad), "events.csv")
    for method in ("event", "timestep"):
        rc, out, err = run(buffer, "--method", method, "--events", buffer_events)
        ev = list(csv.reader(open(buffer_events))) if rc == 0 else []
        # (time-stepping takes the cart meeting the buffer's face in one
        # step: a small jump of the cart's velocity, logged as an impact of s1)
        hits = [r for r in ev[1:] if r[1] == "s2" and r[4] == "impact"]
        offs = [r for r in ev[1:] if r[1] == "s1" and r[4] == "lift-off"]
        tol = 1e-8 if method == "event" else 2e-3
        check(rc == 0 and len(hits) == 1 and abs(float(hits[0][0]) - 0.211104572) < tol
              and len(offs) == 4 and abs(float(offs[0][0]) - 0.282128868) < tol
              and "impacts 0.38" in out,
              "%s: the buffer bottoms out once, at 0.2111 s (0.38 J), and lets the cart go at 0.2821 s"
              % method, err + out + str(ev))
rc, out, err = run(os.path.join(examples, "friction-oscillator.luztar"), "--method", "rk4")
check(rc == 1 and "rk4" in err, "an unknown method is a usage error", err)
rc, out, err = run(os.path.join(examples, "friction-oscillator.luztar"), "--method", "timestep",
                   "--theta", "0.1")
check(rc == 1 and "0.5 and 1" in err and "0.1" in err,
      "θ out of range is a usage error (exit 1) with the allowed range", err)
rc, out, err = run(os.path.join(root, "tests", "data", "bad", sorted(os.listdir(os.path.join(root, "tests", "data", "bad")))[0]))
check(rc == 2 and ":" in err, "a malformed model exits 2 with FILE:LINE", err)
rc, out, err = run()
check(rc == 1 and "no model file" in err, "no file is a usage error")
rc, out, err = run("--help")
check(rc == 0 and "--sample" in out and "--events" in out, "--help lists the options")

print("1..%d" % n)
sys.exit(1 if failed else 0)
