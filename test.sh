#!/usr/bin/env bash
# Installs what is missing, builds everything (library, tool, tests, benchmarks), and runs every
# test through ctest. Extra arguments go to the configuration (e.g. -DCGTLAB_WERROR=ON).
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps
scripts/build "$@"
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 600
