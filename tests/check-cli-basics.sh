#!/bin/sh
# check-cli-basics.sh LUZTAR_CLI LOCALEDIR — --version, --help (also in
# Polish) and the documented exit codes of luztar-cli.  Prints TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cli=$1
export LUZTAR_LOCALEDIR=$2
n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
expect () {  # expect DESCRIPTION WANTED_STATUS PATTERN CMD...
  what=$1 want=$2 pattern=$3; shift 3
  out=$("$@" 2>&1); st=$?
  if [ "$st" -ne "$want" ]; then
    not_ok "$what: exit status $st, wanted $want"; printf '%s\n' "$out" | sed 's/^/# /'
  elif ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
    not_ok "$what: output lacks '$pattern'"; printf '%s\n' "$out" | sed 's/^/# /'
  else
    ok "$what"
  fi
}
expect "--version prints the version" 0 '^luztar-cli [0-9][0-9.]*$' "$cli" --version
expect "--help lists the check command" 0 '^  check ' "$cli" --help
expect "--help documents exit status 2" 0 '^  2  bad input' "$cli" --help
expect "no command is a usage error" 1 'no command given' "$cli"
expect "an unknown command is a usage error" 1 'unknown command “frobnicate”' "$cli" frobnicate
expect "an unknown option is a usage error" 1 'unknown option “--frobnicate”' "$cli" --frobnicate
expect "--help is translated (LANGUAGE=pl)" 0 '^Użycie: luztar-cli' env LANGUAGE=pl "$cli" --help
expect "errors are translated (LANGUAGE=pl)" 1 'nieznane polecenie' env LANGUAGE=pl "$cli" frobnicate
model=$(mktemp); trap 'rm -f "$model"' EXIT
printf '%s\n' '<luztar-model version="1"><ground id="g"/><body id="z" mass="0"/><body id="m" mass="1"/>' \
  '<spring id="k1" a="g" b="z" k="2"/><spring id="k2" a="z" b="m" k="3"/></luztar-model>' >"$model"
expect "ids in a list get the language's quotation marks (LANGUAGE=pl)" 0 '(elementy „k1”, „k2”)' \
  env LANGUAGE=pl "$cli" reduce "$model"
printf '%s\n' '<luztar-model version="1" name="para"><body id="m" mass="1"/></luztar-model>' >"$model"
expect "a model's name too (LANGUAGE=pl)" 0 'ok — „para”: 1 ciało' env LANGUAGE=pl "$cli" check "$model"
expect "an option without its value is named" 1 'option “--dt” needs a value' "$cli" run "$model" --dt
# GLib takes "-j1" as -j with the next argument for its value: the message
# names -j and that argument, not the model's file
expect "a value glued to a short option is refused naming the option" 1 '“--t-end” for -j' \
  "$cli" sweep -j1 --t-end 1 "$model"
echo "1..$n"
[ "$failed" -eq 0 ]
