# SPDX-License-Identifier: GPL-2.0-only
# Finds the C API of the libclang named in LibClangVersion.cmake, and no
# other: a build against another gives other findings.  A build tree first
# configured against another LLVM forgets those paths and looks again.
# Sets LibClang_FOUND, LibClang_INCLUDE_DIR, LibClang_LIBRARY,
# LibClang_VERSION and the imported target LibClang::LibClang.

include(LibClangVersion)
set(LibClang_PREFIX /usr/lib/llvm-${SAFESEEK_LIBCLANG_VERSION})

foreach(_var LibClang_INCLUDE_DIR LibClang_LIBRARY)
  if(${_var} AND NOT ${_var} MATCHES "^${LibClang_PREFIX}/")
    message(STATUS "libclang: ${${_var}} is not LLVM ${SAFESEEK_LIBCLANG_VERSION}'s; looking again")
    unset(${_var} CACHE)
  endif()
endforeach()

find_path(LibClang_INCLUDE_DIR clang-c/Index.h
          PATHS ${LibClang_PREFIX}/include NO_DEFAULT_PATH)
find_library(LibClang_LIBRARY NAMES clang libclang clang-${SAFESEEK_LIBCLANG_VERSION}
             PATHS ${LibClang_PREFIX}/lib NO_DEFAULT_PATH)
if(LibClang_INCLUDE_DIR AND LibClang_LIBRARY)
  set(LibClang_VERSION ${SAFESEEK_LIBCLANG_VERSION})
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang
  REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR
  VERSION_VAR LibClang_VERSION
  FAIL_MESSAGE "libclang ${SAFESEEK_LIBCLANG_VERSION} not found (only that one gives the findings the tests expect): run scripts/install-deps.sh (Debian package libclang-${SAFESEEK_LIBCLANG_VERSION}-dev)")

if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES
    IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS "SAFESEEK_LIBCLANG_VERSION=${SAFESEEK_LIBCLANG_VERSION}")
endif()
