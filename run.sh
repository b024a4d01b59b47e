#!/usr/bin/env bash
# Installs what is missing, builds the tool alone (no tests, no benchmarks), and runs the main job:
# every claim of the seed papers.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps --tool-only
scripts/build -DCGTLAB_BUILD_TESTS=OFF -DCGTLAB_BUILD_BENCHMARKS=OFF --target cgtlab
exec build/cgtlab verify "$@"
