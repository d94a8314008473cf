#!/usr/bin/python3
# check-octave.py LUZTAR_CLI SOURCE_ROOT — the Octave export is a runnable
# script: for every example, Octave runs `luztar-cli assemble -f octave`,
# and the matrices it defines equal the JSON export's exactly, and f(t),
# e(t), d(t) equal the JSON's expressions evaluated by Python.  Skips when
# octave-cli is missing (scripts/test installs it).  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
octave = shutil.which("octave-cli")
if octave is None:
    print("1..0 # SKIP octave-cli is not installed")
    sys.exit(0)

NAMES = {name: getattr(math, name) for name in
         ("sin", "cos", "tan", "exp", "log", "sqrt", "asin", "acos", "atan",
          "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "pi", "e")}
NAMES.update(abs=abs, step=lambda x: 1.0 if x >= 0 else 0.0,
             delta=lambda x: 1.0 if x == 0 else 0.0)


def evaluate(text, t):
    return eval(text.replace("^", "**"), {"__builtins__": {}}, dict(NAMES, t=t))


n = failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in detail.splitlines()[:15]:
            print("# " + line)


TIMES = (0.0, 0.3, 1.7, 3.1)
with tempfile.TemporaryDirectory() as tmp:
    for path in sorted(glob.glob(os.path.join(root, "data", "examples", "*.luztar"))):
        name = os.path.basename(path)
        script = os.path.join(tmp, "model.m")
        subprocess.run([cli, "assemble", "-f", "octave", "-o", script, path], check=True)
        data = json.loads(subprocess.run([cli, "assemble", "-f", "json", path],
                                         capture_output=True, text=True, check=True).stdout)
        names = ["M", "C", "K", "W"]
        functions = ["f"]
        if data["lcs"] is not None:
            names += ["A", "B", "Cy", "D"]
            functions += ["e", "d"]
        prog = ["run('%s');" % script]
        for m in names:
            prog.append("printf('%s'); printf(' %%.17g', %s.'); printf('\\n');" % (m, m))
        for fn in functions:
            for t in TIMES:
                prog.append("printf('%s@%r'); printf(' %%.17g', %s(%r)); printf('\\n');"
                            % (fn, t, fn, t))
        p = subprocess.run([octave, "--no-gui", "--quiet", "--no-init-file", "--eval",
                            "\n".join(prog)], capture_output=True, text=True)
        values = {}
        for line in p.stdout.splitlines():
            key, *rest = line.split()
            values[key] = [float(x) for x in rest]
        check(p.returncode == 0 and all(m in values for m in names),
              "%s: Octave runs the script" % name, p.stdout + p.stderr)
        if p.returncode != 0:
            continue

        def flat(rows, cols):
            return [float(x) for row in rows for x in row] if rows else [0.0] * cols

        expected = {"M": data["M"], "C": data["C"], "K": data["K"], "W": data["W"]}
        if data["lcs"] is not None:
            expected.update(A=data["lcs"]["A"], B=data["lcs"]["B"],
                            Cy=data["lcs"]["C"], D=data["lcs"]["D"])
        bad = [m for m in names
               if [x for x in values[m]] != [float(x) for row in expected[m] for x in row]]
        check(not bad, "%s: %s equal the JSON export exactly" % (name, ", ".join(names)),
              "differ: %s" % bad)
        texts = {"f": data["f"]}
        if data["lcs"] is not None:
            texts.update(e=data["lcs"]["e"], d=data["lcs"]["d"])
        worst = 0.0
        for fn in functions:
            for t in TIMES:
                got = values.get("%s@%r" % (fn, t), [])
                want = [evaluate(x, t) for x in texts[fn]]
                if len(got) != len(want):
                    worst = math.inf
                    continue
                for a, b in zip(got, want):
                    worst = max(worst, abs(a - b) / (1 + abs(b)))
        check(worst <= 1e-13, "%s: %s(t) agree with the JSON expressions (worst %.1e)"
              % (name, ", ".join(functions), worst))

print("1..%d" % n)
sys.exit(1 if failed else 0)
