#!/usr/bin/env python3
# check-core-layers.py SRCDIR — the core's rooms import downwards only.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each folder of src/core is a room; a file may include the headers of its
# own room and of the rooms below it, never of a room beside or above it,
# so there is no include cycle between rooms.  The order is the data flow:
# numbers and messages (base), expressions and solvers, the model, its
# assembly, then what consumes an assembly.
import os
import re
import sys

RANK = {
    "base": 0,
    "expr": 1, "solve": 1,
    "model": 2,
    "assemble": 3,
    "massless": 4, "program": 4,
    "integrate": 5,
    "study": 6,
}

core = os.path.join(sys.argv[1], "src", "core")
home = {}          # header name -> room
files = []
for room in os.listdir(core):
    path = os.path.join(core, room)
    if not os.path.isdir(path):
        continue
    if room not in RANK:
        print(f"src/core/{room}: a room this test does not know; give it a rank")
        sys.exit(1)
    for name in sorted(os.listdir(path)):
        if name.endswith(".h"):
            home[name] = room
        if name.endswith((".c", ".h")):
            files.append((room, name))

bad = 0
include = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
for room, name in files:
    with open(os.path.join(core, room, name), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = include.match(line)
            if not m or m.group(1) not in home:
                continue
            other = home[m.group(1)]
            if other == room:
                continue
            if RANK[other] >= RANK[room]:
                print(f"src/core/{room}/{name}:{number}: includes {m.group(1)} of the "
                      f"{other} room, which is not below {room}")
                bad += 1
if bad:
    sys.exit(1)
print(f"{len(files)} files in {len(set(r for r, _ in files))} rooms import downwards only")
