#!/usr/bin/env bash
# cmake --install into a scratch prefix; a three-line find_package(cgtlab) consumer builds and runs;
# the installed tool runs; the installed Python package imports.
#   tests/cmake/install_test.sh BUILD_DIR CONSUMER_SOURCE_DIR PYTHON(0|1)
set -euo pipefail
build=$1 consumer=$2 python=${3:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -x "$tmp/prefix/bin/cgtlab"
test -f "$tmp/prefix/include/cgtlab/cgt/game.h"
test -f "$tmp/prefix/lib/cmake/cgtlab/cgtlabConfig.cmake"
out=$("$tmp/prefix/bin/cgtlab" value "^+^")
[ "$out" = "^^" ] || { echo "installed cgtlab value printed '$out'" >&2; exit 1; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
out=$("$tmp/consumer/consumer")
# the consumer's answers, computed by the build tree's tool for comparison
want="$("$build/cgtlab" value "{1|*}+^+^") || $("$build/cgtlab" coins algorithm 011101 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')"
[ "$out" = "$want" ] || { echo "consumer printed '$out', expected '$want'" >&2; exit 1; }
if [ "$python" = 1 ] || [ "$python" = ON ]; then
  got=$(cd "$tmp" && PYTHONPATH="$tmp/prefix/lib/python3/dist-packages" /usr/bin/python3 -c \
    'import cgtlab; print(cgtlab.__file__.startswith("'"$tmp"'"), cgtlab.Game("^") + cgtlab.Game("^"))')
  [ "$got" = "True ^^" ] || { echo "installed Python package: '$got'" >&2; exit 1; }
fi
echo "install, find_package(cgtlab) consumer, installed tool and Python package: ok"
