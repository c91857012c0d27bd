#!/bin/sh
# run_check.sh WORKDIR STEP...: runs each STEP (a quoted command) in a fresh
# WORKDIR, stopping at the first failure; the traces ctests chain
# `wavesim run`, plot_stats.py and check_traces.py through it.
set -e
dir=$1
shift
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
for step in "$@"; do
  echo "+ $step"
  sh -c "$step"
done
