# SPDX-License-Identifier: GPL-2.0-only
# safeseek-check against the corpus's inline expectations (corpus/README.md).
# Included from tests/checker/CMakeLists.txt; needs SAFESEEK_PYTHON,
# SAFESEEK_CORPUS and the safeseek-check target.
#
#   checker.corpus.<dir>      findings under corpus/<dir> equal its annotations
#   checker.corpus-expected   in corpus/expected, rules a semantic patch fixes
#                             report nothing; the others report only annotated
#                             places
#   checker.corpus-fallback   cases with no kernel headers, analysed with the
#                             checker's bundled fallback header
#   checker.corpus-selftest   the comparison notices a dropped or added annotation
#   checker.unit.model        the rules' model, case by case

set(_check_corpus ${CMAKE_CURRENT_LIST_DIR}/check_corpus.py)

file(GLOB _corpus_tops LIST_DIRECTORIES true CONFIGURE_DEPENDS ${SAFESEEK_CORPUS}/*)
set(_corpus_dirs)
foreach(_top IN LISTS _corpus_tops)
  get_filename_component(_name ${_top} NAME)
  if(IS_DIRECTORY ${_top} AND NOT _name STREQUAL "expected")
    list(APPEND _corpus_dirs ${_name})
    add_test(NAME checker.corpus.${_name}
             COMMAND ${SAFESEEK_PYTHON} ${_check_corpus}
                     $<TARGET_FILE:safeseek-check> ${SAFESEEK_CORPUS} ${_name})
    set_tests_properties(checker.corpus.${_name} PROPERTIES LABELS checker)
  endif()
endforeach()
# An empty glob would register no corpus test at all, and pass.
if(NOT _corpus_dirs)
  message(FATAL_ERROR "no corpus directories in ${SAFESEEK_CORPUS}")
endif()

add_test(NAME checker.corpus-expected
         COMMAND ${SAFESEEK_PYTHON} ${_check_corpus} --expected
                 $<TARGET_FILE:safeseek-check> ${SAFESEEK_CORPUS}/expected)
add_test(NAME checker.corpus-fallback
         COMMAND ${SAFESEEK_PYTHON} ${_check_corpus}
                 $<TARGET_FILE:safeseek-check> ${CMAKE_CURRENT_LIST_DIR}/cases)
add_test(NAME checker.corpus-selftest
         COMMAND ${SAFESEEK_PYTHON} ${_check_corpus} --self-test
                 $<TARGET_FILE:safeseek-check> ${SAFESEEK_CORPUS})
set_tests_properties(checker.corpus-expected checker.corpus-fallback
                     checker.corpus-selftest PROPERTIES LABELS checker)

add_executable(test_checker_model ${CMAKE_CURRENT_LIST_DIR}/test_model.c)
target_link_libraries(test_checker_model PRIVATE safeseek_core)
target_include_directories(test_checker_model PRIVATE ${PROJECT_SOURCE_DIR}/tests/lib)
add_test(NAME checker.unit.model COMMAND test_checker_model)
set_tests_properties(checker.unit.model PROPERTIES LABELS checker)
