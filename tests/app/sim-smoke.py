#!/usr/bin/python3
# sim-smoke.py APP CLI OUTDIR [LANGUAGE] — the live simulation used as a
# person uses it: open the forced friction oscillator, press Run through its
# accessible button, wait for the end, compare the run with luztar-cli run on
# the same file (events exported over D-Bus), step to the next mode switch
# and check the time is the event's exactly, pause a real-time run, export
# plots as SVG and PNG, and keep a screenshot of every page.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import os
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402
from atspi_tap import app_environment, check, find_app, finish, nodes, quit_with_ctrl_q, wait_for  # noqa: E402
from atspi_tap import window_action as action  # noqa: E402

app_path, cli_path, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
language = sys.argv[4] if len(sys.argv) > 4 else ""
suffix = "-" + language if language else ""
outdir = os.path.join(outdir, "sim%s" % suffix)
os.makedirs(outdir, exist_ok=True)

NAMES = {
    "": {"run": "Run", "pause": "Pause", "reset": "Reset", "step-event": "Step to Next Switch",
         "pages": ["Plot", "Phase", "Modes", "Energy", "Events",
                                           "Matrices"],
         "finished": "Finished at t = ", "paused": "Paused at t = ", "next": "Next mode switch: ",
         "running": "Running", "reset-done": "Reset: ", "press": "Press Run", "stick": "stick",
         "breakpoint": "Paused on a mode switch: ", "time": "Time", "reached": "Reached t = ",
         "program": "Program Motion", "realization": "Realization: tangent",
         "not-imposed": "The run does not impose the prescribed motions: their forces are on the "
                        "Program Motion page"},
    "pl": {"run": "Uruchom", "pause": "Wstrzymaj", "reset": "Od początku",
           "step-event": "Do następnego przełączenia",
           "pages": ["Wykres", "Faza", "Tryby", "Energia", "Zdarzenia", "Macierze"],
           "finished": "Koniec w t = ", "paused": "Wstrzymano w t = ", "next": "Następne przełączenie: ",
           "running": "Symulacja trwa", "reset-done": "Od początku: ", "press": "Naciśnij",
           "stick": "przylganie", "breakpoint": "Wstrzymano na przełączeniu trybu: ", "time": "Czas",
           "reached": "Osiągnięto t = ", "program": "Ruch programowy",
           "realization": "Realizacja: styczna",
           "not-imposed": "Przebieg nie narzuca zadanych ruchów: ich siły są na stronie Ruch programowy"},
}[language]

def find(root, roles, name, timeout=10.0):
    if isinstance(roles, str):
        roles = (roles,)
    end = time.time() + timeout
    while time.time() < end:
        for n in nodes(root):
            if n.get_name() == name and (roles is None or n.get_role_name() in roles):
                return n
        time.sleep(0.1)
    return None


def press(button):
    """Presses a button through its accessible action, as a screen reader does."""
    action = button.get_action_iface()
    return action is not None and action.do_action(0)


def status_text(app):
    """The status line under the scrubber: the label whose text starts with
    one of the run's status words."""
    prefixes = (NAMES["finished"], NAMES["paused"], NAMES["next"], NAMES["running"],
                NAMES["reset-done"], NAMES["press"], NAMES["breakpoint"], NAMES["reached"])
    for n in nodes(app):
        if n.get_role_name() == "label" and (n.get_name() or "").startswith(prefixes):
            return n.get_name()
    return ""


def time_label(app):
    for n in nodes(app):
        if n.get_role_name() == "label" and (n.get_name() or "").startswith("t = "):
            return n.get_name()
    return ""


def wait_file(path, timeout=10.0):
    return wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0, timeout)


def read_events(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def last_time(trace_path):
    with open(trace_path) as f:
        rows = f.read().strip().splitlines()
    return rows[-1].split(",")[0]


def screenshot(name):
    path = os.path.join(outdir, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=True)
    return path


example = os.path.join(os.environ.get("LUZTAR_EXAMPLES_DIR", "data/examples"),
                       "friction-oscillator.luztar")
cli_events = os.path.join(outdir, "cli-events.csv")
subprocess.run([cli_path, "run", example, "--events", cli_events], check=True,
               stdout=subprocess.DEVNULL)
reference = read_events(cli_events)
switches = [e for e in reference if e["cause"] != "initial"]

env = app_environment(language)
log = open(os.path.join(outdir, "app.log"), "w")
proc = subprocess.Popen([app_path, example], env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    check(app is not None, "started on the forced friction oscillator")
    if app is None:
        raise SystemExit(1)
    run = find(app, "push button", NAMES["run"])
    check(run is not None, "the header bar has a Run button (%r)" % NAMES["run"])
    if run is None:
        raise SystemExit(1)

    # 1. Run to the end, as fast as possible (the example lasts 100 s).
    r = action("speed", "<'max'>", method="SetState")
    check(r.returncode == 0, "win.speed is set to 'max' over D-Bus (%s)" % r.stderr.strip())
    t0 = time.time()
    check(press(run), "Run is pressed through its accessible action")
    done = wait_for(lambda: status_text(app).startswith(NAMES["finished"]), timeout=60)
    check(done, "the run finishes (%.1f s): %r" % (time.time() - t0, status_text(app)))
    screenshot("finished")
    # The scrubber replays the run: the time shown, the canvas and the
    # plots' cursors follow it (set through its accessible value, as a
    # screen reader user would).
    scrubber = find(app, "slider", NAMES["time"], timeout=5)
    canvas_shots = []
    for t in (16.0, 0.0):
        ok = scrubber is not None and scrubber.get_value_iface().set_current_value(t)
        shown = wait_for(lambda: time_label(app) == "t = %.4f s" % t, 5)
        check(ok and shown, "the scrubber moves the shown instant to t = %g s (%r)" % (t, time_label(app)))
        time.sleep(0.3)
        canvas_shots.append(screenshot("scrub-%g" % t))
    diff = subprocess.run(["compare", "-metric", "AE", "-crop", "640x300+130+52", canvas_shots[0],
                           canvas_shots[1], "null:"], capture_output=True, text=True).stderr.strip()
    check(diff.split()[0].replace(".", "").isdigit() and float(diff.split()[0]) > 500,
          "the canvas shows the block elsewhere at t = 16 s than at 0 (%s pixels differ)" % diff)

    events = os.path.join(outdir, "gui-events.csv")
    if os.path.exists(events):
        os.unlink(events)
    r = action("export-events", "<'%s'>" % events)
    check(r.returncode == 0 and wait_file(events), "win.export-events writes %s" % events)
    gui = read_events(events) if os.path.exists(events) else []
    check(len(gui) == len(reference) and len(switches) > 4,
          "the GUI's run has the CLI's %d events (got %d)" % (len(reference), len(gui)))
    same = len(gui) == len(reference) and all(
        g["element"] == c["element"] and g["from"] == c["from"] and g["to"] == c["to"]
        and g["cause"] == c["cause"] and abs(float(g["t"]) - float(c["t"])) <= 1e-12 * max(1, abs(float(c["t"])))
        for g, c in zip(gui, reference))
    check(same, "every event (time, element, modes, cause) equals luztar-cli run's")

    def stick_intervals(rows):
        out, start = [], None
        for e in rows:
            if e["to"] == "stick":
                start = float(e["t"])
            elif e["from"] == "stick" and start is not None:
                out.append((start, float(e["t"])))
                start = None
        return out
    sticks = stick_intervals(gui)
    check(sticks == stick_intervals(reference) and len(sticks) >= 2,
          "the stick intervals match the CLI's: %s" % ", ".join("[%.4g, %.4g]" % s for s in sticks[:6]))

    # The mode timeline shows those intervals (its accessible description
    # lists each strip's intervals).
    modes_page = find(app, None, NAMES["pages"][2], timeout=5)
    if modes_page is not None:
        press(modes_page)
    time.sleep(0.5)
    timeline = next((n for n in nodes(app) if n.get_role_name() in ("image", "panel", "drawing area", "chart")
                     and NAMES["stick"] in (n.get_description() or "")), None)
    described = timeline.get_description() if timeline is not None else ""
    check(timeline is not None and ("%d × %s" % (len(sticks), NAMES["stick"])) in described,
          "the mode timeline tells screen readers its %d stick intervals (%r)" % (len(sticks), described[:120]))

    # 2. Reset, then step to the next switch three times: each stop is at
    #    the next event's time exactly (the exported trace ends there).
    reset = find(app, "push button", NAMES["reset"])
    check(reset is not None and press(reset), "Reset is pressed")
    step_event = find(app, "push button", NAMES["step-event"])
    check(step_event is not None, "the header bar has %r" % NAMES["step-event"])
    for k in range(3):
        before = status_text(app)
        press(step_event)
        wait_for(lambda: status_text(app) != before and status_text(app).startswith(NAMES["next"]), 10)
        trace = os.path.join(outdir, "step-%d.csv" % k)
        if os.path.exists(trace):
            os.unlink(trace)
        action("export-trace", "<'%s'>" % trace)
        wait_file(trace)
        t = last_time(trace) if os.path.exists(trace) else "nan"
        want = switches[k]["t"]
        check(float(t) == float(want),
              "step to next switch %d stops at t = %s, the event's time %s (%s)"
              % (k + 1, t, want, status_text(app)))

    # 3. Pause on every mode switch (win.break-any, the "Any element"
    #    check of the run settings): Run stops at the next switch, and again.
    press(reset)
    action("break-any", "<true>", method="SetState")
    action("speed", "<'max'>", method="SetState")
    for k in range(2):
        before = status_text(app)
        press(run)
        wait_for(lambda: status_text(app) != before and status_text(app).startswith(NAMES["breakpoint"]), 10)
        trace = os.path.join(outdir, "break-%d.csv" % k)
        if os.path.exists(trace):
            os.unlink(trace)
        action("export-trace", "<'%s'>" % trace)
        wait_file(trace)
        t = last_time(trace) if os.path.exists(trace) else "nan"
        check(float(t) == float(switches[k]["t"]),
              "a breakpoint on any switch pauses at t = %s, switch %d at %s (%s)"
              % (t, k + 1, switches[k]["t"], status_text(app)))
    action("break-any", "<false>", method="SetState")
    press(reset)
    wait_for(lambda: status_text(app).startswith(NAMES["reset-done"]), 5)

    # Run until a time (win.run-until, "Run until" in the run settings):
    # the run stops exactly there.
    r = action("run-until", "<2.5>")
    reached = wait_for(lambda: status_text(app).startswith(NAMES["reached"]), 10)
    trace = os.path.join(outdir, "until.csv")
    if os.path.exists(trace):
        os.unlink(trace)
    action("export-trace", "<'%s'>" % trace)
    wait_file(trace)
    t = last_time(trace) if os.path.exists(trace) else "nan"
    check(r.returncode == 0 and reached and abs(float(t) - 2.5) <= 1e-12,
          "win.run-until 2.5 stops at t = %s (%s)" % (t, status_text(app)))
    press(reset)

    # 4. A real-time run pauses at once and says so.
    action("speed", "<'1'>", method="SetState")
    press(run)
    # (among the run buttons only: a walk of the whole tree while the
    # window animates is slow under the sanitizers)
    controls = run.get_parent()
    pause = None
    end = time.time() + 10
    while pause is None and time.time() < end:
        pause = next((controls.get_child_at_index(i) for i in range(controls.get_child_count())
                      if controls.get_child_at_index(i).get_name() == NAMES["pause"]), None)
        time.sleep(0.1)
    check(pause is not None, "while running, Pause replaces Run")
    time.sleep(1.0)
    screenshot("running")
    t_pause = time.time()
    if pause is not None:
        press(pause)
    paused = wait_for(lambda: status_text(app).startswith(NAMES["paused"]), 5)
    check(paused, "Pause stops the run (%.0f ms to see it): %r"
          % (1000 * (time.time() - t_pause), status_text(app)))

    # 5. Every page, looked at; the plots exported.
    for i, page in enumerate(NAMES["pages"]):
        button = find(app, None, page, timeout=5)
        ok = button is not None and press(button)
        time.sleep(0.6)
        check(ok, "the %r page opens" % page)
        screenshot("page-%d" % i)
        if i < 4:
            for ext in ("svg", "png"):
                path = os.path.join(outdir, "plot-%d.%s" % (i, ext))
                if os.path.exists(path):
                    os.unlink(path)
                action("export-plot", "<'%s'>" % path)
                wait_file(path)
                data = open(path, "rb").read() if os.path.exists(path) else b""
                if ext == "svg":
                    good = b"<svg" in data[:400] and b"<path" in data and len(data) > 2000
                else:
                    good = data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
                check(good, "win.export-plot writes %s (%d bytes)" % (os.path.basename(path), len(data)))

    rc = quit_with_ctrl_q(proc, y=300)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    if proc.poll() is None:
        proc.kill()
    log.close()

# 6. A long run keeps the window responsive: 10^6 time steps of the same
#    model as fast as possible; Pause and Reset, called over D-Bus while it
#    runs, return at once (the call's time includes starting gdbus).
long_model = os.path.join(outdir, "long-run.luztar")
with open(example) as f:
    text = f.read()
import re  # noqa: E402
text = re.sub(r"<simulation[^>]*/>", '<simulation t-end="100" method="timestep" dt="1e-4"/>', text)
with open(long_model, "w") as f:
    f.write(text)
log = open(os.path.join(outdir, "app-long.log"), "w")
proc = subprocess.Popen([app_path, long_model], env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    run = find(app, "push button", NAMES["run"]) if app is not None else None
    check(run is not None, "started on a 10^6-step time-stepping run")
    if run is not None:
        time.sleep(1.0)
        action("speed", "<'max'>", method="SetState")
        t0 = time.time()
        press(run)
        time.sleep(0.3)
        t1 = time.time()
        r = action("pause")
        t2 = time.time()
        paused = wait_for(lambda: status_text(app).startswith(NAMES["paused"]), 5)
        text = status_text(app)
        check(r.returncode == 0 and paused and t2 - t1 < 0.5,
              "win.pause during the run returns in %.0f ms and the run is paused: %r" % (1000 * (t2 - t1), text))
        t_paused = float(text.split("t = ")[1].split()[0]) if paused else 0
        check(0 < t_paused < 100, "it paused in the middle (t = %g s of 100)" % t_paused)
        t1 = time.time()
        r = action("reset")
        t2 = time.time()
        check(r.returncode == 0 and wait_for(lambda: status_text(app).startswith(NAMES["reset-done"]), 5)
              and t2 - t1 < 0.5, "win.reset returns in %.0f ms and the run is back at 0" % (1000 * (t2 - t1)))
    rc = quit_with_ctrl_q(proc, y=300)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    if proc.poll() is None:
        proc.kill()
    log.close()

# 7. Program motion (paper 001): a model with a prescribed motion opens on
#    its Program Motion page; the analysis, run again over D-Bus, names the
#    realization; λ(t) exported as CSV equals `luztar-cli program --out` on
#    the same file, and the plot exports as PNG.
models = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "models")
program_model = os.path.join(models, "program-freeplay.luztar")
cli_forces = os.path.join(outdir, "cli-forces.csv")
subprocess.run([cli_path, "program", program_model, "--out", cli_forces], check=True,
               stdout=subprocess.DEVNULL)
log = open(os.path.join(outdir, "app-program.log"), "w")
proc = subprocess.Popen([app_path, program_model], env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    check(app is not None, "started on the program motion through a freeplay")
    if app is None:
        raise SystemExit(1)
    page = find(app, ["radio button", "toggle button", "push button", "page tab"], NAMES["program"], timeout=10)
    check(page is not None, "the switcher has a %r page for a model with a prescribed motion" % NAMES["program"])
    r = action("program-analyse")
    check(r.returncode == 0, "win.program-analyse is called over D-Bus (%s)" % r.stderr.strip())
    heading = find(app, "label", NAMES["realization"], timeout=30)
    check(heading is not None, "the page names the realization: %r" % NAMES["realization"])
    gui_forces = os.path.join(outdir, "gui-forces.csv")
    if os.path.exists(gui_forces):
        os.unlink(gui_forces)
    r = action("export-program", "<'%s'>" % gui_forces)
    wait_file(gui_forces, 30)
    rows_gui = list(csv.reader(open(gui_forces))) if os.path.exists(gui_forces) else []
    rows_cli = list(csv.reader(open(cli_forces)))
    check(rows_gui[:1] == rows_cli[:1] == [["t", "u1"]],
          "win.export-program writes λ(t) with the header t,u1 (%r)" % (rows_gui[:1],))
    worst = max((abs(float(a) - float(b)) for ra, rb in zip(rows_gui[1:], rows_cli[1:])
                 for a, b in zip(ra, rb)), default=float("inf"))
    check(len(rows_gui) == len(rows_cli) > 1000 and worst <= 1e-12,
          "the exported λ(t) equals luztar-cli program --out: %d rows, largest difference %.2g"
          % (len(rows_gui) - 1, worst))
    png = os.path.join(outdir, "program-plot.png")
    if os.path.exists(png):
        os.unlink(png)
    action("export-program", "<'%s'>" % png)
    wait_file(png)
    data = open(png, "rb").read() if os.path.exists(png) else b""
    check(data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000,
          "win.export-program writes the plot as PNG (%d bytes)" % len(data))
    subprocess.run(["xdotool", "mousemove", "1270", "790"], check=False)
    time.sleep(0.5)
    screenshot("program")
    # Run on such a model says once that the program is not imposed.
    run = find(app, "push button", NAMES["run"])
    check(run is not None and press(run), "Run is pressed on the program model")
    told = find(app, "label", NAMES["not-imposed"], timeout=10)
    check(told is not None, "the window says the run does not impose the prescribed motions")
    rc = quit_with_ctrl_q(proc, y=300)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    if proc.poll() is None:
        proc.kill()
    log.close()

finish()
