# SPDX-License-Identifier: GPL-2.0-only
# Writes the bytes of INPUT as a C array named NAME into OUTPUT, so the
# fallback header travels inside the binary.  Run with cmake -P.
file(READ "${INPUT}" _hex HEX)
string(LENGTH "${_hex}" _hexlen)
math(EXPR _len "${_hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" _bytes "${_bytes}")
file(WRITE "${OUTPUT}.tmp"
  "/* Contents of ${NAME_SOURCE}, written by embed.cmake. */\n"
  "#include <stddef.h>\n"
  "extern const char ${NAME}[];\n"
  "extern const size_t ${NAME}_len;\n"
  "const char ${NAME}[] = {\n${_bytes}0x00\n};\n"
  "const size_t ${NAME}_len = ${_len};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
