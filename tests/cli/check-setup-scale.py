#!/usr/bin/python3
# check-setup-scale.py LUZTAR_CLI SOURCE_ROOT SANITIZE — set-up linear in the
# model's size: benchmark B4 (bench/gen-chain.py, a chain with friction and a
# stop on every mass) with N = 5 000 bodies goes through `luztar-cli check`,
# with N = 5 000 and 20 000 through `luztar-cli assemble --summary`, whose
# counts of dofs, pairs and nonzeros of M, C, K and W are those of the
# chain, in memory that grows linearly with N and stays far below what dense
# n×n matrices take (3.2 GB each at N = 20 000); on every example, the
# summary's nonzeros are those of the dense matrices of
# `assemble --format json`.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# SANITIZE is meson's b_sanitize: under AddressSanitizer the memory of a
# process is its shadow and quarantine as much as its own, so the memory
# checks are skipped there (the counts are still checked).
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli, root = sys.argv[1], sys.argv[2]
sanitized = len(sys.argv) > 3 and sys.argv[3] not in ("", "none")

SIZES = (5000, 20000)
# Peak resident memory of `assemble --summary` for N = 20 000 bodies, MB:
# about 190 MB today, most of it the model file's XML tree while it is read
# (dense M, C, K and W would be 16 GB, and even the pages of them that dense
# assembly touches are over 400 MB).
PEAK_MB = 350
# Peak memory from N = 5 000 to 20 000: ×4 when linear, ×16 when quadratic.
GROWTH = 6.0

# Runs ARGS in a child and returns (its completed process, its peak
# resident memory in MB): getrusage() of a process whose only child it is.
MEASURE = ("import resource, subprocess, sys\n"
           "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
           "sys.stdout.write('%d\\n%d\\n' % (p.returncode, "
           "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
           "sys.stdout.write(p.stdout + p.stderr)\n")


def measured(args):
    out = subprocess.run([sys.executable, "-c", MEASURE] + args,
                         capture_output=True, text=True, check=True).stdout
    rc, kb, text = out.split("\n", 2)
    return int(rc), int(kb) / 1024.0, text


def summary_counts(text):
    counts = {}
    m = re.search(r"dofs (\d+), nonsmooth elements (\d+), complementarity pairs (\d+)", text)
    if m:
        counts["dofs"], counts["rows"], counts["pairs"] = map(int, m.groups())
    for name, rows, cols, nz in re.findall(r"^([MCKW]): (\d+) × (\d+), (\d+) nonzeros$", text, re.M):
        counts[name] = (int(rows), int(cols), int(nz))
    return counts


def chain_counts(n):
    # springs wall–m1 and m(i−1)–m(i), dampers m(i−1)–m(i): tridiagonal K
    # and C; a friction element and a one-sided stop on every mass: 2N rows
    # of W with one entry each, 2 + 1 pairs a mass
    return {"dofs": n, "rows": 2 * n, "pairs": 3 * n, "M": (n, n, n),
            "C": (n, n, 3 * n - 2), "K": (n, n, 3 * n - 2), "W": (2 * n, n, 2 * n)}


def dense_nonzeros(matrix):
    return sum(1 for row in matrix for x in row if x != 0)


peaks = {}
with tempfile.TemporaryDirectory() as tmp:
    for n in SIZES:
        path = os.path.join(tmp, "b4-%d.luztar" % n)
        with open(path, "w") as f:
            subprocess.run([sys.executable, os.path.join(root, "bench", "gen-chain.py"), str(n)],
                           stdout=f, check=True)
        if n == SIZES[0]:
            # (the larger one is read and validated by assemble too: CI's time)
            rc, _, text = measured([cli, "check", path])
            check(rc == 0 and "%d bodies" % n in text, "check: B4 with N = %d is valid" % n, text)
        rc, peaks[n], text = measured([cli, "assemble", "--summary", path])
        check(rc == 0 and summary_counts(text) == chain_counts(n),
              "assemble --summary: B4 with N = %d has the chain's dofs, pairs and nonzeros" % n,
              "%s\nexpected %s" % (text, chain_counts(n)))

big, small = SIZES[-1], SIZES[0]
if sanitized:
    print("# memory not checked: built with sanitizers (%s)" % sys.argv[3])
else:
    check(peaks[big] < PEAK_MB,
          "assemble --summary, N = %d: peak memory %.0f MB < %d MB" % (big, peaks[big], PEAK_MB))
    check(peaks[big] < GROWTH * peaks[small],
          "peak memory grows linearly: %.0f MB at N = %d, %.0f MB at N = %d (< ×%g)"
          % (peaks[small], small, peaks[big], big, GROWTH))

# The sparse matrices against the dense ones of the JSON export.
examples = sorted(os.path.join(root, "data", "examples", f)
                  for f in os.listdir(os.path.join(root, "data", "examples")) if f.endswith(".luztar"))
for path in examples:
    name = os.path.basename(path)
    data = json.loads(subprocess.run([cli, "assemble", "--format", "json", path],
                                     capture_output=True, text=True, check=True).stdout)
    counts = summary_counts(subprocess.run([cli, "assemble", "--summary", path],
                                           capture_output=True, text=True, check=True).stdout)
    n, nr = len(data["dofs"]), len(data["nonsmooth"])
    expected = {"dofs": n, "rows": nr, "pairs": len(data["pairs"]),
                "M": (n, n, dense_nonzeros(data["M"])), "C": (n, n, dense_nonzeros(data["C"])),
                "K": (n, n, dense_nonzeros(data["K"])), "W": (nr, n, dense_nonzeros(data["W"]))}
    check(counts == expected, "%s: the summary's nonzeros are the dense matrices'" % name,
          "summary %s\nJSON    %s" % (counts, expected))

# --summary is text
rc = subprocess.run([cli, "assemble", "--summary", "--format", "json", examples[0]],
                    capture_output=True, text=True).returncode
check(rc == 1, "assemble --summary --format json is a usage error (exit 1)", "exit %d" % rc)
done()
