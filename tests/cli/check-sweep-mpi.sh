#!/bin/sh
# check-sweep-mpi.sh LUZTAR_CLI SOURCE_ROOT — luztar-cli sweep under
# mpirun -np 3 writes the same bytes as a local sweep, and --resume under
# mpirun finishes an interrupted file the same way.  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
cli=$1
model=$2/data/examples/friction-oscillator.luztar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# CI runs as root; three ranks on a two-core machine
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpi="mpirun -np 3 --oversubscribe"
set -- --set f1.level=0.2:0.8:7 --set k1.k=log:0.5:2:5 --t-end 30 "$model"
n=0 failed=0
check () {
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}

"$cli" sweep -j 1 -o "$tmp/local.csv" "$@"
$mpi "$cli" sweep -o "$tmp/mpi.csv" "$@" 2> "$tmp/err"
cmp -s "$tmp/local.csv" "$tmp/mpi.csv"
check $? "mpirun -np 3: the same CSV as a local sweep, bit for bit ($(wc -l < "$tmp/mpi.csv") lines)"
[ "$(wc -l < "$tmp/mpi.csv")" = 36 ]
check $? "35 rows and the header"

head -c 2000 "$tmp/local.csv" > "$tmp/resumed.csv"
$mpi "$cli" sweep --resume "$tmp/resumed.csv" "$@" 2>> "$tmp/err"
cmp -s "$tmp/local.csv" "$tmp/resumed.csv"
check $? "--resume under mpirun finishes an interrupted file as the local sweep"

"$cli" sweep -j 1 --format json -o "$tmp/local.json" "$@"
$mpi "$cli" sweep --format json -o "$tmp/mpi.json" "$@" 2>> "$tmp/err"
cmp -s "$tmp/local.json" "$tmp/mpi.json"
check $? "mpirun -np 3: the same JSON as a local sweep"

$mpi "$cli" sweep --set k1.k=1:2:3 "$model" > "$tmp/stdout.csv" 2>> "$tmp/err"
"$cli" sweep --set k1.k=1:2:3 "$model" | cmp -s - "$tmp/stdout.csv"
check $? "to standard output: only rank 0 writes"
if [ $failed != 0 ]; then sed 's/^/# /' "$tmp/err"; fi
echo "1..$n"
exit $failed
