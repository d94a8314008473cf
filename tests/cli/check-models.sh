#!/bin/sh
# check-models.sh LUZTAR_CLI TESTS_SRCDIR — `luztar-cli check` on the good
# models of tests/data/models (exit 0, a one-line summary) and on the
# malformed-file corpus tests/data/bad (exit 2, the expected
# "FILE:LINE: message" of tests/data/bad-models.tsv on stderr, nothing on
# stdout, and no line that does not start with the file name: libxml2 and
# libmatheval must not print by themselves).  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1
tests=$2
models=$tests/data/models
bad=$tests/data/bad
table=$tests/data/bad-models.tsv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
show () { sed 's/^/# /' "$1"; }

# run ARGS... — runs the CLI, leaving stdout, stderr and the status in $tmp.
run () {
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/status"
}
status () { cat "$tmp/status"; }

# has_line FILE PREFIX SUBSTRING — FILE has a line starting with PREFIX and
# containing SUBSTRING further on.
has_line () {
  while IFS= read -r l; do
    case $l in
      "$2"*"$3"*) return 0 ;;
    esac
  done <"$1"
  return 1
}

# Every line of FILE starts with PREFIX.
all_lines_start_with () {
  while IFS= read -r l; do
    case $l in
      "$2"*) ;;
      *) return 1 ;;
    esac
  done <"$1"
  return 0
}

# Good models.
for f in "$models"/*.luztar; do
  name=${f##*/}
  run check "$f"
  if [ "$(status)" -ne 0 ]; then
    not_ok "$name: exit status $(status), wanted 0"; show "$tmp/err"
  elif ! has_line "$tmp/out" "$f: ok — " "complementarity pair"; then
    not_ok "$name: no summary line"; show "$tmp/out"
  elif [ -s "$tmp/err" ]; then
    not_ok "$name: unexpected output on stderr"; show "$tmp/err"
  else
    ok "$name: checks"
  fi
done

# summary MODEL TEXT — the summary of MODEL reads TEXT.
summary () {
  run check "$models/$1"
  if has_line "$tmp/out" "$models/$1: ok — " "$2"; then
    ok "$1: summary"
  else
    not_ok "$1: summary lacks '$2'"; show "$tmp/out"
  fi
}
summary friction-oscillator.luztar \
  '“Forced friction oscillator”: 1 body, 4 elements (1 spring, 1 damper, 1 friction element, 1 stop), 1 force, 1 prescribed motion, 1 actuator, 3 complementarity pairs'
summary gear-train.luztar '4 bodies, 4 elements (2 springs, 1 damper, 1 gear), 1 force, 6 complementarity pairs'
summary two-carts-stop.luztar '2 bodies, 5 elements (2 springs, 1 damper, 2 stops), 2 complementarity pairs'
summary minimal.luztar '1 body, 0 elements, 0 complementarity pairs'

# The corpus: one test per row of the table.
while IFS="$(printf '\t')" read -r file line code message; do
  case $file in
    ''|'#'*) continue ;;
  esac
  path=$bad/$file
  if [ "$line" -eq 0 ]; then prefix="$path: "; else prefix="$path:$line: "; fi
  run check "$path"
  if [ "$(status)" -ne 2 ]; then
    not_ok "$file: exit status $(status), wanted 2"; show "$tmp/err"
  elif [ -s "$tmp/out" ]; then
    not_ok "$file: unexpected output on stdout"; show "$tmp/out"
  elif ! has_line "$tmp/err" "$prefix" "$message"; then
    not_ok "$file ($code): no line '$prefix…$message'"; show "$tmp/err"
  elif ! all_lines_start_with "$tmp/err" "$path:"; then
    not_ok "$file: a line of stderr does not start with the file name"; show "$tmp/err"
  else
    ok "$file: $code at line $line"
  fi
done <"$table"

# Every file of the corpus is in the table.
for f in "$bad"/*.luztar; do
  name=${f##*/}
  if grep -q "^$name	" "$table"; then :; else not_ok "$name is not in bad-models.tsv"; fi
done

# Usage and several files.
run check
if [ "$(status)" -eq 1 ] && grep -q 'no model file given' "$tmp/err"; then ok "no file is a usage error"; else not_ok "no file: status $(status)"; show "$tmp/err"; fi
run check --frobnicate "$models/minimal.luztar"
if [ "$(status)" -eq 1 ] && grep -q 'unknown option “--frobnicate”' "$tmp/err"; then ok "an unknown option is a usage error"; else not_ok "unknown option: status $(status)"; show "$tmp/err"; fi
run check --help
if [ "$(status)" -eq 0 ] && grep -q '^  luztar-cli check \[OPTION…\] FILE…$' "$tmp/out"; then ok "--help prints the usage"; else not_ok "--help: status $(status)"; show "$tmp/out"; fi
run check "$tmp/does-not-exist.luztar"
if [ "$(status)" -eq 2 ] && grep -q "^$tmp/does-not-exist.luztar: " "$tmp/err"; then ok "a missing file is bad input"; else not_ok "missing file: status $(status)"; show "$tmp/err"; fi
run check -q "$models/minimal.luztar" "$models/gear-train.luztar"
if [ "$(status)" -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; then ok "--quiet prints nothing"; else not_ok "--quiet: status $(status)"; show "$tmp/out"; fi
run check "$models/minimal.luztar" "$bad/model-zero-stiffness.luztar" "$models/gear-train.luztar"
if [ "$(status)" -eq 2 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
  ok "several files: good ones summarized, bad one reported, status 2"
else
  not_ok "several files: status $(status)"; show "$tmp/out"; show "$tmp/err"
fi
run check -- "$models/minimal.luztar"
if [ "$(status)" -eq 0 ]; then ok "-- ends the options"; else not_ok "--: status $(status)"; fi

echo "1..$n"
[ "$failed" -eq 0 ]
