#!/bin/sh
# check-translation.sh SRCDIR BUILDDIR — every message of the template has a
# Polish translation that is neither empty nor fuzzy, and pl.po compiles.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 2
# Extract a fresh template from the sources listed in POTFILES.in and from
# every example model (its lesson texts: po/its/luztar.its), whether or not
# po/meson.build has seen it yet.
GETTEXTDATADIRS="$src/po" xgettext --from-code=UTF-8 --add-comments=TRANSLATORS \
  --keyword=_ --keyword=N_ \
  --keyword=C_:1c,2 --keyword=NC_:1c,2 --keyword=g_dngettext:2,3 --keyword=NP_:1,2 \
  --files-from=po/POTFILES.in --directory="$src" -o "$tmp/luztar.pot" \
  data/examples/*.luztar 2>"$tmp/err" \
  || { cat "$tmp/err"; exit 1; }
sed -i 's/charset=CHARSET/charset=UTF-8/' "$tmp/luztar.pot"
msgmerge --quiet --no-fuzzy-matching -o "$tmp/pl.po" po/pl.po "$tmp/luztar.pot" || exit 1
untranslated=$(msgattrib --untranslated --no-obsolete "$tmp/pl.po" | grep -c '^msgid ' || true)
fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$tmp/pl.po" | grep -c '^msgid ' || true)
msgfmt --check -o /dev/null po/pl.po || exit 1
if [ "$untranslated" -gt 0 ] || [ "$fuzzy" -gt 0 ]; then
  echo "po/pl.po is incomplete: $untranslated untranslated, $fuzzy fuzzy (header counted once)"
  msgattrib --untranslated --no-obsolete "$tmp/pl.po" | grep '^msgid ' | head -20
  exit 1
fi
echo "po/pl.po translates every message"
