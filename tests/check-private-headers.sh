#!/bin/sh
# check-private-headers.sh SRCDIR — no file outside src/core includes one of
# the core's *-private.h headers: they are the core's internals, shared
# between its own files (docs/architecture.md, "The layers"); what the application, luztar-cli,
# the tests or the benchmarks need of the core is public API, in lz.h.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
cd "$1" || exit 2
headers=$(cd src/core && ls -- *-private.h 2>/dev/null | tr '\n' '|' | sed 's/|$//; s/\./\\./g')
if [ -z "$headers" ]; then
  echo "src/core has no private header"
  exit 0
fi
# Every C source and header of the tree but the core's own (and build trees).
files=$(find . \( -path ./src/core -o -path ./.git -o -type d \( -name 'build*' -o -name subprojects \) \) -prune \
          -o -type f \( -name '*.c' -o -name '*.h' \) -print)
if [ -n "$files" ] &&
   printf '%s\n' "$files" | xargs grep -nE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([^\">]*/)?($headers)[\">]"; then
  echo "the files above include a private header of src/core: make what they need public instead"
  exit 1
fi
echo "no file outside src/core includes a private header of the core"
