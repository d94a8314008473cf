#!/usr/bin/python3
# keys.py APP CLI OUTDIR — the window without a mouse (issue 21): a model
# built from the palette with Tab, Enter and the arrow keys (wall, mass,
# spring, friction), a parameter typed in the inspector (the row keeps the
# keyboard after Enter; Escape takes back what was typed), run with F5;
# the accessibility tree answers within a second while the run animates.
# Only synthetic key events reach the window (xdotool key); the pointer is
# never moved nor clicked.  The model is checked in files saved through
# win.save-as over D-Bus and with luztar-cli check.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
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
from gi.repository import Atspi  # noqa: E402
from atspi_tap import app_environment, check, find_app, finish, focus_window, nodes, wait_for, window_action  # noqa: E402
from atspi_tap import start_app, stop_app, wait_value  # noqa: E402

app_path, cli_path, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
outdir = os.path.join(outdir, "keys")
os.makedirs(outdir, exist_ok=True)
# (a query is a few calls on the bus; a whole walk of the tree is hundreds)
QUERY_LIMIT_S = 1.0


def key(*keys):
    subprocess.run(["xdotool", "key", "--delay", "80"] + list(keys), check=True)


def focused(root):
    """(role, name) of the node of ROOT's subtree with the keyboard focus, or
    None (a subtree, not the whole tree: cheap enough to ask after each key)."""
    for n in nodes(root):
        if n.get_state_set().contains(Atspi.StateType.FOCUSED):
            return n.get_role_name(), n.get_name()
    return None


def tab_to(root, name, backwards=False, limit=40):
    """Tab (or Shift+Tab) until the push button NAME of ROOT has the focus."""
    for _ in range(limit):
        if focused(root) == ("push button", name):
            return True
        key("shift+Tab" if backwards else "Tab")
        time.sleep(0.1)
    return focused(root) == ("push button", name)


def canvas_items(canvas):
    return sorted(n.get_name() for n in nodes(canvas) if n is not canvas and n.get_role_name() == "push button")


def screenshot(name):
    path = os.path.join(outdir, name + ".png")
    subprocess.run(["import", "-window", "root", path], check=True)
    return path


def saved(tag):
    """The model as the window has it: saved through win.save-as."""
    path = os.path.join(outdir, "%s.luztar" % tag)
    if os.path.exists(path):
        os.remove(path)
    window_action("save-as", "<'%s'>" % path)
    if not wait_for(lambda: os.path.exists(path) and os.path.getsize(path) > 0):
        return None, path
    return ET.parse(path).getroot(), path


def attribute(root, tag, item, name):
    node = root.find(".//%s[@id='%s']" % (tag, item)) if root is not None else None
    return node.get(name) if node is not None else None


env = app_environment("")
proc, log = start_app(app_path, [], os.path.join(outdir, "app.log"), env)
try:
    app = find_app("luztar")
    check(app is not None, "the application appears on the accessibility bus")
    if app is None:
        raise SystemExit(1)
    focus_window("^Luztar$")
    key("ctrl+n")
    canvas = wait_value(lambda: next((n for n in nodes(app) if n.get_name() == "Model canvas"), None))
    check(canvas is not None and wait_for(lambda: canvas_items(canvas) == ["Ground wall"]),
          "Ctrl+N: a new model with a wall")

    # 1. Tab reaches the palette; Enter arms Mass and gives the keys to the
    #    canvas's placement cursor; the arrows move it; Enter places.
    palette = next((n for n in nodes(app) if n.get_name() == "Palette"), None)
    check(palette is not None and tab_to(palette, "Mass"), "Tab reaches the palette's Mass (%s)" % (focused(app),))
    key("Return")
    check(wait_for(lambda: canvas.get_state_set().contains(Atspi.StateType.FOCUSED)),
          "Enter on Mass gives the keyboard to the canvas (%s)" % (focused(app),))
    first = canvas.get_description()
    check(re.match(r"^Mass at \(-?\d+, -?\d+\): Enter places it$", first),
          "the canvas says where Enter puts the mass (%r)" % first)
    key("Right", "Right", "Down")
    moved = canvas.get_description()
    xy0 = [int(v) for v in re.findall(r"-?\d+", first)[:2]]
    xy1 = [int(v) for v in re.findall(r"-?\d+", moved)[:2]]
    check(len(xy1) == 2 and xy1[0] - xy0[0] == 40 and xy1[1] - xy0[1] == 20,
          "Right, Right, Down move the cursor two grid steps right and one down (%r)" % moved)
    key("Up")
    screenshot("place-mass")
    key("Return")
    check(wait_for(lambda: "Mass m1" in canvas_items(canvas)), "Enter places the mass m1 (%s)" % canvas_items(canvas))
    root, _ = saved("mass")
    check(attribute(root, "body", "m1", "x") == str(xy0[0] + 40) and attribute(root, "body", "m1", "y") == str(xy0[1]),
          "m1 is where the cursor was: (%s, %s)" % (attribute(root, "body", "m1", "x"), attribute(root, "body", "m1", "y")))

    # 2. A spring between the wall and m1, a friction under m1: the cursor
    #    starts where they go; the canvas says so before Enter.
    check(tab_to(palette, "Spring", backwards=True), "Shift+Tab goes back to the palette's Spring")
    key("Return")
    time.sleep(0.3)
    said = canvas.get_description()
    check(said == "Spring between wall and m1: Enter places it", "the spring would go between wall and m1 (%r)" % said)
    screenshot("place-spring")
    key("Return")
    check(wait_for(lambda: "Spring k1" in canvas_items(canvas)), "Enter places the spring k1")
    check(tab_to(palette, "Friction", backwards=True), "Shift+Tab goes back to the palette's Friction")
    key("Return")
    time.sleep(0.3)
    said = canvas.get_description()
    check(said == "Friction between wall and m1: Enter places it", "the friction would rub m1 on the wall's ground (%r)" % said)
    key("Return")
    check(wait_for(lambda: canvas_items(canvas) == ["Friction f1", "Ground wall", "Mass m1", "Spring k1"]),
          "the canvas holds wall, m1, k1 and f1 (%s)" % canvas_items(canvas))
    # Escape disarms an armed kind: the cursor goes, the canvas tells the
    # model again
    check(tab_to(palette, "Damper", backwards=True), "Shift+Tab to Damper")
    key("Return")
    armed = wait_for(lambda: canvas.get_description().startswith("Damper "))
    key("Escape")
    check(armed and wait_for(lambda: canvas.get_description().startswith("New model: 1 body, 2 elements")),
          "Escape disarms it (%r)" % canvas.get_description())

    # 3. The inspector: Tab onto m1 on the canvas, Enter edits it (the keys go
    #    to its first parameter row), Tab to its mass.  After Enter the row
    #    keeps the keyboard with the cursor at the end; Escape takes back.
    for _ in range(6):
        if focused(canvas) == ("push button", "Mass m1"):
            break
        key("Tab")
        time.sleep(0.1)
    check(focused(canvas) == ("push button", "Mass m1"), "Tab walks onto m1 on the canvas (%s)" % (focused(app),))
    key("Return", "Tab")
    time.sleep(0.3)
    key("ctrl+a")
    subprocess.run(["xdotool", "type", "--delay", "60", "2"], check=True)
    key("Return")
    time.sleep(0.5)
    root, _ = saved("mass-2")
    check(attribute(root, "body", "m1", "mass") == "2", "the mass typed is taken (mass %s)" % attribute(root, "body", "m1", "mass"))
    subprocess.run(["xdotool", "type", "--delay", "60", "5"], check=True)
    key("Return")
    time.sleep(0.5)
    root, _ = saved("mass-25")
    check(attribute(root, "body", "m1", "mass") == "25" and attribute(root, "body", "m1", "kind") in (None, "translational"),
          "after Enter the mass row keeps the keyboard, the cursor at its end: typing 5 makes 25 "
          "(mass %s, kind %s)" % (attribute(root, "body", "m1", "mass"), attribute(root, "body", "m1", "kind")))
    subprocess.run(["xdotool", "type", "--delay", "60", "9"], check=True)
    key("Escape", "Return")
    time.sleep(0.5)
    root, path = saved("mass-escaped")
    check(attribute(root, "body", "m1", "mass") == "25", "Escape takes back the 9 typed (mass %s)" % attribute(root, "body", "m1", "mass"))
    ports = {i: (attribute(root, t, i, "a"), attribute(root, t, i, "b")) for t, i in (("spring", "k1"), ("friction", "f1"))}
    check(ports == {"k1": ("wall", "m1"), "f1": ("wall", "m1")}, "k1 and f1 connect wall and m1 (%s)" % ports)
    cli = subprocess.run([cli_path, "check", path], capture_output=True, text=True)
    check(cli.returncode == 0 and "1 body, 2 elements" in cli.stdout, "luztar-cli check accepts it: %s" % cli.stdout.strip())

    # 4. F5 runs it; while the run animates, the accessibility tree answers.
    key("F5")
    status = wait_value(lambda: next((n for n in nodes(app) if n.get_role_name() == "label"
                                      and (n.get_name() or "").startswith("Running")), None))
    check(status is not None, "F5 runs the model (%s)" % (status.get_name() if status else None))
    slowest = 0.0
    for _ in range(10):
        t0 = time.time()
        canvas.get_description()
        canvas.get_child_count()
        app.get_child_at_index(0).get_name()
        status.get_name()
        slowest = max(slowest, time.time() - t0)
        time.sleep(0.1)
    t0 = time.time()
    count = sum(1 for _ in nodes(app))
    walk = time.time() - t0
    check(slowest < QUERY_LIMIT_S, "during the run, queries answer within %g s (slowest %.3f s; a walk of all "
          "%d nodes %.2f s)" % (QUERY_LIMIT_S, slowest, count, walk))
    screenshot("running")
    # (a slow machine may have reached the end first)
    key("F6")
    check(wait_for(lambda: (status.get_name() or "").startswith(("Paused at t = ", "Finished at t = "))),
          "F6 pauses it (%r)" % status.get_name())
    key("ctrl+q")
    try:
        rc = proc.wait(10)
    except subprocess.TimeoutExpired:
        rc = None
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    stop_app(proc, log)
finish()
