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

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
oscillator = os.path.join(examples, "friction-oscillator.luztar")
minimal = os.path.join(root, "tests", "data", "models", "minimal.luztar")
n = failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in detail.splitlines()[:15]:
            print("# " + line)


def cli_run(*args, timeout=60):
    start = time.monotonic()
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr, time.monotonic() - start


# --- the limits of a run ---------------------------------------------------
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e300",
                             "--max-rows", "5000")
check(rc == 2 and "limit of 5000 rows" in err and "--max-rows" in err and wall < 20,
      "t-end = 1e300 (event-driven): stopped at --max-rows with its name", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e300",
                             "--max-memory", "1")
check(rc == 2 and "memory limit of 1 MiB" in err and "--max-memory" in err,
      "the trace's memory limit names --max-memory", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e4",
                             "--max-events", "100")
check(rc == 2 and "limit of 100 events" in err and "--max-events" in err,
      "the event limit names --max-events", err)
rc, out, err, wall = cli_run("run", oscillator, "--method", "event", "--t-end", "1e300",
                             "--sample", "1e295", "--max-steps", "3000")
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

# --- loading is linear: check on 10^5 bodies takes seconds -----------------
def chain(path, count):
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1">\n<ground id="wall"/>\n')
        f.writelines('<body id="m%d" mass="1"/>\n' % i for i in range(count))
        f.writelines('<spring id="k%d" a="%s" b="m%d" k="10"/>\n'
                     % (i, "wall" if i == 0 else "m%d" % (i - 1), i) for i in range(count))
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

print("1..%d" % n)
sys.exit(1 if failed else 0)
