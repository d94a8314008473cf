#!/usr/bin/python3
# check-sweep.py LUZTAR_CLI SOURCE_ROOT — `luztar-cli sweep` as a user runs
# it: the CSV and JSON rows against single runs, the same rows for any
# --jobs, a failed run as a row, --resume after an interruption, a
# Monte Carlo study reproduced by its seed, and the refusals.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
examples = os.path.join(root, "data", "examples")
oscillator = os.path.join(examples, "friction-oscillator.luztar")
carts = os.path.join(examples, "two-carts-stop.luztar")
n = failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in str(detail).splitlines()[:15]:
            print("# " + line)


def sweep(*args):
    p = subprocess.run([cli, "sweep", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def rows_of(text):
    return list(csv.DictReader(io.StringIO(text)))


grid = ["--set", "f1.level=0.2:0.8:4", "--set", "k1.k=log:0.5:2:3", "--t-end", "40"]
rc, one, err = sweep(*grid, "-j", "1", oscillator)
check(rc == 0, "a 4 × 3 grid of the friction oscillator", err)
rows = rows_of(one)
check(len(rows) == 12 and [int(r["run"]) for r in rows] == list(range(12)),
      "twelve rows in run order", one[:300])
check(list(rows[0])[:3] == ["run", "f1.level", "k1.k"] and list(rows[0])[-1] == "error",
      "the parameters first, the error last", list(rows[0]))
check([(r["f1.level"], r["k1.k"]) for r in rows[:4]] == [("0.2", "0.5"), ("0.2", "1"), ("0.2", "2"), ("0.4", "0.5")],
      "the last parameter varies fastest, log-spaced values exact at the ends",
      [(r["f1.level"], r["k1.k"]) for r in rows[:4]])
check(err == "", "nothing on stderr on a pipe (no progress line)", err)

rc, two, err = sweep(*grid, "-j", "2", oscillator)
check(rc == 0 and two == one, "the same bytes with --jobs 2", two[:300])

# A row is the run: the same final state as `luztar-cli run` with those values
with tempfile.TemporaryDirectory() as tmp:
    model = open(oscillator).read().replace('level="0.6"', 'level="0.4"').replace('k="1"', 'k="2"')
    path = os.path.join(tmp, "m.luztar")
    open(path, "w").write(model)
    trace = os.path.join(tmp, "trace.csv")
    p = subprocess.run([cli, "run", path, "--t-end", "40", "--out", trace], capture_output=True, text=True)
    last = list(csv.reader(open(trace)))[-1]
    row = rows[5]
    check(row["f1.level"] == "0.4" and row["k1.k"] == "2"
          and abs(float(row["m1.q_end"]) - float(last[1])) <= 1e-12 * max(1, abs(float(last[1])))
          and abs(float(row["m1.v_end"]) - float(last[2])) <= 1e-12 * max(1, abs(float(last[2]))),
          "row 5 ends where `luztar-cli run` ends with f1.level = 0.4, k1.k = 2", (row, last))

    # interrupted: keep the header, three rows and half a row; resume
    out = os.path.join(tmp, "map.csv")
    lines = one.splitlines(keepends=True)
    open(out, "w").write("".join(lines[:4]) + lines[4][:10])
    rc, o, err = sweep(*grid, "--resume", out, oscillator)
    check(rc == 0 and open(out).read() == one, "--resume finishes the file as an uninterrupted sweep",
          err + open(out).read()[:300])
    rc, o, err = sweep("--set", "f1.level=1,2", "--resume", out, oscillator)
    check(rc == 2 and "header differs" in err, "--resume of another sweep is refused", err)

    rc, o, err = sweep(*grid, "-o", out, oscillator)
    check(rc == 0 and o == "" and open(out).read() == one, "-o writes the same rows to a file", err)

# JSON
rc, out, err = sweep(*grid, "--format", "json", oscillator)
doc = json.loads(out) if rc == 0 else {}
check(rc == 0 and doc.get("format") == "luztar-sweep" and len(doc["runs"]) == 12,
      "--format json: a document with twelve runs", err + out[:300])
if rc == 0:
    r = doc["runs"][5]
    check(r["params"] == {"f1.level": 0.4, "k1.k": 2} and r["error"] is None
          and r["measures"]["m1.q_end"] == float(rows[5]["m1.q_end"])
          and isinstance(r["measures"]["f1.stick_count"], (int, float)),
          "a JSON run has the CSV's numbers", r)

# a failed run: cart 1 starts below the stop's lower limit 2
rc, out, err = sweep("--set", "s1.lower=2,0", "--t-end", "1", carts)
rows2 = rows_of(out)
check(rc == 0 and len(rows2) == 2 and rows2[0]["error"] != "" and rows2[0]["cart1.q_end"] == ""
      and rows2[1]["error"] == "" and rows2[1]["cart1.q_end"] != "",
      "a run that fails is a row with its message; the sweep goes on", err + out)

# Monte Carlo: reproducible by its seed, different with another
mc = ["--monte-carlo", "6", "--vary", "f1.level=normal(0.5,0.05)", "--t-end", "20"]
rc, a, err = sweep(*mc, "--seed", "11", oscillator)
rc2, b, _ = sweep(*mc, "--seed", "11", "-j", "3", oscillator)
rc3, c, _ = sweep(*mc, "--seed", "12", oscillator)
levels = [float(r["f1.level"]) for r in rows_of(a)]
check(rc == 0 and a == b and a != c and len(levels) == 6 and all(0.2 < x < 0.8 for x in levels),
      "Monte Carlo: the same seed gives the same rows on any --jobs, another seed others", a[:400])

# stroboscopic samples and the window
rc, out, err = sweep("--set", "k1.k=1", "--after", "50", "--strobe", "12.566370614359172",
                     "--strobe-count", "3", oscillator)
r = rows_of(out)[0] if rc == 0 else {}
check(rc == 0 and "strobe3.m1.q" in r and all(r["strobe%d.m1.q" % k] != "" for k in (1, 2, 3)),
      "--strobe writes each body's q and v at the strobe times", err + out[:400])
if rc == 0:
    period = float(r["period"])
    check(abs(period - 4 * math.pi) < 1e-3 * 4 * math.pi,
          "the detected period is the forcing's 4π s (%g)" % period)
    q = [float(r["strobe%d.m1.q" % k]) for k in (1, 2, 3)]
    check(max(q) - min(q) < 1e-3, "one period apart, the strobe samples repeat (period-1 orbit)", q)

# a template makes the forcing's amplitude and frequency parameters; a
# strobe at each run's forcing period samples at whole periods: the
# friction oscillator's force sin(0.5*t) written as P*sin(w*t) with P = 1,
# w = 0.5 gives the rows of the model as it is
stick_slip = os.path.join(examples, "stick-slip-regimes.luztar")
rc, out, err = sweep("--template", "F.value=P*sin(w*t)", "--set", "F.P=1", "--set", "F.w=0.5,0.25",
                     "--after", "50", "--strobe-frequency", "F.w", "--strobe-count", "2", oscillator)
rc2, out2, err2 = sweep("--after", "50", "--strobe", "12.566370614359172", "--strobe-count", "2",
                        oscillator)
if check(rc == 0 and rc2 == 0, "--template and --strobe-frequency", err + err2):
    r, plain = rows_of(out), rows_of(out2)[0]
    check(list(r[0])[1:3] == ["F.P", "F.w"] and len(r) == 2, "the template's names are the parameters",
          list(r[0])[:4])
    # the plain strobe starts at 50 s, the frequency strobe at 4π·4 = 50.27 s
    check(r[0]["f1.stick_count"] == plain["f1.stick_count"] and r[0]["m1.q_end"] == plain["m1.q_end"],
          "P = 1, w = 0.5 runs the model as it is", (r[0]["m1.q_end"], plain["m1.q_end"]))
    check(r[1]["strobe2.m1.q"] != "" and r[0]["strobe2.m1.q"] != r[1]["strobe2.m1.q"],
          "each run strobed at its own period", (r[0]["strobe2.m1.q"], r[1]["strobe2.m1.q"]))
rc, out, err = sweep("--template", "F.value=P*cos(w*t)", "--set", "F.P=0.2:1.6:3", "--set", "F.w=1",
                     "--t-end", "20", stick_slip)
check(rc == 0 and len(rows_of(out)) == 3 and all(r["error"] == "" for r in rows_of(out)),
      "the stick-slip example swept over its forcing amplitude", err)
rc, out, err = sweep("--template", "F.value=P*sin(w*t)", "--set", "F.P=1", oscillator)
check(rc == 0 and "F.w has no value" in out, "a name left without a value: the row says so", out + err)

# refusals, exit 1, the reason in words
for args, words in [
        (["--template", "f1.level=2*t"], "not an expression"),
        (["--strobe", "1", "--strobe-frequency", "k1.k"], "exclude"),
        (["--set", "k1.k=1", "--strobe-frequency", "F.w"], "not a parameter"),
        (["--set", "k9.k=1:2:3"], "k9"),
        (["--set", "k1.k=1:2"], "FROM:TO:COUNT"),
        (["--set", "k1.k=-1,1"], "greater than 0"),
        (["--set", "k1.k=1", "--set", "k1.k=2"], "twice"),
        (["--vary", "f1.level=normal(0.5,0.1)"], "--monte-carlo"),
        (["--monte-carlo", "3", "--vary", "f1.level=gauss(1,2)"], "normal(MEAN,SD)"),
        (["--when", "m1.x > 1"], "QUANTITY"),
        (["--format", "xml"], "csv or json"),
        (["--method", "magic"], "timestep or event"),
        (["--theta", "0.3"], "0.5 and 1")]:
    rc, out, err = sweep(*args, oscillator)
    check(rc == 1 and words in err, "refused: %s" % " ".join(args), err)
rc, out, err = sweep("--set", "k1.k=1", os.path.join(root, "no-such-model.luztar"))
check(rc == 2 and "no-such-model" in err, "a model that does not load exits 2", err)

print("1..%d" % n)
sys.exit(1 if failed else 0)
