// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
/*
 * The facts of the sheet that say whether the parse read all the code the
 * rules' findings rest on (facts/facts.h): what the main file's text shows
 * that the AST lacks.  Under the bundled header that is what makes a file
 * worth parsing again with its real headers (run/analyse.c).  Each answer
 * errs one way: when in doubt, unknown.
 */
#include "model/internal.h"

#include "facts/vfs_opens.h"
#include "model/unit.h"
#include "util/ctext.h"
#include "util/xalloc.h"

#include <stdint.h>
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

/*
 * Whether the member access ending in the `f_pos` at `at` has its address
 * taken (`&f.file->f_pos`).  A base the text cannot follow (a call, a
 * subscript, a cast) counts as taken.
 */
static bool address_taken(const char *s, size_t at)
{
	size_t b = ss_ctext_back_blank(s, at);

	for (;;) {
		if (b >= 1 && s[b - 1] == '.')
			b -= 1;
		else if (b >= 2 && s[b - 1] == '>' && s[b - 2] == '-')
			b -= 2;
		else
			break;
		b = ss_ctext_back_blank(s, b);
		if (!b || !ss_ctext_ident_char(s[b - 1]))
			return true;
		while (b > 0 && ss_ctext_ident_char(s[b - 1]))
			b--;
		b = ss_ctext_back_blank(s, b);
	}
	return b >= 1 && s[b - 1] == '&' && !(b >= 2 && s[b - 2] == '&');
}

struct unknown_fpos {
	const struct ss_unit *u;
	struct ss_map spelled;		/* the accesses the model knows */
};

/* Whether the offset is in an llseek or readdir method, where no f_pos use
   is reported. */
static bool in_owner(const struct ss_unit *u, size_t at)
{
	CXSourceLocation loc = clang_getLocationForOffset(u->tu, u->main_file, (unsigned)at);
	const struct ss_function *f = ss_model_function_at(u->model, loc);

	return f && (f->roles & SS_ROLES_OWN_FPOS);
}

/* A `->f_pos` or `.f_pos` of the code that is no struct file access the
   model knows: its base has a type only the real headers give.  In the VFS
   core only a pread refusal (`ppos != &file->f_pos`) would be reported,
   so an access whose address is not taken decides nothing there; in an
   llseek or readdir method nothing is. */
static bool fpos_not_spelled(const char *s, size_t at, size_t end, void *arg)
{
	const struct unknown_fpos *a = arg;
	unsigned off = (unsigned)at;

	return model_is_word(s, at, end, "f_pos") && ss_ctext_member_at(s, at) &&
	       !ss_map_get(&a->spelled, &off, sizeof(off)) &&
	       (!a->u->vfs_core || address_taken(s, at)) && !in_owner(a->u, at);
}

static bool unknown_fpos(const struct ss_unit *u, const struct model_text *t)
{
	struct unknown_fpos arg = { u, spelled_accesses(u->model, u->main_file) };
	bool unknown = model_each_word(t, 0, t->len, fpos_not_spelled, &arg);

	ss_map_free(&arg.spelled);
	return unknown;
}

static bool count_fops_initializer(const char *s, size_t at, size_t end, void *arg)
{
	struct { size_t len, n; } *count = arg;
	size_t name, open, close;

	if (!model_is_word(s, at, end, "file_operations"))
		return false;
	name = ss_ctext_skip_blank(s, count->len, end);
	if (ss_ctext_ident_end(s, count->len, name) > name &&
	    ss_ctext_initializer(s, count->len, name, &open, &close))
		count->n++;
	return false;
}

/* More `struct file_operations NAME = {` in the code than the model read
   (one a macro's body defines is counted where the macro is used). */
static bool unread_fops(const struct ss_model *m, const struct model_text *t)
{
	struct { size_t len, n; } count = { t->len, 0 };

	model_each_word(t, 0, t->len, count_fops_initializer, &count);
	return count.n > m->nfops;
}

struct deciding {
	const struct ss_model *m;
	const char *position;		/* the method's position parameter, or NULL */
	bool reads;			/* the AST shows the method reading the position */
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
		deciding = model_is_word(s, at, end, "ki_pos") && !d->reads;
	} else if (d->position && model_is_word(s, at, end, d->position)) {
		/* Once the method is seen reading the position, one more use
		   changes nothing but a refusal of any: `if (ppos)`. */
		size_t b = ss_ctext_back_blank(s, at);

		deciding = !d->reads || (b && s[b - 1] == '(');
	} else {
		/* a call that makes the file non-seekable: short names all */
		deciding = end - at < sizeof(word);
		if (deciding) {
			memcpy(word, s + at, end - at);
			word[end - at] = '\0';
			deciding = ss_vfs_open_nonseekable(word, strlen(word));
		}
	}
	return deciding && !ss_map_get(&d->m->position_spelled, &off, sizeof(off));
}

/*
 * A parse error inside a method, or inside a function of the file a method
 * hands its position or kiocb to, that cost the AST part of what the rules
 * need: a word of its body deciding how it uses the position.  An error
 * elsewhere in the method (a member of a driver's struct the bundled
 * header cannot know) decides nothing.
 */
static bool method_lost_words(const struct ss_model *m, const struct ss_function *f,
			      const struct model_text *t)
{
	size_t i = (size_t)(f - m->fns), start, end;
	CXString name = { 0 };
	struct deciding d = { .m = m, .reads = f->position_reads > 0 };
	bool lost;

	if (!model_body_span(m, f, &start, &end))
		return false;
	if (f->position < m->nparams[i]) {
		name = clang_getCursorSpelling(m->params[i][f->position]);
		d.position = clang_getCString(name);
		if (d.position && !*d.position)
			d.position = NULL;
	}
	lost = model_each_word(t, start, end, deciding_word_lost, &d);
	if (d.position)
		clang_disposeString(name);
	return lost;
}

static bool error_in_method(const struct ss_model *m, CXTranslationUnit tu, CXFile main_file,
			    const struct model_text *t)
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
		    (f = ss_model_function_at(m, loc)) &&
		    ((f->roles & ~SS_ROLES_UNPOSITIONED) || model_followed(m, f)) &&
		    !looked[f - m->fns]) {
			looked[f - m->fns] = true;
			found = method_lost_words(m, f, t);
		}
		clang_disposeDiagnostic(d);
	}
	free(looked);
	return found;
}

struct naming {
	const struct ss_model *m;
	const struct ss_function *f;
	size_t len;
	bool called;			/* named in the body of another function */
	bool as_value;			/* named where a table or assignment may take it */
	size_t next;			/* the next candidate of the same name, or SIZE_MAX */
};

/* Where the body holding the offset starts, when a function other than f
   has it; SS_CTEXT_NONE otherwise. */
static size_t other_body_at(const struct ss_model *m, const struct ss_function *f, size_t at)
{
	CXSourceLocation loc = clang_getLocationForOffset(m->tu, m->main_file, (unsigned)at);
	const struct ss_function *g = ss_model_function_at(m, loc);
	size_t start, end;

	if (!g || g == f || !model_body_span(m, g, &start, &end) || at < start || at >= end)
		return SS_CTEXT_NONE;
	return start + 1;
}

/* The function's name where it is neither called, defined, declared nor
   handed to a call in another function's body (single_open(file, show,
   data)): a value some table may take, or an assignment. */
static bool named_as_value(const char *s, size_t at, size_t end, struct naming *n)
{
	size_t next, body;

	if (ss_ctext_member_at(s, at))
		return false;
	next = ss_ctext_skip_blank(s, n->len, end);
	body = other_body_at(n->m, n->f, at);
	n->called |= body != SS_CTEXT_NONE;
	if (next < n->len && s[next] == '(')
		return false;
	return body == SS_CTEXT_NONE ||
	       !ss_ctext_call_argument(s, n->len, at, end, ss_ctext_innermost_open(s, body, at));
}

struct candidates {
	struct naming *v;
	size_t n;
	struct ss_map first;		/* name -> the first candidate of that name */
};

/* Every use of a candidate's name, in one pass over the text. */
static bool name_used(const char *s, size_t at, size_t end, void *arg)
{
	struct candidates *c = arg;
	size_t *i = ss_map_get(&c->first, s + at, end - at);

	for (size_t k = i ? *i : SIZE_MAX; k != SIZE_MAX; k = c->v[k].next)
		if (!c->v[k].as_value)
			c->v[k].as_value = named_as_value(s, at, end, &c->v[k]);
	return false;
}

/*
 * Whether the real headers would leave the function without a role too.
 * A role comes from a table or an assignment naming the function, or, when
 * nothing refers to it, from its signature.  The text names it only where
 * it is defined, declared, called or handed to a call (macro bodies
 * included; `##` might paste its name out of sight), and it is referred
 * to, or its signature read alike.
 */
static bool roleless_everywhere(const struct naming *n, bool pasted)
{
	const struct name_info *info = model_name_find(n->m, n->f->name);

	if (pasted || n->as_value)
		return false;
	return n->called || (info && info->refs) || !clang_isInvalidDeclaration(n->f->cursor);
}

static bool main_file_error(const struct ss_unit *u)
{
	unsigned n = clang_getNumDiagnostics(u->tu);
	bool error = false;

	for (unsigned i = 0; i < n && !error; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu, i);
		CXFile file;

		clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
		error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && file &&
			clang_File_isEqual(file, u->main_file);
		clang_disposeDiagnostic(d);
	}
	return error;
}

/*
 * An f_pos access in a function of no known role while the main file has
 * parse errors: the table naming it (an ALSA or driver ops struct the
 * bundled header lacks) may be what did not parse.  The functions in
 * doubt are looked up in one pass over the text, whatever their number.
 */
static bool roleless_fpos_beside_errors(const struct ss_unit *u, const struct model_text *t)
{
	const struct ss_model *m = u->model;
	struct candidates c = { xcalloc(m->nfns ? m->nfns : 1, sizeof(*c.v)), 0, { 0 } };
	bool *taken = xcalloc(m->nfns ? m->nfns : 1, sizeof(*taken));
	struct model_text all = *t;
	bool roleless = false, pasted;

	if (!main_file_error(u))
		goto out;
	for (size_t i = 0; i < m->nfpos; i++) {
		const struct ss_function *f = m->fpos[i].function;
		bool added;
		size_t *first;

		if (!f || (f->roles & ~SS_ROLES_UNPOSITIONED) || taken[f - m->fns] ||
		    ss_fpos_verdict_roleless(u, &m->fpos[i]))
			continue;
		taken[f - m->fns] = true;
		c.v[c.n] = (struct naming){ m, f, t->len, false, false, SIZE_MAX };
		first = ss_map_put(&c.first, f->name, strlen(f->name), c.n, &added);
		if (!added) {
			c.v[c.n].next = *first;
			*first = c.n;
		}
		c.n++;
	}
	if (!c.n)
		goto out;
	pasted = memmem(t->s, t->len, "##", 2) != NULL;
	all.directives = true;
	if (!pasted)
		model_each_word(&all, 0, t->len, name_used, &c);
	for (size_t k = 0; k < c.n && !roleless; k++)
		roleless = !roleless_everywhere(&c.v[k], pasted);
out:
	ss_map_free(&c.first);
	free(c.v);
	free(taken);
	return roleless;
}

/* What the parse did not read, on the facts the rules' conditions read: an
   f_pos of unknown type may be one reached outside an llseek method, and
   a file_operations unread is one of which nothing is known. */
static void unread_on_sheet(struct ss_facts *out)
{
	if (out->fpos_typed != SS_YES)
		out->fpos_member = ss_or(out->fpos_member, SS_UNKNOWN);
	if (out->fops_read != SS_YES)
		ss_facts_add_fops(out);
}

static enum ss_tri known_unless(bool doubt)
{
	return doubt ? SS_UNKNOWN : SS_YES;
}

void model_gap_facts(const struct ss_unit *u, struct ss_facts *out)
{
	const struct ss_model *m = u->model;
	struct model_text t = { 0 };
	struct model_span *alike;

	out->fpos_typed = out->fops_read = out->methods_read = out->fpos_roles = SS_YES;
	t.s = clang_getFileContents(u->tu, u->main_file, &t.len);
	if (!t.s) {
		out->fpos_typed = SS_UNKNOWN;
		unread_on_sheet(out);
		return;
	}
	t.nalike = model_skipped_alike(u, t.s, t.len, &alike);
	t.alike = alike;
	out->fpos_typed = known_unless(unknown_fpos(u, &t));
	out->fops_read = known_unless(unread_fops(m, &t));
	out->methods_read = known_unless(error_in_method(m, u->tu, u->main_file, &t));
	out->fpos_roles = known_unless(roleless_fpos_beside_errors(u, &t));
	free(alike);
	unread_on_sheet(out);
}
