#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs every test through ctest.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps
scripts/build
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 600
