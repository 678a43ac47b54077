#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Make the two real kernel trees the benchmark's real-tree rows run on.
#
#   bench/prepare-linux.sh [--from DIR | --tarball FILE] [--dirs "D/ ..."]
#                          [-j N] PLAIN_DIR CONFIGURED_DIR
#
# PLAIN_DIR      Debian's linux-source-6.1 as extracted: no .config, no
#                generated headers.
# CONFIGURED_DIR the same sources after `make defconfig && make prepare`,
#                with the --dirs directories built, so that a second plain
#                `make DIRS` has nothing left to do (the CHECK= rows time
#                `make C=2` against that).
#
# The sources come from the package's tarball (installed with apt-get when
# missing and run as root), or with --from from a tree already extracted,
# which is copied and never written to.  Either directory that already
# holds a tree is kept: the plain one as it is, the configured one brought
# up to date (defconfig only when it has no .config yet), so running the
# script again is cheap.  Neither may lie inside this repository.

set -euo pipefail

TARBALL=/usr/src/linux-source-6.1.tar.xz
FROM=
# Directories built in the configured tree: each holds f_pos users that
# x86_64 defconfig compiles (mem.c; proc's base.c and fd.c; ext4's dir.c,
# inline.c, orphan.c; sound/core/info.c; drivers/base/power/wakeup.c), and
# together they build in a few minutes on 2 cores.
DIRS="drivers/char/ fs/proc/ fs/ext4/ sound/core/ drivers/base/"
JOBS=$(nproc)

usage() {
	sed -n '4,7p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

die() {
	echo "prepare-linux: $*" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--from) FROM=${2:?}; shift 2 ;;
	--from=*) FROM=${1#*=}; shift ;;
	--tarball) TARBALL=${2:?}; shift 2 ;;
	--tarball=*) TARBALL=${1#*=}; shift ;;
	--dirs) DIRS=${2:?}; shift 2 ;;
	--dirs=*) DIRS=${1#*=}; shift ;;
	-j) JOBS=${2:?}; shift 2 ;;
	-j*) JOBS=${1#-j}; shift ;;
	-h|--help) usage ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage
PLAIN=$1
CONF=$2

TOP=$(cd "$(dirname "$0")/.." && pwd -P)

# The trees must not end up in the repository, where every scan, test and
# `git status` would meet 70,000 kernel files.
PLAIN=$(realpath -m -- "$PLAIN")
CONF=$(realpath -m -- "$CONF")
for d in "$PLAIN" "$CONF"; do
	case $d/ in
	"$TOP"/*) die "$d is inside the repository; put the trees elsewhere" ;;
	esac
done
[ "$PLAIN" != "$CONF" ] || die "the two trees need two directories"
mkdir -p "$PLAIN" "$CONF"

# Tools `make defconfig`, `make prepare` and the build need, by Debian
# package.
need_pkgs() {
	local missing=() p
	for p in make gcc flex bison bc libelf-dev libssl-dev xz-utils time; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
			echo "prepare-linux: installing ${missing[*]}" >&2
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 ||
				die "could not install ${missing[*]}"
		else
			die "missing packages: ${missing[*]} (apt-get install them)"
		fi
	fi
}

has_tree() {
	[ -f "$1/Makefile" ] && [ -f "$1/include/linux/fs.h" ]
}

# Fill DIR with the pristine sources.
fill() {
	local dir=$1
	if [ -n "$FROM" ]; then
		has_tree "$FROM" || die "$FROM is not a kernel tree"
		echo "prepare-linux: copying $FROM to $dir" >&2
		cp -a "$FROM"/. "$dir"/
	else
		if [ ! -f "$TARBALL" ]; then
			[ "$(id -u)" = 0 ] || die "no $TARBALL (apt-get install linux-source-6.1)"
			echo "prepare-linux: installing linux-source-6.1" >&2
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q linux-source-6.1 >&2 ||
				die "could not install linux-source-6.1"
			[ -f "$TARBALL" ] || die "linux-source-6.1 did not bring $TARBALL"
		fi
		echo "prepare-linux: extracting $TARBALL to $dir" >&2
		tar -xf "$TARBALL" --strip-components=1 -C "$dir"
	fi
	has_tree "$dir" || die "$dir: the sources did not give a kernel tree"
}

need_pkgs

if has_tree "$PLAIN"; then
	echo "prepare-linux: $PLAIN already holds a tree; kept" >&2
else
	[ -z "$(ls -A "$PLAIN")" ] || die "$PLAIN is neither empty nor a kernel tree"
	fill "$PLAIN"
fi
[ ! -e "$PLAIN/.config" ] || die "$PLAIN has a .config: it must stay unconfigured"

if ! has_tree "$CONF"; then
	[ -z "$(ls -A "$CONF")" ] || die "$CONF is neither empty nor a kernel tree"
	# The plain tree is pristine by now: copying it is quicker than
	# extracting again.
	echo "prepare-linux: copying $PLAIN to $CONF" >&2
	cp -a "$PLAIN"/. "$CONF"/
fi
cd "$CONF"
if [ ! -f .config ]; then
	make -s defconfig
fi
make -s -j"$JOBS" prepare
# shellcheck disable=SC2086 # DIRS is a list of directories
make -s -j"$JOBS" $DIRS
# Must now be up to date: a second run builds nothing.
# shellcheck disable=SC2086
if make -j"$JOBS" $DIRS 2>&1 | grep -E '^\s+(CC|LD|AR)\s' >/dev/null; then
	die "a second make of $DIRS still builds; the CHECK= rows need it up to date"
fi
echo "$DIRS" >"$CONF/.safeseek-bench-dirs"
echo "prepare-linux: ready: $PLAIN (unconfigured), $CONF (defconfig; built: $DIRS)" >&2
