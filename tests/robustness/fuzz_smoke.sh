#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The fuzz targets in the test suite: built once with clang into their own
# build directory, then each run for a few seconds.
#
#   fuzz_smoke.sh build SRC_DIR FUZZ_BUILD_DIR
#   fuzz_smoke.sh run SRC_DIR FUZZ_BUILD_DIR TARGET SECONDS
#
# Exit status 77 (skipped) when there is no clang to build them with.
set -euo pipefail

what=$1 top=$2 build=$3
cc=${SAFESEEK_FUZZ_CC:-clang-19}

have_clang() {
	if ! command -v "$cc" >/dev/null 2>&1; then
		echo "$cc is not installed: the fuzz targets need clang's libFuzzer; skipped"
		exit 77
	fi
}

case $what in
build)
	have_clang
	cmake -S "$top/fuzz" -B "$build" -DCMAKE_C_COMPILER="$cc" >/dev/null
	cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)"
	;;
run)
	target=$4 seconds=$5
	[ -x "$build/fuzz_$target" ] || have_clang
	# a fresh run from the seeds: what a previous run learnt is not kept
	rm -rf "$build/corpus/$target" "$build/crashes/$target"
	exec "$top/fuzz/run.sh" "$target" "$seconds" "$build"
	;;
*)
	echo "usage: $0 build|run ..." >&2
	exit 2
	;;
esac
