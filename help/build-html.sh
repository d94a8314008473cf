#!/bin/sh
# build-html.sh SRCDIR OUTDIR STAMP LANG... — the guide as HTML, one folder
# per language: C from the pages, the others from the pages translated by
# SRCDIR/<lang>/<lang>.po with itstool.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
src=$1 out=$2 stamp=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for lang in "$@"; do
  rm -rf "$out/$lang"
  mkdir -p "$out/$lang"
  if [ "$lang" = C ]; then
    pages="$src/C"
  else
    mkdir -p "$tmp/$lang"
    msgfmt -o "$tmp/$lang.mo" "$src/$lang/$lang.po"
    (cd "$src/C" && itstool -m "$tmp/$lang.mo" -o "$tmp/$lang/" *.page)
    cp -R "$src/C/figures" "$tmp/$lang/"
    pages="$tmp/$lang"
  fi
  # yelp-build copies the figures the pages show.
  yelp-build html -o "$out/$lang/" "$pages"/*.page
done
touch "$stamp"
