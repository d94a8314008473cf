#!/bin/sh
# check-private-headers.sh SRCDIR — no file outside src/core includes a
# private header of the core or a module header that lz.h gathers: the
# *-private.h headers are the core's internals, shared between its own
# files, and the module headers are reached through lz.h so that the public declarations stay in
# one place (docs/architecture.md, "The layers").  What the application,
# luztar-cli, the tests or the benchmarks need of the core is public API,
# in lz.h.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
cd "$1" || exit 2
# The private headers, and the module headers lz.h gathers.
headers=$( { find src/core -name '*-private.h' -exec basename {} \; ;
             sed -n 's/^#include "\(lz-[^"]*\.h\)"$/\1/p' src/core/lz.h; } | sort -u |
          tr '\n' '|' | sed 's/|$//; s/\./\\./g')
if [ -z "$headers" ]; then
  echo "src/core has no module header: is SRCDIR the source tree?"
  exit 2
fi
# Every C source and header of the tree but the core's own (and build trees).
files=$(find . \( -path ./src/core -o -path ./.git -o -type d \( -name 'build*' -o -name subprojects \) \) -prune \
          -o -type f \( -name '*.c' -o -name '*.h' \) -print)
if [ -n "$files" ] &&
   printf '%s\n' "$files" | xargs grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([^\">]*/)?($headers)[\">]"; then
  echo "the files above include a private or module header of src/core: include lz.h (and make what they need public)"
  exit 1
fi
echo "no file outside src/core includes a private or module header of the core"
