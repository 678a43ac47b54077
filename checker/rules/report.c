// SPDX-License-Identifier: GPL-2.0-only
/* ss_report() and ss_report_at(): how rules hand findings to the core. */
#define _GNU_SOURCE
#include "findings/findings.h"
#include "model/extent.h"
#include "rules/rule.h"
#include "model/unit.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *line_at(const struct ss_findings *s, unsigned offset)
{
	size_t start = offset, end = offset;

	if (!s->buf || offset > s->len)
		return xstrdup("");
	while (start > 0 && s->buf[start - 1] != '\n')
		start--;
	while (end < s->len && s->buf[end] != '\n')
		end++;
	if (end > start && s->buf[end - 1] == '\r')
		end--;
	return xstrndup(s->buf + start, end - start);
}

static void report_va(struct ss_unit *u, const struct ss_rule *r, const char *requires,
		      CXSourceLocation at, enum ss_severity severity,
		      const char *function, const char *object,
		      const char *fmt, va_list ap)
{
	struct ss_findings *s = u->sink;
	struct ss_finding f = { 0 };
	CXFile file;
	unsigned line, column, offset;

	/* A macro argument is reported where it is written, a macro body
	   where it is expanded: both are places a reader can find. */
	clang_getFileLocation(at, &file, &line, &column, &offset);
	if (!s || !file || !u->main_file || !clang_File_isEqual(file, u->main_file))
		return;

	f.rule = r->id;
	f.severity = severity;
	f.file = xstrdup(s->file ? s->file : u->path);
	f.line = line;
	f.column = column;
	f.function = function ? xstrdup(function) : NULL;
	f.object = object ? xstrdup(object) : NULL;
	if (vasprintf(&f.message, fmt, ap) < 0)
		f.message = xstrdup(r->summary ? r->summary : r->id);
	f.line_text = line_at(s, offset);
	f.requires = requires && *requires ? xstrdup(requires) : NULL;
	ss_extent_collect(u->tu, u->main_file, at, &f.extents, &f.nextents);
	ss_findings_add(s, &f);
}

void ss_report(struct ss_unit *u, const struct ss_rule *r, CXCursor at,
	       enum ss_severity severity, const char *function,
	       const char *object, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_va(u, r, NULL, clang_getCursorLocation(at), severity, function,
		  object, fmt, ap);
	va_end(ap);
}

void ss_report_if(struct ss_unit *u, const struct ss_rule *r, const char *requires,
		  CXSourceLocation at, enum ss_severity severity,
		  const char *function, const char *object,
		  const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_va(u, r, requires, at, severity, function, object, fmt, ap);
	va_end(ap);
}
