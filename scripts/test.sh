#!/usr/bin/env bash
# Sets up, builds (normal and ASan+UBSan) and runs every test with ctest
# (under ASan all but those labelled "slow": the larger integration runs).
set -euo pipefail
cd "$(dirname "$0")/.."
WAVESIM_ASAN=1 scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
echo "== tests (release build)"
ctest --test-dir build --output-on-failure -j "$jobs"
echo "== tests (ASan+UBSan build)"
ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE slow
