# SPDX-License-Identifier: GPL-2.0-only
# The front door, installed: its Python package goes to
# P/share/safeseek/python/safeseek/ and the launcher to P/bin/safeseek, which
# finds the package ($here/../share/safeseek/python) and the checker
# ($here/safeseek-check) relative to itself.
#
# Until the front door is a package (python/safeseek/ in the source tree),
# run-check.sh works only from a clone and is not installed.

set(_frontdoor_pkg ${PROJECT_SOURCE_DIR}/python/safeseek)
if(NOT EXISTS ${_frontdoor_pkg}/__main__.py)
  message(STATUS "Front door not installed: ${_frontdoor_pkg} is not there yet")
  set(SAFESEEK_INSTALLS_FRONTDOOR OFF)
  return()
endif()
set(SAFESEEK_INSTALLS_FRONTDOOR ON)

install(DIRECTORY ${_frontdoor_pkg} DESTINATION ${SAFESEEK_DATADIR}/python
        FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/cmake/safeseek-launcher.sh
        DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME safeseek)
