/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_JSONUTIL_H
#define SAFESEEK_JSONUTIL_H

/* json-c helpers shared by the JSON and SARIF writers. */

#include <json-c/json.h>
#include <stdio.h>

/* A JSON string from bytes that may not be UTF-8; NULL gives null. */
json_object *ss_json_string(const char *s);

/* A JSON string of a file name, which stays distinct from every other
   name (ss_text_name() in util/escape.h); NULL gives null. */
json_object *ss_json_name(const char *path);

/* Writes obj to f, pretty-printed, with a final newline; 0 or -1. */
int ss_json_write(FILE *f, json_object *obj);

#endif
