#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: every claim of the seed papers.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps
scripts/build --target cgtlab
exec build/cgtlab verify "$@"
