# SPDX-License-Identifier: GPL-2.0-only
# The 2.6.8 sysctl patch (seed 003) against sysctl_ppos.cocci and the corpus:
# every kind of edit in it has a twin in the corpus, and every hunk, rebuilt
# on its own, comes out of the semantic patch as Linus wrote it.  The seeds
# live beside the repository; point SAFESEEK_SEED_DIR elsewhere if they do
# not, and the test is skipped when the patch is nowhere to be found.

get_filename_component(_seed_default ${PROJECT_SOURCE_DIR}/../shared/seeds ABSOLUTE)
set(SAFESEEK_SEED_DIR ${_seed_default} CACHE PATH
    "Directory holding the reference patches of the 2.6.8 safe-seeks series")

add_test(NAME cocci.sysctl_ppos.seed003
         COMMAND ${SAFESEEK_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/seed003_check.py
                 --spatch ${SPATCH} --checker $<TARGET_FILE:safeseek-check>
                 --cocci ${PROJECT_SOURCE_DIR}/semantic-patches/sysctl_ppos.cocci
                 ${SAFESEEK_SEED_DIR}/003-patch-make-sysctl-pass-the-pos-pointer-around-properly.patch
                 ${SAFESEEK_CORPUS})
set_tests_properties(cocci.sysctl_ppos.seed003 PROPERTIES LABELS cocci SKIP_RETURN_CODE 77)
