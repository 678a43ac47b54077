#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs one fuzz target for as long as asked, then says how many inputs it
# ran and how many crashed.
#
#   fuzz/run.sh TARGET SECONDS [BUILD_DIR]
#
# TARGET is diff, baseline, kbuild, tree, analyse or cache.  BUILD_DIR (default
# build-fuzz/ at the top, or $SAFESEEK_FUZZ_BUILD) is configured with
# clang-19 when it is not yet, and the target is brought up to date every
# time, so that a run never fuzzes code that has since changed.  Seeds come from
# fuzz/seeds/ and from the corpus; what the fuzzer learns is kept in
# BUILD_DIR/corpus/TARGET for the next run, and the inputs that crash in
# BUILD_DIR/crashes/TARGET.  A crash does not end the run: the fuzzer starts
# again until the time is up.  Exit status: 0 no crash, 1 crashes, 2 usage
# or build error.
set -euo pipefail

prog=fuzz/run.sh
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() {
	echo "$prog: $*" >&2
	exit 2
}

[ $# -ge 2 ] && [ $# -le 3 ] || die "usage: $prog TARGET SECONDS [BUILD_DIR]"
target=${1#fuzz_}
seconds=$2
build=${3:-${SAFESEEK_FUZZ_BUILD:-$top/build-fuzz}}
case $target in
diff | baseline | kbuild | tree | analyse | cache) ;;
*) die "unknown target '$1' (diff, baseline, kbuild, tree, analyse or cache)" ;;
esac
[[ $seconds =~ ^[1-9][0-9]*$ ]] || die "SECONDS must be a positive number, not '$seconds'"

bin=$build/fuzz_$target
mkdir -p "$build" || die "cannot create $build"
log=$build/run-build.log
if [ ! -f "$build/CMakeCache.txt" ]; then
	cc=${SAFESEEK_FUZZ_CC:-clang-19}
	command -v "$cc" >/dev/null || die "$cc not found (the fuzz targets need clang's libFuzzer)"
	echo "$prog: configuring $build" >&2
	if ! cmake -S "$top/fuzz" -B "$build" -DCMAKE_C_COMPILER="$cc" >"$log" 2>&1; then
		tail -n 30 "$log" >&2
		die "configuring $build failed (full log: $log)"
	fi
fi
if ! cmake --build "$build" --target "fuzz_$target" -j "$(nproc 2>/dev/null || echo 2)" >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	die "building fuzz_$target failed (full log: $log)"
fi
[ -x "$bin" ] || die "the build did not produce $bin"

# --- seeds -----------------------------------------------------------------------

seeds=$build/seeds/$target
rm -rf "$seeds"
mkdir -p "$seeds"
if [ -d "$top/fuzz/seeds/$target" ]; then
	cp "$top/fuzz/seeds/$target"/* "$seeds"/
fi
n=0
case $target in
analyse)
	# every source of the corpus, before and after conversion
	while IFS= read -r -d '' f; do
		n=$((n + 1))
		cp "$f" "$seeds/corpus-$n.${f##*.}"
	done < <(find "$top/corpus" -type f \( -name '*.c' -o -name '*.h' \) -print0 | sort -z)
	;;
diff)
	# the conversions of the corpus, as unified diffs
	while IFS= read -r -d '' f; do
		rel=${f#"$top/corpus/expected/"}
		[ -f "$top/corpus/$rel" ] || continue
		n=$((n + 1))
		(cd "$top/corpus" && diff -u --label "a/$rel" --label "b/$rel" "$rel" "expected/$rel" || true) >"$seeds/corpus-$n.diff"
		(cd "$top/corpus" && diff -U0 --label "a/$rel" --label "b/$rel" "$rel" "expected/$rel" || true) >"$seeds/corpus-$n-u0.diff"
	done < <(find "$top/corpus/expected" -type f -name '*.c' -print0 | sort -z)
	;;
esac

# --- run -------------------------------------------------------------------------

work=$build/corpus/$target
crashes=$build/crashes/$target
mkdir -p "$work" "$crashes"
case $target in
analyse) opts=(-max_len=8192 -timeout=30 -rss_limit_mb=4096) ;;
*) opts=(-max_len=4096 -timeout=10) ;;
esac
# libclang is not instrumented: LeakSanitizer would see its caches at exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1:allocator_may_return_null=1}
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
	for s in llvm-symbolizer-19 llvm-symbolizer; do
		if command -v "$s" >/dev/null; then
			ASAN_SYMBOLIZER_PATH=$(command -v "$s")
			export ASAN_SYMBOLIZER_PATH
			break
		fi
	done
fi
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
log=$build/fuzz-$target.log
: >"$log"

start=$(date +%s)
execs=0
runs=0
while :; do
	left=$((seconds - ($(date +%s) - start)))
	[ "$left" -gt 0 ] || break
	runs=$((runs + 1))
	[ "$runs" -le 50 ] || break
	rc=0
	"$bin" "${opts[@]}" -max_total_time="$left" -print_final_stats=1 \
		-artifact_prefix="$crashes/" "$work" "$seeds" >>"$log" 2>&1 || rc=$?
	last=$(grep -a 'stat::number_of_executed_units:' "$log" | tail -n 1 | awk '{print $2}')
	execs=$((execs + ${last:-0}))
	# the stats line is printed once per fuzzer process; mark it used
	sed -i 's/^stat::number_of_executed_units:/stat::counted_executed_units:/' "$log"
	[ "$rc" = 0 ] && break
	if ! grep -aq -E '^(==[0-9]+==ERROR|SUMMARY: |INFO: Running with entropic)' "$log"; then
		tail -n 20 "$log" >&2
		die "fuzz_$target stopped without a finding (exit $rc); see $log"
	fi
done
elapsed=$(($(date +%s) - start))

found=0
list=()
for f in "$crashes"/crash-* "$crashes"/leak-* "$crashes"/timeout-* "$crashes"/oom-* "$crashes"/slow-unit-*; do
	[ -e "$f" ] || continue
	[ "$f" -nt "$log" ] || [ "$(stat -c %Y "$f")" -ge "$start" ] || continue
	found=$((found + 1))
	list+=("$f")
done
echo "fuzz_$target: $execs executions in $elapsed s, $found crashes"
for f in "${list[@]}"; do
	echo "  $f"
done
echo "  log: $log"
[ "$found" = 0 ]
