# SPDX-License-Identifier: GPL-2.0-only
# The libraries the checker links, found the same way by the project and by
# the fuzz targets' own build (fuzz/CMakeLists.txt).
find_package(LibClang REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(JSONC REQUIRED IMPORTED_TARGET json-c)
pkg_check_modules(NETTLE REQUIRED IMPORTED_TARGET nettle)
find_package(Threads REQUIRED)
