#!/usr/bin/python3
# sim-warnings.py APP OUTDIR — what the window says about a run it cannot
# trust or cannot finish (issue 25): a run whose stop is penetrated far and
# whose impulses made energy ends with warnings in its status line; a run
# whose force becomes infinite, or has a pole, stops with the element
# named; a run beyond one of the run's limits is refused with the limit in
# words and where the window changes it, never a luztar-cli option.
# Prints TAP.
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
from gi.repository import Atspi  # noqa: E402,F401
from atspi_tap import app_environment, check, find_app, finish, nodes, quit_with_ctrl_q  # noqa: E402

app_path, outdir = sys.argv[1], sys.argv[2]
outdir = os.path.join(outdir, "sim-warnings")
os.makedirs(outdir, exist_ok=True)
models = os.path.join(os.environ.get("LUZTAR_SOURCE_ROOT", "."), "tests", "data", "bad-run")


def find_button(app, name, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        for n in nodes(app):
            if n.get_name() == name and n.get_role_name() == "push button":
                return n
        time.sleep(0.1)
    return None


def label_starting(app, prefix, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        for n in nodes(app):
            if n.get_role_name() == "label" and (n.get_name() or "").startswith(prefix):
                return n.get_name()
        time.sleep(0.1)
    return ""


def set_speed_max():
    return subprocess.run(["gdbus", "call", "--session", "--dest", "org.luztar.Luztar",
                           "--object-path", "/org/luztar/Luztar/window/1",
                           "--method", "org.gtk.Actions.SetState", "speed", "<'max'>", "{}"],
                          capture_output=True, text=True)


def run_model(name, prefix):
    log = open(os.path.join(outdir, name + ".log"), "w")
    proc = subprocess.Popen([app_path, os.path.join(models, name)], env=app_environment(""),
                            stdout=log, stderr=subprocess.STDOUT)
    text = ""
    try:
        app = find_app("luztar")
        run = find_button(app, "Run") if app is not None else None
        check(run is not None, "%s: the window opens with a Run button" % name)
        if run is not None:
            set_speed_max()
            run.get_action_iface().do_action(0)
            text = label_starting(app, prefix)
            subprocess.run(["import", "-window", "root", os.path.join(outdir, name + ".png")], check=False)
        rc = quit_with_ctrl_q(proc, y=300)
        check(rc == 0, "%s: Ctrl+Q quits (exit status %s)" % (name, rc))
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()
    return text


text = run_model("stop-large-step.luztar", "Finished at t = ")
check("Warning: stop “s1” was penetrated by" in text,
      "a finished run with a stop penetrated far says so in its status: %r" % text)
check("Warning: θ = ½: the impulses at the stops made" in text,
      "… and that the impulses made energy, booked as the scheme's: %r" % text)
text = run_model("force-pole.luztar", "The run stopped: ")
check("force “F1”, attribute “value”: the expression “1/(t-0.5)” is not finite at t = 0.5 s (+inf)" in text,
      "a force that becomes infinite stops the run with the element named: %r" % text)
text = run_model("force-tan.luztar", "The run stopped: ")
check("force “F1”, attribute “value”: the expression “tan(t)” is unbounded near t = 1.570796327 s" in text,
      "a force with a pole the steps do not meet (event-driven) stops the run with the element named: %r"
      % text)
text = run_model("limit-steps.luztar", "Cannot run the model: ")
check("the run needs 10000000000 steps of 1e-09 s to reach 10 s, more than the limit of 1000000000 steps"
      in text and "in the Run Settings" in text and "--" not in text,
      "a time-stepping run beyond the step limit is refused with the limit in words and the Run Settings, "
      "no command-line option: %r" % text)
finish()
