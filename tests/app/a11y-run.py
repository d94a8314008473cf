#!/usr/bin/python3
# a11y-run.py APP OUTDIR — the accessibility tree answers during a run (issue 21).
# A screen reader asks the window things while the model moves: here the
# vehicle of paper 002 (thousands of chattering impacts, each a row of the
# event log) runs in slow motion with its Events page shown, so the canvas,
# the plots, the time label, the scrubber and the log all change every
# frame for as long as the checks take.  While it animates the script,
# as Orca would, fetches the window's children, finds a button by its
# name, reads the time label and the window's title, each timed: each
# must answer within QUERY_LIMIT_S.  Without the throttle of what the
# animation announces (ANNOUNCE_USEC in src/app/luztar-sim-panel.c) these
# queries waited for a backlog of accessible changes.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402
from atspi_tap import app_environment, check, find_app, finish, focus_window, nodes  # noqa: E402
from atspi_tap import quit_with_ctrl_q, start_app, stop_app, wait_value, window_action  # noqa: E402

app_path, outdir = sys.argv[1], sys.argv[2]
outdir = os.path.join(outdir, "a11y-run")
os.makedirs(outdir, exist_ok=True)
example = os.path.join(os.environ.get("LUZTAR_EXAMPLES_DIR", "data/examples"), "paper002-ex53-vehicle.luztar")
# The resting tyre chatters on the road every other step (thousands of
# events a second); the run lasts T_END s of the model's time.
T_END = "60"
# What a person waits for an answer at most (issue 21: "within a second").
QUERY_LIMIT_S = 1.0
# Changes of names, values and texts a screen reader is told a second,
# at most, while the run animates: the time label and the scrubber change
# four times a second (ANNOUNCE_USEC), not every frame (60 a second).
ANNOUNCE_MAX_PER_S = 8
# How deep "the top of the tree" goes.  Each call waits for the window's
# main loop, busy drawing the animation: a read of n calls takes about n
# frames, so the whole tree (over a thousand nodes) takes seconds even
# with nothing announced; the top levels are what a screen reader reads
# first when the window gets the keyboard.
TREE_DEPTH = 4
# Rounds of the queries while the run animates, a pause between them.
ROUNDS = 12
PAUSE_S = 0.25
# The run's pace: real time, the 60 s of the model (T_END) longer than the
# checks.
SPEED = "1"


events = {}


def on_event(event):
    events[event.type] = events.get(event.type, 0) + 1


def pause(seconds):
    """Waits SECONDS while taking the events that arrive, as a screen
    reader does between two questions."""
    end = time.time() + seconds
    context = GLib.MainContext.default()
    while time.time() < end:
        while context.iteration(False):
            pass
        time.sleep(0.01)


def timed(query):
    """QUERY's value and how long it took (s)."""
    t0 = time.time()
    value = query()
    return value, time.time() - t0


def top_of_tree(node, depth=TREE_DEPTH):
    """The roles and names of NODE and its descendants DEPTH levels down,
    as a screen reader reads the window when it gets the keyboard."""
    found = [(node.get_role_name(), node.get_name())]
    if depth > 0:
        for i in range(node.get_child_count()):
            child = node.get_child_at_index(i)
            if child is not None:
                found += top_of_tree(child, depth - 1)
    return found


def find_button(app, name):
    """The push button called NAME: the first in a walk of the tree, as a
    screen reader's "find" does it."""
    return next((n for n in nodes(app) if n.get_role_name() == "push button" and n.get_name() == name), None)


def time_label(app):
    return next((n for n in nodes(app) if n.get_role_name() == "label"
                 and (n.get_name() or "").startswith("t = ")), None)


long_run = os.path.join(outdir, "vehicle-long.luztar")
with open(example) as f:
    text = f.read()
with open(long_run, "w") as f:
    f.write(re.sub(r't-end="[^"]*"', 't-end="%s"' % T_END, text, count=1))
env = app_environment("")
proc, log = start_app(app_path, [long_run], os.path.join(outdir, "app.log"), env)
try:
    app = find_app("luztar")
    check(app is not None, "started on the vehicle of paper 002")
    if app is None:
        raise SystemExit(1)
    focus_window("[Vv]ehicle")
    window_action("show-page", "<'events'>")
    r = window_action("speed", "<'%s'>" % SPEED, method="SetState")
    check(r.returncode == 0, "win.speed is %s (%s)" % (SPEED, r.stderr.strip()))
    subprocess.run(["xdotool", "key", "F5"], check=True)
    status = wait_value(lambda: next((n for n in nodes(app) if n.get_role_name() == "label"
                                      and (n.get_name() or "").startswith("Running")), None))
    check(status is not None, "F5 runs it (%s)" % (status.get_name() if status else None))
    label = wait_value(lambda: time_label(app))
    listener = Atspi.EventListener.new(on_event)
    for kind in ("object:property-change:accessible-name", "object:property-change:accessible-value",
                 "object:text-changed", "object:children-changed", "object:state-changed",
                 "object:property-change:accessible-description", "object:value-changed"):
        listener.register(kind)
    pause(0.5)
    events.clear()
    started = time.time()
    window = app.get_child_at_index(0)
    times = {"children": [], "tree": [], "button": [], "label": [], "title": []}
    n_nodes = 0
    seen_times = set()
    found = True
    for _ in range(ROUNDS):
        _, dt = timed(lambda: [window.get_child_at_index(i) for i in range(window.get_child_count())])
        times["children"].append(dt)
        n_nodes, dt = timed(lambda: len(top_of_tree(window)))
        times["tree"].append(dt)
        button, dt = timed(lambda: find_button(app, "Pause"))
        times["button"].append(dt)
        found = found and button is not None
        if label is not None:
            text, dt = timed(label.get_name)
            times["label"].append(dt)
            seen_times.add(text)
        _, dt = timed(window.get_name)
        times["title"].append(dt)
        pause(PAUSE_S)
    elapsed = time.time() - started
    still = (status.get_name() or "") if status is not None else ""
    subprocess.run(["import", "-window", "root", os.path.join(outdir, "running.png")], check=False)
    check(still.startswith("Running"), "the run still animates after the queries (%r)" % still)
    check(len(seen_times) >= 3, "the time label moves meanwhile (%d values: %s)"
          % (len(seen_times), sorted(seen_times)[:4]))
    check(found, "the Pause button is found by its name in every round")
    announced = sum(n for kind, n in events.items() if kind.startswith(("object:property-change", "object:text",
                                                                        "object:value")))
    check(announced <= ANNOUNCE_MAX_PER_S * elapsed,
          "the animation announces at most %g changes a second (%d in %.1f s: %s)"
          % (ANNOUNCE_MAX_PER_S, announced, elapsed, sorted(events.items())))
    # A question of one or a few calls answers within the limit every
    # time; a search of tens of calls (each waits for the window's main
    # loop between two frames) does so typically: its median.
    for what, text, typical in (("children", "the window's children are listed", False),
                                ("label", "the time label is read", False),
                                ("title", "the window's name is read", False),
                                ("tree", "the top of the tree (%d nodes, %d levels) is read" % (n_nodes, TREE_DEPTH), True),
                                ("button", "a walk finds the Pause button by name", True)):
        measured = sorted(times[what])
        value = measured[len(measured) // 2] if typical else measured[-1]
        said = ("median %.3f s, " % value if typical else "") + "slowest %.3f s of %d" % (measured[-1], len(measured))
        check(measured and value < QUERY_LIMIT_S, "during the run %s within %g s (%s)" % (text, QUERY_LIMIT_S, said))
    subprocess.run(["xdotool", "key", "F6"], check=True)
    rc = quit_with_ctrl_q(proc)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    stop_app(proc, log)
finish()
