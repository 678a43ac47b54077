#include "model/init_tokens.h"

#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct toks {
	CXTranslationUnit tu;
	CXToken *t;
	char **text;
	unsigned n;
};

static bool is(const struct toks *k, unsigned i, const char *text)
{
	return i < k->n && strcmp(k->text[i], text) == 0;
}

static bool ident(const struct toks *k, unsigned i)
{
	return i < k->n && clang_getTokenKind(k->t[i]) == CXToken_Identifier;
}

/* The identifier tokens [a, b) amount to: `f`, `&f`, `(f)`, `(&f)`. */
static char *value_name(const struct toks *k, unsigned a, unsigned b)
{
	while (b > a + 1 && is(k, a, "(") && is(k, b - 1, ")")) {
		a++;
		b--;
	}
	if (b == a + 2 && is(k, a, "&"))
		a++;
	return b == a + 1 && ident(k, a) ? xstrdup(k->text[a]) : NULL;
}

static unsigned token_line(const struct toks *k, unsigned i)
{
	unsigned line;

	clang_getSpellingLocation(clang_getTokenLocation(k->tu, k->t[i]), NULL, &line,
				  NULL, NULL);
	return line;
}

/* Drop comments and the tokens of preprocessor lines (`#ifdef CONFIG_COMPAT`, ...). */
static void drop_directives(struct toks *k)
{
	unsigned i = 0, kept = 0, prev_line = 0;

	while (i < k->n) {
		unsigned line = token_line(k, i);

		if (is(k, i, "#") && line != prev_line) {
			while (i < k->n && token_line(k, i) == line) {
				free(k->text[i]);
				i++;
			}
			continue;
		}
		if (clang_getTokenKind(k->t[i]) == CXToken_Comment) {
			free(k->text[i++]);
			continue;
		}
		k->t[kept] = k->t[i];
		k->text[kept++] = k->text[i];
		prev_line = line;
		i++;
	}
	k->n = kept;
}

static void add_entry(const struct toks *k, unsigned a, unsigned b,
		      struct ss_init_entry **out, size_t *n, size_t *cap)
{
	struct ss_init_entry e = { NULL, NULL };

	if (a >= b)
		return;
	if (is(k, a, ".") && ident(k, a + 1) && is(k, a + 2, "=")) {
		e.member = xstrdup(k->text[a + 1]);
		a += 3;
	} else if (ident(k, a) && is(k, a + 1, ":")) {
		e.member = xstrdup(k->text[a]);
		a += 2;
	}
	e.value = value_name(k, a, b);
	xgrow((void **)out, cap, *n + 1, sizeof(**out));
	(*out)[(*n)++] = e;
}

size_t ss_init_entries(CXTranslationUnit tu, CXSourceLocation name,
		       struct ss_init_entry **out)
{
	CXFile file;
	unsigned offset, i, start;
	size_t len = 0, at, close, n = 0, cap = 0;
	const char *s;
	struct toks k = { tu, NULL, NULL, 0 };
	int depth = 0;

	*out = NULL;
	clang_getSpellingLocation(name, &file, NULL, NULL, &offset);
	s = file ? clang_getFileContents(tu, file, &len) : NULL;
	if (!s || offset >= len)
		return 0;
	at = offset;
	at = ss_ctext_skip_blank(s, len, ss_ctext_ident_end(s, len, at));
	if (at >= len || s[at] != '=')
		return 0;
	at = ss_ctext_skip_blank(s, len, at + 1);
	if (at >= len || s[at] != '{')
		return 0;
	close = ss_ctext_closing(s, len, at);
	if (close >= len)
		return 0;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, (unsigned)at),
					  clang_getLocationForOffset(tu, file, (unsigned)close + 1)),
		       &k.t, &k.n);
	k.text = xcalloc(k.n ? k.n : 1, sizeof(*k.text));
	for (i = 0; i < k.n; i++) {
		CXString sp = clang_getTokenSpelling(tu, k.t[i]);

		k.text[i] = xstrdup(clang_getCString(sp));
		clang_disposeString(sp);
	}
	{
		CXToken *all = k.t;
		unsigned total = k.n;

		drop_directives(&k);
		/* Inside the outer braces, split at the commas of depth one. */
		for (i = 1, start = 1; i + 1 < k.n; i++) {
			if (is(&k, i, "(") || is(&k, i, "{") || is(&k, i, "["))
				depth++;
			else if (is(&k, i, ")") || is(&k, i, "}") || is(&k, i, "]"))
				depth--;
			else if (depth == 0 && is(&k, i, ",")) {
				add_entry(&k, start, i, out, &n, &cap);
				start = i + 1;
			}
		}
		if (k.n >= 2)
			add_entry(&k, start, k.n - 1, out, &n, &cap);
		for (i = 0; i < k.n; i++)
			free(k.text[i]);
		free(k.text);
		clang_disposeTokens(tu, all, total);
	}
	return n;
}

void ss_init_entries_free(struct ss_init_entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(e[i].member);
		free(e[i].value);
	}
	free(e);
}
