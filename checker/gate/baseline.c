// SPDX-License-Identifier: GPL-2.0-only
#define _POSIX_C_SOURCE 200809L

#include "gate/baseline.h"
#include "input/source.h"
#include "util/outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#define BASELINE_KEY "safeseek-baseline"
#define BASELINE_VERSION 1

struct recorded {
	char *fingerprint;
	unsigned count, used;
};

struct ss_baseline {
	struct recorded *v;
	size_t n, total;
};

static int cmp_recorded(const void *a, const void *b)
{
	return strcmp(((const struct recorded *)a)->fingerprint,
		      ((const struct recorded *)b)->fingerprint);
}

void ss_baseline_free(struct ss_baseline *b)
{
	size_t i;

	if (!b)
		return;
	for (i = 0; i < b->n; i++)
		free(b->v[i].fingerprint);
	free(b->v);
	free(b);
}

static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	struct ss_source src;
	char *why;

	if (ss_source_read_any(path, &src, &why) < 0) {
		snprintf(err, errlen, "%s: cannot open baseline: %s", path, why);
		free(why);
		*len = 0;
		return NULL;
	}
	*len = src.len;
	return src.buf;
}

/* "line L, column C" of a byte offset, for messages. */
static void where(const char *buf, size_t off, unsigned *line, unsigned *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static bool valid_fingerprint(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || n > 256)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] <= ' ' || s[i] > '~')
			return false;
	return true;
}

static json_object *parse_json(const char *path, const char *buf, size_t len,
			       char *err, size_t errlen)
{
	json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	json_object *root;
	unsigned line, col;
	size_t end;

	if (!tok) {
		snprintf(err, errlen, "%s: out of memory", path);
		return NULL;
	}
	if (len > 0x7fffffff) {
		snprintf(err, errlen, "%s: baseline too large", path);
		json_tokener_free(tok);
		return NULL;
	}
	root = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_continue || (!root && jerr == json_tokener_success)) {
		snprintf(err, errlen, "%s: baseline is truncated (the JSON ends early)", path);
		return NULL;
	}
	if (jerr != json_tokener_success) {
		where(buf, end, &line, &col);
		snprintf(err, errlen, "%s:%u:%u: malformed baseline: %s", path, line,
			 col, json_tokener_error_desc(jerr));
		return NULL;
	}
	while (end < len && strchr(" \t\r\n", buf[end]))
		end++;
	if (end < len) {
		where(buf, end, &line, &col);
		snprintf(err, errlen, "%s:%u:%u: malformed baseline: text after the JSON",
			 path, line, col);
		json_object_put(root);
		return NULL;
	}
	return root;
}

struct ss_baseline *ss_baseline_load(const char *path, char *err, size_t errlen)
{
	struct ss_baseline *b = NULL;
	json_object *root, *version, *list;
	size_t len, i, n, out;
	char *buf;

	if (errlen)
		err[0] = '\0';
	buf = slurp(path, &len, err, errlen);
	if (!buf)
		return NULL;
	if (memchr(buf, '\0', len)) {
		snprintf(err, errlen, "%s: malformed baseline: binary data", path);
		free(buf);
		return NULL;
	}
	root = parse_json(path, buf, len, err, errlen);
	free(buf);
	if (!root)
		return NULL;
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, BASELINE_KEY, &version)) {
		snprintf(err, errlen, "%s: not a safeseek baseline (no \"%s\" key)",
			 path, BASELINE_KEY);
		goto fail;
	}
	if (!json_object_is_type(version, json_type_int) ||
	    json_object_get_int(version) != BASELINE_VERSION) {
		snprintf(err, errlen, "%s: unsupported baseline version %s (this checker reads %d)",
			 path, json_object_to_json_string(version), BASELINE_VERSION);
		goto fail;
	}
	if (!json_object_object_get_ex(root, "findings", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		snprintf(err, errlen, "%s: malformed baseline: no \"findings\" array", path);
		goto fail;
	}
	n = json_object_array_length(list);
	b = calloc(1, sizeof(*b));
	if (!b || (n && !(b->v = calloc(n, sizeof(*b->v))))) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto fail;
	}
	for (i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(list, i), *fp;
		const char *s;

		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "fingerprint", &fp) ||
		    !json_object_is_type(fp, json_type_string) ||
		    !valid_fingerprint(s = json_object_get_string(fp))) {
			snprintf(err, errlen, "%s: malformed baseline: finding %zu has no valid \"fingerprint\"",
				 path, i + 1);
			goto fail;
		}
		b->v[i].fingerprint = strdup(s);
		b->v[i].count = 1;
		if (!b->v[i].fingerprint) {
			snprintf(err, errlen, "%s: out of memory", path);
			goto fail;
		}
		b->n++;
	}
	json_object_put(root);
	b->total = b->n;
	if (b->n) {
		qsort(b->v, b->n, sizeof(*b->v), cmp_recorded);
		for (i = 0, out = 0; i < b->n; i++) {
			if (out && strcmp(b->v[out - 1].fingerprint, b->v[i].fingerprint) == 0) {
				b->v[out - 1].count++;
				free(b->v[i].fingerprint);
			} else {
				b->v[out++] = b->v[i];
			}
		}
		b->n = out;
	}
	return b;
fail:
	json_object_put(root);
	ss_baseline_free(b);
	return NULL;
}

bool ss_baseline_consume(struct ss_baseline *b, const char *fingerprint)
{
	struct recorded key = { .fingerprint = (char *)fingerprint }, *r;

	if (!b->n)
		return false;
	r = bsearch(&key, b->v, b->n, sizeof(*b->v), cmp_recorded);
	if (!r || r->used >= r->count)
		return false;
	r->used++;
	return true;
}

size_t ss_baseline_size(const struct ss_baseline *b)
{
	return b->total;
}

size_t ss_baseline_unused(const struct ss_baseline *b)
{
	size_t i, left = 0;

	for (i = 0; i < b->n; i++)
		left += b->v[i].count - b->v[i].used;
	return left;
}

static int strcmp_null(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct ss_baseline_entry *a = *(const struct ss_baseline_entry *const *)pa;
	const struct ss_baseline_entry *b = *(const struct ss_baseline_entry *const *)pb;
	int c;

	if ((c = strcmp_null(a->file, b->file)) != 0 ||
	    (c = strcmp_null(a->rule, b->rule)) != 0 ||
	    (c = strcmp_null(a->function, b->function)) != 0)
		return c;
	return strcmp_null(a->fingerprint, b->fingerprint);
}

static json_object *string_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

int ss_baseline_save(const char *path, const struct ss_baseline_entry *e,
		     size_t n, char *err, size_t errlen)
{
	const struct ss_baseline_entry **order = NULL;
	json_object *root = json_object_new_object();
	json_object *list = json_object_new_array();
	struct ss_outfile out;
	const char *text;
	size_t i;
	int rc = -1;

	if (!root || !list)
		goto oom;
	json_object_object_add(root, BASELINE_KEY, json_object_new_int(BASELINE_VERSION));
	json_object_object_add(root, "findings", list);
	if (n && !(order = malloc(n * sizeof(*order))))
		goto oom;
	for (i = 0; i < n; i++)
		order[i] = &e[i];
	if (n)
		qsort(order, n, sizeof(*order), cmp_entry);
	for (i = 0; i < n; i++) {
		json_object *o = json_object_new_object();

		if (!o)
			goto oom;
		json_object_object_add(o, "fingerprint", string_or_null(order[i]->fingerprint));
		json_object_object_add(o, "rule", string_or_null(order[i]->rule));
		json_object_object_add(o, "file", string_or_null(order[i]->file));
		json_object_object_add(o, "function", string_or_null(order[i]->function));
		json_object_array_add(list, o);
	}
	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
						    JSON_C_TO_STRING_SPACED |
						    JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text)
		goto oom;
	/* beside it, renamed into place; never over /dev/null itself */
	if (ss_outfile_open(&out, path) < 0) {
		snprintf(err, errlen, "%s: cannot write baseline: %s", path, strerror(errno));
		goto out;
	}
	if (fputs(text, out.f) == EOF || fputc('\n', out.f) == EOF) {
		snprintf(err, errlen, "%s: cannot write baseline: %s", path,
			 strerror(errno ? errno : EIO));
		ss_outfile_abort(&out);
		goto out;
	}
	if (ss_outfile_commit(&out) < 0) {
		snprintf(err, errlen, "%s: cannot write baseline: %s", path, strerror(errno));
		goto out;
	}
	rc = 0;
	goto out;
oom:
	snprintf(err, errlen, "%s: out of memory", path);
out:
	free(order);
	if (root)
		json_object_put(root);
	else if (list)
		json_object_put(list);
	return rc;
}
