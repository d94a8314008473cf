#!/usr/bin/python3
# gui-run-speed.py APP MODEL... — how much faster than real time the window
# runs a model "as fast as possible" while it plots and animates it: start
# Luztar on each model, set win.speed to 'max' over D-Bus, press Run through
# its accessible button, and time it until the status line says the run has
# finished.  Run it under tests/headless.sh (see bench/README.md).  Never a
# test: it prints figures.
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
from gi.repository import Atspi  # noqa: E402


def nodes(n):
    yield n
    for i in range(n.get_child_count()):
        c = n.get_child_at_index(i)
        if c is not None:
            yield from nodes(c)


def find_app(timeout=20.0):
    end = time.time() + timeout
    while time.time() < end:
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            a = desktop.get_child_at_index(i)
            if a is not None and a.get_name() == "luztar":
                return a
        time.sleep(0.1)
    return None


def main():
    app_path, models = sys.argv[1], sys.argv[2:]
    env = dict(os.environ, GSK_RENDERER=os.environ.get("GSK_RENDERER", "cairo"))
    print("| model | simulated | seen by the script | computing (the window's count) | × real time | steps |")
    print("|---|---|---|---|---|---|")
    for model in models:
        proc = subprocess.Popen([app_path, model], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            app = find_app()
            run = next((n for n in nodes(app) if n.get_role_name() == "push button"
                        and n.get_name() == "Run"), None) if app else None
            status = next((n for n in nodes(app) if n.get_role_name() == "label"
                           and (n.get_name() or "").startswith("Press Run")), None) if app else None
            if run is None or status is None:
                print("| %s | — | could not find Run | | |" % os.path.basename(model))
                continue
            time.sleep(1.0)
            subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                            "--object-path", "/org/luztar/Luztar/window/1", "--method",
                            "org.gtk.Actions.SetState", "speed", "<'max'>", "{}"],
                           check=True, capture_output=True)
            t0 = time.monotonic()
            run.get_action_iface().do_action(0)
            text = ""
            while time.monotonic() - t0 < 600:
                text = status.get_name() or ""
                if text.startswith("Finished") or text.startswith("The run stopped"):
                    break
                time.sleep(0.01)
            wall = time.monotonic() - t0
            m = re.match(r"Finished at t = ([0-9.e+-]+) s in ([0-9.]+) s \(([0-9]+)× real time\): (\d+) steps",
                         text)
            if m is None:
                print("| %s | — | %r | | |" % (os.path.basename(model), text))
                continue
            simulated, computing = float(m.group(1)), float(m.group(2))
            print("| %s | %g s | %.2f s | %.3f s | %.0f× | %s |"
                  % (os.path.basename(model), simulated, wall, computing, simulated / computing,
                     m.group(4)), flush=True)
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
