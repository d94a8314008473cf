# atspi_tap.py — what smoke.py and sim-smoke.py share: TAP lines for their
# checks, the application's environment, finding it and its nodes in the accessibility tree,
# quitting it with Ctrl+Q.
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
