#!/usr/bin/python3
# check-event-cost.py LUZTAR_CLI SOURCE_ROOT — the event-driven method's work
# an event on benchmark B4 (bench/gen-chain.py: friction and a stop on every
# mass, mass N driven): the motion of N = 20 and N = 60 reaches the same last
# 19 masses, so both runs must log the same events (element names counted
# from the driven end) at the same instants to the last bit, with the same
# number of right-hand-side evaluations — an evaluation, the mode selection
# and the location do not look at the stuck masses beyond — and that number
# below MAX_RHS_PER_EVENT an event (bench/README.md, "Event-driven cost per
# event").  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
SIZES = (20, 60)
T_END = 10.0
# The bound: fewer than 50 evaluations an event.  27 today over
# these 10 s, with the Taylor steps of a linear mode (lz-event-taylor.c:
# about one evaluation an order, one step from an event to the next, the
# location, the event's state and the probe on the polynomial); 120.7
# with DOP853 and its continuous extension, 165.3 with rk8pd, 192.5 when
# the location's Newton corrections re-integrated from the step's start,
# 420.8 when every Illinois trial did (bench/README.md)
MAX_RHS_PER_EVENT = 50


def run(tmp, n):
    """(events after t = 0 as (t, kind, index from the driven end, from, to,
    cause), evaluations, events in the summary)"""
    model, events = os.path.join(tmp, "chain-%d.luztar" % n), os.path.join(tmp, "events-%d.csv" % n)
    with open(model, "w") as f:
        subprocess.run([sys.executable, os.path.join(root, "bench", "gen-chain.py"), str(n)], stdout=f, check=True)
    out = subprocess.run([cli, "run", "--method", "event", "--t-end", repr(T_END), "--dt", repr(T_END / 10),
                          "--events", events, model], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        return None, 0, 0, out.stderr
    log = []
    with open(events) as f:
        for t, element, before, after, cause in list(csv.reader(f))[1:]:
            m = re.match(r"([a-z]+)(\d+)$", element)
            if cause != "initial":
                log.append((t, m.group(1), n - int(m.group(2)), before, after, cause))
    rhs = re.search(r"right-hand-side evaluations: (\d+)", out.stdout)
    count = re.search(r"events: (\d+)", out.stdout)
    return log, int(rhs.group(1)) if rhs else 0, int(count.group(1)) if count else 0, out.stdout


with tempfile.TemporaryDirectory() as tmp:
    runs = {n: run(tmp, n) for n in SIZES}
    small, large = runs[SIZES[0]], runs[SIZES[1]]
    check(small[0] is not None and large[0] is not None, "B4 runs event-driven at N = %d and %d" % SIZES,
          (small[3] or "") + (large[3] or ""))
    if small[0] is not None and large[0] is not None:
        reach = max(e[2] for e in large[0])
        check(len(large[0]) > 100 and reach < SIZES[0],
              "N = %d: %d events, on the last %d masses" % (SIZES[1], len(large[0]), reach + 1))
        check(small[0] == large[0], "N = %d and %d: the same events at the same instants, bit for bit" % SIZES,
              "\n".join("%s | %s" % (a, b) for a, b in zip(small[0], large[0]) if a != b))
        check(small[1] == large[1] > 0, "the same right-hand-side evaluations: %d and %d" % (small[1], large[1]))
        per = large[1] / max(large[2], 1)
        check(per < MAX_RHS_PER_EVENT, "%.1f evaluations an event (under %d)" % (per, MAX_RHS_PER_EVENT))
done()
