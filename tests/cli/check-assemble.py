#!/usr/bin/python3
# check-assemble.py LUZTAR_CLI SOURCE_ROOT — `luztar-cli assemble` as a user
# runs it: every example in all three formats (the JSON parsed and its
# matrices checked against paper 004 eq. (4.20) for the two carts), -o to a
# file, and the exit codes of bad input.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import json
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
        for line in detail.splitlines()[:20]:
            print("# " + line)


def run(*args):
    p = subprocess.run([cli, "assemble", *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


examples = sorted(glob.glob(os.path.join(root, "data", "examples", "*.luztar")))
check(len(examples) >= 5, "there are examples to assemble (%d)" % len(examples))
for path in examples:
    name = os.path.basename(path)
    rc, out, err = run(path)
    check(rc == 0 and "Equations of motion" in out and "M =" in out,
          "text: %s" % name, err)
    rc, out, err = run("--format", "json", path)
    try:
        data = json.loads(out)
        n_dofs = len(data["dofs"])
        shapes_ok = (len(data["M"]) == n_dofs and len(data["W"]) == len(data["nonsmooth"])
                     and all(len(r) == n_dofs for r in data["K"]))
        if data["lcs"] is not None:
            np_ = len(data["pairs"])
            shapes_ok = shapes_ok and len(data["lcs"]["A"]) == 2 * n_dofs \
                and len(data["lcs"]["D"]) == np_ and len(data["lcs"]["d"]) == np_
    except (ValueError, KeyError, TypeError) as e:
        shapes_ok = False
        err += "\n" + str(e)
    check(rc == 0 and shapes_ok, "json parses with consistent shapes: %s" % name, err)
    rc, out, err = run("-f", "octave", path)
    check(rc == 0 and "M = [" in out and "pairs = {" in out, "octave: %s" % name, err)

# Paper 004, eq. (4.20), through the JSON a script would read.
rc, out, err = run("--format=json", os.path.join(root, "data", "examples", "two-carts-stop.luztar"))
data = json.loads(out)
check(data["lcs"]["A"] == [[0, 0, 1, 0], [0, 0, 0, 1], [-2, 1, 0, 0], [1, -1, 0, 0]]
      and data["lcs"]["B"] == [[0], [0], [1], [0]] and data["lcs"]["C"] == [[1, 0, 0, 0]]
      and data["lcs"]["D"] == [[0]],
      "two carts: A, B, C, D of paper 004 eq. (4.20)", out)
check([(p["element"], p["side"], p["kind"]) for p in data["pairs"]] == [("s1", "lower", "stop-lower")],
      "two carts: one pair, named (s1, lower)")

with tempfile.TemporaryDirectory() as tmp:
    target = os.path.join(tmp, "out.m")
    rc, out, err = run("-o", target, "-f", "octave",
                       os.path.join(root, "data", "examples", "friction-oscillator.luztar"))
    content = open(target).read() if os.path.exists(target) else ""
    check(rc == 0 and out == "" and "D = [0 -1;\n     1 0];" in content,
          "-o writes the Octave script to the file (friction pair D)", content + err)
    rc, out, err = run("-o", os.path.join(tmp, "no", "such", "dir", "x.json"),
                       os.path.join(root, "data", "examples", "friction-oscillator.luztar"))
    check(rc == 2 and "x.json" in err, "an unwritable output exits 2 and names the file", err)

rc, out, err = run("--format", "yaml", os.path.join(root, "data", "examples", "bouncing-mass.luztar"))
check(rc == 1 and "yaml" in err, "an unknown format is a usage error (exit 1)", err)
rc, out, err = run()
check(rc == 1 and "no model file" in err, "no file is a usage error (exit 1)", err)
bad = os.path.join(root, "tests", "data", "bad")
bad_files = sorted(glob.glob(os.path.join(bad, "*.luztar")))
rc, out, err = run(bad_files[0])
check(rc == 2 and out == "" and err.startswith(bad_files[0] + ":"),
      "a malformed file exits 2 with FILE:LINE: message", err)
rc, out, err = run("--help")
check(rc == 0 and "\n  luztar-cli assemble [OPTION…] FILE\n" in out, "--help")

print("1..%d" % n)
sys.exit(1 if failed else 0)
