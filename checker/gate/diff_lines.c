// SPDX-License-Identifier: GPL-2.0-only
#define _POSIX_C_SOURCE 200809L

#include "gate/diff_lines.h"
#include "input/source.h"
#include "util/xalloc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct uvec {
	unsigned *v;
	size_t n, cap;
};

struct changed_file {
	char *path;		/* -p1 stripped, as in the new tree */
	struct uvec lines;	/* added lines */
	struct uvec dels;	/* deletion points */
};

struct ss_changes {
	struct changed_file *files;
	size_t nfiles, cap;
};

static int uvec_push(struct uvec *u, unsigned x)
{
	xgrow((void **)&u->v, &u->cap, u->n + 1, sizeof(*u->v));
	u->v[u->n++] = x;
	return 0;
}

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

static void uvec_sort_unique(struct uvec *u)
{
	size_t i, out = 0;

	if (u->n < 2)
		return;
	qsort(u->v, u->n, sizeof(*u->v), cmp_unsigned);
	for (i = 0; i < u->n; i++)
		if (out == 0 || u->v[out - 1] != u->v[i])
			u->v[out++] = u->v[i];
	u->n = out;
}

void ss_changes_free(struct ss_changes *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nfiles; i++) {
		free(c->files[i].path);
		free(c->files[i].lines.v);
		free(c->files[i].dels.v);
	}
	free(c->files);
	free(c);
}

/*
 * "b/./drivers//x.c" is drivers/x.c: the "." components and doubled
 * slashes go, so that the path compares with the checker's normalised
 * file names.  Returns a new string, or NULL when out of memory.
 */
static char *tidy_path(const char *path)
{
	char *out = malloc(strlen(path) + 2), *o = out;
	const char *s = path;

	if (!out)
		return NULL;
	while (*s) {
		size_t n = strcspn(s, "/");

		if (n && !(n == 1 && s[0] == '.')) {
			if (o > out)
				*o++ = '/';
			memcpy(o, s, n);
			o += n;
		}
		s += n;
		s += *s == '/';
	}
	if (o == out)		/* nothing but "." and slashes */
		*o++ = '.';
	*o = '\0';
	return out;
}

static struct changed_file *file_get(struct ss_changes *c, const char *given)
{
	struct changed_file *f;
	char *path = tidy_path(given);
	size_t i;

	if (!path)
		return NULL;
	for (i = 0; i < c->nfiles; i++) {
		if (strcmp(c->files[i].path, path) == 0) {
			free(path);
			return &c->files[i];
		}
	}
	xgrow((void **)&c->files, &c->cap, c->nfiles + 1, sizeof(*c->files));
	f = &c->files[c->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = path;
	c->nfiles++;
	return f;
}

/* One parse in progress. */
struct parser {
	const char *name;
	unsigned lineno;
	char *err;
	size_t errlen;
	struct ss_changes *out;

	bool in_git;		/* inside a "diff --git" section */
	bool git_has_hunks;	/* its ---/+++ pair was seen */
	bool git_deleted;
	char *git_path;		/* new path from the header or "rename to" */

	bool have_file;		/* a ---/+++ pair was seen: hunks may follow */
	struct changed_file *cur;	/* NULL when the file is deleted */
	char *cur_name;		/* for messages */

	bool in_hunk;
	unsigned hunk_start;	/* line of the @@ header */
	unsigned old_left, new_left, new_line;
	char last_kind;		/* ' ', '+' or '-': the hunk's latest line */
	bool hunk_changed;	/* the hunk has had a '+' or '-' line */
	bool hunk_just_ended;
};

static void fail(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(p->err, p->errlen, "%s:%u: ", p->name, p->lineno);
	if (n < 0 || (size_t)n >= p->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

static bool starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && memcmp(s, prefix, k) == 0;
}

/* Undo git's C-style quoting of a path: "a/x\tb" and octal escapes. */
static char *unquote(const char *s, size_t n)
{
	char *out = malloc(n + 1), *o = out;
	size_t i = 1;

	if (!out)
		return NULL;
	while (i < n && s[i] != '"') {
		char ch = s[i++];

		if (ch == '\\' && i < n) {
			ch = s[i++];
			switch (ch) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'a': ch = '\a'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'v': ch = '\v'; break;
			default:
				if (ch >= '0' && ch <= '7') {
					unsigned v = (unsigned)(ch - '0');
					int k;

					for (k = 0; k < 2 && i < n &&
					     s[i] >= '0' && s[i] <= '7'; k++)
						v = v * 8 + (unsigned)(s[i++] - '0');
					ch = (char)v;
				}
			}
		}
		*o++ = ch;
	}
	if (i >= n) {		/* no closing quote */
		free(out);
		return NULL;
	}
	*o = '\0';
	return out;
}

/*
 * The path of a ---/+++ line (without its prefix): quoted, or up to the tab
 * that precedes a timestamp.  Returns NULL when malformed.
 */
static char *header_path(const char *s, size_t n)
{
	const char *tab;
	char *r;

	if (n > 0 && s[0] == '"')
		return unquote(s, n);
	tab = memchr(s, '\t', n);
	if (tab)
		n = (size_t)(tab - s);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	if (n == 0)
		return NULL;
	r = malloc(n + 1);
	if (!r)
		return NULL;
	memcpy(r, s, n);
	r[n] = '\0';
	return r;
}

/* -p1: drop the a/ or b/ component.  A path without one is kept whole. */
static const char *strip_p1(const char *path)
{
	const char *slash = strchr(path, '/');

	return slash ? slash + 1 : path;
}

static bool is_dev_null(const char *path)
{
	return strcmp(path, "/dev/null") == 0;
}

/* A git section with no ---/+++ pair (a rename, a mode change) touches its file. */
static int close_git_section(struct parser *p)
{
	int rc = 0;

	if (p->in_git && !p->git_has_hunks && !p->git_deleted && p->git_path &&
	    !file_get(p->out, p->git_path))
		rc = -1;
	p->in_git = false;
	p->git_has_hunks = false;
	p->git_deleted = false;
	free(p->git_path);
	p->git_path = NULL;
	return rc;
}

static int set_git_path(struct parser *p, char *path)
{
	if (!path)
		return -1;
	free(p->git_path);
	p->git_path = strdup(strip_p1(path));
	free(path);
	return p->git_path ? 0 : -1;
}

static int git_header(struct parser *p, const char *s, size_t n)
{
	const char *b;
	char *path;

	if (close_git_section(p) < 0)
		return -1;
	p->in_git = true;
	p->have_file = false;
	p->cur = NULL;
	/* "diff --git a/X b/Y": the new name follows the last " b/" or '"'. */
	s += strlen("diff --git ");
	n -= strlen("diff --git ");
	if (n > 0 && s[n - 1] == '"') {
		b = s + n - 2;
		while (b > s && *b != '"')
			b--;
		path = unquote(b, (size_t)(s + n - b));
	} else {
		for (b = s + n; b > s; b--)
			if (starts(b - 1, (size_t)(s + n - b + 1), " b/"))
				break;
		if (b == s)
			return 0;	/* odd names: rely on ---/+++ */
		path = header_path(b, (size_t)(s + n - b));
	}
	return set_git_path(p, path);
}

static bool parse_range(const char **sp, unsigned *start, unsigned *count)
{
	const char *s = *sp;
	char *end;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || v > 0x7fffffffUL)
		return false;
	*start = (unsigned)v;
	*count = 1;
	if (*end == ',') {
		s = end + 1;
		if (*s < '0' || *s > '9')
			return false;
		v = strtoul(s, &end, 10);
		if (errno || v > 0x7fffffffUL)
			return false;
		*count = (unsigned)v;
	}
	*sp = end;
	return true;
}

static int hunk_header(struct parser *p, const char *s, size_t n)
{
	char buf[128];
	const char *q;
	unsigned old_start, old_count, new_start, new_count;

	if (starts(s, n, "@@@")) {
		fail(p, "combined diff (merge) hunks are not supported");
		return -1;
	}
	if (n < 3 || s[2] != ' ') {
		fail(p, "malformed hunk header '%.*s'", (int)(n > 60 ? 60 : n), s);
		return -1;
	}
	if (!p->have_file) {
		fail(p, "hunk header before any ---/+++ file header");
		return -1;
	}
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	q = buf + 3;
	if (*q++ != '-' || !parse_range(&q, &old_start, &old_count) ||
	    *q++ != ' ' || *q++ != '+' ||
	    !parse_range(&q, &new_start, &new_count) ||
	    strncmp(q, " @@", 3) != 0) {
		fail(p, "malformed hunk header '%.*s'", (int)(n > 60 ? 60 : n), s);
		return -1;
	}
	p->in_hunk = true;
	p->hunk_start = p->lineno;
	p->old_left = old_count;
	p->new_left = new_count;
	p->last_kind = 0;
	p->hunk_changed = false;
	/* An empty new side names the line after which lines were removed. */
	p->new_line = new_count ? new_start : new_start + 1;
	return 0;
}

static int hunk_line(struct parser *p, const char *s, size_t n)
{
	char kind = n ? s[0] : ' ';	/* mailers strip a blank context line */

	if (kind != '\\')
		p->last_kind = kind;
	if (kind == '+' || kind == '-')
		p->hunk_changed = true;
	switch (kind) {
	case ' ':
		if (p->old_left == 0 || p->new_left == 0)
			break;
		p->old_left--;
		p->new_left--;
		p->new_line++;
		return 0;
	case '+':
		if (p->new_left == 0)
			break;
		p->new_left--;
		if (p->cur && uvec_push(&p->cur->lines, p->new_line) < 0)
			return -1;
		p->new_line++;
		return 0;
	case '-':
		if (p->old_left == 0)
			break;
		p->old_left--;
		if (p->cur && uvec_push(&p->cur->dels, p->new_line) < 0)
			return -1;
		return 0;
	case '\\':		/* "\ No newline at end of file" */
		return 0;
	default:
		break;
	}
	fail(p, "hunk of %s (line %u) ends early: %u old and %u new lines missing",
	     p->cur_name, p->hunk_start, p->old_left, p->new_left);
	return -1;
}

static int file_header(struct parser *p, const char *minus, size_t mn,
		       const char *plus, size_t pn)
{
	char *old_path = header_path(minus + 4, mn - 4);
	char *new_path = header_path(plus + 4, pn - 4);
	int rc = -1;

	if (!old_path || !new_path) {
		fail(p, "file header without a file name");
		goto out;
	}
	if (p->in_git)
		p->git_has_hunks = true;
	free(p->cur_name);
	p->have_file = true;
	if (is_dev_null(new_path)) {
		p->cur = NULL;	/* deleted: its lines exist in no new file */
		p->cur_name = strdup(strip_p1(old_path));
	} else {
		p->cur = file_get(p->out, strip_p1(new_path));
		p->cur_name = strdup(strip_p1(new_path));
		if (!p->cur)
			goto out;
	}
	rc = p->cur_name ? 0 : -1;
out:
	free(old_path);
	free(new_path);
	return rc;
}

static const char *next_line(const char *s, const char *end, size_t *n,
			     const char **after)
{
	const char *nl = memchr(s, '\n', (size_t)(end - s));
	const char *e = nl ? nl : end;

	*after = nl ? nl + 1 : end;
	if (e > s && e[-1] == '\r')
		e--;
	*n = (size_t)(e - s);
	return s;
}

static int parse(struct parser *p, const char *text, size_t len)
{
	const char *end = text + len, *s = text, *after;
	bool saw_text = false, saw_diff = false;
	size_t n;

	if (memchr(text, '\0', len)) {
		const char *z = memchr(text, '\0', len), *q;

		for (p->lineno = 1, q = text; q < z; q++)
			p->lineno += *q == '\n';
		fail(p, "binary data (a NUL byte): not a diff");
		return -1;
	}
	for (p->lineno = 1; s < end; s = after, p->lineno++) {
		next_line(s, end, &n, &after);

		if (p->in_hunk) {
			if (p->old_left || p->new_left) {
				if (hunk_line(p, s, n) < 0)
					return -1;
				continue;
			}
			p->in_hunk = false;
			p->hunk_just_ended = true;
		}
		if (n > 0 && s[0] == '\\')	/* no newline at end of file */
			continue;
		if (starts(s, n, "@@")) {
			p->hunk_just_ended = false;
			if (hunk_header(p, s, n) < 0)
				return -1;
			continue;
		}
		if (starts(s, n, "--- ")) {
			const char *s2, *after2;
			size_t n2 = 0;

			s2 = after < end ? next_line(after, end, &n2, &after2) : NULL;
			if (s2 && starts(s2, n2, "+++ ")) {
				if (!p->in_git && close_git_section(p) < 0)
					return -1;
				if (file_header(p, s, n, s2, n2) < 0) {
					if (!p->err[0])
						fail(p, "out of memory");
					return -1;
				}
				saw_diff = true;
				p->hunk_just_ended = false;
				after = after2;
				p->lineno++;
				continue;
			}
			if (p->in_git && !p->git_has_hunks) {
				fail(p, "'---' file header not followed by '+++'");
				return -1;
			}
		}
		if (p->hunk_just_ended && n > 0 &&
		    (s[0] == '+' || s[0] == ' ' ||
		     (s[0] == '-' && !(n == 3 && memcmp(s, "-- ", 3) == 0) &&
		      !(n == 2 && memcmp(s, "--", 2) == 0)))) {
			fail(p, "hunk of %s (line %u) is longer than its header says",
			     p->cur_name, p->hunk_start);
			return -1;
		}
		p->hunk_just_ended = false;
		if (starts(s, n, "diff --git ")) {
			if (git_header(p, s, n) < 0) {
				fail(p, "malformed 'diff --git' line");
				return -1;
			}
			saw_diff = true;
			continue;
		}
		if (p->in_git && !p->git_has_hunks) {
			if (starts(s, n, "rename to ") || starts(s, n, "copy to ")) {
				const char *q = (const char *)memchr(s, ' ', n) + 4;
				size_t k = n - (size_t)(q - s);
				/* these carry no a/ b/ prefix */
				char *path = k && q[0] == '"' ? unquote(q, k)
								: header_path(q, k);
				if (!path) {
					fail(p, "malformed '%.*s' line", (int)(q - s - 1), s);
					return -1;
				}
				free(p->git_path);
				p->git_path = path;
				continue;
			}
			if (starts(s, n, "deleted file mode")) {
				p->git_deleted = true;
				continue;
			}
		}
		if (n > 0 && s[0] != ' ' && s[0] != '\t')
			saw_text = true;
	}
	/*
	 * Trailing blank context lines get lost when a patch passes through
	 * tools that strip trailing whitespace.  Missing lines that can only
	 * be the context after the hunk's last change (as many old as new,
	 * after a context line, in a hunk that has changed something: every
	 * hunk does) are let go; anything else is a truncated diff.
	 */
	if (p->in_hunk && (p->old_left || p->new_left) &&
	    !(p->old_left == p->new_left && p->last_kind == ' ' && p->hunk_changed)) {
		p->lineno--;
		fail(p, "diff ends inside the hunk of %s at line %u: %u old and %u new lines missing",
		     p->cur_name, p->hunk_start, p->old_left, p->new_left);
		return -1;
	}
	if (close_git_section(p) < 0) {
		fail(p, "out of memory");
		return -1;
	}
	if (!saw_diff && saw_text) {
		p->lineno = 1;
		fail(p, "no unified diff found (no ---/+++ file header)");
		return -1;
	}
	return 0;
}

struct ss_changes *ss_changes_parse(const char *text, size_t len,
				    const char *name, char *err, size_t errlen)
{
	struct parser p;
	size_t i;
	int rc;

	memset(&p, 0, sizeof(p));
	p.name = name;
	p.err = err;
	p.errlen = errlen;
	if (errlen)
		err[0] = '\0';
	p.out = calloc(1, sizeof(*p.out));
	if (!p.out) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	rc = parse(&p, text, len);
	free(p.git_path);
	free(p.cur_name);
	if (rc < 0) {
		if (errlen && !err[0])
			snprintf(err, errlen, "%s:%u: out of memory", name, p.lineno);
		ss_changes_free(p.out);
		return NULL;
	}
	for (i = 0; i < p.out->nfiles; i++) {
		uvec_sort_unique(&p.out->files[i].lines);
		uvec_sort_unique(&p.out->files[i].dels);
	}
	return p.out;
}

struct ss_changes *ss_changes_read(const char *path, char *err, size_t errlen)
{
	struct ss_source src;
	struct ss_changes *c;
	char *why;

	if (ss_source_read_any(path, &src, &why) < 0) {
		snprintf(err, errlen, "%s: cannot open diff: %s", path, why);
		free(why);
		return NULL;
	}
	c = ss_changes_parse(src.buf, src.len, path, err, errlen);
	ss_source_free(&src);
	return c;
}

/* Does the printed path `file` name the diff's `path`? */
static bool path_matches(const char *file, const char *path)
{
	size_t fl, pl;

	while (file[0] == '.' && file[1] == '/')
		file += 2;
	fl = strlen(file);
	pl = strlen(path);
	if (fl == pl)
		return strcmp(file, path) == 0;
	return fl > pl && file[fl - pl - 1] == '/' &&
	       strcmp(file + fl - pl, path) == 0;
}

static const struct changed_file *lookup(const struct ss_changes *c,
					 const char *file)
{
	const struct changed_file *best = NULL;
	size_t i;

	/* The longest matching diff path wins: "x/a.c" over "a.c". */
	for (i = 0; i < c->nfiles; i++)
		if (path_matches(file, c->files[i].path) &&
		    (!best || strlen(c->files[i].path) > strlen(best->path)))
			best = &c->files[i];
	return best;
}

static bool any_in(const struct uvec *u, unsigned lo, unsigned hi)
{
	size_t a = 0, b = u->n;

	while (a < b) {		/* first element >= lo */
		size_t m = a + (b - a) / 2;

		if (u->v[m] < lo)
			a = m + 1;
		else
			b = m;
	}
	return a < u->n && u->v[a] <= hi;
}

bool ss_changes_line(const struct ss_changes *c, const char *file,
		     unsigned line)
{
	const struct changed_file *f = lookup(c, file);

	return f && any_in(&f->lines, line, line);
}

bool ss_changes_range(const struct ss_changes *c, const char *file,
		      unsigned first, unsigned last)
{
	const struct changed_file *f = lookup(c, file);

	if (!f || first > last)
		return false;
	if (any_in(&f->lines, first, last))
		return true;
	/* removed just before line n: inside when first < n <= last */
	return first < last && any_in(&f->dels, first + 1, last);
}

size_t ss_changes_file_count(const struct ss_changes *c)
{
	return c->nfiles;
}

const char *ss_changes_file_path(const struct ss_changes *c, size_t i)
{
	return i < c->nfiles ? c->files[i].path : NULL;
}

const unsigned *ss_changes_file_lines(const struct ss_changes *c, size_t i,
				      size_t *count)
{
	*count = i < c->nfiles ? c->files[i].lines.n : 0;
	return i < c->nfiles ? c->files[i].lines.v : NULL;
}

const unsigned *ss_changes_file_deletions(const struct ss_changes *c, size_t i,
					  size_t *count)
{
	*count = i < c->nfiles ? c->files[i].dels.n : 0;
	return i < c->nfiles ? c->files[i].dels.v : NULL;
}
