#!/usr/bin/env bash
# Runs the whole test suite: installs what is missing, configures and builds
# into build/ (or $SAFESEEK_BUILD_DIR), then runs every ctest.  Extra
# arguments go to ctest, e.g. `scripts/test.sh -L cocci`.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${SAFESEEK_BUILD_DIR:-$top/build}
jobs=$(nproc 2>/dev/null || echo 2)

"$top/scripts/install-deps.sh" --test
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs" "$@"
