# SPDX-License-Identifier: GPL-2.0-only
# What `cmake --install` puts under the prefix P (the checker itself is
# installed by checker/CMakeLists.txt):
#
#   P/bin/safeseek-check                      the checker
#   P/bin/safeseek                            the front door (launcher)
#   P/share/safeseek/python/safeseek/         the front door's package
#   P/share/safeseek/semantic-patches/*.cocci the semantic patches
#   P/share/man/man1/safeseek.1, safeseek-check.1
#   P/share/doc/safeseek/                     README.md, COPYING, docs/, checker/
#
# Nothing installed refers back to the source or build tree: the launcher
# finds its package and the checker relative to itself.

include(GNUInstallDirs)

set(SAFESEEK_DATADIR ${CMAKE_INSTALL_DATADIR}/safeseek)

# The semantic patches, all of them: a patch added to the directory is
# installed without a change here.  A tree without them (a copy of the
# checker's sources alone, as checker.add-rule builds) still configures;
# install.staged fails if a real tree's patches are not installed.
file(GLOB _cocci CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/semantic-patches/*.cocci)
if(NOT _cocci)
  message(WARNING "no semantic patches in ${PROJECT_SOURCE_DIR}/semantic-patches: "
                  "none will be installed")
endif()
install(FILES ${_cocci} DESTINATION ${SAFESEEK_DATADIR}/semantic-patches)

# The documentation, in the layout the README's links expect.
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/COPYING
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB _docs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${_docs} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES ${PROJECT_SOURCE_DIR}/checker/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/checker)

include(ManPages)
include(InstallFrontDoor)
