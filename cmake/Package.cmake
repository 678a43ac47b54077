# SPDX-License-Identifier: GPL-2.0-only
# `cpack -G DEB` in the build directory makes safeseek_VERSION_ARCH.deb from
# the install rules (cmake/Install.cmake), installed under /usr.
#
# Depends: the shared libraries the checker links (libclang, json-c, nettle, libc)
# are computed by dpkg-shlibdeps from the binary itself, so the package
# names the libclang the checker was built against; the programs the front
# door runs are named here.

set(CPACK_PACKAGE_NAME safeseek)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The safeseek authors")
set(CPACK_PACKAGE_CONTACT "The safeseek authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finish the Linux 2.6.8 safe-seeks change in kernel C code")
set(CPACK_PACKAGE_DESCRIPTION
    "safeseek finds and converts kernel code that still refuses pread/pwrite by\n\
comparing its position pointer with &file->f_pos, sysctl handlers without a\n\
loff_t *ppos, and read/write methods that touch file->f_pos.  It holds\n\
Coccinelle semantic patches in the kernel's coccicheck conventions, the\n\
libclang checker safeseek-check (text, JSON, SARIF; also as make C=1\n\
CHECK=safeseek-check), and the front door safeseek, which scans, converts\n\
in place and verifies.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# spatch runs the semantic patches, sparse verifies a conversion, python3
# runs the front door (3.7 or later, its standard library only).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "coccinelle, sparse, python3 (>= 3.7), diffutils")
# git for --since and --use-gitgrep, make for the kernel's C=1 CHECK= use,
# and clang's own headers, which a compile database without -nostdinc may
# need (their package is named after the libclang the checker links).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "git, make, libclang-common-${LibClang_VERSION}-dev")

include(CPack)
