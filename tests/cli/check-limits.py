#!/usr/bin/python3
# check-limits.py LUZTAR_CLI SOURCE_ROOT — runs that would never end or
# exhaust the memory, through `luztar-cli run`: each is stopped (or refused
# before it starts) with a message naming the limit and the option that
# raises it; a step double precision cannot add to t-end is refused at
# load; non-regular files are refused in words.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
oscillator = os.path.join(examples, "friction-oscillator.luztar")
minimal = os.path.join(root, "tests", "data", "models", "minimal.luztar")


def cli_run(*args, timeout=60):
    start = time.monotonic()
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


# --- the limits of a run ---------------------------------------------------
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e12",
                             "--max-rows", "5000")
check(rc == 2 and "limit of 5000 rows" in err and "--max-rows" in err and wall < 20,
      "t-end = 1e12 (event-driven): stopped at --max-rows with its name", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e300")
check(rc == 2 and "below what double precision resolves over a run to 1e+300 s" in err,
      "t-end = 1e300 (event-driven): the body's time scale cannot be resolved there", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e12",
                             "--max-memory", "1")
check(rc == 2 and "memory limit of 1 MiB" in err and "--max-memory" in err,
      "the trace's memory limit names --max-memory", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e4",
                             "--max-events", "100")
check(rc == 2 and "limit of 100 events" in err and "--max-events" in err,
      "the event limit names --max-events", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e12",
                             "--sample", "1e11", "--max-steps", "3000")
check(rc == 2 and "limit of 3000 steps" in err and "--max-steps" in err,
      "a run that samples rarely is still stopped by --max-steps", err)
rc, out, err, wall = cli_run("run", oscillator, "--t-end", "1e300", "--sample", "1")
check(rc == 2 and "10000000 rows" in err and "--sample" in err and wall < 5,
      "the default row limit refuses 1e300 rows before the run starts", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "timestep", "--dt", "1e-9")
check(rc == 2 and "1000000000 steps" in err and "--max-steps" in err and wall < 5,
      "time-stepping refuses at the start a run of more than --max-steps steps", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "timestep", "--t-end", "1",
                             "--max-steps", "2000", "--dt", "1e-3")
check(rc == 0, "a run within its limits is not touched", out + err)
rc, out, err, wall = cli_run("run", oscillator, "--max-rows", "0")
check(rc == 1 and "--max-rows" in err, "--max-rows 0 is a usage error", err)
rc, out, err, wall = cli_run("run", oscillator, "--max-memory", "99999999999999999")
check(rc == 1 and "--max-memory" in err, "--max-memory beyond 2^64 bytes is a usage error", err)

# --- sweep: each run's limits, the same options ----------------------------
def sweep_errors(*args):
    rc, out, err, wall = cli_run("sweep", "--set", "k1.k=50,100", "--jobs", "1", *args, oscillator)
    rows = [line for line in out.splitlines()[1:] if line]
    return rc, rows, err


rc, rows, err = sweep_errors("--max-events", "5")
check(rc == 0 and len(rows) == 2
      and all(row.endswith("it reached its limit of 5 events; raise the limit (--max-events)") for row in rows),
      "sweep --max-events 5: each run's row names the limit and the option", "\n".join(rows) + err)
rc, rows, err = sweep_errors()
check(rc == 0 and len(rows) == 2 and not any("limit" in row for row in rows),
      "sweep without the option: the runs are within the default limits", "\n".join(rows) + err)
rc, rows, err = sweep_errors("--max-rows", "100")
check(rc == 0 and len(rows) == 2 and all("more than the limit of 100 rows" in row and "--max-rows" in row
                                          for row in rows),
      "sweep --max-rows 100: each run is refused for its sampled rows", "\n".join(rows) + err)
rc, rows, err = sweep_errors("--max-steps", "50")
check(rc == 0 and len(rows) == 2 and all("limit of 50 steps" in row for row in rows),
      "sweep --max-steps 50 stops each run", "\n".join(rows) + err)
rc, rows, err = sweep_errors("--max-memory", "0")
check(rc == 1 and "--max-memory" in err, "sweep --max-memory 0 is a usage error", err)

# --- a step double precision cannot add to t-end ---------------------------
for method in ("timestep", "event"):
    rc, out, err, wall = cli_run("run", minimal, "--method", method, "--dt", "1e-300",
                                 "--t-end", "10", timeout=20)
    check(rc == 2 if method == "timestep" else rc == 0,
          "--dt 1e-300 with %s: %s" % (method, "refused in words" if method == "timestep"
                                       else "event-driven does not use dt"), out + err)
    if method == "timestep":
        check("too small for the end time 10 s" in err and "at least 1.42109e-13 s" in err,
              "the message gives the smallest step", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "timestep", "--t-end", "1e300", timeout=20)
check(rc == 2 and "too small for the end time 1e+300 s" in err,
      "t-end = 1e300 with time-stepping: its step is refused", err)

# --- only regular files are read ------------------------------------------
with tempfile.TemporaryDirectory() as tmp:
    fifo = os.path.join(tmp, "model.luztar")
    os.mkfifo(fifo)
    for command in ("check", "run"):
        rc, out, err, wall = cli_run(command, fifo, timeout=10)
        check(rc == 2 and "named pipe" in err and "not a regular file" in err,
              "%s on a FIFO is refused at once" % command, err)
    rc, out, err, wall = cli_run("check", "/dev/zero", timeout=10)
    check(rc == 2 and "/dev/zero: cannot read the file: it is a device" in err,
          "check /dev/zero is refused, not read until memory runs out", err)
    rc, out, err, wall = cli_run("check", tmp, timeout=10)
    check(rc == 2 and "folder" in err, "a folder is refused in words", err)
    big = os.path.join(tmp, "big.luztar")
    with open(big, "wb") as f:
        f.truncate(65 << 20)        # sparse: no disk used
    rc, out, err, wall = cli_run("check", big, timeout=10)
    check(rc == 2 and "68157440 bytes, more than the 67108864" in err,
          "a file over 64 MiB is refused with the sizes", err)

# --- the run corpus: models that load but must not run as they are --------
bad_run = os.path.join(root, "tests", "data", "bad-run")
listed = set()
for row in open(os.path.join(root, "tests", "data", "bad-runs.tsv"), encoding="utf-8"):
    if row.startswith("#") or not row.strip():
        continue
    name, extra, status, message = row.rstrip("\n").split("\t")
    listed.add(name)
    path = os.path.join(bad_run, name)
    rc, out, err, wall = cli_run("run", path, *([] if extra == "-" else extra.split()), timeout=60)
    if message == "-":
        good = rc == int(status) and err == ""
    else:
        good = rc == int(status) and any(line.startswith(path + ": ") and message in line
                                         for line in err.splitlines())
    check(good, "run %s %s: exit %s, %s" % (name, extra, status, message), err)
for name in sorted(os.listdir(bad_run)):
    check(name in listed, "%s is in bad-runs.tsv" % name)

# a massless joint held by k = 1e20 next to k = 10: no GLib warning, no
# wrong Jordan structure, the reason said
stiff = os.path.join(bad_run, "massless-stiff-joint.luztar")
for command in ("check", "reduce"):
    rc, out, err, wall = cli_run(command, stiff)
    check(rc == 0 and "CRITICAL" not in err and err == "", "%s on a joint held by k = 1e20: no GLib warning" % command, err)
rc, out, err, wall = cli_run("reduce", stiff)
check("cannot be computed in double precision" in out and "index" not in out,
      "reduce says the Jordan form cannot be computed instead of a wrong one", out)
rc, out, err, wall = cli_run("reduce", "--format", "json", stiff)
check(rc == 0 and '"jordan": null' in out, "reduce --format json: \"jordan\": null", out)

# --- huge and deep files, made here rather than committed -----------------
with tempfile.TemporaryDirectory() as tmp:
    deep = os.path.join(tmp, "deep.luztar")
    with open(deep, "w") as f:
        f.write('<luztar-model version="1"><body id="m1" mass="1"/>' + "<description>" * 100000
                + "</description>" * 100000 + "</luztar-model>\n")
    rc, out, err, wall = cli_run("check", deep, timeout=30)
    check(rc == 2 and err.startswith(deep + ":1: ") and wall < 10,
          "10^5 nested elements: refused with FILE:LINE, no stack overflow", err[:300])
    label = os.path.join(tmp, "label.luztar")
    with open(label, "w") as f:
        f.write('<luztar-model version="1">\n<body id="m1" mass="1" label="%s"/>\n'
                '<spring id="k1" a="m1" b="m1" k="1"/>\n</luztar-model>\n' % ("x" * (20 << 20)))
    rc, out, err, wall = cli_run("check", label, timeout=60)
    check(rc == 2 and (label + ":2: AttValue length too long") in err and wall < 30,
          "a 20 MB attribute is refused on its line (libxml2's 10 MB limit stays on)", err[:300])
    wide = os.path.join(tmp, "wide.luztar")
    with open(wide, "w") as f:
        f.write('<luztar-model version="1">\n<body id="m1" mass="1" %s/>\n</luztar-model>\n'
                % " ".join('a%d="1"' % i for i in range(20000)))
    rc, out, err, wall = cli_run("check", wide, timeout=60)
    check(rc == 2 and (wide + ":2: body “m1”: unknown attribute “a0”") in err
          and len(err.splitlines()) <= 102 and wall < 30,
          "20 000 unknown attributes: the first 100 problems and a count", err[-300:])

# --- no silently wrong result: warnings in the run summary ----------------
import re
large = os.path.join(bad_run, "stop-large-step.luztar")
rc, out, err, wall = cli_run("run", large)
m = re.search(r"impacts ([-0-9.e+]+)\)", out)
check(rc == 0 and m is not None and float(m.group(1)) >= 0,
      "θ = ½, a plastic stop, h = 1 s ≫ the period 0.63 s: the impact loss is not negative", out)
check("warning: θ = ½: the impulses at the stops made" in out and "booked as the scheme’s" in out,
      "… and the energy the impulses made is said to be the scheme's", out)
check("warning: stop “s1” was penetrated by" in out, "… and the stop's penetration is warned of", out)
rc, out, err, wall = cli_run("run", large, "--dt", "0.0001")
check(rc == 0 and "warning" not in out, "the same model at h = 0.1 ms: no warning", out)
rc, out, err, wall = cli_run("run", os.path.join(bad_run, "stop-balance-off.luztar"))
check(rc == 0 and "warning: the energy balance is off by -27.6 J" in out,
      "an energy balance off by half the energy moved is warned of", out)

# --- loading is linear: check on 10^5 bodies takes seconds -----------------
def chain(path, count, stops=False):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1">\n<ground id="wall"/>\n')
        f.writelines('<body id="m%d" mass="1"/>\n' % i for i in range(count))
        f.writelines('<spring id="k%d" a="%s" b="m%d" k="10"/>\n'
                     % (i, "wall" if i == 0 else "m%d" % (i - 1), i) for i in range(count))
        if stops:
            f.writelines('<stop id="s%d" a="wall" b="m%d" lower="-1" upper="inf" restitution="0"/>\n'
                         % (i, i) for i in range(count))
        f.write("</luztar-model>\n")


def cpu_seconds(*args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


with tempfile.TemporaryDirectory() as tmp:
    small, large = os.path.join(tmp, "small.luztar"), os.path.join(tmp, "large.luztar")
    chain(small, 12500)
    chain(large, 100000)
    p1, t1 = cpu_seconds("check", small)
    p2, t2 = cpu_seconds("check", large)
    check(p2.returncode == 0 and "100000 bodies, 100000 elements" in p2.stdout,
          "check reads a chain of 10^5 bodies and springs", p2.stdout + p2.stderr)
    # linear: 8 times the file, about 8 times the time (quadratic: 64)
    check(t2 < 30 and t2 < 20 * max(t1, 0.05),
          "check on 10^5 bodies: %.2f s of CPU, %.2f s for 12 500 (linear)" % (t2, t1))
    # the event-driven method's dense matrices of the constraints are
    # refused in words before they are allocated (10^5 bodies with a stop
    # each: 160 GB), not left to abort in malloc
    stopped = os.path.join(tmp, "stopped.luztar")
    chain(stopped, 100000, stops=True)
    p3 = subprocess.run([cli, "run", "--method", "event", stopped], capture_output=True, text=True, timeout=120)
    check(p3.returncode == 2 and "100000 bodies and 100000 stops and frictions need" in p3.stderr
          and "--max-memory" in p3.stderr and "time-stepping" in p3.stderr,
          "an event-driven run of 10^5 bodies is refused in words", p3.stderr)

done()
