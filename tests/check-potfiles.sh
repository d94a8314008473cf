#!/bin/sh
# check-potfiles.sh SRCDIR — fails when a source file that marks strings for
# translation is missing from po/POTFILES.in, or when POTFILES.in names a
# file that does not exist.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cd "$1" || exit 2
status=0
listed=$(grep -v '^#' po/POTFILES.in | sed '/^$/d')
for f in $(grep -rlE '(^|[^A-Za-z0-9_])N?_ ?\(' src --include='*.c' | sort) \
         $(grep -rl 'translatable="yes"' ui --include='*.ui' | sort); do
  if ! printf '%s\n' "$listed" | grep -qxF "$f"; then
    echo "not in po/POTFILES.in: $f"
    status=1
  fi
done
for f in $listed; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in names a missing file: $f"
    status=1
  fi
done
sorted=$(printf '%s\n' "$listed" | LC_ALL=C sort)
if [ "$sorted" != "$listed" ]; then
  echo "po/POTFILES.in is not sorted"
  status=1
fi
[ $status -eq 0 ] && echo "po/POTFILES.in lists every file with translatable strings"
exit $status
