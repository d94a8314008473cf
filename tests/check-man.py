#!/usr/bin/python3
# check-man.py LUZTAR_CLI MAN_PAGE — the manual page agrees with the
# program: the commands of "luztar-cli --help" are the subsections
# ".SS luztar-cli COMMAND" of the page, and each command's long options in
# "luztar-cli COMMAND --help" are those its subsection lists.  Only the
# "--option" words are compared, so the layout of the help (hand-written or
# GOptionContext's) does not matter; --help and its variants are left out.
# Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import subprocess
import sys

cli, page = sys.argv[1], sys.argv[2]
env = dict(os.environ, LC_ALL="C", LANGUAGE="C")
OPTION = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")


def options(text):
    return {o for o in OPTION.findall(text) if not o.startswith("help")}


def help_of(*args):
    p = subprocess.run([cli, *args, "--help"], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout


roff = open(page, encoding="utf-8").read()
# roff writes a minus as "\-"; read the page as plain text.
plain = roff.replace("\\-", "-").replace("\\e", "\\")
sections = {}
current = None
for line in plain.splitlines():
    m = re.match(r'^\.S[SH]\s+"?([^"]*)"?\s*$', line)
    if m:
        title = m.group(1).strip()
        current = title.split()[1] if line.startswith(".SS") and title.startswith("luztar-cli ") else None
        if current:
            sections[current] = ""
        continue
    if current:
        sections[current] += line + "\n"

rc, top = help_of()
commands = []
in_commands = False
for line in top.splitlines():
    if re.match(r"^\S.*:\s*$", line):
        in_commands = line.strip().lower().startswith("commands")
        continue
    m = re.match(r"^\s+([a-z][a-z-]*)\s{2,}\S", line)
    if in_commands and m:
        commands.append(m.group(1))

tests = []
tests.append((rc == 0 and len(commands) > 0,
              "luztar-cli --help lists commands: %s" % " ".join(commands)))
tests.append((set(commands) == set(sections),
              "the page has a subsection per command (page: %s; program: %s)"
              % (" ".join(sorted(sections)), " ".join(sorted(commands)))))
for command in commands:
    rc, text = help_of(command)
    got = options(text)
    documented = options(sections.get(command, ""))
    ok = rc == 0 and got == documented and len(got) > 0
    what = "luztar-cli %s: options %s" % (command, " ".join("--" + o for o in sorted(got)))
    if not ok:
        what += " (only in --help: %s; only in the page: %s)" % (
            " ".join(sorted(got - documented)) or "none", " ".join(sorted(documented - got)) or "none")
    tests.append((ok, what))

print("1..%d" % len(tests))
for i, (ok, what) in enumerate(tests, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
sys.exit(0 if all(ok for ok, _ in tests) else 1)
