# atspi_tap.py — what smoke.py, sim-smoke.py and keys.py share: TAP lines for their
# checks, the application's environment, finding it and its nodes in the accessibility tree,
# calling a window action over D-Bus, quitting it with Ctrl+Q.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)
import gi  # noqa: E402

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

checks = []


def check(ok, what):
    checks.append((bool(ok), what))
    print("%s %d - %s" % ("ok" if ok else "not ok", len(checks), what), flush=True)
    return ok


def finish():
    """The TAP plan, and the exit status: 1 if a check failed."""
    print("1..%d" % len(checks))
    sys.exit(0 if all(ok for ok, _ in checks) else 1)


def app_environment(language):
    """The environment to start the application in: cairo drawing,
    criticals fatal, LANGUAGE if given."""
    env = dict(os.environ)
    env.pop("GTK_A11Y", None)
    env["GSK_RENDERER"] = env.get("GSK_RENDERER", "cairo")
    env["G_DEBUG"] = "gc-friendly,fatal-criticals"
    # GTK, fontconfig and Mesa keep one-time allocations until exit; leak
    # reports about them say nothing about Luztar (the core tests check leaks).
    env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    if language:
        env["LANGUAGE"] = language
    return env


def find_app(name, timeout=15.0):
    end = time.time() + timeout
    while time.time() < end:
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            a = desktop.get_child_at_index(i)
            try:
                if a is not None and a.get_name() == name:
                    return a
            except GLib.GError:
                continue    # an application that left meanwhile

        time.sleep(0.1)
    return None


def nodes(n):
    yield n
    for i in range(n.get_child_count()):
        c = n.get_child_at_index(i)
        if c is not None:
            yield from nodes(c)


def quit_with_ctrl_q(proc, y=400):
    """Ctrl+Q with the pointer over the window at (600, Y) (there is no
    window manager, so keys go to the window under the pointer); the exit
    status or None."""
    subprocess.run(["xdotool", "mousemove", "600", str(y), "key", "ctrl+q"], check=True)
    try:
        return proc.wait(10)
    except subprocess.TimeoutExpired:
        return None


def window_action(name, *params, method="Activate", window=1):
    """Calls the action NAME of the application's window N over D-Bus, as a
    script would (GApplication exports the window's actions); PARAMS are
    GVariant texts."""
    path = "/org/luztar/Luztar/window/%d" % window
    if method == "SetState":
        return subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                               "--object-path", path, "--method", "org.gtk.Actions.SetState",
                               name, params[0], "{}"], capture_output=True, text=True)
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                           "--object-path", path, "--method", "org.gtk.Actions.Activate",
                           name, "[" + ", ".join(params) + "]", "{}"], capture_output=True, text=True)


def wait_for(condition, timeout=5.0, interval=0.1):
    """Polls CONDITION until it holds or TIMEOUT seconds pass; its last value."""
    end = time.time() + timeout
    while time.time() < end:
        if condition():
            return True
        time.sleep(interval)
    return condition()


def focus_window(title):
    """Gives the keyboard to the window whose title matches the regular
    expression TITLE (there is no window manager to do it; this moves no
    pointer), after a second for it to be mapped."""
    time.sleep(1.0)
    windows = subprocess.run(["xdotool", "search", "--sync", "--name", title],
                             capture_output=True, text=True).stdout.split()
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1]], check=True)


def wait_value(get, timeout=10.0, interval=0.2):
    """Polls GET until it returns something other than None or TIMEOUT
    seconds pass; that value, or None."""
    end = time.time() + timeout
    value = get()
    while value is None and time.time() < end:
        time.sleep(interval)
        value = get()
    return value


def start_app(app_path, args, log_path, env):
    """Starts the application with ARGS, its output in LOG_PATH: (process, log)."""
    log = open(log_path, "w")
    return subprocess.Popen([app_path] + args, env=env, stdout=log, stderr=subprocess.STDOUT), log


def stop_app(proc, log):
    """Makes sure the application has ended (whatever the checks found)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    log.close()
