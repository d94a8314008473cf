#!/usr/bin/python3
# check-example-texts.py SRCDIR — every example's lesson (name, description,
# what to watch, questions) is in po/luztar.pot and translated in po/pl.po.
# The texts are extracted afresh from every data/examples/*.luztar with the
# ITS rules of po/its/, so an example added since the template was last
# made is caught here, by name (TAP, one line per example).
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import glob
import os
import subprocess
import sys
import tempfile

import polib

src = sys.argv[1]
examples = sorted(glob.glob(os.path.join(src, "data", "examples", "*.luztar")))
pot = polib.pofile(os.path.join(src, "po", "luztar.pot"))
pl = polib.pofile(os.path.join(src, "po", "pl.po"))
in_pot = {e.msgid for e in pot if not e.obsolete}
translated = {e.msgid for e in pl if not e.obsolete and e.translated()}

print("1..%d" % (len(examples) + 1))
print("ok 1 - %d examples found" % len(examples) if len(examples) >= 13
      else "not ok 1 - only %d examples found" % len(examples))
failed = len(examples) < 13
for n, path in enumerate(examples, start=2):
    name = os.path.basename(path)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "x.pot")
        env = dict(os.environ, GETTEXTDATADIRS=os.path.join(src, "po"))
        subprocess.run(["xgettext", "--from-code=UTF-8", "-o", out, path],
                       env=env, check=True)
        texts = [e.msgid for e in polib.pofile(out)] if os.path.exists(out) else []
    problems = []
    # name, description, what to watch and at least one question
    if len(texts) < 4:
        problems.append("%d texts extracted, expected a name, a description, "
                        "what to watch and questions" % len(texts))
    for t in texts:
        if t not in in_pot:
            problems.append("not in po/luztar.pot (ninja luztar-pot): %.60s…" % t)
        elif t not in translated:
            problems.append("not translated in po/pl.po: %.60s…" % t)
    if problems:
        failed = True
        print("not ok %d - %s" % (n, name))
        for p in problems:
            print("# " + p)
    else:
        print("ok %d - %s: %d texts in the template and in Polish" % (n, name, len(texts)))
sys.exit(1 if failed else 0)
