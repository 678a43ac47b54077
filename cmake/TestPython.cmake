# SPDX-License-Identifier: GPL-2.0-only
# The test helpers need Debian's python3-* modules (jsonschema).  A python3
# earlier on PATH may be a separate build that cannot see them, so try the
# candidates in order and keep the first that imports every module needed.
# Sets SAFESEEK_PYTHON.

set(_py_modules jsonschema)
set(_py_candidates)
if(DEFINED ENV{SAFESEEK_PYTHON})
  list(APPEND _py_candidates $ENV{SAFESEEK_PYTHON})
endif()
list(APPEND _py_candidates /usr/bin/python3)
find_program(_py_on_path python3)
if(_py_on_path)
  list(APPEND _py_candidates ${_py_on_path})
endif()

string(REPLACE ";" ", " _py_imports "${_py_modules}")
unset(SAFESEEK_PYTHON)
foreach(_py IN LISTS _py_candidates)
  if(EXISTS "${_py}")
    execute_process(COMMAND "${_py}" -c "import ${_py_imports}"
                    RESULT_VARIABLE _py_rc OUTPUT_QUIET ERROR_QUIET)
    if(_py_rc EQUAL 0)
      set(SAFESEEK_PYTHON "${_py}")
      break()
    endif()
  endif()
endforeach()

if(NOT SAFESEEK_PYTHON)
  message(FATAL_ERROR
    "No python3 that can import: ${_py_imports} (tried: ${_py_candidates}).\n"
    "Install Debian's modules with: apt-get install python3-jsonschema")
endif()
message(STATUS "Test helpers run with ${SAFESEEK_PYTHON}")
