#!/usr/bin/python3
# program-speed.py BUILDDIR — the program-motion analysis (paper 001)
# through `luztar-cli program`: wall time and samples per second on the
# three program models of tests/data/models and on a chain of N masses
# (the first prescribed, the actuator on the last: tangent, index 2), with
# λ(t) checked against the closed form where there is one.  A Markdown
# table for bench/README.md.  Not a test: run by hand
#   meson compile -C build && bench/program-speed.py build
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import math
import os
import subprocess
import sys
import tempfile
import time

build = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
cli = os.path.join(build, "src", "cli", "luztar-cli")
models = os.path.join(here, "..", "tests", "data", "models")
tmp = tempfile.mkdtemp()


def chain(n):
    """N unit masses in a chain of 100 N/m springs from a wall; the first
    follows 0.01·sin t, the actuator acts on the second (index 2)."""
    path = os.path.join(tmp, "chain-%d.luztar" % n)
    body = ["<?xml version='1.0'?>", "<luztar-model version='1' name='chain %d'>" % n,
            "<ground id='wall'/>"]
    for i in range(n):
        body.append("<body id='m%d' mass='1'/>" % i)
    body.append("<spring id='k0' a='wall' b='m0' k='100'/>")
    for i in range(1, n):
        body.append("<spring id='k%d' a='m%d' b='m%d' k='100'/>" % (i, i - 1, i))
    body.append("<prescribed id='p' body='m0' value='0.01*sin(t)'/>")
    body.append("<actuator id='u' body='m1'/>")
    body.append("<simulation t-end='10' dt='1e-3'/></luztar-model>")
    open(path, "w").write("\n".join(body))
    return path


def run(model, t_end, sample):
    out = os.path.join(tmp, "forces.csv")
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        p = subprocess.run([cli, "program", model, "--t-end", str(t_end), "--sample", str(sample),
                            "--out", out], capture_output=True, text=True)
        best = min(best, time.perf_counter() - start)
        if p.returncode != 0:
            raise SystemExit(p.stderr)
    rows = [[float(x) for x in r] for r in list(csv.reader(open(out)))[1:]]
    return best, rows


cases = [
    ("program-orthogonal", os.path.join(models, "program-orthogonal.luztar"),
     lambda t: 0.1875 * math.sin(t) + 0.3375 * math.sin(3 * t)),
    ("program-tangent", os.path.join(models, "program-tangent.luztar"),
     lambda t: 0.5 / 3 * math.sin(t)),
    ("program-freeplay", os.path.join(models, "program-freeplay.luztar"), None),
]
print("| model | n | samples | wall (s) | samples/s | max abs(λ − closed form) (N) |")
print("| --- | --- | --- | --- | --- | --- |")
for name, path, exact in cases:
    for t_end, sample in ((10, 1e-3), (100, 1e-3)):
        wall, rows = run(path, t_end, sample)
        err = max(abs(r[1] - exact(r[0])) for r in rows) if exact else float("nan")
        print("| %s | 2 | %d | %.3f | %.0f | %s |" % (name, len(rows), wall, len(rows) / wall,
                                                      "%.1e" % err if exact else "—"))
for n in (5, 20, 50):
    wall, rows = run(chain(n), 10, 1e-3)
    print("| chain of %d | %d | %d | %.3f | %.0f | — |" % (n, n, len(rows), wall, len(rows) / wall))
