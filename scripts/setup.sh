#!/usr/bin/env bash
# Installs the Debian packages wavesim needs to build, test and compare
# (idempotent: only missing packages are installed), then configures and
# builds into build/ (and build-asan/ with WAVESIM_ASAN=1).
set -euo pipefail
cd "$(dirname "$0")/.."

PKGS=(build-essential cmake pkg-config python3 git
      clang-14 llvm-14 llvm-14-dev llvm-spirv-14 libclang-common-14-dev libclang-rt-14-dev
      spirv-tools spirv-headers libyaml-dev libsqlite3-dev sqlite3 check
      opencl-c-headers ocl-icd-opencl-dev ocl-icd-libopencl1 clinfo
      pocl-opencl-icd oclgrind piglit  # piglit: its OpenCL profile (tests/integration/piglit_cl.py)
      clblast-tests libblas3  # CLBlast's correctness testers; libblas3: their CBLAS reference
      python3-matplotlib python3-yaml  # scripts/plot_stats.py (charts, the preset's roofline)
      python3-pyopencl python-pyopencl-doc python3-pytest python3-scipy)  # PyOpenCL, its test suite (pyopencl_suite.py) and the Bessel references its math tests compare with
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$jobs"
if [ "${WAVESIM_ASAN:-0}" = 1 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DWAVESIM_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$jobs"
fi
