#!/usr/bin/python3
# run-models.py BUILDDIR — benchmarks B1–B4 of bench/README.md through
# `luztar-cli run`, with the errors against the references and the wall
# times, as a Markdown table for bench/README.md.  Not a test: run by hand
#   meson compile -C build && bench/run-models.py build
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

build = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
cli = os.path.join(build, "src", "cli", "luztar-cli")
models = os.path.join(here, "models")


def run(model, *args):
    tmp = tempfile.mkdtemp()
    trace, events = os.path.join(tmp, "t.csv"), os.path.join(tmp, "e.csv")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run([cli, "run", model, "--out", trace, "--events", events, *args],
                       capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(p.stderr)
    loop = float(re.search(r"wall time: ([0-9.]+) s", p.stdout).group(1))
    steps = int(re.search(r"steps: (\d+)", p.stdout).group(1))
    rows = list(csv.reader(open(trace)))
    ev = list(csv.reader(open(events)))[1:]
    return {"rows": rows, "events": ev, "loop": loop, "wall": wall, "steps": steps,
            "rss": after.ru_maxrss / 1024.0, "out": p.stdout}


lines = ["| case | method | h | result | error vs reference | loop time | steps |",
         "| --- | --- | --- | --- | --- | --- | --- |"]

# B1
for method, h in (("event", None), ("timestep", "1e-3"), ("timestep", "1e-4")):
    args = ["--method", method, "--sample", "1"] + (["--dt", h] if h else [])
    r = run(os.path.join(models, "b1-friction-oscillator.luztar"), *args)
    x, v = float(r["rows"][-1][1]), float(r["rows"][-1][2])
    ends = [float(e[0]) for e in r["events"] if e[2] == "stick" and e[3] != "stick"]
    err = max(abs(x + 1.2053225006), abs(v - 0.1558226665))
    lines.append("| B1 | %s | %s | 17 sticks: %s; first ends %.10f | state %.1e, switch %.1e s | %.3f s | %d |"
                 % (method, h or "adaptive", sum(1 for e in r["events"] if e[3] == "stick") == 17,
                    ends[0], err, abs(ends[0] - 1.2870022176), r["loop"], r["steps"]))

# B2
ref = [1.1521052481, 4.8231964369, 7.0514084169]
for method, h in (("event", None), ("timestep", "1e-3"), ("timestep", "1e-4")):
    args = ["--method", method, "--sample", "0.1"] + (["--dt", h] if h else [])
    r = run(os.path.join(models, "b2-two-carts.luztar"), *args)
    imp = [float(e[0]) for e in r["events"] if e[4] == "impact"][:3]
    err = max(abs(a - b) for a, b in zip(imp, ref))
    lines.append("| B2 | %s | %s | impacts %s | %.1e s | %.3f s | %d |"
                 % (method, h or "adaptive", ", ".join("%.10f" % t for t in imp), err, r["loop"], r["steps"]))

# B3
tinf = (2 / 9.81) ** 0.5 * 1.8 / 0.2
for method, h in (("event", None), ("timestep", "1e-3"), ("timestep", "1e-4")):
    args = ["--method", method, "--sample", "0.01"] + (["--dt", h] if h else [])
    r = run(os.path.join(models, "b3-bouncing-mass.luztar"), *args)
    rest = [float(e[0]) for e in r["events"] if e[3] == "contact"][-1]
    lines.append("| B3 | %s | %s | at rest from %.10f | %.1e s | %.3f s | %d |"
                 % (method, h or "adaptive", rest, abs(rest - tinf), r["loop"], r["steps"]))

# B4
for n in (10, 100, 1000, 3000):
    path = os.path.join(tempfile.mkdtemp(), "chain.luztar")
    with open(path, "w") as f:
        subprocess.run([sys.executable, os.path.join(here, "gen-chain.py"), str(n)], stdout=f, check=True)
    r = run(path, "--sample", "1")
    qn, vn = float(r["rows"][-1][-2]), float(r["rows"][-1][-1])
    err = max(abs(qn + 0.0524327759), abs(vn - 0.4151687218)) if n >= 100 else float("nan")
    lines.append("| B4 N = %d | timestep | 1e-3 | qN = %.10f, vN = %.10f; %.0f steps/s; peak %.0f MB | %s | %.3f s | %d |"
                 % (n, qn, vn, r["steps"] / r["loop"], r["rss"],
                    "—" if err != err else "%.1e" % err, r["loop"], r["steps"]))

print("\n".join(lines))
