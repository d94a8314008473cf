#!/bin/bash
# slurm-sweep.sh — a luztar-cli sweep as a Slurm batch job (the user guide,
# "Sweep parameters"; luztar-cli(1)).  Submit it with
#   sbatch docs/slurm-sweep.sh
# and again, unchanged, after a time limit or a pre-emption: --resume
# continues map.csv after its last complete row, so finished runs are not
# redone.  Luztar must be built with -Dmpi=enabled against the cluster's MPI.
#
# Ranks: rank 0 hands out blocks of runs and writes the file, every other
# rank computes one run at a time.  Rank 0 sleeps while it waits, so ask
# for one task per core and one more (here 2 nodes of 32 cores: 64
# workers), and let Slurm put the extra task on a busy core (--overcommit).
#
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
#SBATCH --job-name=luztar-sweep
#SBATCH --nodes=2
#SBATCH --ntasks=65
#SBATCH --overcommit
#SBATCH --cpus-per-task=1
#SBATCH --time=02:00:00
#SBATCH --output=luztar-sweep-%j.log
#SBATCH --requeue
#SBATCH --open-mode=append

set -eu
module load openmpi 2>/dev/null || true   # the name of the MPI module is the site's

cd "${SLURM_SUBMIT_DIR:-.}"
# srun starts the ranks (the MPI must be built with Slurm's PMIx or PMI-2;
# otherwise use: mpirun luztar-cli sweep …)
srun luztar-cli sweep \
  --set f1.level=0.1:1:100 --set k1.k=log:0.5:5:100 \
  --after 50 --strobe 12.566370614359172 --strobe-count 20 \
  --resume map.csv \
  friction-oscillator.luztar
