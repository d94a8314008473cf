#!/usr/bin/python3
# smoke.py APP OUTDIR [LANGUAGE] — start the real luztar binary, find its
# main window and header-bar buttons through the accessibility tree, take a
# screenshot, check it is not blank and keep it in OUTDIR.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import time
import warnings
import json
import xml.etree.ElementTree as ET

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402
from atspi_tap import app_environment, check, find_app, finish, nodes, quit_with_ctrl_q  # noqa: E402
from atspi_tap import start_app, stop_app, wait_for, window_action  # noqa: E402

app_path, outdir = sys.argv[1], sys.argv[2]
language = sys.argv[3] if len(sys.argv) > 3 else ""
os.makedirs(outdir, exist_ok=True)
suffix = "-" + language if language else ""
shot = os.path.join(outdir, "main-window%s.png" % suffix)

# The names the test looks for, per language (they are the .ui strings).
NAMES = {
    "": {"mass": "Mass", "spring": "Spring", "friction": "Friction", "stop": "Stop", "ground": "Ground",
         "new": "New model",
         "open": "Open", "menu": "Main Menu", "canvas": "Model canvas", "title": "No Model Open",
         "copy": "Untitled copy of an example", "save?": "Save Changes?",
         "recover?": "Recover Unsaved Work?",
         "example": "Forced friction oscillator", "watch": "What to Watch",
         "described": "sinusoidal force", "card": "Block pulled through a spring",
         "two carts": "Two carts and a stop"},
    "pl": {"mass": "Masa", "spring": "Sprężyna", "friction": "Tarcie", "stop": "Ogranicznik",
           "ground": "Podłoże", "new": "Nowy model",
           "open": "Otwórz", "menu": "Menu główne", "canvas": "Płótno modelu", "title": "Brak otwartego modelu",
           "copy": "Kopia przykładu bez nazwy", "save?": "Zapisać zmiany?",
           "recover?": "Odzyskać niezapisaną pracę?",
           "example": "Wymuszony oscylator z tarciem", "watch": "Na co patrzeć",
           "described": "siłą sinusoidalną", "card": "Klocek ciągnięty przez sprężynę",
           "two carts": "Dwa wózki i ogranicznik"},
}[language]

def drawn(n):
    """Whether N takes room on the screen (a widget on a hidden page of a
    stack is in the tree with no size; GTK 4.8 sets no SHOWING state)."""
    component = n.get_component_iface()
    if component is None:
        return True
    e = component.get_extents(Atspi.CoordType.WINDOW)
    return e.width > 0 and e.height > 0 or n.get_role_name() in ("application", "frame")


def find(root, roles, name, timeout=10.0):
    """The first node named NAME whose role is one of ROLES (a string, or
    None for any role)."""
    if isinstance(roles, str):
        roles = (roles,)
    end = time.time() + timeout
    while time.time() < end:
        for n in nodes(root):
            if n.get_name() == name and (roles is None or n.get_role_name() in roles) and drawn(n):
                return n
        time.sleep(0.1)
    return None


def start(args, log_name, app_env):
    """Start the app with ARGS, its output in OUTDIR/LOG_NAME."""
    return start_app(app_path, args, os.path.join(outdir, log_name), app_env)


stop = stop_app


def window_title(app):
    frames = [n for n in nodes(app) if n.get_role_name() == "frame"]
    return frames[0].get_name() if len(frames) == 1 else ""


def click_below(node, dx, dy):
    e = node.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
    subprocess.run(["xdotool", "mousemove", str(e.x + dx), str(e.y + dy), "click", "1"], check=True)


def edit_mass(app, value):
    """In the inspector: click the body m1 in the list of items, type VALUE
    into its mass row, Enter.  Returns the item and the row found."""
    item = find(app, "label", "m1", timeout=5)
    row = None
    if item is not None:
        e = item.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        click_below(item, 5, e.height // 2)
        row = find(app, "label", "mass (kg)", timeout=5)
        if row is not None:
            e = row.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
            click_below(row, 10, e.height + 10)
            time.sleep(0.3)
            subprocess.run(["xdotool", "key", "ctrl+a", "type", value], check=True)
            subprocess.run(["xdotool", "key", "Return"], check=True)
    return item, row


def extents(node):
    return node.get_component_iface().get_extents(Atspi.CoordType.WINDOW)


def centre(node):
    e = extents(node)
    return e.x + e.width // 2, e.y + e.height // 2


def drag_and_drop(sx, sy, tx, ty):
    """A drag from the palette to the canvas as a person makes it, with the
    pauses GTK's X11 drag and drop needs (docs/testing.md, the GUI tests)."""
    subprocess.run(["xdotool", "mousemove", str(sx), str(sy), "sleep", "0.1", "mousedown", "1",
                    "sleep", "0.1", "mousemove", str(sx + 15), str(sy + 15), "sleep", "0.25",
                    "mousemove", str(tx - 10), str(ty), "sleep", "0.1", "mousemove", str(tx), str(ty),
                    "sleep", "0.25", "mouseup", "1", "sleep", "0.3"], check=True)


def save_over_dbus(path, window=1):
    """Activates win.save-as with PATH on the application's window N, as a
    script would (GApplication exports the window's actions)."""
    return window_action("save-as", "<'%s'>" % path, window=window)


def canvas_items(canvas):
    """The names of the items the canvas shows to screen readers."""
    return sorted(n.get_name() for n in nodes(canvas)
                  if n is not canvas and n.get_role_name() == "push button")


env = app_environment(language)
proc, log = start([], "app%s.log" % suffix, env)
try:
    app = find_app("luztar")
    check(app is not None, "the application appears on the accessibility bus")
    if app is None:
        raise SystemExit(1)
    frame = None
    end = time.time() + 10
    while frame is None and time.time() < end:
        frame = next((n for n in nodes(app) if n.get_role_name() == "frame"), None)
        time.sleep(0.1)
    check(frame is not None, "the main window is shown")
    title = frame.get_name() if frame else ""
    check(title == "Luztar", "the window is titled 'Luztar' (got %r)" % title)
    open_button = find(app, "push button", NAMES["open"])
    check(open_button is not None, "header bar has a button named %r" % NAMES["open"])
    menu_button = find(app, ("push button", "toggle button"), NAMES["menu"])
    check(menu_button is not None, "header bar has a button named %r" % NAMES["menu"])
    canvas = find(app, None, NAMES["canvas"])
    check(canvas is not None, "the canvas is named %r" % NAMES["canvas"])
    heading = find(app, "label", NAMES["title"])
    check(heading is not None, "the welcome page reads %r" % NAMES["title"])
    if canvas is not None:
        ext = canvas.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        check(ext.width > 400 and ext.height > 300,
              "the canvas fills the window (%dx%d)" % (ext.width, ext.height))
    time.sleep(0.5)
    subprocess.run(["import", "-window", "root", shot], check=True)
    colours = int(subprocess.run(["convert", shot, "-format", "%k", "info:"],
                                 capture_output=True, text=True).stdout.strip() or 0)
    check(colours > 50, "the screenshot is not blank (%d colours) — %s" % (colours, shot))
    # The header bar is light grey in the default style, the canvas nearly white.
    px = subprocess.run(["convert", shot, "-format", "%[hex:u.p{600,400}]", "info:"],
                        capture_output=True, text=True).stdout.strip()
    check(px not in ("000000", ""), "the window is drawn where it should be (pixel %s)" % px)
    # Quit as a user would
    rc = quit_with_ctrl_q(proc)
    check(rc == 0, "Ctrl+Q quits the application cleanly (exit status %s)" % rc)
finally:
    stop(proc, log)

# Second start, as scripts/run does it: on the default example model.  The
# window title and the page show the model's name from the file.
example = os.path.join(os.environ.get("LUZTAR_EXAMPLES_DIR", "data/examples"),
                       "friction-oscillator.luztar")
proc, log = start([example], "app-example%s.log" % suffix, env)
try:
    app = find_app("luztar")
    check(app is not None, "started on %s, the application appears" % os.path.basename(example))
    if app is None:
        raise SystemExit(1)
    frame = None
    end = time.time() + 10
    while time.time() < end:
        frame = next((n for n in nodes(app) if n.get_role_name() == "frame"), None)
        if frame is not None and frame.get_name() == NAMES["example"]:
            break
        time.sleep(0.1)
    title = frame.get_name() if frame else ""
    check(title == NAMES["example"],
          "the window is titled with the model's name, in the user's language (got %r)" % title)
    # the lesson beside the canvas: the description and what to watch
    card = None
    end = time.time() + 10
    while card is None and time.time() < end:
        card = next((n for n in nodes(app) if n.get_role_name() == "label"
                     and NAMES["described"] in (n.get_name() or "")), None)
        time.sleep(0.1)
    check(card is not None and find(app, "label", NAMES["watch"], timeout=5) is not None,
          "the lesson beside the canvas shows the model's description and what to watch")
    canvas = find(app, None, NAMES["canvas"])
    described = canvas.get_description() if canvas is not None else ""
    check("1 body" in described or "1 ciało" in described,
          "the canvas describes the model to a screen reader (%r)" % described)
    # Clicking the block on the canvas selects it: find the block's blue in
    # a screenshot and click there; its parameters appear in the inspector.
    grab = os.path.join(outdir, "canvas-grab%s.ppm" % suffix)
    time.sleep(0.5)
    subprocess.run(["import", "-window", "root", "-depth", "8", grab], check=True)
    with open(grab, "rb") as f:
        data = f.read()
    parts = data.split(maxsplit=4)
    width, height = int(parts[1]), int(parts[2])
    pixels = parts[4]
    spot = None
    # only inside the canvas (the palette beside it shows a block too)
    ce = canvas.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
    for yy in range(ce.y + 4, min(height, ce.y + ce.height), 4):
        for xx in range(ce.x + 4, min(width, ce.x + ce.width), 4):
            i = 3 * (yy * width + xx)
            r, g, b = pixels[i], pixels[i + 1], pixels[i + 2]
            if abs(r - 98) < 12 and abs(g - 160) < 12 and abs(b - 234) < 12:
                spot = (xx, yy)
                break
        if spot:
            break
    check(spot is not None, "the block is drawn on the canvas (at %s)" % (spot,))
    # the canvas exposes its items to screen readers: the block is a button
    # named "Mass block" ("Masa block") placed over its drawing
    item = next((n for n in nodes(canvas) if n.get_role_name() == "push button"
                 and n.get_name().endswith(" block")), None)
    check(item is not None and item.get_name() in ("Mass block", "Masa block"),
          "the canvas lists the block to screen readers (%r)" % (item.get_name() if item else None))
    if item is not None:
        ie = item.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        # (window coordinates leave out the frame's few pixels of shadow)
        check(spot is not None and ie.x - 8 <= spot[0] <= ie.x + ie.width + 8
              and ie.y - 8 <= spot[1] <= ie.y + ie.height + 8,
              "its accessible extents cover its drawing (%d,%d %dx%d)" % (ie.x, ie.y, ie.width, ie.height))
        subprocess.run(["xdotool", "mousemove", str(ie.x + ie.width // 2), str(ie.y + ie.height // 2),
                        "click", "1"], check=True)
        check(find(app, "label", "mass (kg)", timeout=5) is not None,
              "clicking the block on the canvas shows its parameters")
    # The inspector, as a person uses it: click the body in the list of
    # items, change its mass in the row that appears, press Enter; the
    # title shows the unsaved change; Ctrl+Z takes it back.
    item, row = edit_mass(app, "2")
    check(item is not None, "the inspector lists the model's items")
    if item is not None:
        check(row is not None, "selecting it shows its parameters with units")
        if row is not None:
            wait_for(lambda: window_title(app).startswith("• "))
            check(window_title(app) == "• " + NAMES["example"],
                  "an edited parameter marks the window as changed (%r)" % window_title(app))
            # quitting with the change unsaved asks first; Escape cancels
            subprocess.run(["xdotool", "mousemove", "300", "300", "click", "1", "key", "ctrl+q"], check=True)
            question = find(app, "label", NAMES["save?"], timeout=5)
            check(question is not None, "quitting with unsaved changes asks (%s)" % NAMES["save?"])
            time.sleep(0.5)
            subprocess.run(["import", "-window", "root",
                            os.path.join(outdir, "save-question%s.png" % suffix)], check=True)
            subprocess.run(["xdotool", "key", "Escape"], check=True)
            time.sleep(0.5)
            check(proc.poll() is None and window_title(app).startswith("• "),
                  "Cancel keeps the window and the change")
            # a click on an empty spot of the canvas gives it the keyboard
            ce = extents(canvas)
            subprocess.run(["xdotool", "mousemove", str(ce.x + 30), str(ce.y + 30), "click", "1",
                            "key", "ctrl+z"], check=True)
            wait_for(lambda: not window_title(app).startswith("• "))
            check(not window_title(app).startswith("• "), "Ctrl+Z undoes it (%r)" % window_title(app))
    time.sleep(0.5)
    shot2 = os.path.join(outdir, "example-window%s.png" % suffix)
    subprocess.run(["import", "-window", "root", shot2], check=True)
    rc = quit_with_ctrl_q(proc)
    check(rc == 0, "Ctrl+Q quits again (exit status %s)" % rc)
finally:
    stop(proc, log)

# Third start: the examples gallery, used as a person uses it — Ctrl+Shift+O,
# a click on a card — opens an untitled copy of that example.
log = open(os.path.join(outdir, "app-gallery%s.log" % suffix), "w")
proc = subprocess.Popen([app_path], env=env, stdout=log, stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    check(app is not None, "started again for the gallery")
    if app is None:
        raise SystemExit(1)
    time.sleep(1.0)
    subprocess.run(["xdotool", "mousemove", "600", "400", "key", "ctrl+shift+o"], check=True)
    card = find(app, None, NAMES["card"], timeout=10)
    check(card is not None, "Ctrl+Shift+O shows the gallery with a card per example, named in "
          "the user's language")
    if card is not None:
        time.sleep(0.5)
        ext = card.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        shot3 = os.path.join(outdir, "gallery%s.png" % suffix)
        subprocess.run(["import", "-window", "root", shot3], check=True)
        subprocess.run(["xdotool", "mousemove", str(ext.x + ext.width // 2),
                        str(ext.y + ext.height // 3), "click", "1"], check=True)
        title = ""
        end = time.time() + 10
        while time.time() < end and title != NAMES["card"]:
            frames = [n for n in nodes(app) if n.get_role_name() == "frame"]
            title = frames[0].get_name() if len(frames) == 1 else ""
            time.sleep(0.1)
        check(title == NAMES["card"],
              "a click on the card opens the example and closes the gallery (title %r)" % title)
        subtitle = find(app, "label", NAMES["copy"], timeout=5)
        check(subtitle is not None, "the window says it shows an untitled copy")
        # Save As: Ctrl+Shift+S, type a path into the file chooser, Return
        target = os.path.join(outdir, "saved-copy%s.luztar" % suffix)
        if os.path.exists(target):
            os.unlink(target)
        subprocess.run(["xdotool", "mousemove", "600", "400", "key", "ctrl+shift+s"], check=True)
        time.sleep(2.0)
        subprocess.run(["xdotool", "key", "ctrl+a"], check=True)
        subprocess.run(["xdotool", "type", "--delay", "10", target], check=True)
        subprocess.run(["xdotool", "key", "Return"], check=True)
        end = time.time() + 10
        while time.time() < end and not os.path.exists(target):
            time.sleep(0.1)
        content = open(target).read() if os.path.exists(target) else ""
        check("<luztar-model" in content and "Block pulled through a spring" in content,
              "Save As writes the model to the chosen file")
        saved_label = find(app, "label", os.path.basename(target), timeout=5)
        check(saved_label is not None, "the window shows the saved file's name")
    rc = quit_with_ctrl_q(proc)
    check(rc == 0, "Ctrl+Q quits (exit status %s)" % rc)
finally:
    stop(proc, log)

# Fourth: a crash loses at most the autosave interval.  Open a file, edit,
# wait for the autosave (1 s here, 30 s normally), kill -9, start again:
# the work is offered back and recovered under the file's name.  As root
# (CI) both runs are in pid namespaces of their own, where Luztar has the
# same pid each time, as in a container or a sandbox: recovery must not
# depend on process ids.
import shutil  # noqa: E402
state = os.path.join(outdir, "state%s" % suffix)
shutil.rmtree(state, ignore_errors=True)
crash_env = dict(env, XDG_STATE_HOME=state, LUZTAR_AUTOSAVE_SECONDS="1")
crash_file = os.path.join(outdir, "crash%s.luztar" % suffix)
shutil.copyfile(example, crash_file)
# (sh is the namespace's init, so Luztar has pid 2 both times; killing
# unshare kills the whole namespace)
sandbox = ["unshare", "--pid", "--fork", "--kill-child", "sh", "-c", '"$@"', "sh"] \
    if os.geteuid() == 0 and shutil.which("unshare") else []


def stop_sandboxed(proc, log):
    """Kill a run in its pid namespace and wait until it has left the
    accessibility bus (the next start must not find it still there)."""
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)
    end = time.time() + 10
    while time.time() < end and find_app("luztar", timeout=0.2) is not None:
        time.sleep(0.2)
    log.close()


log = open(os.path.join(outdir, "app-crash%s.log" % suffix), "w")
proc = subprocess.Popen(sandbox + [app_path, crash_file], env=crash_env, stdout=log,
                        stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    # let the window reach its size before clicking into it
    time.sleep(1.0)
    # the model's lesson closed (as Lesson Panel in the main menu does): at
    # the default width the inspector then stands beside the canvas
    subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                    "--object-path", "/org/luztar/Luztar/window/1",
                    "--method", "org.gtk.Actions.SetState", "show-lesson", "<false>", "{}"],
                   capture_output=True, text=True)
    time.sleep(0.5)
    item = find(app, "label", "m1", timeout=10) if app is not None else None
    if item is not None:
        e = item.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
        subprocess.run(["xdotool", "mousemove", str(e.x + 5), str(e.y + e.height // 2), "click", "1"],
                       check=True)
        row = find(app, "label", "mass (kg)", timeout=5)
        if row is not None:
            e = row.get_component_iface().get_extents(Atspi.CoordType.WINDOW)
            subprocess.run(["xdotool", "mousemove", str(e.x + 10), str(e.y + e.height + 10), "click", "1"],
                           check=True)
            time.sleep(0.3)
            subprocess.run(["xdotool", "key", "ctrl+a", "type", "3"], check=True)
            subprocess.run(["xdotool", "key", "Return"], check=True)
    time.sleep(2.5)
    subprocess.run(["import", "-window", "root", os.path.join(outdir, "crash-edit%s.png" % suffix)])
    autosaved = [f for f in os.listdir(os.path.join(state, "luztar", "autosave"))
                 if f.endswith(".luztar")] \
        if os.path.isdir(os.path.join(state, "luztar", "autosave")) else []
    check(len(autosaved) == 1, "unsaved work is autosaved (%s)" % autosaved)
    proc.kill()
    proc.wait(5)
finally:
    stop_sandboxed(proc, log)

log = open(os.path.join(outdir, "app-recover%s.log" % suffix), "w")
proc = subprocess.Popen(sandbox + [app_path], env=crash_env, stdout=log, stderr=subprocess.STDOUT)
try:
    app = find_app("luztar")
    question = find(app, "label", NAMES["recover?"], timeout=10) if app is not None else None
    check(question is not None, "after the crash, starting again offers the work back%s"
          % (" (both runs in pid namespaces of their own)" if sandbox else ""))
    time.sleep(0.5)
    subprocess.run(["import", "-window", "root", os.path.join(outdir, "recover-question%s.png" % suffix)],
                   check=True)
    subprocess.run(["xdotool", "mousemove", "600", "400", "key", "Return"], check=True)
    title = ""
    end = time.time() + 10
    while time.time() < end and title != "• " + NAMES["example"]:
        frames = [n for n in nodes(app) if n.get_role_name() == "frame"]
        title = frames[0].get_name() if len(frames) == 1 else ""
        time.sleep(0.1)
    check(title == "• " + NAMES["example"],
          "Recover brings back the edited model, marked unsaved (%r)" % title)
    check(find(app, "label", os.path.basename(crash_file), timeout=5) is not None,
          "the recovered work keeps its file's name")
finally:
    stop_sandboxed(proc, log)


# Building a model as a teacher would: a new model, two masses, a spring
# between them, friction under the first and a stop between the wall and it,
# all dragged from the palette; a parameter typed in the inspector, undone
# and redone; saved through the D-Bus action; the file checked by the CLI.

built = os.path.join(outdir, "built%s.luztar" % suffix)
if os.path.exists(built):
    os.remove(built)
proc, log = start([], "app-build%s.log" % suffix, env)
try:
    app = find_app("luztar")
    subprocess.run(["xdotool", "mousemove", "600", "400", "key", "ctrl+n"], check=True)
    check(wait_for(lambda: window_title(app) == NAMES["new"]),
          "Ctrl+N starts a new model (%r)" % window_title(app))
    canvas = find(app, None, NAMES["canvas"])
    palette = {k: find(app, "push button", NAMES[k]) for k in ("mass", "spring", "friction", "stop")}
    check(all(palette.values()), "the palette has Mass, Spring, Friction and Stop buttons")
    wall = find(canvas, "push button", NAMES["ground"] + " wall", timeout=5)
    check(wall is not None, "the new model has a wall on the canvas")
    if wall is not None and all(palette.values()):
        # The canvas may fit the view again as the model grows: every drop
        # aims at where the items are now, as a person looking at them does.
        def at(name):
            node = find(canvas, "push button", name, timeout=2)
            return centre(node) if node is not None else (0, 0)

        def between(a, b):
            (ax, ay), (bx, by) = at(a), at(b)
            return (ax + bx) // 2, (ay + by) // 2
        wx, wy = centre(wall)
        ce = extents(canvas)
        step = min(200, (ce.x + ce.width - wx) // 3)
        drag_and_drop(*centre(palette["mass"]), wx + step, wy)
        check(wait_for(lambda: find(canvas, "push button", NAMES["mass"] + " m1", 0.2) is not None),
              "a Mass dragged onto the canvas appears there as m1")
        wx, wy = at(NAMES["ground"] + " wall")
        m1x, _ = at(NAMES["mass"] + " m1")
        # (room to its right: it is dragged further right below)
        drag_and_drop(*centre(palette["mass"]), min(m1x + (m1x - wx), ce.x + ce.width - 150), wy)
        check(wait_for(lambda: find(canvas, "push button", NAMES["mass"] + " m2", 0.2) is not None),
              "a second Mass appears as m2")
        drag_and_drop(*centre(palette["spring"]), *between(NAMES["mass"] + " m1", NAMES["mass"] + " m2"))
        drag_and_drop(*centre(palette["friction"]), *at(NAMES["mass"] + " m1"))
        drag_and_drop(*centre(palette["stop"]), *between(NAMES["ground"] + " wall", NAMES["mass"] + " m1"))
        want = sorted([NAMES["ground"] + " wall", NAMES["mass"] + " m1", NAMES["mass"] + " m2",
                       NAMES["spring"] + " k1", NAMES["friction"] + " f1", NAMES["stop"] + " s1"])
        check(wait_for(lambda: canvas_items(canvas) == want),
              "spring, friction and stop dropped between their ports (%s)" % canvas_items(canvas))
        subprocess.run(["import", "-window", "root", os.path.join(outdir, "built-model%s.png" % suffix)],
                       check=True)
        # m2's mass typed in the inspector: click m2 on the canvas first
        m2 = find(canvas, "push button", NAMES["mass"] + " m2")
        subprocess.run(["xdotool", "mousemove", *map(str, centre(m2)), "click", "1"], check=True)
        row = find(app, "label", "mass (kg)", timeout=5)
        if row is not None:
            e = extents(row)
            subprocess.run(["xdotool", "mousemove", str(e.x + 10), str(e.y + e.height + 10), "click", "1"],
                           check=True)
            time.sleep(0.3)
            subprocess.run(["xdotool", "key", "ctrl+a", "type", "2.5"], check=True)
            subprocess.run(["xdotool", "key", "Return"], check=True)
            time.sleep(0.5)
        # (GTK 4.8 does not expose an entry's text to AT-SPI: the model's
        # state is read from files saved through the D-Bus action)
        def saved_mass(tag):
            path = os.path.join(outdir, "state-%s%s.luztar" % (tag, suffix))
            if os.path.exists(path):
                os.remove(path)
            save_over_dbus(path)
            if not wait_for(lambda: os.path.exists(path)):
                return None
            body = ET.parse(path).getroot().find(".//body[@id='m2']")
            return body.get("mass") if body is not None else None

        mass = saved_mass("typed")
        check(mass == "2.5", "the mass typed into the inspector is taken (%s)" % mass)
        # Ctrl+Z and Ctrl+Shift+Z with the canvas focused
        # an empty spot of the canvas: below the model, above its bottom
        ce = extents(canvas)
        cx, cy = ce.x + ce.width // 2, ce.y + ce.height - 20
        subprocess.run(["xdotool", "mousemove", str(cx), str(cy), "click", "1", "sleep", "0.2",
                        "key", "ctrl+z", "sleep", "0.3"], check=True)
        mass = saved_mass("undone")
        check(mass == "1", "Ctrl+Z undoes the edit (mass %s)" % mass)
        subprocess.run(["xdotool", "key", "ctrl+shift+z", "sleep", "0.3"], check=True)
        mass = saved_mass("redone")
        check(mass == "2.5", "Ctrl+Shift+Z redoes it (mass %s)" % mass)
        # Save through the window's action on the session bus
        saved = save_over_dbus(built)
        check(saved.returncode == 0 and wait_for(lambda: os.path.exists(built)),
              "win.save-as over D-Bus writes the file (%s)" % saved.stderr.strip())
        check(wait_for(lambda: not window_title(app).startswith("•")),
              "after saving the title has no unsaved mark (%r)" % window_title(app))
    cli = os.environ.get("LUZTAR_CLI", "")
    if os.path.exists(built) and cli:
        run = subprocess.run([cli, "check", built], capture_output=True, text=True)
        check(run.returncode == 0 and "2 bodies, 3 elements" in run.stdout,
              "luztar-cli check accepts it: %s" % run.stdout.strip())
        root = ET.parse(built).getroot()
        items = {(e.tag, e.get("id")): e.attrib for e in root.iter() if e.get("id")}
        check(set(items) == {("ground", "wall"), ("body", "m1"), ("body", "m2"), ("spring", "k1"),
                             ("friction", "f1"), ("stop", "s1")},
              "the file holds exactly wall, m1, m2, k1, f1, s1 (%s)" % sorted(items))
        ports = {i: (items.get((t, i), {}).get("a"), items.get((t, i), {}).get("b"))
                 for t, i in (("spring", "k1"), ("friction", "f1"), ("stop", "s1"))}
        check(ports == {"k1": ("m1", "m2"), "f1": ("wall", "m1"), "s1": ("wall", "m1")},
              "the elements connect the right ports (%s)" % ports)
        check(items.get(("body", "m2"), {}).get("mass") == "2.5"
              and items.get(("body", "m1"), {}).get("mass") == "1",
              "the masses are 1 and 2.5 kg")
        asm = subprocess.run([cli, "assemble", built, "--format", "json"], capture_output=True, text=True)
        M = json.loads(asm.stdout).get("M") if asm.returncode == 0 else None
        K = json.loads(asm.stdout).get("K") if asm.returncode == 0 else None
        check(M == [[1, 0], [0, 2.5]] and K == [[1, -1], [-1, 1]],
              "assembled M = diag(1, 2.5) and K of the spring k = 1 (%s, %s)" % (M, K))
    if wall is not None and all(palette.values()):
        # move m2 with the mouse: it lands on the grid, its spring follows
        def saved_position(tag, body_id):
            path = os.path.join(outdir, "state-%s%s.luztar" % (tag, suffix))
            if os.path.exists(path):
                os.remove(path)
            save_over_dbus(path)
            if not wait_for(lambda: os.path.exists(path)):
                return None
            body = ET.parse(path).getroot().find(".//body[@id='%s']" % body_id)
            return (float(body.get("x", 0)), float(body.get("y", 0))) if body is not None else None

        before = saved_position("before-move", "m2")
        m2 = find(canvas, "push button", NAMES["mass"] + " m2")
        x, y = centre(m2)
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "mousedown", "1", "sleep", "0.1",
                        "mousemove", str(x + 30), str(y + 10), "sleep", "0.1", "mousemove", str(x + 83),
                        str(y + 2), "sleep", "0.1", "mouseup", "1"], check=True)
        after = saved_position("after-move", "m2")
        check(before is not None and after is not None and after[0] > before[0] and after[1] == before[1]
              and after[0] % 20 == 0,
              "dragging m2 moves it right, onto the grid (%s → %s)" % (before, after))
        # select the stop, Delete, then Ctrl+Z brings it back
        s1 = find(canvas, "push button", NAMES["stop"] + " s1")
        subprocess.run(["xdotool", "mousemove", *map(str, centre(s1)), "click", "1", "sleep", "0.2",
                        "key", "Delete"], check=True)
        check(wait_for(lambda: NAMES["stop"] + " s1" not in canvas_items(canvas)),
              "Delete removes the selected stop (%s)" % canvas_items(canvas))
        subprocess.run(["xdotool", "key", "ctrl+z"], check=True)
        check(wait_for(lambda: NAMES["stop"] + " s1" in canvas_items(canvas)),
              "Ctrl+Z brings it back")
        # the keyboard: Esc clears the selection, Tab walks into the items
        # and selects the one it lands on (shown pressed to screen readers)
        def pressed():
            return [n.get_name() for n in nodes(canvas) if n is not canvas
                    and n.get_role_name() == "push button"
                    and n.get_state_set().contains(Atspi.StateType.PRESSED)]

        subprocess.run(["xdotool", "key", "Escape"], check=True)
        check(wait_for(lambda: pressed() == []), "Esc clears the selection (%s)" % pressed())
        subprocess.run(["xdotool", "key", "Tab"], check=True)
        check(wait_for(lambda: len(pressed()) == 1), "Tab selects an item on the canvas (%s)" % pressed())
        # app.open over D-Bus opens a file by its path
        example = os.path.join(os.environ.get("LUZTAR_EXAMPLES_DIR", ""), "two-carts-stop.luztar")
        subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                        "--object-path", "/org/luztar/Luztar", "--method", "org.gtk.Actions.Activate",
                        "open", "[<'%s'>]" % example, "{}"], capture_output=True, text=True)
        check(wait_for(lambda: any(n.get_role_name() == "frame" and n.get_name() == NAMES["two carts"]
                                   for n in nodes(app))),
              "app.open over D-Bus opens a model by its path")
finally:
    stop(proc, log)

# Run straight from the build tree, as a developer types
# build/src/app/luztar, without GSETTINGS_SCHEMA_DIR: the schema the build
# compiled is found next to the binary, the window opens.
direct_env = {k: v for k, v in env.items() if k != "GSETTINGS_SCHEMA_DIR"}
proc, log = start([], "app-direct%s.log" % suffix, direct_env)
try:
    app = find_app("luztar")
    check(app is not None and proc.poll() is None,
          "started from the build tree without GSETTINGS_SCHEMA_DIR, the window opens")
    if app is not None:
        check(quit_with_ctrl_q(proc) == 0, "and Ctrl+Q quits it")
finally:
    stop(proc, log)

finish()
