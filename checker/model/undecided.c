// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
/*
 * What a parse under the bundled header may have left undecided, so that
 * the file is worth parsing again with its real headers (run/analyse.c).
 * Each answer errs one way: when in doubt, undecided.
 */
#include "model/internal.h"

#include "model/unit.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Where each f_pos access the model found is spelled, in the main file. */
static struct ss_map spelled_accesses(const struct ss_model *m, CXFile main_file)
{
	struct ss_map at = { 0 };

	for (size_t i = 0; i < m->nfpos; i++) {
		CXFile f;
		unsigned off;

		clang_getSpellingLocation(clang_getCursorLocation(m->fpos[i].member), &f,
					  NULL, NULL, &off);
		if (f && clang_File_isEqual(f, main_file))
			ss_map_put(&at, &off, sizeof(off), 0, NULL);
	}
	return at;
}

/* The main file's text, and the #if branches in it that every parse given
   the configuration skips alike: what hides there hides from the real
   headers too. */
struct text {
	const char *s;
	size_t len;
	struct model_span *alike;
	size_t nalike;
};

/*
 * Calls fn for each word of s[from, to) outside comments, literals,
 * directive lines (a macro's body is judged where it is used) and branches
 * skipped alike, until fn returns true; returns whether one did.
 */
static bool each_word(const struct text *t, size_t from, size_t to,
		      bool (*fn)(const char *s, size_t at, size_t end, void *arg), void *arg)
{
	const char *s = t->s;
	size_t i = from, k = 0;

	if (to > t->len)
		to = t->len;
	while ((i = ss_ctext_skip_noise(s, to, i)) < to) {
		size_t end = ss_ctext_ident_end(s, to, i);

		while (k < t->nalike && t->alike[k].end <= i)
			k++;
		if (k < t->nalike && t->alike[k].start <= i) {
			i = t->alike[k].end;
			continue;
		}
		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			i = ss_ctext_line_end(s, to, i);
			continue;
		}
		if (end == i) {
			i++;
			continue;
		}
		if (fn(s, i, end, arg))
			return true;
		i = end;
	}
	return false;
}

/* Whether the word s[at, end) is w. */
static bool is_word(const char *s, size_t at, size_t end, const char *w)
{
	return ss_ctext_word_at(s, end, at, w, strlen(w));
}

/* A `->f_pos` or `.f_pos` of the code that is no struct file access the
   model knows: its base has a type only the real headers give. */
static bool fpos_not_spelled(const char *s, size_t at, size_t end, void *arg)
{
	unsigned off = (unsigned)at;

	return is_word(s, at, end, "f_pos") && ss_ctext_member_at(s, at) &&
	       !ss_map_get(arg, &off, sizeof(off));
}

static bool unknown_fpos(const struct ss_model *m, CXFile main_file, const struct text *t)
{
	struct ss_map at = spelled_accesses(m, main_file);
	bool unknown = each_word(t, 0, t->len, fpos_not_spelled, &at);

	ss_map_free(&at);
	return unknown;
}

static bool count_fops_initializer(const char *s, size_t at, size_t end, void *arg)
{
	struct { size_t len, n; } *count = arg;
	size_t name, open, close;

	if (!is_word(s, at, end, "file_operations"))
		return false;
	name = ss_ctext_skip_blank(s, count->len, end);
	if (ss_ctext_ident_end(s, count->len, name) > name &&
	    ss_ctext_initializer(s, count->len, name, &open, &close))
		count->n++;
	return false;
}

/* More `struct file_operations NAME = {` in the code than the model read
   (one a macro's body defines is counted where the macro is used). */
static bool unread_fops(const struct ss_model *m, const struct text *t)
{
	struct { size_t len, n; } count = { t->len, 0 };

	each_word(t, 0, t->len, count_fops_initializer, &count);
	return count.n > m->nfops;
}

struct deciding {
	const struct ss_model *m;
	const char *position;		/* the method's position parameter, or NULL */
};

/* A word that decides how a method uses the position (its position
   parameter, ->ki_pos, a call to nonseekable_open() and the like) where
   the AST holds none. */
static bool deciding_word_lost(const char *s, size_t at, size_t end, void *arg)
{
	const struct deciding *d = arg;
	unsigned off = (unsigned)at;
	char word[32];
	bool deciding;

	if (ss_ctext_member_at(s, at)) {
		deciding = is_word(s, at, end, "ki_pos");
	} else if (d->position && is_word(s, at, end, d->position)) {
		deciding = true;
	} else {
		/* a call that makes the file non-seekable: short names all */
		deciding = end - at < sizeof(word);
		if (deciding) {
			memcpy(word, s + at, end - at);
			word[end - at] = '\0';
			deciding = model_makes_nonseekable(word);
		}
	}
	return deciding && !ss_map_get(&d->m->position_spelled, &off, sizeof(off));
}

/*
 * A parse error inside a method that cost the AST part of what the rules
 * need: a word of its body deciding how it uses the position.  An error
 * elsewhere in the method (a member of a driver's struct the bundled
 * header cannot know) decides nothing.
 */
static bool method_lost_words(const struct ss_model *m, const struct ss_function *f,
			      const struct text *t)
{
	size_t i = (size_t)(f - m->fns);
	CXSourceRange r = clang_getCursorExtent(f->body);
	unsigned start, end;
	CXString name = { 0 };
	struct deciding d = { .m = m };
	bool lost;

	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL, &start);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
	if (f->position < m->nparams[i]) {
		name = clang_getCursorSpelling(m->params[i][f->position]);
		d.position = clang_getCString(name);
		if (d.position && !*d.position)
			d.position = NULL;
	}
	lost = start < end && each_word(t, start, end, deciding_word_lost, &d);
	if (d.position)
		clang_disposeString(name);
	return lost;
}

static bool error_in_method(const struct ss_model *m, CXTranslationUnit tu, CXFile main_file,
			    const struct text *t)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool *looked = xcalloc(m->nfns ? m->nfns : 1, sizeof(*looked));
	bool found = false;

	for (unsigned i = 0; i < n && !found; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		const struct ss_function *f;
		CXFile file;

		clang_getFileLocation(loc, &file, NULL, NULL, NULL);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && file &&
		    clang_File_isEqual(file, main_file) &&
		    (f = ss_model_function_at(m, loc)) && (f->roles & ~SS_ROLE_OTHER) &&
		    !looked[f - m->fns]) {
			looked[f - m->fns] = true;
			found = method_lost_words(m, f, t);
		}
		clang_disposeDiagnostic(d);
	}
	free(looked);
	return found;
}

/*
 * An f_pos access in a function of no known role while the main file has
 * parse errors: the table naming it (an ALSA or driver ops struct the
 * bundled header lacks) may be what did not parse.
 */
static bool roleless_fpos_beside_errors(const struct ss_unit *u)
{
	const struct ss_model *m = u->model;
	unsigned n = clang_getNumDiagnostics(u->tu);
	bool roleless = false, error = false;

	for (size_t i = 0; i < m->nfpos && !roleless; i++) {
		const struct ss_function *f = m->fpos[i].function;

		roleless = f && !(f->roles & ~SS_ROLE_OTHER) &&
			   !ss_fpos_verdict_roleless(u, &m->fpos[i]);
	}
	for (unsigned i = 0; i < n && roleless && !error; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu, i);
		CXFile file;

		clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
		error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && file &&
			clang_File_isEqual(file, u->main_file);
		clang_disposeDiagnostic(d);
	}
	return roleless && error;
}

unsigned ss_model_undecided(const struct ss_unit *u)
{
	const struct ss_model *m = u->model;
	struct text t = { 0 };
	unsigned why = 0;

	t.s = clang_getFileContents(u->tu, u->main_file, &t.len);
	if (!t.s)
		return SS_UNDECIDED_FPOS;
	t.nalike = model_skipped_alike(u, t.s, t.len, &t.alike);
	if (unknown_fpos(m, u->main_file, &t))
		why |= SS_UNDECIDED_FPOS;
	if (unread_fops(m, &t))
		why |= SS_UNDECIDED_FOPS;
	if (error_in_method(m, u->tu, u->main_file, &t))
		why |= SS_UNDECIDED_METHOD;
	if (roleless_fpos_beside_errors(u))
		why |= SS_UNDECIDED_ROLE;
	free(t.alike);
	return why;
}

const char *ss_undecided_name(unsigned bit)
{
	switch (bit) {
	case SS_UNDECIDED_FPOS:
		return "f_pos of an unknown type";
	case SS_UNDECIDED_FOPS:
		return "a file_operations it cannot read";
	case SS_UNDECIDED_METHOD:
		return "parse errors in a method";
	case SS_UNDECIDED_ROLE:
		return "an f_pos user of no known role beside parse errors";
	case SS_UNDECIDED_UNPARSED:
		return "nothing parsed with the bundled header";
	}
	return "?";
}
