#!/usr/bin/python3
# check-reduce.py LUZTAR_CLI SOURCE_ROOT — `luztar-cli reduce` as a user
# runs it: paper 002's Examples 5.1 and 5.3 through the JSON (S and the
# reduced matrices against the paper's closed forms), the text and Octave
# formats (the Octave script run when Octave is there), a model whose
# pencil is singular (diagnosed by `reduce` and refused by `check`), and
# the exit codes of bad input.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
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
    p = subprocess.run([cli, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def example(name):
    return os.path.join(root, "data", "examples", name)


def close(a, b, rel=1e-12):
    return abs(a - b) <= rel * max(abs(b), 1e-300)


# Example 5.1: S = (k2/(k1+k2), c2/(c1+c2), 1)ᵀ, SᵀMS = m, SᵀCS = c1c2/(c1+c2),
# SᵀKS = k1k2/(k1+k2) with the paper's table: m = 25, k1 = 25e4, k2 = 10e4,
# c1 = 2500, c2 = 2000.
rc, out, err = run("reduce", "--format", "json", example("paper002-ex51-absorber.luztar"))
try:
    d = json.loads(out)
except ValueError as e:
    d = None
    err += str(e)
check(rc == 0 and d is not None, "reduce --format json parses (Example 5.1)", err)
if d:
    m, k1, k2, c1, c2 = 25, 25e4, 10e4, 2500, 2000
    S = [r[0] for r in d["S"]]
    check(d["kind"] == "corollary-4.5" and d["pencil"]["regular"] and
          all(a["holds"] for a in d["assumptions"]),
          "Example 5.1: Corollary 4.5, every assumption holds", out)
    check(len(S) == 3 and close(S[0], k2 / (k1 + k2)) and close(S[1], c2 / (c1 + c2)) and S[2] == 1,
          "Example 5.1: S = (k2/(k1+k2), c2/(c1+c2), 1) = (%s)" % ", ".join("%.12g" % s for s in S))
    check(close(d["Mr"][0][0], m) and close(d["Cr"][0][0], c1 * c2 / (c1 + c2))
          and close(d["Kr"][0][0], k1 * k2 / (k1 + k2)),
          "Example 5.1: SᵀMS = m, SᵀCS = c1c2/(c1+c2), SᵀKS = k1k2/(k1+k2) (%g, %g, %g)"
          % (d["Mr"][0][0], d["Cr"][0][0], d["Kr"][0][0]))
    check(d["kept"] == ["machine"] and d["eliminated"] == ["joint1", "joint2"]
          and len(d["fr"]) == 1 and "sin" in d["fr"][0] and "245.25" in d["fr"][0],
          "Example 5.1: kept, eliminated, fr = Sᵀf", out)
    check(d["N1"] == 1 and d["N2"] == 1 and d["N3"] == 1, "Example 5.1: N1 = N2 = N3 = 1")

# Example 5.3, the paper's first data table: the 7×3 S and the 3×3 reduced
# matrices of the paper.
rc, out, err = run("reduce", "-f", "json", example("paper002-ex53-vehicle.luztar"))
try:
    d = json.loads(out)
except ValueError as e:
    d = None
    err += str(e)
check(rc == 0 and d is not None, "reduce --format json parses (Example 5.3)", err)
if d:
    m, M, B = 35, 1460, 25
    k = [0, 95e5, 20e5, 15e5, 1e6]
    c = [0, 21700, 20000, 15000, 10000]
    Dk = k[4] * k[2] + k[4] * k[3] + k[3] * k[2]
    Dc = c[2] * c[3] + c[2] * c[4] + c[3] * c[4]
    S = [[1, 0, 0], [0, 1, 0],
         [0, (k[4] + k[3]) * k[2] / Dk, k[3] * k[4] / Dk],
         [0, (c[3] + c[4]) * c[2] / Dc, c[3] * c[4] / Dc],
         [0, k[3] * k[2] / Dk, (k[2] + k[3]) * k[4] / Dk],
         [0, c[3] * c[2] / Dc, (c[2] + c[3]) * c[4] / Dc],
         [0, 0, 1]]
    ke, ce = k[4] * k[2] * k[3] / Dk, c[4] * c[2] * c[3] / Dc
    Mr = [[m, 0, 0], [0, M, 0], [0, 0, B]]
    Cr = [[c[1], -c[1], 0], [-c[1], c[1] + ce, -ce], [0, -ce, ce]]
    Kr = [[k[1], -k[1], 0], [-k[1], k[1] + ke, -ke], [0, -ke, ke]]

    def same(X, Y, scale):
        return len(X) == len(Y) and all(len(x) == len(y) and all(abs(a - b) <= 1e-12 * scale
                                                                 for a, b in zip(x, y))
                                        for x, y in zip(X, Y))
    check(d["kind"] == "corollary-4.5" and d["N1"] == 2 and d["N2"] == 2 and d["N3"] == 3,
          "Example 5.3: Corollary 4.5 with N1 = N2 = 2, N3 = 3", out)
    check(same(d["S"], S, 1), "Example 5.3: the paper's 7×3 S", json.dumps(d["S"]))
    check(same(d["Mr"], Mr, M) and same(d["Cr"], Cr, c[1]) and same(d["Kr"], Kr, k[1]),
          "Example 5.3: the paper's SᵀMS, SᵀCS, SᵀKS", out)
    check(d["kept"] == ["tyre", "vehicle", "driver"]
          and d["eliminated"] == ["joint3", "joint4", "joint5", "joint6"],
          "Example 5.3: q̃ = (q1, q2, q7)", out)
    check(d["jordan"]["nilpotent"] + d["jordan"]["regular"] == 14 and d["jordan"]["index"] == 2,
          "Example 5.3: Jordan structure of the 14-dimensional first-order system", d["jordan"])

# The text and Octave formats, -o.
rc, out, err = run("reduce", example("paper002-ex51-absorber.luztar"))
check(rc == 0 and "Corollary 4.5" in out and "S =" in out and "K̃ =" in out
      and "(4.3)" in out and "Theorem 3.1" in out, "reduce: text", err)
with tempfile.TemporaryDirectory() as tmp:
    target = os.path.join(tmp, "ex51.m")
    rc, out, err = run("reduce", "--format=octave", "-o", target, example("paper002-ex51-absorber.luztar"))
    script = open(target).read() if os.path.exists(target) else ""
    check(rc == 0 and out == "" and "S = [" in script and "Kr = [" in script,
          "reduce --format=octave -o FILE writes the script", err)
    octave = shutil.which("octave-cli") or shutil.which("octave")
    if octave and script:
        p = subprocess.run([octave, "--no-gui", "--quiet", "--eval",
                            "source('%s'); printf('%%.15g %%.15g %%.15g\\n', S(1), Cr, "
                            "norm(S' * K * S - Kr));" % target],
                           capture_output=True, text=True, timeout=120)
        vals = p.stdout.split()
        ok = p.returncode == 0 and len(vals) == 3 and close(float(vals[0]), 2 / 7) \
            and close(float(vals[1]), 2500 * 2000 / 4500) and float(vals[2]) < 1e-9
        check(ok, "the Octave script runs and defines S, Cr with S'KS = Kr", p.stdout + p.stderr)
    else:
        print("ok %d - the Octave script runs # SKIP no octave" % (n + 1))
        n += 1

# A massless pad that only dry friction ties to a mass: P(λ) ≡ 0.
with tempfile.TemporaryDirectory() as tmp:
    bad = os.path.join(tmp, "floating.luztar")
    with open(bad, "w") as f:
        f.write("""<luztar-model version="1" name="floating">
  <ground id="wall"/>
  <body id="m" mass="1"/>
  <body id="pad" mass="0"/>
  <spring id="k" a="wall" b="m" k="10"/>
  <friction id="f" a="m" b="pad" level="1"/>
  <simulation t-end="1"/>
</luztar-model>
""")
    rc, out, err = run("reduce", "--format", "json", bad)
    try:
        d = json.loads(out)
    except ValueError:
        d = {}
    check(rc == 0 and d.get("kind") == "singular-pencil" and not d["pencil"]["regular"]
          and any("“pad”" in line for line in d["diagnosis"])
          and any("μ > 0" in line for line in d["diagnosis"]),
          "reduce diagnoses the singular pencil, naming the body and the friction", out + err)
    rc, out, err = run("check", bad)
    check(rc == 2 and "Theorem 3.1" in err and "“pad”" in err,
          "check refuses the model and says why", err)

# --write: the gear train of the test models (weightless, frictionless gears,
# three freeplays) becomes one spring (paper 003, Simplification 2), a model
# that `check` accepts and `run` simulates.
with tempfile.TemporaryDirectory() as tmp:
    out_model = os.path.join(tmp, "reduced.luztar")
    rc, out, err = run("reduce", "--write", out_model, os.path.join(root, "tests", "data", "models",
                                                                   "gear-train.luztar"))
    check(rc == 0 and "Closed-form elimination" in out and "Theorem 3.6" in out
          and "Equations of the reduced model" in out, "reduce --write: text", err)
    rc2, out2, err2 = run("check", out_model)
    check(rc2 == 0 and "2 bodies" in out2 and "1 spring" in out2, "the written model checks", out2 + err2)
    text = open(out_model).read() if os.path.exists(out_model) else ""
    # k = (1/200 + 1/(0.02²·1e6) + 3²/800)⁻¹, freeplay 0.01 + 1e-4/0.02 + 3·0.005
    k = 1 / (1 / 200 + 1 / 400 + 9 / 800)
    check('k="%.12g"' % k in text and 'freeplay="0.03"' in text and 'cb="3"' in text,
          "reduced stiffness %.12g and freeplay 0.03 (paper 003)" % k, text)
    rc3, out3, err3 = run("run", "--t-end", "1", out_model)
    check(rc3 == 0, "the written model runs (event-driven)", err3)

# --simplify on paper 003's example: the three formal simplifications.
gears = example("paper003-gear-train.luztar")
rc, out, err = run("reduce", "-f", "json", "--simplify", "1", gears)
d = json.loads(out) if rc == 0 else {}
check(rc == 0 and d["model"]["bodies"] == ["psi", "delta", "gamma", "phi"]
      and any("Simplification 1" in n for n in d["model"]["notes"])
      and any(e.startswith("0·q̈_delta") for e in d["model"]["equations"]),
      "--simplify 1: weightless gears", out + err)
rc, out, err = run("reduce", "-f", "json", "--simplify=2", gears)
d = json.loads(out) if rc == 0 else {}
check(rc == 0 and d["model"]["bodies"] == ["psi", "phi"]
      and any("luz(3·q_phi − q_psi, 0.03)" in e for e in d["model"]["equations"])
      and any("60.6060606061" in e for e in d["model"]["equations"]),
      "--simplify 2: one spring 60.606 N·m/rad with freeplay 0.03 rad", out + err)
rc, out, err = run("reduce", "-s", "3", gears)
check(rc == 0 and "71.4285714286·(3·q_phi − q_psi)" in out,
      "--simplify 3: (1/k_ψδ + p²/k_γφ)⁻¹ = 71.43 N·m/rad, no freeplay", out + err)
rc, out, err = run("reduce", "-s", "4", gears)
check(rc == 1 and "4" in err, "--simplify 4: exit 1", err)
rc, out, err = run("reduce", "-s", "2", example("two-carts-stop.luztar"))
check(rc == 2 and "gear train" in err, "--simplify without a gear train: exit 2", err)

# Massless nodes disentangled (paper 000 §3): the JSON "nodes" with each
# node's theorem and numbers, the text section, the Octave struct.
models = os.path.join(root, "tests", "data", "models")
rc, out, err = run("reduce", "-f", "json", os.path.join(models, "massless-spring-friction.luztar"))
d = json.loads(out) if rc == 0 else {}
nodes = d.get("nodes", [])
check(rc == 0 and len(nodes) == 1 and nodes[0]["body"] == "z" and nodes[0]["theorem"] == "3.9"
      and nodes[0]["kind"] == "spring-friction" and nodes[0]["elements"] == ["k", "f"]
      and close(nodes[0]["values"]["rate"], 25) and close(nodes[0]["values"]["zone"], 0.015)
      and "q̇_z = 25·luz(0.05·sin(2·t) − q_z, 0.015)" in nodes[0]["equations"]
      and all(key in d for key in ("S", "Mr", "Cr", "Kr", "fr", "kept", "eliminated")),
      "spring–friction node: Theorem 3.9, ż = 25·luz(x − z, 0.015) (all bodies massless)",
      out + err)
rc, out, err = run("reduce", "-f", "json", os.path.join(root, "tests", "data", "reduce", "massless-nodes.luztar"))
d = json.loads(out) if rc == 0 else {}
want = {"n1": ("freeplay-series", "3.6"), "n2": ("linear-freeplay-series", "3.8"),
        "n3": ("parallel-series", "3.8"), "n4": ("rigid-plastic", "3.9"),
        "n5": ("spring-friction", "3.9"), "n6": ("friction-series", "3.7")}
got = {x["body"]: (x["kind"], x["theorem"]) for x in d.get("nodes", [])}
check(rc == 0 and got == want, "massless-nodes: every node classified with its theorem",
      "%s\n%s" % (got, err))
byb = {x["body"]: x for x in d.get("nodes", [])}
check(rc == 0 and close(byb["n1"]["values"]["stiffness"], 200) and close(byb["n1"]["values"]["zone"], 0.003)
      and byb["n1"]["equations"][1] == "T = 200·luz(q_m, 0.003)"
      and byb["n6"]["equation"] == "q̇_n6 = q̇_m − 0.75·luz(q̇_m, 0.1)"
      and close(byb["n5"]["values"]["zone"] + byb["n5"]["values"]["shift"], 0.01),
      "massless-nodes: series stiffness 200 N/m, freeplay 0.003 m; Theorem 3.7 ratio 0.75; "
      "asymmetric dead zone up to 0.01 m", out[-3000:] + err)
rc, out, err = run("reduce", os.path.join(root, "tests", "data", "reduce", "massless-nodes.luztar"))
check(rc == 0 and "Massless nodes (disentangled, paper 000 §3)" in out
      and "“n4”: a spring loading dry friction (rigid-plastic), Theorem 3.9" in out
      and "disentangled:" in out and "set-valued" in out,
      "massless-nodes: text section, what was reduced and why", out + err)
rc, out, err = run("reduce", "-f", "json", example("two-carts-stop.luztar"))
check(rc == 0 and json.loads(out)["nodes"] == [], "no massless body: \"nodes\" is empty", err)
with tempfile.TemporaryDirectory() as tmp:
    target = os.path.join(tmp, "nodes.m")
    rc, out, err = run("reduce", "-f", "octave", "-o", target, os.path.join(root, "tests", "data", "reduce", "massless-nodes.luztar"))
    script = open(target).read() if os.path.exists(target) else ""
    check(rc == 0 and "% Massless nodes (disentangled, paper 000 §3)" in script
          and "nodes = struct (" in script, "massless-nodes: Octave comment block and struct", err)
    octave = shutil.which("octave-cli") or shutil.which("octave")
    if octave and script:
        p = subprocess.run([octave, "--no-gui", "--quiet", "--eval",
                            "source('%s'); printf('%%d %%s %%s %%.15g\\n', numel(nodes), nodes(1).theorem, "
                            "nodes(6).kind, nodes(1).stiffness);" % target],
                           capture_output=True, text=True, timeout=120)
        check(p.returncode == 0 and p.stdout.split() == ["6", "3.6", "friction-series", "200"],
              "the Octave script defines the nodes struct array", p.stdout + p.stderr)
    else:
        print("ok %d - the Octave nodes struct # SKIP no octave" % (n + 1))
        n += 1

# Bad input.
rc, out, err = run("reduce", "--format", "yaml", example("paper002-ex51-absorber.luztar"))
check(rc == 1 and "yaml" in err, "unknown format: exit 1", err)
rc, out, err = run("reduce")
check(rc == 1, "no file: exit 1", err)
rc, out, err = run("reduce", os.path.join(root, "no-such-file.luztar"))
check(rc == 2 and "no-such-file" in err, "missing file: exit 2", err)
rc, out, err = run("reduce", "--help")
check(rc == 0 and "\n  luztar-cli reduce [OPTION…] FILE\n" in out, "--help", err)

print("1..%d" % n)
sys.exit(1 if failed else 0)
