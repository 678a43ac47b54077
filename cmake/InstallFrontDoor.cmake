# SPDX-License-Identifier: GPL-2.0-only
# The front door, installed: its Python package goes to
# P/share/safeseek/python/safeseek/ and its launcher, run-check.sh, to
# P/bin/safeseek; the launcher finds the package ($here/../share/safeseek/
# python) and the package the checker ($here/safeseek-check) and the
# semantic patches (P/share/safeseek/semantic-patches) relative to
# themselves.
#
# A tree without the package (a copy of the checker's sources alone, as
# checker.add-rule builds) still configures, with a warning; install.staged
# and install.deb fail if a real tree's front door is not installed.

set(_frontdoor_pkg ${PROJECT_SOURCE_DIR}/python/safeseek)
if(NOT EXISTS ${_frontdoor_pkg}/__main__.py)
  message(WARNING "${_frontdoor_pkg} is not there: the front door will not be installed")
  return()
endif()

install(DIRECTORY ${_frontdoor_pkg} DESTINATION ${SAFESEEK_DATADIR}/python
        FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/run-check.sh
        DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME safeseek)

# safeseek(1) from the package's --help, which needs python3 and its
# standard library only: no checker, spatch or sparse, and no install step.
find_program(SAFESEEK_FRONTDOOR_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(SAFESEEK_FRONTDOOR_PYTHON python3)
if(NOT SAFESEEK_FRONTDOOR_PYTHON)
  message(FATAL_ERROR "python3 not found: the front door and its manual page need it "
                      "(Debian package python3)")
endif()
set(_help_python ${SAFESEEK_FRONTDOOR_PYTHON})
set(_help_pythonpath ${PROJECT_SOURCE_DIR}/python)
configure_file(${PROJECT_SOURCE_DIR}/cmake/man/safeseek-help.sh.in
               ${PROJECT_BINARY_DIR}/man/help.in/safeseek @ONLY)
file(COPY ${PROJECT_BINARY_DIR}/man/help.in/safeseek DESTINATION ${PROJECT_BINARY_DIR}/man/help
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                      WORLD_READ WORLD_EXECUTE)
file(GLOB _frontdoor_sources CONFIGURE_DEPENDS ${_frontdoor_pkg}/*.py)
safeseek_man_page(safeseek
  "scan, convert and verify Linux kernel code for the 2.6.8 safe-seeks change"
  OPTIONS --version-string=${PROJECT_VERSION}
  DEPENDS ${_frontdoor_sources} ${PROJECT_BINARY_DIR}/man/help/safeseek
  COMMAND ${PROJECT_BINARY_DIR}/man/help/safeseek)
