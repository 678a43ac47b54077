# SPDX-License-Identifier: GPL-2.0-only
# Manual pages made at build time by help2man from each program's --help,
# so that they never drift from the programs.  safeseek_man_page() is also
# used for the front door (InstallFrontDoor.cmake).

option(SAFESEEK_MAN_PAGES "Generate and install the manual pages (needs help2man)" ON)

if(SAFESEEK_MAN_PAGES)
  find_program(HELP2MAN help2man)
  if(NOT HELP2MAN)
    message(FATAL_ERROR "help2man not found: run scripts/install-deps.sh (Debian package "
                        "help2man), or configure with -DSAFESEEK_MAN_PAGES=OFF to build "
                        "and install without manual pages")
  endif()
  add_custom_target(man-pages ALL)
endif()

# safeseek_man_page(NAME SUMMARY [OPTIONS help2man-options...] DEPENDS...
# COMMAND argv...): NAME.1 from `argv --help` (and `argv --version`, unless
# OPTIONS gives --version-string), with cmake/man/NAME.h2m's sections.
function(safeseek_man_page name summary)
  if(NOT SAFESEEK_MAN_PAGES)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 2 _m "" "" "OPTIONS;DEPENDS;COMMAND")
  set(_out ${PROJECT_BINARY_DIR}/man/${name}.1)
  set(_extra ${PROJECT_SOURCE_DIR}/cmake/man/${name}.h2m)
  add_custom_command(
    OUTPUT ${_out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND ${HELP2MAN} --no-info --section=1 --name=${summary} --include=${_extra}
            ${_m_OPTIONS} --output=${_out} ${_m_COMMAND}
    DEPENDS ${_m_DEPENDS} ${_extra}
    COMMENT "Manual page ${name}(1)"
    VERBATIM)
  add_custom_target(man-${name} DEPENDS ${_out})
  add_dependencies(man-pages man-${name})
  install(FILES ${_out} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()

safeseek_man_page(safeseek-check
  "find Linux kernel code that still touches file->f_pos after the 2.6.8 safe-seeks change"
  DEPENDS safeseek-check
  COMMAND $<TARGET_FILE:safeseek-check>)
