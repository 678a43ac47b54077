# SPDX-License-Identifier: GPL-2.0-only
# Finds libclang's C API, preferring LLVM 19 (newer kernels probe CHECK= tools
# with __typeof_unqual__, which clang parses only from 19) and falling back to
# 18..14.  Sets LibClang_FOUND, LibClang_INCLUDE_DIR, LibClang_LIBRARY,
# LibClang_VERSION and the imported target LibClang::LibClang.

set(_libclang_versions 19 18 17 16 15 14)
if(SAFESEEK_LLVM_VERSION)
  set(_libclang_versions ${SAFESEEK_LLVM_VERSION})
endif()

foreach(_v IN LISTS _libclang_versions)
  find_path(LibClang_INCLUDE_DIR clang-c/Index.h
            PATHS /usr/lib/llvm-${_v}/include NO_DEFAULT_PATH)
  find_library(LibClang_LIBRARY NAMES clang libclang clang-${_v}
               PATHS /usr/lib/llvm-${_v}/lib NO_DEFAULT_PATH)
  if(LibClang_INCLUDE_DIR AND LibClang_LIBRARY)
    set(LibClang_VERSION ${_v})
    set(LibClang_PREFIX /usr/lib/llvm-${_v})
    break()
  endif()
  unset(LibClang_INCLUDE_DIR CACHE)
  unset(LibClang_LIBRARY CACHE)
endforeach()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang
  REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR
  VERSION_VAR LibClang_VERSION
  FAIL_MESSAGE "libclang not found: run scripts/install-deps.sh (Debian package libclang-19-dev)")

if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES
    IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}")
endif()
