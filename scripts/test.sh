#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs the whole test suite: installs what is missing, configures and builds
# into build/ (or $SAFESEEK_BUILD_DIR), then runs every ctest.  Extra
# arguments go to ctest, e.g. `scripts/test.sh -L cocci`.
#
# With SAFESEEK_SANITIZE_SUITE=1 (CI sets it), the suite then runs a second
# time against a build with AddressSanitizer and UndefinedBehaviorSanitizer
# in build-asan/ (or $SAFESEEK_ASAN_BUILD_DIR): every test that hands the
# project's C code input of its own (labels checker, gate and robustness:
# odd trees, malformed control input, output safety).  It leaves out what
# runs none of that code (labels cocci and corpus: spatch, gcc and sparse
# only), the fuzz smoke runs, whose targets are built with both sanitizers
# already, and the run-check.sh tests (label e2e, robustness.fix.*), which
# spend their minutes in spatch and feed the checker nothing the checker
# tests do not: run under the sanitizers they doubled the CI time.  The
# install tests (label install) feed it only the corpus, too, and
# checker.add-rule builds a plain copy of the checker of its own.
# robustness.space.full-stdout fills run-check.sh's own standard output:
# the checker it calls reads drivers/char of the corpus and writes to
# run-check.sh, as in every report the other tests make.  Tests that
# see SAFESEEK_SANITIZED=1 leave out their spatch runs where those repeat
# what the plain suite ran.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${SAFESEEK_BUILD_DIR:-$top/build}
jobs=$(nproc 2>/dev/null || echo 2)

"$top/scripts/install-deps.sh" --test
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs" "$@"

if [ "${SAFESEEK_SANITIZE_SUITE:-0}" = 1 ]; then
	asan=${SAFESEEK_ASAN_BUILD_DIR:-$top/build-asan}
	echo "--- the suite again under AddressSanitizer and UndefinedBehaviorSanitizer ($asan)"
	cmake -S "$top" -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSAFESEEK_SANITIZE=ON >/dev/null
	cmake --build "$asan" -j "$jobs"
	# Any report fails the test that ran into it: ASan and UBSan stop the
	# program, LeakSanitizer makes its exit status non-zero.  No leak is
	# suppressed; libclang has needed no suppression so far.
	SAFESEEK_SANITIZED=1 \
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
		ctest --test-dir "$asan" --output-on-failure -j "$jobs" \
		-LE '^(cocci|corpus|e2e|install)$' -E '^(robustness\.(fuzz|fix)\.|robustness\.space\.full-stdout$|checker\.add-rule$)' "$@"
fi
