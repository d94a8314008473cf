#!/usr/bin/python3
# gen-chain.py N — benchmark B4 of bench/README.md as a model file on stdout:
# N unit masses, neighbours joined by springs k = 100 and dampers c = 0.1,
# mass 1 tied to the wall by k = 100, Coulomb friction 0.5 N and a stop
# x ≥ −0.2 (e = 0) on each mass, mass N driven by 5 sin(2t); t ∈ [0, 10],
# time-stepping with h = 1e-3.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

n = int(sys.argv[1])
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<luztar-model version="1" name="Chain of %d masses (benchmark B4)">' % n,
       '  <description>Benchmark B4 (bench/README.md) with N = %d.</description>' % n,
       '  <ground id="wall"/>']
out += ['  <body id="m%d" mass="1"/>' % i for i in range(1, n + 1)]
out.append('  <spring id="k1" a="wall" b="m1" k="100"/>')
for i in range(2, n + 1):
    out.append('  <spring id="k%d" a="m%d" b="m%d" k="100"/>' % (i, i - 1, i))
    out.append('  <damper id="c%d" a="m%d" b="m%d" c="0.1"/>' % (i, i - 1, i))
for i in range(1, n + 1):
    out.append('  <friction id="f%d" a="wall" b="m%d" level="0.5"/>' % (i, i))
    out.append('  <stop id="s%d" a="wall" b="m%d" lower="-0.2" restitution="0"/>' % (i, i))
out.append('  <force id="F" body="m%d" value="5*sin(2*t)"/>' % n)
out.append('  <simulation t-end="10" method="timestep" dt="1e-3" theta="0.5"/>')
out.append('</luztar-model>')
print("\n".join(out))
