#!/usr/bin/python3
# sweep-speed.py BUILDDIR [--mpi-build BUILDDIR_MPI] [options] — what a
# parameter sweep costs and how it scales, in one run on one machine
# (bench/README.md, "Sweeps"):
#
#  1. the sweep's overhead per run, in one process (bench-sweep): the loop
#     of luztar-cli run done N times against lz_sweep_run() over N
#     identical runs at one job, alternated; with valgrind, the same as
#     instructions per run (deterministic, not disturbed by other jobs);
#  2. the same through the programs: N processes of luztar-cli run (their
#     start-up measured apart) against luztar-cli sweep --jobs 1 over N
#     identical runs, alternated;
#  3. a 10^4-run grid of the friction oscillator on --jobs 1 and 2 and,
#     with an MPI build, under mpirun -np 2 … 5 (rank 0 hands out the runs
#     and writes, the other ranks compute), every output compared with the
#     --jobs 1 file byte for byte.
#
# Prints Markdown tables and writes OUTDIR/sweep-speed.md, .csv and, with
# gnuplot, .png.  Not a test: run by hand on a quiet machine, e.g.
#   meson compile -C build && meson compile -C build-mpi
#   bench/sweep-speed.py build --mpi-build build-mpi --out bench
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import csv
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "data", "examples", "friction-oscillator.luztar")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("build")
    p.add_argument("--mpi-build", help="a build with -Dmpi=enabled (its luztar-cli runs under mpirun)")
    p.add_argument("--t-end", default="20", help="each run's end time (default 20 s)")
    p.add_argument("--grid", default="100x100",
                   help="friction levels × spring stiffnesses of the grid sweep (default 100x100)")
    p.add_argument("--side-runs", type=int, default=200, help="runs per round of part 1 (default 200)")
    p.add_argument("--rounds", type=int, default=7, help="rounds of parts 1 and 2 (default 7)")
    p.add_argument("--cli-runs", type=int, default=30,
                   help="luztar-cli run processes per round of part 2 (default 30)")
    p.add_argument("--ranks", default="2,3,4,5", help="mpirun -np values (default 2,3,4,5)")
    p.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    p.add_argument("--out", help="folder for sweep-speed.md, .csv and .png (default: a temporary one)")
    p.add_argument("--quick", action="store_true", help="a small version of everything, to try the script")
    a = p.parse_args()
    if a.quick:
        a.grid, a.side_runs, a.rounds, a.cli_runs = "10x10", 20, 3, 5
    return a


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, env=None, stdout=subprocess.DEVNULL):
    """Runs CMD; returns (wall s, CPU s of it and its children, stdout text)."""
    c0, t0 = cpu_children(), time.perf_counter()
    p = subprocess.run(cmd, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True)
    wall, cpu = time.perf_counter() - t0, cpu_children() - c0
    if p.returncode != 0:
        sys.exit("%s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr))
    return wall, cpu, p.stdout if stdout == subprocess.PIPE else ""


def machine():
    model = "?"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    distro = "?"
    if os.path.exists("/etc/os-release"):
        info = dict(line.rstrip().split("=", 1) for line in open("/etc/os-release") if "=" in line)
        distro = info.get("PRETTY_NAME", "?").strip('"')
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    mpi = shutil.which("mpirun")
    mpi_version = (subprocess.run([mpi, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
                   if mpi else "no mpirun")
    return "%d × %s, %s, kernel %s, %s, %s" % (os.cpu_count(), model, distro, platform.release(), cc,
                                               mpi_version)


def buildtype(build):
    try:
        for o in json.load(open(os.path.join(build, "meson-info", "intro-buildoptions.json"))):
            if o["name"] == "buildtype":
                return o["value"]
    except OSError:
        pass
    return "?"


def load():
    return "%.1f" % os.getloadavg()[0]


class Report:
    def __init__(self):
        self.lines, self.rows = [], []

    def out(self, text=""):
        print(text, flush=True)
        self.lines.append(text)

    def row(self, **kw):
        self.rows.append(kw)


# ---------------------------------------------------------------------------
# 1. In one process

def part_in_process(a, rep, bench):
    cmd = [bench, "--runs", str(a.side_runs), "--rounds", str(a.rounds), "--t-end", a.t_end,
           "--set", "f1.level=0.6", MODEL]
    load0 = load()
    _, _, text = timed(cmd, stdout=subprocess.PIPE)
    per = {}
    for r in csv.DictReader(line for line in text.splitlines() if not line.startswith("#")):
        per.setdefault(r["way"], []).append((float(r["wall_per_run_us"]), float(r["cpu_per_run_us"])))
    med = {w: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
           for w, v in per.items()}

    ir = {}
    if not a.no_callgrind and shutil.which("valgrind"):
        n = max(5, a.side_runs // 20)
        for way in ("run", "measured", "sweep"):
            counts = []
            for runs in (n, 2 * n):
                with tempfile.NamedTemporaryFile() as f:
                    subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + f.name,
                                    bench, "--only", way, "--runs", str(runs), "--t-end", a.t_end,
                                    "--set", "f1.level=0.6", MODEL],
                                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    summary = [line for line in open(f.name) if line.startswith(("summary:", "totals:"))]
                    counts.append(int(summary[-1].split()[1]))
            ir[way] = (counts[1] - counts[0]) / n

    rep.out("### 1. The sweep's overhead per run, in one process")
    rep.out()
    rep.out("`bench-sweep --runs %d --rounds %d --t-end %s --set f1.level=0.6` (friction oscillator, "
            "event-driven, t = 0 … %s s, a row every %g s; load average %s): medians of %d "
            "alternated rounds%s." % (a.side_runs, a.rounds, a.t_end, a.t_end, float(a.t_end) / 2000,
                                      load0, a.rounds,
                                      "; instructions from callgrind (%d runs against %d)" %
                                      (2 * max(5, a.side_runs // 20), max(5, a.side_runs // 20))
                                      if ir else ""))
    rep.out()
    rep.out("| way | wall per run | CPU per run | instructions per run | CPU vs run | instructions vs run |")
    rep.out("|---|---|---|---|---|---|")
    names = {"run": "run — the loop of `luztar-cli run`", "measured": "run + the sweep's measures",
             "sweep": "`lz_sweep_run`, 1 job, CSV rows written"}
    for w in ("run", "measured", "sweep"):
        wall, cpu = med[w]
        rep.out("| %s | %.0f µs | %.0f µs | %s | %s | %s |" % (
            names[w], wall, cpu, "%.2f M" % (ir[w] / 1e6) if w in ir else "—",
            "—" if w == "run" else "%+.1f %%" % (100 * (cpu / med["run"][1] - 1)),
            "—" if w == "run" or w not in ir else "%+.2f %%" % (100 * (ir[w] / ir["run"] - 1))))
        rep.row(part="in-process", way=w, wall_per_run_us=round(wall, 1), cpu_per_run_us=round(cpu, 1),
                instructions_per_run=int(ir[w]) if w in ir else "")
    rep.out()
    return med, ir


# ---------------------------------------------------------------------------
# 2. Through the programs

def part_programs(a, rep, cli, tmp):
    n = a.cli_runs
    run_cmd = [cli, "run", "--t-end", a.t_end, "--sample", repr(float(a.t_end) / 2000), MODEL]
    sweep_cmd = [cli, "sweep", "--jobs", "1", "--t-end", a.t_end, "--set", "f1.level=0.6:0.6:%d" % n,
                 "-o", os.path.join(tmp, "same.csv"), MODEL]
    walls, cpus, loops, sweep_walls, sweep_cpus = [], [], [], [], []
    load0 = load()
    for _ in range(a.rounds):
        for _ in range(n):
            wall, cpu, text = timed(run_cmd, stdout=subprocess.PIPE)
            walls.append(wall)
            cpus.append(cpu)
            loops.append(float(re.search(r"wall time: ([0-9.]+) s", text).group(1)))
        wall, cpu, _ = timed(sweep_cmd)
        sweep_walls.append(wall)
        sweep_cpus.append(cpu)
    process = statistics.mean(walls)
    loop = statistics.mean(loops)
    start = process - loop
    sweep_wall = statistics.median(sweep_walls)
    sweep_per_run = (sweep_wall - start) / n
    rep.out("### 2. Through the programs")
    rep.out()
    rep.out("%d × (%d processes of `luztar-cli run --t-end %s --sample %g`, then one "
            "`luztar-cli sweep --jobs 1` of %d identical runs), load average %s:" %
            (a.rounds, n, a.t_end, float(a.t_end) / 2000, n, load0))
    rep.out()
    rep.out("| | wall per run | CPU per run |")
    rep.out("|---|---|---|")
    rep.out("| `luztar-cli run`: the whole process (mean of %d) | %.2f ms | %.2f ms |" %
            (len(walls), 1e3 * process, 1e3 * statistics.mean(cpus)))
    rep.out("| its integration loop, as it reports it | %.2f ms | — |" % (1e3 * loop))
    rep.out("| start-up, loading, summary (the difference) | %.2f ms | — |" % (1e3 * start))
    rep.out("| `luztar-cli sweep --jobs 1`: (wall − one start-up) / %d (median of %d) | %.2f ms | %.2f ms |"
            % (n, a.rounds, 1e3 * sweep_per_run, 1e3 * statistics.median(sweep_cpus) / n))
    rep.out()
    rep.out("The sweep's run against the loop of a `luztar-cli run`: %+.1f %% (wall time); against a "
            "whole `luztar-cli run` process: %.2f× faster." % (100 * (sweep_per_run / loop - 1),
                                                              process / sweep_per_run))
    rep.out()
    rep.row(part="programs", way="run-process", wall_per_run_us=round(1e6 * process, 1),
            cpu_per_run_us=round(1e6 * statistics.mean(cpus), 1))
    rep.row(part="programs", way="run-loop", wall_per_run_us=round(1e6 * loop, 1))
    rep.row(part="programs", way="sweep-jobs-1", wall_per_run_us=round(1e6 * sweep_per_run, 1),
            cpu_per_run_us=round(1e6 * statistics.median(sweep_cpus) / n, 1))
    return loop, sweep_per_run


# ---------------------------------------------------------------------------
# 3. The grid on cores and ranks

def part_scaling(a, rep, cli, mpi_cli, tmp):
    levels, stiffnesses = (int(x) for x in a.grid.lower().split("x"))
    runs = levels * stiffnesses
    grid = ["--t-end", a.t_end, "--set", "f1.level=0.1:1:%d" % levels,
            "--set", "k1.k=log:0.5:5:%d" % stiffnesses, MODEL]
    reference = os.path.join(tmp, "grid-jobs-1.csv")
    results = []
    cores = os.cpu_count()

    def one(label, workers, cmd, out, env=None, note=""):
        load0 = load()
        wall, cpu, _ = timed(cmd + ["-o", out] + grid, env=env)
        same = out == reference or open(out, "rb").read() == open(reference, "rb").read()
        results.append(dict(label=label, workers=workers, wall=wall, cpu=cpu, same=same, load=load0,
                            note=note))
        print("  %s: %.1f s" % (label, wall), file=sys.stderr, flush=True)

    one("`--jobs 1`", 1, [cli, "sweep", "--jobs", "1"], reference)
    one("`--jobs 2`", 2, [cli, "sweep", "--jobs", "2"], os.path.join(tmp, "grid-jobs-2.csv"))
    if mpi_cli:
        env = dict(os.environ)
        if os.geteuid() == 0:
            env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
        for np in (int(x) for x in a.ranks.split(",")):
            over = np > cores
            cmd = ["mpirun", "-np", str(np), "--bind-to", "none"] + (["--oversubscribe"] if over else [])
            one("`mpirun -np %d`" % np, np - 1, cmd + [mpi_cli, "sweep"],
                os.path.join(tmp, "grid-np-%d.csv" % np), env=env,
                note="%d processes on %d cores" % (np, cores) if over else "")

    base = results[0]["wall"]
    rep.out("### 3. A grid of %d runs on cores and ranks" % runs)
    rep.out()
    rep.out("`luztar-cli sweep --t-end %s --set f1.level=0.1:1:%d --set k1.k=log:0.5:5:%d "
            "friction-oscillator.luztar`; a worker is a thread (`--jobs`) or a rank other than "
            "rank 0 (`mpirun -np N`: N − 1 workers, one thread each, rank 0 hands out the runs "
            "and writes).  Speed-up: the `--jobs 1` wall time over this one." % (a.t_end, levels,
                                                                                stiffnesses))
    rep.out()
    rep.out("| how | workers | wall | per run | runs/s | speed-up | CPU (all processes) | "
            "load before | same file as `--jobs 1` | note |")
    rep.out("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        rep.out("| %s | %d | %.1f s | %.2f ms | %.0f | **%.2f×** | %.1f s | %s | %s | %s |" % (
            r["label"], r["workers"], r["wall"], 1e3 * r["wall"] / runs, runs / r["wall"],
            base / r["wall"], r["cpu"], r["load"], "yes" if r["same"] else "**no**", r["note"]))
        rep.row(part="grid", way=r["label"].strip("`"), workers=r["workers"], wall_s=round(r["wall"], 2),
                cpu_s=round(r["cpu"], 2), speedup=round(base / r["wall"], 3), same=r["same"])
    rep.out()
    return results, runs


def plot(results, png, cores, title):
    gnuplot = shutil.which("gnuplot")
    if gnuplot is None:
        print("(no gnuplot: no plot; apt-get install gnuplot-nox)", file=sys.stderr)
        return False
    base = results[0]["wall"]
    with tempfile.TemporaryDirectory() as d:
        local = os.path.join(d, "local.dat")
        mpi = os.path.join(d, "mpi.dat")
        with open(local, "w") as f:
            for r in results:
                if "jobs" in r["label"]:
                    f.write("%d %.4f\n" % (r["workers"], base / r["wall"]))
        with open(mpi, "w") as f:
            for r in results:
                if "mpirun" in r["label"]:
                    f.write("%d %.4f\n" % (r["workers"], base / r["wall"]))
        top = max(r["workers"] for r in results)
        high = max([cores] + [base / r["wall"] for r in results])
        script = """
set terminal pngcairo size 720,440 font ",11"
set output '%s'
set title "%s"
set xlabel "workers (threads of --jobs, or ranks besides rank 0)"
set ylabel "speed-up over --jobs 1"
set xrange [0.7:%g]
set yrange [0:%g]
set xtics 1
set key top left
set grid
set arrow from %d,0 to %d,%g nohead dashtype 3 lc rgb "gray40"
set label "%d cores" at %g,0.15 tc rgb "gray40"
plot x < %d ? x : %d with lines dashtype 2 lc rgb "gray50" title "ideal on %d cores", \\
     '%s' using 1:2 with linespoints pt 7 ps 1.3 lw 2 lc rgb "#1c71d8" title "luztar-cli sweep --jobs", \\
     '%s' using 1:2 with linespoints pt 5 ps 1.3 lw 2 lc rgb "#c01c28" title "mpirun -np workers+1"
""" % (png, title, top + 0.2, high + 0.6, cores, cores, high + 0.6, cores,
            cores + 0.08, cores, cores, cores, local, mpi if os.path.getsize(mpi) else local)
        subprocess.run([gnuplot], input=script, text=True, check=True)
    return True


def main():
    a = parse_args()
    cli = os.path.join(a.build, "src", "cli", "luztar-cli")
    bench = os.path.join(a.build, "bench", "bench-sweep")
    mpi_cli = os.path.join(a.mpi_build, "src", "cli", "luztar-cli") if a.mpi_build else None
    for path in [cli, bench] + ([mpi_cli] if mpi_cli else []):
        if not os.access(path, os.X_OK):
            sys.exit("%s is missing: meson compile -C %s" % (path, os.path.dirname(os.path.dirname(
                os.path.dirname(path)))))
    out = a.out or tempfile.mkdtemp(prefix="sweep-speed-")
    os.makedirs(out, exist_ok=True)
    rep = Report()
    started = time.time()
    rep.out("## Sweep speed, %s" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
    rep.out()
    rep.out("Machine: %s; Luztar built `%s`%s; load average at the start %s." % (
        machine(), buildtype(a.build), " (MPI build `%s`)" % buildtype(a.mpi_build) if a.mpi_build else "",
        load()))
    rep.out()
    with tempfile.TemporaryDirectory() as tmp:
        part_in_process(a, rep, bench)
        part_programs(a, rep, cli, tmp)
        results, runs = part_scaling(a, rep, cli, mpi_cli, tmp)
    png = os.path.join(out, "sweep-speed.png")
    if plot(results, png, os.cpu_count(), "luztar-cli sweep, %d runs of the friction oscillator, %d cores"
            % (runs, os.cpu_count())):
        rep.out("Plot: %s" % png)
    rep.out("The whole benchmark took %.0f s; load average at the end %s." % (time.time() - started, load()))
    with open(os.path.join(out, "sweep-speed.md"), "w") as f:
        f.write("\n".join(rep.lines) + "\n")
    with open(os.path.join(out, "sweep-speed.csv"), "w", newline="") as f:
        keys = []
        for r in rep.rows:
            keys += [k for k in r if k not in keys]
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rep.rows)
    print("(written to %s)" % out, file=sys.stderr)


if __name__ == "__main__":
    main()
