# SPDX-License-Identifier: GPL-2.0-only
# The one LLVM release whose libclang the checker is built and tested
# against.  Older ones recover from parse errors differently (the kernel's
# headers give every era's tree some) and so give different findings on the
# same file; newer kernels probe CHECK= tools with __typeof_unqual__, which
# clang parses only from 19.  scripts/install-deps.sh and run-check.sh read
# the number from this line.
set(SAFESEEK_LIBCLANG_VERSION 19)
