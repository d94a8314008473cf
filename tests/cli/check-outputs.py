#!/usr/bin/python3
# check-outputs.py LUZTAR_CLI SOURCE_ROOT — what luztar-cli writes arrives
# or fails in words: -o and --out through a symlink keep the link, keep a
# file's permissions, give new files 0644, refuse devices, and a full
# standard output is an error, not exit 0.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import stat
import subprocess
import sys
import tempfile

cli, root = sys.argv[1], sys.argv[2]
model = os.path.join(root, "data", "examples", "two-carts-stop.luztar")
n = failed = 0


def check(ok, what, detail=""):
    global n, failed
    n += 1
    failed += 0 if ok else 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in str(detail).splitlines()[:15]:
            print("# " + line)


def cli_run(*args, stdout=subprocess.PIPE):
    p = subprocess.run([cli, *args], stdout=stdout, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


os.umask(0o022)
with tempfile.TemporaryDirectory() as tmp:
    os.mkdir(os.path.join(tmp, "sub"))
    target = os.path.join(tmp, "sub", "carts.json")
    link = os.path.join(tmp, "carts.json")
    open(target, "w").write("old")
    os.chmod(target, 0o640)
    os.symlink("sub/carts.json", link)
    rc, out, err = cli_run("assemble", "--format", "json", "-o", link, model)
    check(rc == 0 and os.path.islink(link) and open(target).read().startswith("{"),
          "assemble -o through a symlink writes its target and keeps the link", err)
    check(stat.S_IMODE(os.stat(target).st_mode) == 0o640, "the target keeps its permissions 0640",
          oct(os.stat(target).st_mode))

    trace = os.path.join(tmp, "trace.csv")
    rc, out, err = cli_run("run", "--t-end", "1", "--out", trace, model)
    check(rc == 0 and stat.S_IMODE(os.stat(trace).st_mode) == 0o644,
          "run --out: a new file is 0644 (umask 022)", oct(os.stat(trace).st_mode) + err)

    rc, out, err = cli_run("assemble", "-o", "/dev/full", model)
    check(rc == 2 and "not a regular file" in err and stat.S_ISCHR(os.stat("/dev/full").st_mode),
          "-o /dev/full is refused in words and the device stays", err)

    with open("/dev/full", "w") as full:
        rc, out, err = cli_run("assemble", model, stdout=full)
    check(rc == 2 and "standard output" in err and "No space left" in err,
          "a full standard output exits 2 with the reason", "%d %s" % (rc, err))
    with open("/dev/full", "w") as full:
        rc, out, err = cli_run("run", "--t-end", "0.1", model, stdout=full)
    check(rc == 2 and "standard output" in err, "run's summary to a full device exits 2", err)

    rc, out, err = cli_run("run", "--t-end", "1", "--events", os.path.join(tmp, "nowhere", "e.csv"), model)
    check(rc == 2 and "e.csv" in err, "an output in a missing folder is an error naming it", err)

print("1..%d" % n)
sys.exit(1 if failed else 0)
