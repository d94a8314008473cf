#!/usr/bin/python3
# event-cost.py — the event-driven method's cost per event on benchmark B4
# (bench/gen-chain.py) for N = 2 … 50: events, right-hand-side evaluations
# per event (luztar-cli run's summary) and time per event, with the
# log-log slope of the time per event against N.
#
#   bench/event-cost.py [--cli build/src/cli/luztar-cli] [--sizes 2,5,10,20,50]
#                       [--t-end 10] [--min-events K] [--repeat 3]
#                       [--against OTHER-CLI] [--instructions]
#
# The time per event is the run's loop: the summary's wall time and the
# CPU time of the command less that of a run that ends at once (loading,
# set-up and start), each the smallest of --repeat runs, over the events.
# --against runs a second luztar-cli (another build, e.g. main's) on the
# same models, side by side: the builds and the sizes in turn in each
# round of runs, so that the machine's load falls on all of them alike.  --instructions also counts the instructions an event under
# valgrind's callgrind (the run's less those of a run to BASE_T_END), a
# figure the machine's load does not move.  --min-events runs a chain whose
# events over --t-end are fewer than K for as many times --t-end as it
# takes to have K (the same t_end for both builds): a short chain's events
# are rare, and a run of a few milliseconds is below the CPU clock's
# resolution.  See bench/README.md, "Event-driven cost per event".
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import math
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


# A run to BASE_T_END (with a step below it) costs the loading, the
# set-up and the start: its CPU time is taken off a run's.
BASE_T_END = 1e-6


def run_once(cli, model, t_end):
    """One run: (events, rhs evaluations or None, loop wall s, cpu s)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([cli, "run", "--method", "event", "--t-end", repr(t_end), "--dt", repr(t_end / 10), model],
                         check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    events = int(re.search(r"events: (\d+)", out).group(1))
    wall = float(re.search(r"wall time: ([0-9.]+) s", out).group(1))
    rhs = re.search(r"right-hand-side evaluations: (\d+)", out)
    return events, int(rhs.group(1)) if rhs else None, wall, cpu


def measure(clis, sizes, models, t_ends, repeat):
    """{(cli, N): (events, rhs, loop wall s, loop cpu s)}: the smallest of
    REPEAT runs, the CPU time less that of a run to BASE_T_END — the builds
    and the sizes taken in turn in each round, so that a change of the
    machine's load falls on all of them alike"""
    runs, base = {}, {}
    for _ in range(repeat):
        for n in sizes:
            for cli in clis:
                runs.setdefault((cli, n), []).append(run_once(cli, models[n], t_ends[n]))
                base.setdefault((cli, n), []).append(run_once(cli, models[n], BASE_T_END)[3])
    return {key: (r[0][0], r[0][1], min(x[2] for x in r), max(0.0, min(x[3] for x in r) - min(base[key])))
            for key, r in runs.items()}


def instructions(cli, model, t_end):
    """callgrind's count of the instructions of one run (None without valgrind)"""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        try:
            subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, cli, "run", "--method",
                            "event", "--t-end", repr(t_end), "--dt", repr(t_end / 10), model],
                           check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        with open(out) as f:
            m = re.search(r"^summary: (\d+)", f.read(), re.M)
        return int(m.group(1)) if m else None


def slope(xs, ys):
    """least-squares slope of log y against log x"""
    lx = [math.log(x) for x in xs]
    ly = [math.log(max(y, 1e-12)) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sum((a - mx) ** 2 for a in lx)


def table(label, cli, sizes, models, t_ends, measured, count_instructions):
    print("%s: %s" % (label, cli))
    print("%5s %7s %7s %10s %12s %14s %14s%s" % ("N", "t_end", "events", "rhs", "rhs/event", "loop ms/event",
                                                 "loop cpu ms/ev",
                                                 " %14s" % "M instr/event" if count_instructions else ""))
    rows = []
    for n in sizes:
        t_end = t_ends[n]
        events, rhs, wall, cpu = measured[(cli, n)]
        per = "%.1f" % (rhs / max(events, 1)) if rhs is not None else "-"
        ir = None
        if count_instructions:
            full, base = instructions(cli, models[n], t_end), instructions(cli, models[n], BASE_T_END)
            ir = (full - base) / max(events, 1) if full is not None and base is not None else None
        print("%5d %7g %7d %10s %12s %14.3f %14.3f%s" % (n, t_end, events, rhs if rhs is not None else "-", per,
                                                         1e3 * wall / max(events, 1), 1e3 * cpu / max(events, 1),
                                                         " %14.3f" % (ir / 1e6) if ir is not None else ""))
        rows.append((n, events, rhs, wall, cpu, ir))
    ns = [r[0] for r in rows]
    print("log-log slope of the time per event against N: loop %.2f, cpu %.2f%s"
          % (slope(ns, [r[3] / max(r[1], 1) for r in rows]), slope(ns, [r[4] / max(r[1], 1) for r in rows]),
             ", instructions %.2f" % slope(ns, [r[5] for r in rows]) if all(r[5] for r in rows) else ""))
    sys.stdout.flush()
    return rows


def main():
    ap = argparse.ArgumentParser(description="event-driven cost per event on the B4 chain")
    ap.add_argument("--cli", default=os.path.join(HERE, "..", "build", "src", "cli", "luztar-cli"))
    ap.add_argument("--against", help="a second luztar-cli to run side by side")
    ap.add_argument("--sizes", default="2,5,10,20,50")
    ap.add_argument("--t-end", type=float, default=10.0)
    ap.add_argument("--min-events", type=int, default=0, help="run each chain long enough for this many events")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--instructions", action="store_true", help="count the instructions an event (valgrind)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        models = {}
        for n in sizes:
            models[n] = os.path.join(tmp, "chain-%d.luztar" % n)
            with open(models[n], "w") as f:
                subprocess.run([sys.executable, os.path.join(HERE, "gen-chain.py"), str(n)], stdout=f, check=True)
        t_ends = {}
        for n in sizes:
            events = run_once(args.cli, models[n], args.t_end)[0]
            t_ends[n] = args.t_end * max(1, math.ceil(args.min_events / max(events, 1)))
        clis = [args.cli] + ([args.against] if args.against else [])
        measured = measure(clis, sizes, models, t_ends, args.repeat)
        table("this build", args.cli, sizes, models, t_ends, measured, args.instructions)
        if args.against:
            table("against", args.against, sizes, models, t_ends, measured, args.instructions)


if __name__ == "__main__":
    main()
