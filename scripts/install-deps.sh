#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The one place that installs what safeseek needs from Debian's packages.
#
#   scripts/install-deps.sh          what scanning and converting need
#   scripts/install-deps.sh --test   plus what the test suite needs
#
# Installs only what is missing.  As root it runs apt-get; otherwise it prints
# the exact command to run and exits 2.  run-check.sh runs it (through
# python/safeseek/tools.py) when a command it needs is missing or the
# checker is to be built.
set -euo pipefail

want_test=0
case "${1:-}" in
  --test) want_test=1 ;;
  "") ;;
  *) echo "usage: $0 [--test]" >&2; exit 2 ;;
esac

missing=()
need_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed' || missing+=("$1"); }

# The checker is built against one libclang, named in
# cmake/LibClangVersion.cmake: an older one already on the machine (Debian 12
# ships 14) gives other findings, so it does not count.
here=$(cd "$(dirname "$0")" && pwd)
llvm=$(sed -n 's/^set(SAFESEEK_LIBCLANG_VERSION \([0-9][0-9]*\))$/\1/p' "$here/../cmake/LibClangVersion.cmake")
if [ -z "$llvm" ]; then
  echo "$0: cannot read the libclang version from cmake/LibClangVersion.cmake" >&2
  exit 2
fi

# help2man makes the manual pages at build time.
for p in python3 coccinelle sparse cmake make gcc pkg-config libjson-c-dev nettle-dev git help2man; do need_pkg "$p"; done
need_pkg "libclang-$llvm-dev"
if [ "$want_test" = 1 ]; then
  # clang and its runtime give the sanitizer and libFuzzer builds;
  # the linter of the project's own shell scripts comes with them.
  # dpkg-dev's dpkg-shlibdeps computes the .deb's library dependencies.
  for p in python3-jsonschema "clang-$llvm" "libclang-rt-$llvm-dev" shellcheck dpkg-dev; do need_pkg "$p"; done
fi

[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" != 0 ]; then
  echo "safeseek: missing Debian packages; run as root:" >&2
  echo "  apt-get update && $cmd" >&2
  exit 2
fi
echo "safeseek: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
