#!/usr/bin/python3
# scaling.py BUILDDIR [options] — benchmark B4 (the chain of N masses with
# friction and a stop on each, bench/gen-chain.py) against N, in one run on
# one machine (bench/README.md, "Scaling"): for each N, side by side,
#
#  (a) luztar-cli run --method timestep (sampled every --sample seconds),
#  (b) luztar-cli run --method event, for the small N only (--max-n-event),
#  (c) b4-reference, the O(N) reference of the same scheme (b4-reference.c),
#  (d) Siconos' B4 program (b4_chain.py of the folder SICONOS_ANCHORS names,
#      kept outside this repository; Debian's python3-siconos) where it runs
#      (--max-n-siconos), in its fastest configuration (friction lumped,
#      PGS relay solver, Delassus blocks reused).
#
# Each program is run twice: in full, and a short run (set-up, loading and
# one step; Siconos two), whose CPU time taken from the full run's is the
# loop's CPU time — luztar-cli reports only its loop's wall time, and on a
# shared machine wall time is mostly waiting.  The reference reports its
# loop's CPU time itself.  CPU times come from wait4, the peak memory of
# the program alone from /usr/bin/time; every run is limited to
# --mem-limit GiB of address space (prlimit) and --timeout seconds.
# --repeat R runs each program R times per N, interleaved, and keeps the
# best (and the median); --against CLI runs a second luztar-cli beside the
# build's (a copy of main's).
# --t-end T runs the reference and the time-stepping runs to T instead of
# B4's 10 s (a loop long enough to measure at small N).
# Written: OUTDIR/scaling.csv, Markdown tables on stdout and, with
# gnuplot, the log-log plot OUTDIR/scaling.png: time and memory against N,
# with the log-log slope of Luztar's time-stepping loop and its ratio to
# the reference at each N.  Not a test: run by hand, e.g.
#   meson compile -C build
#   SICONOS_ANCHORS=… bench/scaling.py build               # writes bench/scaling.*
#   bench/scaling.py build --n 10,100,1000 --out /tmp/s    # a quick try
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import csv
import json
import math
import os
import platform
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_N = "10,30,100,300,1000,3000,10000,30000,100000"
# B4's reference value (bench/README.md, "The cases"), for N ≥ 100
REF_QN, REF_VN = -0.0524327759, 0.4151687218
FIELDS = ["program", "N", "t_end", "status", "loop_wall_s", "loop_cpu_s", "setup_wall_s", "setup_cpu_s",
          "setup_peak_MB", "process_wall_s", "process_cpu_s", "peak_MB", "steps", "events", "flops",
          "qN", "vN", "dqN_vs_reference", "note", "runs", "loop_cpu_median_s"]
# The short run of each program (set-up, loading, one step of h = 1e-3;
# Siconos two), whose CPU time is taken from the full run's as the loop's
SHORT_T = 1e-3


def parse_args():
    p = argparse.ArgumentParser(description="B4 against N: Luztar, the O(N) reference, Siconos")
    p.add_argument("build")
    p.add_argument("--n", default=DEFAULT_N, help="the N to run (default %s)" % DEFAULT_N)
    p.add_argument("--max-n", type=int, default=None, help="cut the list at this N")
    p.add_argument("--max-n-luztar", type=int, default=10000,
                   help="largest N for luztar-cli (default 10000: today's dense set-up needs "
                        "≈ 5 GB there and ≈ 50 bytes·N² beyond)")
    p.add_argument("--luztar-cap-reason", choices=["memory", "time"], default="memory",
                   help="what the table says above --max-n-luztar (default memory)")
    p.add_argument("--max-n-event", type=int, default=100,
                   help="largest N for the event-driven method (default 100)")
    p.add_argument("--t-end", type=float, default=10.0,
                   help="the time-stepping runs' and the reference's end (default B4's 10 s; longer resolves "
                        "the loop of small N on a loaded machine)")
    p.add_argument("--event-t-end", type=float, default=10.0,
                   help="end time of the event-driven runs (default 10 s, the whole case)")
    p.add_argument("--max-n-siconos", type=int, default=100, help="largest N for Siconos (default 100)")
    p.add_argument("--siconos", default=os.environ.get("SICONOS_ANCHORS", ""),
                   help="folder with Siconos' b4_chain.py (default: $SICONOS_ANCHORS)")
    p.add_argument("--siconos-from", metavar="CSV",
                   help="where Siconos does not run here: its rows from an earlier run's scaling.csv "
                        "(marked so in the note column and the report)")
    p.add_argument("--sample", default="1", help="luztar-cli's --sample (default 1 s: 11 rows)")
    p.add_argument("--mem-limit", type=float, default=8.0,
                   help="address-space limit of each run in GiB (default 8): a run beyond it "
                        "fails instead of swapping the shared machine")
    p.add_argument("--timeout", type=float, default=900.0, help="seconds per run (default 900)")
    p.add_argument("--repeat", type=int, default=1,
                   help="runs of each program per N, interleaved (the reference, Luztar, --against, …, "
                        "then again): each figure is the best of them — the reference's least loop CPU, "
                        "Luztar's least full run less its least one-step run — with the median beside "
                        "it (default 1)")
    p.add_argument("--against", metavar="CLI",
                   help="a second luztar-cli (e.g. a copy of main's) run side by side with the build's "
                        "(time-stepping), as the program luztar-timestep-against")
    p.add_argument("--out", default=HERE, help="folder for scaling.csv and .png (default bench/)")
    p.add_argument("--note", default="", help="a line about the build measured, for the report")
    p.add_argument("--replot", metavar="CSV", help="only draw OUTDIR/scaling.png again from CSV (--note: its title)")
    a = p.parse_args()
    a.n = sorted(int(x) for x in a.n.split(","))
    if a.max_n is not None:
        a.n = [n for n in a.n if n <= a.max_n]
    return a


def run(cmd, timeout, mem_gib, cwd=None, env=None):
    """Runs CMD under an address-space limit of MEM_GIB; returns a dict of
    status, stdout, wall and CPU time and peak memory.  The CPU time is
    wait4's (to the microsecond), the peak memory /usr/bin/time's of the
    program alone: a child forked from this script would count the
    script's own resident memory in its peak."""
    limit = int(mem_gib * 2 ** 30)
    fd, times = tempfile.mkstemp(suffix=".time")
    os.close(fd)
    wrapped = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", times,
               "prlimit", "--as=%d" % limit, "--", *cmd]
    with tempfile.TemporaryFile(mode="w+") as out, tempfile.TemporaryFile(mode="w+") as err:
        t0 = time.monotonic()
        proc = subprocess.Popen(wrapped, stdout=out, stderr=err, cwd=cwd, env=env,
                                start_new_session=True)
        status = None
        while True:
            pid, code, ru = os.wait4(proc.pid, os.WNOHANG)
            if pid != 0:
                break
            if time.monotonic() - t0 > timeout:
                os.killpg(proc.pid, signal.SIGKILL)      # the group this script started
                pid, code, ru = os.wait4(proc.pid, 0)
                status = "stopped after %.0f s" % timeout
                break
            time.sleep(0.01)
        wall = time.monotonic() - t0
        proc.returncode = os.waitstatus_to_exitcode(code)
        out.seek(0)
        err.seek(0)
        text, errtext = out.read(), err.read()
    with open(times) as f:
        measured = f.read().split("\n")
    os.remove(times)
    fields = [line.split() for line in measured if re.match(r"^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$", line)]
    if status is None:
        if proc.returncode == 0:
            status = "ok"
        elif any("signal" in line for line in measured) or "memory" in errtext.lower():
            status = "failed (memory guard %g GiB?)" % mem_gib
        else:
            status = "failed: " + (errtext.strip().splitlines() or ["exit %d" % proc.returncode])[-1][:120]
    return dict(status=status, text=text, wall=wall, cpu=ru.ru_utime + ru.ru_stime,
                peak=float(fields[-1][3]) / 1024.0 if fields else None)


def result(full, short, t_end):
    """A row from the full run and the short one (set-up, loading and a
    step or two): the loop's CPU time is their difference."""
    row = dict(status=full["status"], process_wall_s=full["wall"], process_cpu_s=full["cpu"],
               peak_MB=full["peak"], t_end=t_end)
    if short is not None and short["status"] == "ok":
        row.update(setup_cpu_s=short["cpu"], setup_wall_s=short["wall"], setup_peak_MB=short["peak"])
        if full["status"] == "ok":
            row["loop_cpu_s"] = max(full["cpu"] - short["cpu"], 0.0)
    return row


def last_row(csv_path, n):
    """qN and vN of the trace's last row (columns m<N>.q, m<N>.v)."""
    with open(csv_path) as f:
        header = f.readline().strip().split(",")
        last = None
        for line in f:
            last = line
    values = last.strip().split(",")
    return float(values[header.index("m%d.q" % n)]), float(values[header.index("m%d.v" % n)])


def luztar(a, cli, chain, n, method, t_end, tmp):
    out = os.path.join(tmp, "trace.csv")

    def cmd(t):
        return [cli, "run", "--method", method, "--t-end", repr(t), "--sample", a.sample, "--out", out, chain]

    short = run(cmd(SHORT_T), a.timeout, a.mem_limit)
    full = run(cmd(t_end), a.timeout, a.mem_limit)
    row = result(full, short, t_end)
    m = re.search(r"steps: (\d+), events: (\d+), wall time: ([0-9.]+) s", full["text"])
    if full["status"] == "ok" and m:
        row.update(steps=int(m.group(1)), events=int(m.group(2)), loop_wall_s=float(m.group(3)))
        row["qN"], row["vN"] = last_row(out, n)
        it = re.search(r"contact problems: \d+, ([0-9.]+) iterations each", full["text"])
        if it and method == "timestep":
            row["note"] = "%s sweeps/step" % it.group(1)
        rhs = re.search(r"right-hand-side evaluations: \d+ \(([0-9.]+) per event\)", full["text"])
        if rhs:
            row["note"] = "%s right-hand sides/event" % rhs.group(1)
    if os.path.exists(out):
        os.remove(out)
    return row


def reference(a, exe, n):
    full = run([exe, str(n), "--t-end", repr(a.t_end)], a.timeout, a.mem_limit)
    row = result(full, None, a.t_end)
    text = full["text"]
    m = re.search(r"loop: wall ([0-9.]+) s, CPU ([0-9.]+) s, ([0-9.]+) flops per mass", text)
    q = re.search(r"qN = (\S+), vN = (\S+)", text)
    s = re.search(r"steps: (\d+)", text)
    sw = re.search(r"sweeps: ([0-9.]+) per step", text)
    if full["status"] == "ok" and m and q:
        row.update(loop_wall_s=float(m.group(1)), loop_cpu_s=float(m.group(2)),
                   qN=float(q.group(1).rstrip(",")), vN=float(q.group(2)), steps=int(s.group(1)),
                   flops=float(m.group(3)), note="%s sweeps/step" % sw.group(1))
    return row


def siconos(a, n, tmp):
    script = os.path.join(a.siconos, "b4_chain.py")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    args = ["/usr/bin/python3", script, "--N", str(n), "--friction", "lumped", "--relay-solver", "pgs",
            "--reuse-blocks"]
    # two steps: with T = h Siconos 4.4 aborts after the step
    short = run(args + ["--T", repr(2 * SHORT_T)], a.timeout, a.mem_limit, cwd=tmp, env=env)
    full = run(args, a.timeout, a.mem_limit, cwd=tmp, env=env)
    row = result(full, short, 10.0)
    row["note"] = "friction lumped, PGS, blocks reused"
    js = os.path.join(tmp, "b4_N%d_lumped_pgs_reuse.json" % n)
    if full["status"] == "ok" and os.path.exists(js):
        with open(js) as f:
            r = json.load(f)
        row.update(loop_wall_s=r["wall_time_loop_s"], qN=r["qN_final"], vN=r["vN_final"],
                   steps=r["steps"])
    for name in os.listdir(tmp):
        if name.startswith("b4_N") and name.endswith(".json"):
            os.remove(os.path.join(tmp, name))
    return row


def siconos_from(path):
    """Siconos' rows of an earlier run's CSV, by N (its measured ones)."""
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["program"] != "siconos" or r["status"] != "ok":
                continue
            row = {k: (float(v) if v and k not in ("program", "status", "note") else v) for k, v in r.items()}
            row["N"] = int(r["N"])
            row["note"] = "%s; from %s, an earlier run" % (r["note"], os.path.basename(path))
            rows[row["N"]] = row
    return rows


def have_siconos(a):
    if not a.siconos or not os.path.exists(os.path.join(a.siconos, "b4_chain.py")):
        return "no b4_chain.py: set SICONOS_ANCHORS or --siconos"
    if subprocess.run(["/usr/bin/python3", "-c", "import siconos.kernel"],
                      capture_output=True).returncode:
        return "python3-siconos is not installed"
    return None


def fmt_mb(row):
    if row is None or row["status"] != "ok" or not row.get("peak_MB"):
        return "—"
    return "%.0f MB" % row["peak_MB"] if row["peak_MB"] >= 10 else "%.1f MB" % row["peak_MB"]


def ok(row):
    return row is not None and row["status"] == "ok" and row.get("loop_wall_s")


def slope(points):
    """Least-squares slope of log y against log x."""
    if len(points) < 2:
        return float("nan")
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx > 0 else float("nan")


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cc = subprocess.run(["cc", "--version"], capture_output=True, text=True).stdout.splitlines()
    head = subprocess.run(["git", "-C", HERE, "log", "-1", "--format=%h %s"], capture_output=True,
                          text=True).stdout.strip()
    return "%d × %s, %s, %s; source at %s" % (
        os.cpu_count() or 0, cpu, platform.platform(), cc[0] if cc else "cc ?", head[:90])


def plot(rows, png, title):
    gnuplot = shutil.which("gnuplot")
    if gnuplot is None:
        print("(no gnuplot: no plot; apt-get install gnuplot-nox)", file=sys.stderr)
        return False
    series = [("luztar-timestep", "loop_cpu_s", "Luztar time-stepping, loop", "#1c71d8", 7),
              ("luztar-timestep", "process_cpu_s", "Luztar time-stepping, whole process", "#62a0ea", 6),
              ("luztar-event", "loop_cpu_s", "Luztar event-driven, loop", "#26a269", 9),
              ("reference", "loop_cpu_s", "O(N) reference, loop", "#000000", 5),
              ("siconos", "loop_cpu_s", "Siconos 4.4 (its fastest options), loop", "#c01c28", 11)]
    memory = [("luztar-timestep", "Luztar time-stepping", "#1c71d8", 7),
              ("luztar-event", "Luztar event-driven", "#26a269", 9),
              ("reference", "O(N) reference", "#000000", 5),
              ("siconos", "Siconos 4.4", "#c01c28", 11)]
    with tempfile.TemporaryDirectory() as d:
        def data(name, pred, col):
            path = os.path.join(d, "%s-%s.dat" % (name, col))
            with open(path, "w") as f:
                for r in rows:
                    if r["program"] == name and r["status"] == "ok" and r.get(col):
                        f.write("%d %g\n" % (r["N"], r[col]))
            return path if os.path.getsize(path) else None

        t_plots = []
        for name, col, label, colour, pt in series:
            path = data(name, None, col)
            if path:
                t_plots.append("'%s' using 1:2 with linespoints pt %d ps 1.2 lw 2 lc rgb '%s' title '%s'"
                               % (path, pt, colour, label))
        m_plots = []
        for name, label, colour, pt in memory:
            path = data(name, None, "peak_MB")
            if path:
                m_plots.append("'%s' using 1:2 with linespoints pt %d ps 1.2 lw 2 lc rgb '%s' title '%s'"
                               % (path, pt, colour, label))
        ns = [r["N"] for r in rows]
        lo, hi = min(ns) / 1.5, max(ns) * 1.5
        script = """
set terminal pngcairo size 1200,500 font ",10"
set output '%s'
set multiplot layout 1,2 title "%s"
set logscale xy
set format x "10^{%%L}"
set format y "10^{%%L}"
set xrange [%g:%g]
set grid
set key bottom right font ",9"
set xlabel "N (masses)"
set ylabel "CPU time for t = 0 … 10 s (s)"
set title "CPU time"
f(x) = 1e-4 * x
plot %s, f(x) with lines dashtype 2 lc rgb 'gray50' title 'slope 1'
set ylabel "peak memory (MB)"
set title "memory (peak resident set)"
set key top left
plot %s
unset multiplot
""" % (png, title, lo, hi, ", ".join(t_plots), ", ".join(m_plots))
        subprocess.run([gnuplot], input=script, text=True, check=True)
    return True


def replot(a):
    with open(a.replot) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["N"] = int(r["N"])
        for k in ("loop_cpu_s", "process_cpu_s", "peak_MB"):
            r[k] = float(r[k]) if r[k] else ""
    plot(rows, os.path.join(a.out, "scaling.png"),
         "B4 chain, t = 0 … 10 s, h = 10^{-3}: %s" % (a.note or os.path.basename(a.replot)))


def main():
    a = parse_args()
    if a.replot:
        return replot(a)
    cli = os.path.join(a.build, "src", "cli", "luztar-cli")
    ref = os.path.join(a.build, "bench", "b4-reference")
    for path in (cli, ref):
        if not os.access(path, os.X_OK):
            sys.exit("%s is missing: meson compile -C %s" % (path, a.build))
    no_siconos = have_siconos(a)
    os.makedirs(a.out, exist_ok=True)
    load0 = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = []
    earlier = siconos_from(a.siconos_from) if a.siconos_from else {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in a.n:
            chain = os.path.join(tmp, "chain.luztar")
            with open(chain, "w") as f:
                subprocess.run([sys.executable, os.path.join(HERE, "gen-chain.py"), str(n)], stdout=f,
                               check=True)
            todo = [("reference", lambda: reference(a, ref, n), None)]
            todo.append(("luztar-timestep", lambda: luztar(a, cli, chain, n, "timestep", a.t_end, tmp),
                         None if n <= a.max_n_luztar else "not run (%s)" % a.luztar_cap_reason))
            todo.append(("luztar-event", lambda: luztar(a, cli, chain, n, "event", a.event_t_end, tmp),
                         None if n <= a.max_n_event else "not run (time)"))
            todo.append(("siconos", lambda: siconos(a, n, tmp),
                         no_siconos and "not run (no Siconos)"
                         or (None if n <= a.max_n_siconos else "not run (time)")))
            if no_siconos and n in earlier:
                todo[-1] = ("siconos", lambda: earlier[n], None)
            if a.against:
                todo.insert(2, ("luztar-timestep-against",
                                lambda: luztar(a, a.against, chain, n, "timestep", a.t_end, tmp),
                                None if n <= a.max_n_luztar else "not run (%s)" % a.luztar_cap_reason))
            runs = {name: [] for name, _, _ in todo}
            for rep in range(a.repeat):
                for name, job, skip in todo:
                    if skip or (rep > 0 and (name == "siconos" and no_siconos)):
                        continue
                    row = dict.fromkeys(FIELDS, "")
                    row.update(program=name, N=n)
                    row.update(job())
                    runs[name].append(row)
                    print("N = %-6d %-16s %-22s loop CPU %s (wall %s), process CPU %s, %s" % (
                        n, name, row["status"][:22], secs(row["loop_cpu_s"]), secs(row["loop_wall_s"]),
                        secs(row["process_cpu_s"]), fmt_mb(row)), file=sys.stderr, flush=True)
            for name, _, skip in todo:
                rows.append(best_of(runs[name], name, n, skip))
    load1 = os.getloadavg()
    if no_siconos:
        print("Siconos not run: %s" % no_siconos, file=sys.stderr)

    # the agreement with the reference program, N by N
    by = {(r["program"], r["N"]): r for r in rows}
    for r in rows:
        rr = by.get(("reference", r["N"]))
        if r["program"] != "reference" and ok(r) and ok(rr) and r["t_end"] == rr["t_end"]:
            r["dqN_vs_reference"] = abs(r["qN"] - rr["qN"])

    with open(os.path.join(a.out, "scaling.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) and k not in ("qN", "vN") else v)
                        for k, v in r.items()})

    text = report(a, rows, by, no_siconos, started, load0, load1)
    print(text)
    if plot(rows, os.path.join(a.out, "scaling.png"),
            "B4 chain, t = 0 … 10 s, h = 10^{-3}: one run, %s" % started):
        print("plot: %s" % os.path.join(a.out, "scaling.png"), file=sys.stderr)


def best_of(runs, name, n, skip):
    """The best of RUNS (the interleaved repeats of one program at one N),
    with how many there were and the median.  A program timed by its
    short run (Luztar, Siconos) takes the least CPU of its full runs less
    the least of its short runs — the least of differences would take the
    noise of a slow short run for speed — and the run of least CPU for the
    rest of its row; the reference, timing its loop itself, its least."""
    row = dict.fromkeys(FIELDS, "")
    row.update(program=name, N=n)
    if skip or not runs:
        row["status"] = skip or "not run"
        return row
    good = [r for r in runs if r["status"] == "ok" and r.get("loop_cpu_s") != ""]
    if not good:
        return runs[-1]

    def median(xs):
        xs, mid = sorted(xs), len(xs) // 2
        return xs[mid] if len(xs) % 2 else 0.5 * (xs[mid - 1] + xs[mid])

    best = dict(min(good, key=lambda r: r["process_cpu_s"]))
    if all(r.get("setup_cpu_s") not in ("", None) for r in good):
        full = [r["process_cpu_s"] for r in good]
        short = [r["setup_cpu_s"] for r in good]
        best["loop_cpu_s"] = max(min(full) - min(short), 0.0)
        best["setup_cpu_s"] = min(short)
        best["loop_cpu_median_s"] = max(median(full) - median(short), 0.0)
    else:
        best = dict(min(good, key=lambda r: r["loop_cpu_s"]))
        best["loop_cpu_median_s"] = median([r["loop_cpu_s"] for r in good])
    best["runs"] = len(good)
    return best


def side_by_side(a, by):
    """The table of the interleaved runs: best and median loop CPU of the
    reference, this build and --against, and the ratios of the bests."""
    def med(r):
        return secs(r["loop_cpu_median_s"]) if r.get("loop_cpu_median_s") != "" else "—"

    lines = ["| N | reference: best (median) | **Luztar: best** (median) | **ratio** (of medians) | "
             "--against: best (median) | its ratio (of medians) |", "|---|---|---|---|---|---|"]
    for n in a.n:
        rr, ts, ag = (by.get((p, n)) for p in ("reference", "luztar-timestep", "luztar-timestep-against"))
        cells = ["%d" % n, "%s (%s)" % (secs(rr["loop_cpu_s"]), med(rr)) if ok(rr) else rr["status"]]
        for r in (ts, ag):
            if r is None or not ok(r) or not ok(rr):
                cells += [r["status"] if r is not None else "—", "—"]
                continue
            ratio = r["loop_cpu_s"] / max(rr["loop_cpu_s"], 1e-6)
            mratio = (r["loop_cpu_median_s"] / max(rr["loop_cpu_median_s"], 1e-6)
                      if r.get("loop_cpu_median_s") != "" and rr.get("loop_cpu_median_s") != "" else None)
            cells += ["%s (%s)" % (secs(r["loop_cpu_s"]), med(r)),
                      "%.2f× (%s)" % (ratio, "%.2f×" % mratio if mratio else "—")]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def secs(x):
    return "%.3g s" % x if x != "" and x is not None else "—"


def report(a, rows, by, no_siconos, started, load0, load1):
    lines = []
    out = lines.append
    out("One run of `bench/scaling.py` started %s. Machine: %s. Load average at the start %.1f, "
        "at the end %.1f (2 cores, shared)." % (started, machine(), load0[0], load1[0]))
    if a.repeat > 1:
        out("")
        out("Each figure is the best of %d runs per program and N, interleaved (the reference, "
            "Luztar%s, …, then again): the reference's least loop CPU; Luztar's least CPU of its full "
            "runs less the least of its one-step runs (medians likewise)." % (
                a.repeat, ", the --against build" if a.against else ""))
    if a.note:
        out("")
        out(a.note)
    out("")
    out("| N | reference loop CPU | **Luztar time-stepping loop CPU** (its wall) | **ratio** | "
        "Luztar set-up and loading CPU | Luztar event-driven loop CPU | Siconos loop CPU (its wall) |")
    out("|---|---|---|---|---|---|---|")
    ratios, pts, walls = [], [], []
    for n in a.n:
        rr, ts, ed, sc = (by[(p, n)] for p in ("reference", "luztar-timestep", "luztar-event", "siconos"))
        ratio = "—"
        if ok(rr) and ok(ts):
            ratios.append((n, ts["loop_cpu_s"] / max(rr["loop_cpu_s"], 1e-6),
                           ts["loop_wall_s"] / max(rr["loop_wall_s"], 1e-6)))
            ratio = "**%.1f×**" % ratios[-1][1]
        if ok(ts):
            pts.append((n, max(ts["loop_cpu_s"], 1e-4)))
            walls.append((n, ts["loop_wall_s"]))
        ed_t = ed["status"]
        if ok(ed):
            ed_t = "%s (%d events, %.2g ms each%s%s)" % (
                secs(ed["loop_cpu_s"]), ed["events"], 1e3 * ed["loop_cpu_s"] / max(ed["events"], 1),
                "; " + ed["note"] if ed["note"] else "",
                "" if ed["t_end"] == 10.0 else "; t-end %g s" % ed["t_end"])
        out("| %d | %s | %s | %s | %s | %s | %s |" % (
            n, secs(rr["loop_cpu_s"]) if ok(rr) else rr["status"],
            "**%s** (%s)" % (secs(ts["loop_cpu_s"]), secs(ts["loop_wall_s"])) if ok(ts) else ts["status"],
            ratio, secs(ts["setup_cpu_s"]) if ok(ts) else "—", ed_t,
            "%s (%s)" % (secs(sc["loop_cpu_s"]), secs(sc["loop_wall_s"])) if ok(sc) else sc["status"]))
    if a.repeat > 1 or a.against:
        out("")
        out(side_by_side(a, by))
    out("")
    out("| N | peak memory: reference | Luztar time-stepping | of it set-up (a 1-step run) | "
        "Luztar event-driven | Siconos | qN(10) of the reference | its difference: Luztar TS, Siconos |")
    out("|---|---|---|---|---|---|---|---|")
    for n in a.n:
        rr, ts, ed, sc = (by[(p, n)] for p in ("reference", "luztar-timestep", "luztar-event", "siconos"))
        out("| %d | %s | %s | %s | %s | %s | %s | %s, %s |" % (
            n, fmt_mb(rr), fmt_mb(ts), fmt_mb(dict(ts, peak_MB=ts["setup_peak_MB"])), fmt_mb(ed),
            fmt_mb(sc), "%.10f" % rr["qN"] if ok(rr) else "—",
            "%.1e" % ts["dqN_vs_reference"] if ts["dqN_vs_reference"] != "" else "—",
            "%.1e" % sc["dqN_vs_reference"] if sc["dqN_vs_reference"] != "" else "—"))
    if no_siconos:
        out("")
        out("Siconos: not run (%s)." % no_siconos)
    out("")
    flops = [r["flops"] for r in rows if r["program"] == "reference" and ok(r)]
    if flops:
        out("The reference does %s floating-point operations per mass and step (counted from "
            "its loops: additions, multiplications, divisions)." % (
                "%.1f" % min(flops) if min(flops) == max(flops) else "%.1f–%.1f" % (min(flops), max(flops))))
    local = ["%d→%d: %.2f" % (n0, n1, math.log(t1 / t0) / math.log(n1 / n0))
             for (n0, t0), (n1, t1) in zip(pts, pts[1:])]
    out("Log-log slope of Luztar's time-stepping loop CPU against N: **%.2f** over all N measured, "
        "%.2f for N ≥ 1000 (wall: %.2f, %.2f); between neighbours %s." % (
            slope(pts), slope([p for p in pts if p[0] >= 1000]), slope(walls),
            slope([p for p in walls if p[0] >= 1000]), ", ".join(local)))
    out("The reference's slope: %.2f." % slope([(r["N"], max(r["loop_cpu_s"], 1e-4)) for r in rows
                                               if r["program"] == "reference" and ok(r)]))
    out("Luztar's loop over the reference's, CPU (wall): %s." % ", ".join(
        "N = %d: %.1f× (%.1f×)" % r for r in ratios))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
