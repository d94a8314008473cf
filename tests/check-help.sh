#!/bin/sh
# check-help.sh SOURCE_ROOT — the user guide in help/: every Mallard page
# valid (yelp-check validate, or xmllint --relaxng on the Mallard schema),
# every figure a page shows present and listed in help/meson.build, every
# translation complete (no untranslated or fuzzy message) and its pages
# valid too.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
root=$1
help=$root/help
n=0
fail=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; }

validate () {  # PAGE... — prints the problems, returns non-zero if any
  if command -v yelp-check >/dev/null; then
    out=$(yelp-check validate "$@" 2>&1)
  elif [ -f /usr/share/xml/mallard/1.0/mallard-1.0.rng ]; then
    out=$(xmllint --noout --relaxng /usr/share/xml/mallard/1.0/mallard-1.0.rng "$@" 2>&1 \
          | grep -v ' validates$')
  else
    echo "# neither yelp-check nor the Mallard schema: install yelp-tools"
    return 0
  fi
  [ -z "$out" ] && return 0
  echo "$out" | sed 's/^/# /'
  return 1
}

if validate "$help"/C/*.page; then
  ok "the pages of help/C are valid Mallard"
else
  not_ok "the pages of help/C are valid Mallard"
fi

missing=""
for page in "$help"/C/*.page; do
  for src in $(grep -o 'src="[^"]*"' "$page" | sed 's/src="//; s/"$//'); do
    [ -f "$help/C/$src" ] || missing="$missing $(basename "$page"):$src"
    grep -q "'$src'" "$help/meson.build" || missing="$missing $(basename "$page"):$src(not in meson.build)"
  done
  grep -q "'$(basename "$page")'" "$help/meson.build" || missing="$missing $(basename "$page")(not in meson.build)"
done
if [ -z "$missing" ]; then
  ok "every figure exists, every page and figure is in help/meson.build"
else
  not_ok "missing:$missing"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for lang in $(cat "$help/LINGUAS"); do
  po=$help/$lang/$lang.po
  stats=$(LC_ALL=C msgfmt --check --statistics -o "$tmp/$lang.mo" "$po" 2>&1)
  case "$stats" in
    *untranslated*|*fuzzy*|*error*) not_ok "help/$lang/$lang.po is complete: $stats" ;;
    *) ok "help/$lang/$lang.po is complete: $stats" ;;
  esac
  # Every message of the pages is in the catalogue (it is not out of date).
  if command -v itstool >/dev/null; then
    (cd "$help/C" && itstool -o "$tmp/$lang.pot" *.page)
    stale=$(msgcmp "$po" "$tmp/$lang.pot" 2>&1 | grep -c 'this message is used but not defined' || true)
    if [ "$stale" = 0 ]; then
      ok "help/$lang/$lang.po has every message of the pages"
    else
      not_ok "help/$lang/$lang.po lacks $stale messages of the pages (ninja help-luztar-update-po)"
    fi
    mkdir -p "$tmp/$lang"
    (cd "$help/C" && itstool -m "$tmp/$lang.mo" -o "$tmp/$lang/" *.page)
    if validate "$tmp/$lang"/*.page; then
      ok "the pages translated to $lang are valid Mallard"
    else
      not_ok "the pages translated to $lang are valid Mallard"
    fi
  fi
done
echo "1..$n"
exit $fail
