#!/usr/bin/python3
# tour.py APP OUTDIR SOURCE_ROOT — the README's five-minute walk-through as
# a person follows it, which also makes the pictures of the README and the
# user guide: open the gallery (Ctrl+Shift+O), open the forced friction
# oscillator from its card, run it (until 30 s, so that the plots show a
# few cycles), step to the next mode switch (F8), look at the plot and at
# the mode timeline; then the Matrices view of the two carts,
# the Program Motion view of the motor through a freeplay, and F1 (the
# guide).  Each screenshot (the window only) is compared with its committed
# copy in help/C/figures/: same size and at most 2 % of the pixels off by
# more than 10 % — the text of a run's wall time and the like may change,
# a changed window may not.  With LUZTAR_UPDATE_PICTURES=1 the screenshots
# replace the committed copies instead (docs/testing.md, "Pictures").
# Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402
from atspi_tap import check, checks, find_app, finish, nodes, wait_for  # noqa: E402

app_path, outdir, source_root = sys.argv[1], sys.argv[2], sys.argv[3]
outdir = os.path.join(outdir, "tour")
os.makedirs(outdir, exist_ok=True)
figures = os.path.join(source_root, "help", "C", "figures")
update = os.environ.get("LUZTAR_UPDATE_PICTURES") == "1"
examples = os.environ.get("LUZTAR_EXAMPLES_DIR", os.path.join(source_root, "data", "examples"))

def find(root, roles, name, timeout=10.0, prefix=False):
    if isinstance(roles, str):
        roles = (roles,)
    end = time.time() + timeout
    while time.time() < end:
        for n in nodes(root):
            got = n.get_name() or ""
            if (got.startswith(name) if prefix else got == name) \
                    and (roles is None or n.get_role_name() in roles):
                return n
        time.sleep(0.1)
    return None


def press(node):
    action = node.get_action_iface() if node is not None else None
    return action is not None and action.do_action(0)


def window_action(name, *params):
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                           "--object-path", "/org/luztar/Luztar/window/1",
                           "--method", "org.gtk.Actions.Activate", name,
                           "[" + ", ".join(params) + "]", "{}"], capture_output=True, text=True)


def app_action(name):
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                           "--object-path", "/org/luztar/Luztar",
                           "--method", "org.gtk.Actions.Activate", name, "[]", "{}"],
                          capture_output=True, text=True)


def status_text(app):
    """The status line under the scrubber: the label that starts with one
    of the run's status words."""
    prefixes = ("Finished at t = ", "Paused at t = ", "Next mode switch: ", "Running",
                "Reset: ", "Press Run", "Paused on a mode switch: ", "Reached t = ")
    for n in nodes(app):
        if n.get_role_name() == "label" and (n.get_name() or "").startswith(prefixes):
            return n.get_name()
    return ""


def picture(app, name):
    """The main window (at the screen's origin: there is no window manager)
    cut out of a screenshot, then compared with or written to the guide's
    figure of that name."""
    # The pointer off the window: no hover highlight, no tooltip.
    subprocess.run(["xdotool", "mousemove", "1275", "795"], check=True)
    time.sleep(0.6)
    frame = next((n for n in nodes(app) if n.get_role_name() == "frame"), None)
    e = frame.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
    shot = os.path.join(outdir, name + ".png")
    subprocess.run(["import", "-window", "root", "-crop", "%dx%d+0+0" % (e.width, e.height),
                    "+repage", shot], check=True)
    committed = os.path.join(figures, name + ".png")
    if update:
        shutil.copyfile(shot, committed)
        check(True, "help/C/figures/%s.png written (%dx%d)" % (name, e.width, e.height))
        return
    size = lambda p: subprocess.run(["identify", "-format", "%wx%h", p], capture_output=True,
                                    text=True).stdout.strip()
    if size(shot) != size(committed):
        check(False, "help/C/figures/%s.png is %s, the window now %s (update: "
                     "LUZTAR_UPDATE_PICTURES=1 meson test -C build tour)" % (name, size(committed), size(shot)))
        return
    diff = os.path.join(outdir, name + "-diff.png")
    r = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", committed, shot, diff],
                       capture_output=True, text=True)
    try:
        differing = float(r.stderr.split()[0])
    except (IndexError, ValueError):
        differing = float("inf")
    total = e.width * e.height
    check(differing <= 0.02 * total,
          "help/C/figures/%s.png is up to date: %d of %d pixels differ (diff: %s; update: "
          "LUZTAR_UPDATE_PICTURES=1 meson test -C build tour)" % (name, differing, total, diff))


env = dict(os.environ)
env.pop("GTK_A11Y", None)
env["GSK_RENDERER"] = env.get("GSK_RENDERER", "cairo")
env["G_DEBUG"] = "gc-friendly,fatal-criticals"
env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
env["LANGUAGE"] = "C"


def start(*args):
    log = open(os.path.join(outdir, "app-%d.log" % len(checks)), "w")
    proc = subprocess.Popen([app_path, *args], env=env, stdout=log, stderr=subprocess.STDOUT)
    return proc, log, find_app("luztar")


def stop(proc, log):
    subprocess.run(["xdotool", "mousemove", "600", "400", "key", "ctrl+q"])
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


# 1. The gallery, and the forced friction oscillator opened from its card.
proc, log, app = start()
try:
    check(app is not None, "Luztar starts")
    if app is None:
        raise SystemExit(1)
    time.sleep(1.0)
    subprocess.run(["xdotool", "mousemove", "600", "400", "key", "ctrl+shift+o"], check=True)
    card = find(app, None, "Forced friction oscillator", timeout=10)
    check(card is not None, "Ctrl+Shift+O shows the gallery with the forced friction oscillator")
    if card is None:
        raise SystemExit(1)
    time.sleep(0.8)
    picture(app, "gallery")
    # The card is further down: scroll the gallery until it shows.
    frame = next(n for n in nodes(app) if n.get_role_name() == "frame")
    height = frame.get_component_iface().get_extents(Atspi.CoordType.WINDOW).height
    for _ in range(30):
        e = card.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        if 60 < e.y and e.y + e.height // 2 < height - 40:
            break
        subprocess.run(["xdotool", "mousemove", "500", "400", "click", "5"], check=True)
        time.sleep(0.15)
    time.sleep(0.5)
    e = card.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
    subprocess.run(["xdotool", "mousemove", str(e.x + e.width // 2), str(e.y + e.height // 3),
                    "click", "1"], check=True)
    run = find(app, "push button", "Run", timeout=10)
    check(run is not None, "a click on the card opens the example")

    # 2. Run (as fast as possible) until t = 30 s, then step to the next
    # mode switch: the status line names it, the plots show the run so far.
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                    "--object-path", "/org/luztar/Luztar/window/1", "--method",
                    "org.gtk.Actions.SetState", "speed", "<'max'>", "{}"], capture_output=True)
    r = window_action("run-until", "<30.0>")
    check(r.returncode == 0 and wait_for(lambda: status_text(app).startswith("Reached t = "), 30),
          "the run goes on until t = 30 s (%r)" % status_text(app))
    before = status_text(app)
    r = window_action("step-event")
    wait_for(lambda: status_text(app).startswith("Next mode switch: ") and status_text(app) != before, 15)
    check(r.returncode == 0 and " f1: " in status_text(app),
          "Step to Next Switch stops at the next switch: %r" % status_text(app))
    time.sleep(0.8)
    picture(app, "window")
    modes = find(app, None, "Modes", timeout=5)
    check(press(modes), "the Modes view opens")
    time.sleep(0.8)
    picture(app, "switch")

    # 3. F1 opens the guide; here, without a help viewer or a browser, the
    # message says where its pages are.
    r = app_action("help")
    dialog = find(app, None, "Help Unavailable", timeout=10)
    check(r.returncode == 0 and dialog is not None,
          "app.help (F1) answers: no viewer here, so a message says where the guide is")
    close = find(app, "push button", "Close", timeout=5) if dialog is not None else None
    if close is not None:
        press(close)
        time.sleep(0.3)
finally:
    stop(proc, log)

# 4. The Matrices view of the two carts with a stop.
proc, log, app = start(os.path.join(examples, "two-carts-stop.luztar"))
try:
    page = find(app, None, "Matrices", timeout=10) if app is not None else None
    check(press(page), "the Matrices view opens for the two carts with a stop")
    find(app, None, "Equations of motion", timeout=5, prefix=True)
    time.sleep(1.0)
    picture(app, "matrices")
finally:
    stop(proc, log)

# 5. The Program Motion view of the motor driving a cart through a freeplay.
proc, log, app = start(os.path.join(examples, "motor-through-freeplay.luztar"))
try:
    page = find(app, ["radio button", "toggle button", "push button", "page tab"], "Program Motion",
                timeout=10) if app is not None else None
    check(press(page), "the Program Motion view opens for the motor through a freeplay")
    heading = find(app, "label", "Realization: ", timeout=30, prefix=True)
    check(heading is not None, "the view names the realization (%r)"
          % (heading.get_name() if heading is not None else None))
    time.sleep(1.0)
    picture(app, "program")
finally:
    stop(proc, log)

finish()
