#!/usr/bin/env bash
# The main job: set up, build, then run a real OpenCL program (the tiled
# matrix multiply) under wavesim on the default config and print its report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/cli/wavesim run --db build/wavesim-example.db -- build/examples/matmul "$@"
