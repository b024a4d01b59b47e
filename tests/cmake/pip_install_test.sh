#!/usr/bin/env bash
# `pip install --no-build-isolation .` as the README shows it, offline: a fresh virtual environment
# (Debian's python3-venv, with the system's setuptools), the package built by setup.py through the
# project's CMake from a copy of the tracked sources, then imported and used from outside the tree.
#   tests/cmake/pip_install_test.sh SOURCE_DIR BUILD_DIR   (BUILD_DIR: its cgtlab gives the expected answers)
set -euo pipefail
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A copy of the tracked files (a user's checkout), so pip's build/ and egg-info never touch the tree.
mkdir "$tmp/src"
if git -C "$src" rev-parse --show-toplevel >/dev/null 2>&1; then
  git -C "$src" ls-files -z | (cd "$src" && xargs -0 cp --parents -t "$tmp/src")
else
  cp -r "$src"/. "$tmp/src"
fi
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
cd "$tmp/src"
# CMake's build directory at <checkout>/build, as scripts/build has it: with setup.py's
# CCACHE_BASEDIR the compiler commands match a normal build's and ccache reuses its objects.
CGTLAB_BUILD_DIR="$tmp/src/build" "$tmp/venv/bin/pip" install --no-build-isolation --no-index --quiet . > "$tmp/pip.log" 2>&1 ||
  { tail -30 "$tmp/pip.log" >&2; echo "pip install --no-build-isolation . failed" >&2; exit 1; }
cd "$tmp"
got=$("$tmp/venv/bin/python" -c 'import cgtlab, sys
print(cgtlab.__file__.startswith(sys.prefix), cgtlab.Game("^") + cgtlab.Game("^"), cgtlab.arckayles.grundy("P5"))')
want="True $("$build/cgtlab" value "^+^") $("$build/cgtlab" arckayles grundy --graph P5 --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')"
[ "$got" = "$want" ] || { echo "pip-installed package printed '$got', expected '$want'" >&2; exit 1; }
"$tmp/venv/bin/pip" uninstall --yes --quiet cgtlab
if "$tmp/venv/bin/python" -c 'import cgtlab' 2>/dev/null; then echo "cgtlab still importable after pip uninstall" >&2; exit 1; fi
echo "pip install --no-build-isolation . into a venv, import, uninstall: ok"
