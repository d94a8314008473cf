#!/usr/bin/python3
# compare.py APP CLI OUTDIR — both methods over each other (issue 21): F9
# runs the forced friction oscillator event-driven and with time-stepping
# on the Compare page; the largest |q_ed − q_ts| it shows, and where, is
# the one computed here from two `luztar-cli run --sample DT --out`
# traces; the exports (CSV, PNG, SVG) hold both traces, and the mode rows
# of both methods count the CLI's stick intervals; the accessibility tree
# answers within a second during a run with its event log shown.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import math
import os
import re
import subprocess
import sys
import time
import warnings
import xml.etree.ElementTree as ET

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from atspi_tap import app_environment, check, find_app, finish, nodes, quit_with_ctrl_q  # noqa: E402
from atspi_tap import focus_window, start_app, stop_app, wait_for, wait_value, window_action  # noqa: E402

app_path, cli_path, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
outdir = os.path.join(outdir, "compare")
os.makedirs(outdir, exist_ok=True)
example = os.path.join(os.environ.get("LUZTAR_EXAMPLES_DIR", "data/examples"), "friction-oscillator.luztar")
# The window samples both runs on one grid: every step up to 200 000 rows
# (src/app/sim/luztar-compare.c), as --sample does here.
MAX_ROWS = 200000
# (a query is a few calls on the bus; a whole walk of the tree is hundreds)
QUERY_LIMIT_S = 1.0
# The colours of the two methods' lines (src/app/plot/luztar-overlay.c).
BLUE, ORANGE = (28, 112, 217), (230, 97, 0)

sim = ET.parse(example).getroot().find("simulation")
t_end, dt = float(sim.get("t-end")), float(sim.get("dt"))
sample = dt * max(1, math.ceil(t_end / dt / MAX_ROWS - 1e-9))


def cli_run(method):
    out = os.path.join(outdir, "cli-%s.csv" % method)
    events = os.path.join(outdir, "cli-%s-events.csv" % method)
    subprocess.run([cli_path, "run", example, "--method", method, "--sample", repr(sample), "--out", out,
                    "--events", events], check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        rows = list(csv.DictReader(f))
    with open(events) as f:
        sticks = sum(1 for e in csv.DictReader(f) if e["to"] == "stick")
    # the first row at each instant (an event on a sample instant has two)
    first = {}
    for r in rows:
        first.setdefault(r["t"], r)
    return first, sticks


ed, ed_sticks = cli_run("event")
ts, ts_sticks = cli_run("timestep")
shared = sorted((t for t in ts if t in ed), key=float)
largest, where = 0.0, None
for t in shared:
    d = abs(float(ed[t]["m1.q"]) - float(ts[t]["m1.q"]))
    if where is None or d > largest:
        largest, where = d, float(t)
check(len(shared) >= t_end / sample, "luztar-cli's two traces share %d instants (every %g s)" % (len(shared), sample))


def shown_summary(app):
    return next((n.get_name() for n in nodes(app) if n.get_role_name() == "label"
                 and (n.get_name() or "").startswith(("Largest |q_ed", "Cannot compare", "Stopped early"))), None)


def export(path):
    if os.path.exists(path):
        os.remove(path)
    r = window_action("export-plot", "<'%s'>" % path)
    return r.returncode == 0 and wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0)


def pixels_near(png, rgb, tolerance=40):
    """How many pixels of the PNG are within TOLERANCE of the colour RGB."""
    ppm = subprocess.run(["convert", png, "-depth", "8", "ppm:-"], capture_output=True, check=True).stdout
    parts = ppm.split(maxsplit=4)
    data = parts[4]
    return sum(1 for i in range(0, len(data) - 2, 3)
               if abs(data[i] - rgb[0]) + abs(data[i + 1] - rgb[1]) + abs(data[i + 2] - rgb[2]) < tolerance)


env = app_environment("")
proc, log = start_app(app_path, [example], os.path.join(outdir, "app.log"), env)
try:
    app = find_app("luztar")
    check(app is not None, "started on the forced friction oscillator")
    if app is None:
        raise SystemExit(1)
    focus_window("friction oscillator")
    t0 = time.time()
    subprocess.run(["xdotool", "key", "F9"], check=True)
    check(wait_for(lambda: shown_summary(app) is not None, 60), "F9 runs both methods (%.1f s): %r"
          % (time.time() - t0, shown_summary(app)))
    summary = shown_summary(app) or ""
    m = re.match(r"^Largest \|q_ed − q_ts\| of m1: (\S+) m at t = (\S+) s$", summary)
    check(m is not None, "the page says the largest difference and where (%r)" % summary)
    if m is not None:
        value, t = float(m.group(1)), float(m.group(2))
        # (shown to 4 and 6 significant digits)
        check(abs(value - largest) <= 5e-4 * largest and abs(t - where) <= 5e-6 * max(1.0, where),
              "it is the largest |q_ed − q_ts| of luztar-cli's traces: %.6g m at t = %.9g s (shown %s m at %s s)"
              % (largest, where, m.group(1), m.group(2)))
    overlay = next((n for n in nodes(app) if n.get_name() == "Both methods over each other"), None)
    described = overlay.get_description() if overlay is not None else ""
    check(("f1 (event-driven): %d × stick" % ed_sticks) in described
          and ("f1 (time-stepping, h = %g s): %d × stick" % (dt, ts_sticks)) in described,
          "the mode rows of both methods hold luztar-cli's %d and %d stick intervals (%r)"
          % (ed_sticks, ts_sticks, described))
    time.sleep(0.5)
    subprocess.run(["import", "-window", "root", os.path.join(outdir, "compare-page.png")], check=True)

    # The exports hold both traces.
    csv_path = os.path.join(outdir, "compare.csv")
    check(export(csv_path), "win.export-plot writes %s" % csv_path)
    with open(csv_path) as f:
        rows = list(csv.DictReader(f))
    header = list(rows[0].keys()) if rows else []
    check(header == ["t", "m1.q.event", "m1.q.timestep", "m1.v.event", "m1.v.timestep"],
          "the CSV has both methods' columns (%s)" % header)
    worst, missing = 0.0, 0
    scale = max(abs(float(r["m1.q"])) for r in ed.values())
    for r in rows:
        a, b = ed.get(r["t"]), ts.get(r["t"])
        if a is None or b is None:
            missing += 1
            continue
        worst = max(worst, abs(float(r["m1.q.event"]) - float(a["m1.q"])), abs(float(r["m1.q.timestep"]) - float(b["m1.q"])))
    check(len(rows) == len(shared) and missing == 0 and worst <= 1e-12 * scale,
          "its %d rows are luztar-cli's two traces at their shared instants (largest deviation %.3g m)"
          % (len(rows), worst))
    png = os.path.join(outdir, "compare.png")
    check(export(png), "win.export-plot writes %s" % png)
    if os.path.exists(png):
        blue, orange = pixels_near(png, BLUE), pixels_near(png, ORANGE)
        check(blue > 200 and orange > 200, "the PNG draws both lines (%d blue, %d orange pixels)" % (blue, orange))
    svg = os.path.join(outdir, "compare.svg")
    check(export(svg), "win.export-plot writes %s" % svg)
    if os.path.exists(svg):
        strokes = set(re.findall(r"stroke:rgb\(([\d.]+)%,\s*([\d.]+)%,\s*([\d.]+)%\)", open(svg).read()))
        colours = [tuple(round(float(c) * 2.55) for c in s) for s in strokes]
        has = [any(sum(abs(c[i] - want[i]) for i in range(3)) < 6 for c in colours) for want in (BLUE, ORANGE)]
        check(all(has), "the SVG strokes both lines (%s)" % sorted(colours))
    # A run that switches modes often, its event log on show (what updated
    # the accessibility tree every frame): queries still answer at once.
    window_action("show-page", "<'events'>")
    subprocess.run(["xdotool", "key", "F5"], check=True)
    status = wait_value(lambda: next((n for n in nodes(app) if n.get_role_name() == "label"
                                      and (n.get_name() or "").startswith("Running")), None))
    slowest = 0.0
    for _ in range(20):
        t0 = time.time()
        app.get_child_at_index(0).get_name()
        if status is not None:
            status.get_name()
        overlay.get_description()
        slowest = max(slowest, time.time() - t0)
        time.sleep(0.1)
    t0 = time.time()
    count = sum(1 for _ in nodes(app))
    walk = time.time() - t0
    check(status is not None and slowest < QUERY_LIMIT_S,
          "during a run with its event log shown, queries answer within %g s (slowest %.3f s; a walk of "
          "all %d nodes %.2f s)" % (QUERY_LIMIT_S, slowest, count, walk))
    subprocess.run(["xdotool", "key", "F6"], check=True)
    rc = quit_with_ctrl_q(proc)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    stop_app(proc, log)

# A comparison that would take long (a step of 1 µs over 100 s): Stop, as
# a screen reader presses it, lets go of both runs at once.
fine = os.path.join(outdir, "friction-oscillator-fine.luztar")
with open(example) as f:
    text = f.read()
with open(fine, "w") as f:
    f.write(re.sub(r'dt="[^"]*"', 'dt="1e-6"', text, count=1))
proc, log = start_app(app_path, [fine], os.path.join(outdir, "app-stop.log"), env)
try:
    app = find_app("luztar")
    focus_window("friction oscillator")
    subprocess.run(["xdotool", "key", "F9"], check=True)
    stop = wait_value(lambda: next((n for n in nodes(app) if n.get_role_name() == "push button"
                                    and n.get_name() == "Stop both runs"), None))
    pressed = stop is not None and stop.get_action_iface().do_action(0)
    stopped = wait_for(lambda: any(n.get_role_name() == "label" and n.get_name() == "Stopped: both runs are dropped."
                                   for n in nodes(app)), 10)
    check(pressed and stopped and proc.poll() is None, "Stop lets go of a long comparison")
finally:
    stop_app(proc, log)

# A model neither method can start from: the page says why, in words.
refused = os.path.join(os.environ.get("LUZTAR_SOURCE_ROOT", "."), "tests", "data", "models", "numbers.luztar")
proc, log = start_app(app_path, [refused], os.path.join(outdir, "app-refused.log"), env)
try:
    app = find_app("luztar")
    focus_window("^Numbers$")
    subprocess.run(["xdotool", "key", "F9"], check=True)
    said = wait_value(lambda: next((n.get_name() for n in nodes(app) if n.get_role_name() == "label"
                                    and (n.get_name() or "").startswith("Cannot compare the methods: ")), None),
                      20)
    check(said is not None and "Event-driven: " in said and "violates stop “s”" in said,
          "F9 on a model whose initial state violates a stop says why (%r)" % said)
finally:
    stop_app(proc, log)
finish()
