#!/usr/bin/env bash
# run-check.sh: scan, convert and verify, in the style of `make coccicheck`.
#
# This script parses the command line, checks the paths, makes sure the tools
# are there (installing missing Debian packages through
# scripts/install-deps.sh) and that the checker is built, then hands the run
# to the Python package in python/safeseek/, which drives spatch, the checker and sparse.
set -euo pipefail

prog=run-check.sh
top=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)

usage() {
	cat <<'EOF'
usage: ./run-check.sh [OPTION...] [--] [PATH...]

Scan PATHs (files or directories; default: the bundled corpus) with the
semantic patches in semantic-patches/ and with safeseek-check.

  --mode=report    (default) every finding, sorted, then a summary per rule
                   and per directory
  --mode=patch     the unified diff all conversions would make; files untouched
  --mode=context   spatch's context output (-D context)
  --mode=org       spatch's org-mode output (-D org)
  --fix            convert the files in place, then verify the result
  --since REV      only findings on lines changed since REV (git)
  -j N, --jobs=N   parallel jobs for spatch and the checker (default: all CPUs)
  --use-gitgrep    let git grep choose the files spatch looks at (git trees)
  --timeout SEC    give up on one file after SEC seconds in spatch (default 120)
  -h, --help       this text

Exit status: 0 clean, 1 findings or places not converted, 2 usage or
internal error.
EOF
}

die() {
	echo "$prog: $*" >&2
	exit 2
}

mode=report
fix=0
since=
jobs=
gitgrep=0
timeout=120
paths=()

need_value() {
	[ "$2" -ge 2 ] || die "option '$1' needs a value (see --help)"
}

while [ $# -gt 0 ]; do
	case $1 in
	--mode=*) mode=${1#--mode=} ;;
	--mode) need_value "$1" $#; mode=$2; shift ;;
	--fix) fix=1 ;;
	--since=*) since=${1#--since=}; [ -n "$since" ] || die "option '--since' needs a value" ;;
	--since) need_value "$1" $#; since=$2; shift ;;
	--jobs=*) jobs=${1#--jobs=} ;;
	-j | --jobs) need_value "$1" $#; jobs=$2; shift ;;
	-j*) jobs=${1#-j} ;;
	--use-gitgrep) gitgrep=1 ;;
	--timeout=*) timeout=${1#--timeout=} ;;
	--timeout) need_value "$1" $#; timeout=$2; shift ;;
	-h | --help) usage; exit 0 ;;
	--) shift; paths+=("$@"); break ;;
	-?*) die "unknown option '$1' (a path starting with '-' goes after '--'; see --help)" ;;
	*) paths+=("$1") ;;
	esac
	shift
done

case $mode in
report | patch | context | org) ;;
*) die "unknown mode '$mode' (report, patch, context or org)" ;;
esac
if [ "$fix" = 1 ] && [ "$mode" != report ]; then
	die "--fix converts in place; it does not combine with --mode=$mode"
fi
if [ -n "$since" ] && { [ "$fix" = 1 ] || [ "$mode" = patch ]; }; then
	die "--since filters findings; use it with --mode=report, context or org, not with ${mode/report/--fix}"
fi
if [ -n "$jobs" ]; then
	[[ $jobs =~ ^[1-9][0-9]{0,3}$ ]] || die "-j needs a positive number, not '$jobs'"
else
	jobs=$(nproc 2>/dev/null || echo 1)
fi
[[ $timeout =~ ^[0-9]{1,6}$ ]] || die "--timeout needs a number of seconds, not '$timeout'"

# --- the paths ---------------------------------------------------------------

bad=0
if [ ${#paths[@]} -eq 0 ]; then
	if [ "$fix" = 1 ]; then
		die "--fix converts files in place: name the PATHs to convert (the bundled corpus is never converted in place; copy it first)"
	fi
	corpus=$top/corpus
	[ "$PWD" = "$top" ] && corpus=corpus
	for d in "$corpus"/*/; do
		d=${d%/}
		[ "${d##*/}" = expected ] && continue
		paths+=("$d")
	done
	[ ${#paths[@]} -gt 0 ] || die "the bundled corpus has no directories: $top/corpus"
else
	for p in "${paths[@]}"; do
		if [ -z "$p" ]; then
			echo "$prog: an empty PATH was given" >&2; bad=1
		elif [ -L "$p" ] && [ ! -e "$p" ]; then
			echo "$prog: '$p': a symbolic link to nothing" >&2; bad=1
		elif [ ! -e "$p" ]; then
			echo "$prog: '$p': no such file or directory" >&2; bad=1
		elif [ -d "$p" ]; then
			if [ ! -r "$p" ] || [ ! -x "$p" ]; then
				echo "$prog: '$p': directory cannot be read" >&2; bad=1
			fi
		elif [ -f "$p" ]; then
			case $p in
			*.c | *.h) [ -r "$p" ] || { echo "$prog: '$p': cannot be read" >&2; bad=1; } ;;
			*) echo "$prog: '$p': not a C source or header (.c, .h)" >&2; bad=1 ;;
			esac
		else
			echo "$prog: '$p': neither a regular file nor a directory" >&2; bad=1
		fi
	done
fi
[ "$bad" = 0 ] || exit 2

# --- tools ---------------------------------------------------------------------

# The Debian package that provides each command we may run.
declare -A pkg_of=([spatch]=coccinelle [sparse]=sparse [git]=git [diff]=diffutils
	[cmake]=cmake [make]=make [gcc]=gcc [pkg-config]=pkg-config)

tools=(spatch diff)
[ "$fix" = 1 ] && tools+=(sparse)
{ [ -n "$since" ] || [ "$gitgrep" = 1 ]; } && tools+=(git)

build=${SAFESEEK_BUILD_DIR:-$top/build}
checker=

find_checker() {
	local c
	checker=
	for c in "$build/safeseek-check" "$build/checker/safeseek-check"; do
		if [ -x "$c" ]; then checker=$c; return 0; fi
	done
	return 1
}

checker_stale() {
	find_checker || return 0
	[ -n "$(find "$top/checker" "$top/cmake" "$top/CMakeLists.txt" -newer "$checker" -print -quit 2>/dev/null)" ]
}

missing_tools() {
	local t
	for t in "$@"; do command -v "$t" >/dev/null 2>&1 || echo "$t"; done
}

need_build=0
checker_stale && need_build=1
build_tools=()
[ "$need_build" = 1 ] && build_tools=(cmake make gcc pkg-config)

mapfile -t missing < <(missing_tools "${tools[@]}" "${build_tools[@]}")
if [ ${#missing[@]} -gt 0 ] || [ "$need_build" = 1 ]; then
	# Installs what is missing when run as root; otherwise it prints the
	# exact apt-get command and exits 2.
	rc=0
	"$top/scripts/install-deps.sh" || rc=$?
	[ "$rc" = 0 ] || exit 2
	mapfile -t missing < <(missing_tools "${tools[@]}" "${build_tools[@]}")
	if [ ${#missing[@]} -gt 0 ]; then
		pkgs=()
		for t in "${missing[@]}"; do pkgs+=("${pkg_of[$t]:-$t}"); done
		echo "$prog: missing ${missing[*]}; install with:" >&2
		echo "  apt-get install ${pkgs[*]}" >&2
		exit 2
	fi
fi

# Every run holds a shared lock on the build directory while it uses the
# checker; a rebuild takes it exclusively, so it neither replaces the binary
# under a running check nor runs twice when runs start together.
lock=$build/.run-check.lock
if [ "$need_build" = 1 ]; then
	mkdir -p "$build" || die "cannot create the build directory $build"
	{ exec 9>>"$lock"; } 2>/dev/null || die "cannot write in the build directory $build"
	flock -x 9
	if checker_stale; then
		echo "$prog: building the checker in $build" >&2
		log=$build/run-check-build.log
		if ! { cmake -S "$top" -B "$build" &&
			cmake --build "$build" --target safeseek-check -j "$jobs"; } >"$log" 2>&1; then
			tail -n 30 "$log" >&2
			die "building the checker failed (full log: $log)"
		fi
		find_checker || die "the build did not produce safeseek-check in $build"
		# Up to date now, even when the newer source changed nothing.
		touch "$checker"
	fi
	flock -s 9
elif { exec 9>>"$lock"; } 2>/dev/null; then
	flock -s 9
fi

if [ "$gitgrep" = 1 ]; then
	for p in "${paths[@]}"; do
		d=$p
		[ -d "$d" ] || d=$(dirname -- "$p")
		if [ "$(git -C "$d" rev-parse --is-inside-work-tree 2>/dev/null)" != true ]; then
			die "--use-gitgrep works inside a git work tree, and '$p' is not in one"
		fi
	done
fi

# --- python --------------------------------------------------------------------

# Debian's interpreter first: a python3 earlier on PATH may be a separate build.
py=
for c in /usr/bin/python3 "$(command -v python3 2>/dev/null || true)"; do
	if [ -z "$c" ] || [ ! -x "$c" ]; then continue; fi
	if "$c" -c 'import sys, json, difflib, signal, tempfile, concurrent.futures; sys.exit(sys.version_info < (3, 7))' 2>/dev/null; then
		py=$c
		break
	fi
done
[ -n "$py" ] || die "no python3 (3.7 or later, with its standard library) found; install with: apt-get install python3"

# --- run -------------------------------------------------------------------------

args=(--top "$top" --checker "$checker" --jobs "$jobs" --timeout "$timeout")
if [ "$fix" = 1 ]; then args+=(--action fix); else args+=(--action "$mode"); fi
[ "$gitgrep" = 1 ] && args+=(--use-gitgrep)
[ -n "$since" ] && args+=(--since "$since")

# The shared lock (descriptor 9) stays held by the run until it ends.
PYTHONPATH=$top/python exec "$py" -m safeseek "${args[@]}" -- "${paths[@]}"
