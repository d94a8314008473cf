#!/usr/bin/python3
# check-program.py LUZTAR_CLI SOURCE_ROOT — `luztar-cli program` as a user
# runs it: the orthogonal, tangent and freeplay chains of tests/data/models
# (the words, the index, the CSV of λ(t) against the closed forms, the JSON
# keys and the set-valued instants), and the failures: a malformed file, no
# prescribed motion, no actuator, not controllable, index > 2, bad options.
# Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
n = 0
failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)


def run(*args):
    p = subprocess.run([cli, "program", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def model(name):
    return os.path.join(root, "tests", "data", "models", name)


def read_csv(path):
    with open(path) as f:
        rows = list(csv.reader(f))
    return rows[0], [[float(x) for x in r] for r in rows[1:]]


tmp = tempfile.mkdtemp()
forces = os.path.join(tmp, "forces.csv")

# Orthogonal: λ = 0.1875 sin t + 0.3375 sin 3t.
rc, out, err = run(model("program-orthogonal.luztar"), "--t-end", "5", "--sample", "0.01", "--out", forces)
check(rc == 0 and "orthogonal" in out and "Index: 0" in out, "orthogonal chain: the word and index 0", out + err)
check("actuator u1 pushes m1 itself" in out, "orthogonal chain: explained through the actuator on m1", out)
header, rows = read_csv(forces) if rc == 0 else ([], [])
check(header == ["t", "u1"] and len(rows) == 501, "orthogonal chain: CSV header t,u1 and 501 rows", header)
e = max((abs(l - (0.1875 * math.sin(t) + 0.3375 * math.sin(3 * t))) for t, l in rows), default=1)
check(e < 1e-9, "orthogonal chain: λ against the closed form (%.2e)" % e)

# Tangent, index 2: λ = (0.5/3) sin t.
rc, out, err = run(model("program-tangent.luztar"), "--t-end", "5", "--sample", "0.01", "--out", forces)
check(rc == 0 and "tangent" in out and "Index: 2" in out, "tangent chain: the word and index 2", out + err)
check("through k (spring)" in out and "v0 of m2" in out,
      "tangent chain: realized through k; the initial velocity of m2 made consistent", out)
header, rows = read_csv(forces) if rc == 0 else ([], [])
e = max((abs(l - 0.5 / 3 * math.sin(t)) for t, l in rows), default=1)
check(header == ["t", "u1"] and e < 1e-9, "tangent chain: λ against the closed form (%.2e)" % e)

rc, out, err = run(model("program-tangent.luztar"), "--format", "json", "--t-end", "2", "--sample", "0.5")
try:
    d = json.loads(out)
except ValueError as ex:
    d = None
    err += str(ex)
check(rc == 0 and d is not None, "tangent chain: --format json parses", err)
if d:
    keys = ["realization", "p", "q", "index", "necessary_condition", "realizable", "failure",
            "explanation", "path", "inverted", "instants", "P", "Q", "D", "U", "W", "t", "lambda", "motion",
            "actuators", "prescribed", "adjusted", "drift"]
    check(all(k in d for k in keys), "tangent chain: JSON keys", sorted(d))
    check(d["realization"] == "tangent" and d["index"] == 2 and d["p"] == 0 and d["q"] == 1
          and d["necessary_condition"]["holds"] and d["path"] == ["k"],
          "tangent chain: JSON realization, index, ranks, path", out[:400])
    check(d["t"] == [0, 0.5, 1, 1.5, 2] and
          all(abs(l - 0.5 / 3 * math.sin(t)) < 1e-9 for t, l in zip(d["t"], d["lambda"]["u1"])) and
          all(abs(q - 0.4 / 3 * math.sin(t)) < 1e-10 for t, q in zip(d["t"], d["motion"]["m2"])),
          "tangent chain: JSON λ(t) and the reconstructed motion of m2")

# Freeplay in the path: set-valued at π/2 and 3π/2.
rc, out, err = run(model("program-freeplay.luztar"), "--format", "json", "--sample", "0.01", "--out", forces)
d = json.loads(out) if rc == 0 else {}
inst = d.get("instants", [])
check(rc == 0 and d.get("inverted") == ["k"] and len(inst) == 2
      and abs(inst[0]["t"] - math.pi / 2) < 1e-9 and abs(inst[1]["t"] - 3 * math.pi / 2) < 1e-9
      and all(i["element"] == "k" and "tar" in i["text"] for i in inst),
      "freeplay: inverted by tar, set-valued instants at π/2 and 3π/2", out[:600] + err)
header, rows = read_csv(forces) if rc == 0 else ([], [])
e = max((abs(l - 0.19 * math.cos(t)) for t, l in rows), default=1)
check(header == ["t", "u1"] and len(rows) == 601 and e < 1e-9, "freeplay: λ = 0.19 cos t (%.2e)" % e)
rc, out, err = run(model("program-freeplay.luztar"))
check(rc == 0 and "Set-valued instants" in out and "t = 1.5707963267" in out,
      "freeplay: the text names the instants", out)


def write(name, body):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1" name="%s">%s'
                '<simulation t-end="1" dt="0.01"/></luztar-model>\n' % (name, body))
    return path


cases = [
    ("no-prescribed", '<body id="m1" mass="1"/><actuator id="u" body="m1"/>', "no prescribed motion"),
    ("no-actuator", '<body id="m1" mass="1"/><prescribed id="p" body="m1" value="t"/>', "no actuator"),
    ("uncontrollable", '<ground id="w"/><body id="m1" mass="1"/><body id="m2" mass="1"/>'
     '<spring id="k" a="w" b="m2" k="1"/><prescribed id="p" body="m1" value="sin(t)"/>'
     '<actuator id="u" body="m2"/>', "neither on the velocities nor on the positions"),
    ("index3", '<body id="m1" mass="1"/><body id="m2" mass="1"/><body id="m3" mass="1"/>'
     '<spring id="k1" a="m1" b="m2" k="1"/><spring id="k2" a="m2" b="m3" k="1"/>'
     '<prescribed id="p" body="m1" value="sin(t)"/><actuator id="u" body="m3"/>', "greater than 2"),
]
for name, body, words in cases:
    rc, out, err = run(write(name + ".luztar", body), "--out", forces)
    check(rc == 2 and words in err and "Traceback" not in err and "CRITICAL" not in err,
          "%s: exit 2, says “%s”" % (name, words), "rc=%d\n%s" % (rc, err))
rc, out, err = run(write("index3b.luztar", cases[3][1]), "--format", "json")
check(rc == 2 and json.loads(out)["realizable"] is False and json.loads(out)["index"] is None,
      "index > 2: JSON realizable false, index null", out[:300])

bad = os.path.join(tmp, "bad.luztar")
with open(bad, "w") as f:
    f.write("<luztar-model version='1'><body id='m1' mass='-1'/>")
rc, out, err = run(bad)
check(rc == 2 and err.strip() != "", "malformed file: exit 2 with a message", err)
rc, out, err = run(model("program-tangent.luztar"), "--format", "octave")
check(rc == 1 and "text or json" in err, "--format octave: usage error", err)
rc, out, err = run(model("program-tangent.luztar"), "--sample", "-1")
check(rc == 1, "--sample -1: usage error", err)
rc, out, err = run()
check(rc == 1 and "no model file" in err, "no file: usage error", err)
rc, out, err = run("--help")
check(rc == 0 and "--t-end" in out and "--out" in out, "--help lists the options", out)

# A run does not impose the program: it says so, and points to `program`.
p = subprocess.run([cli, "run", model("program-tangent.luztar"), "--t-end", "0.1"], capture_output=True, text=True)
check(p.returncode == 0 and "does not impose the prescribed motions (p1)" in p.stdout
      and "luztar-cli program" in p.stdout, "run on a program model says the program is not imposed",
      p.stdout + p.stderr)

print("1..%d" % n)
sys.exit(1 if failed else 0)
