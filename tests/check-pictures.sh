#!/bin/sh
# check-pictures.sh SOURCE_ROOT — the guide's pictures of the elements and
# the plots are the reference images that the render and plot tests compare
# the drawing with (tests/app/reference/*-light.png), byte for byte, so they
# change only with the drawing.  With LUZTAR_UPDATE_PICTURES=1 it copies
# them instead.  The screenshots are checked by tests/app/tour.py.
# Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
root=$1
n=0
fail=0
for name in bodies grounds springs damper-friction stops gear sources \
            plot-time-series plot-phase plot-modes plot-energy; do
  n=$((n + 1))
  ref=$root/tests/app/reference/$name-light.png
  fig=$root/help/C/figures/$name.png
  if [ "${LUZTAR_UPDATE_PICTURES:-0}" = 1 ]; then
    cp "$ref" "$fig" && echo "ok $n - help/C/figures/$name.png written from the reference"
  elif cmp -s "$ref" "$fig"; then
    echo "ok $n - help/C/figures/$name.png is tests/app/reference/$name-light.png"
  else
    fail=1
    echo "not ok $n - help/C/figures/$name.png differs from tests/app/reference/$name-light.png"
    echo "# update it: LUZTAR_UPDATE_PICTURES=1 meson test -C build pictures"
  fi
done
echo "1..$n"
exit $fail
