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

#define WORD(w) w, sizeof(w) - 1

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

/* A `->f_pos` or `.f_pos` of the code that is no struct file access the
   model knows: its base has a type only the real headers give. */
static bool unknown_fpos(const struct ss_model *m, CXFile main_file, const char *s, size_t len)
{
	struct ss_map at = spelled_accesses(m, main_file);
	bool unknown = false;
	size_t i = 0;

	while (!unknown && (i = ss_ctext_skip_noise(s, len, i)) < len) {
		size_t end = ss_ctext_ident_end(s, len, i);
		unsigned off = (unsigned)i;

		if (s[i] == '#' && ss_ctext_line_start(s, i)) {
			/* a macro's body is judged where it is used */
			while (i < len && s[i] != '\n')
				i += s[i] == '\\' ? 2 : 1;
			continue;
		}
		if (end == i) {
			i++;
			continue;
		}
		if (ss_ctext_word_at(s, len, i, WORD("f_pos")) && i > 0 &&
		    (s[i - 1] == '.' || (i > 1 && s[i - 1] == '>' && s[i - 2] == '-')) &&
		    !ss_map_get(&at, &off, sizeof(off)))
			unknown = true;
		i = end;
	}
	ss_map_free(&at);
	return unknown;
}

/* More `struct file_operations NAME = {` in the text than the model read. */
static bool unread_fops(const struct ss_model *m, const char *s, size_t len)
{
	size_t n = 0;
	const char *at = s;

	while ((at = memmem(at, len - (size_t)(at - s), WORD("file_operations")))) {
		size_t i = (size_t)(at - s), name, open, close;

		at += sizeof("file_operations") - 1;
		if (!ss_ctext_word_at(s, len, i, WORD("file_operations")))
			continue;
		name = ss_ctext_skip_blank(s, len, i + sizeof("file_operations") - 1);
		if (ss_ctext_ident_end(s, len, name) > name &&
		    ss_ctext_initializer(s, len, name, &open, &close))
			n++;
	}
	return n > m->nfops;
}

/* A parse error inside a method: a statement the rules need may be lost. */
static bool error_in_method(const struct ss_model *m, CXTranslationUnit tu, CXFile main_file)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool found = false;

	for (unsigned i = 0; i < n && !found; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		const struct ss_function *f;
		CXFile file;

		clang_getFileLocation(loc, &file, NULL, NULL, NULL);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && file &&
		    clang_File_isEqual(file, main_file) &&
		    (f = ss_model_function_at(m, loc)) && (f->roles & ~SS_ROLE_OTHER))
			found = true;
		clang_disposeDiagnostic(d);
	}
	return found;
}

/*
 * An f_pos access in a function of no known role while the main file has
 * parse errors: the table naming it (an ALSA or driver ops struct the
 * bundled header lacks) may be what did not parse.
 */
static bool roleless_fpos_beside_errors(const struct ss_model *m, CXTranslationUnit tu,
					CXFile main_file)
{
	unsigned n = clang_getNumDiagnostics(tu);
	bool roleless = false, error = false;

	for (size_t i = 0; i < m->nfpos && !roleless; i++) {
		const struct ss_function *f = m->fpos[i].function;

		roleless = f && !(f->roles & ~SS_ROLE_OTHER);
	}
	for (unsigned i = 0; i < n && roleless && !error; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXFile file;

		clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
		error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && file &&
			clang_File_isEqual(file, main_file);
		clang_disposeDiagnostic(d);
	}
	return roleless && error;
}

unsigned ss_model_undecided(const struct ss_unit *u)
{
	const struct ss_model *m = u->model;
	size_t len = 0;
	const char *s = clang_getFileContents(u->tu, u->main_file, &len);
	unsigned why = 0;

	if (!s)
		return SS_UNDECIDED_FPOS;
	if (unknown_fpos(m, u->main_file, s, len))
		why |= SS_UNDECIDED_FPOS;
	if (unread_fops(m, s, len))
		why |= SS_UNDECIDED_FOPS;
	if (error_in_method(m, u->tu, u->main_file))
		why |= SS_UNDECIDED_METHOD;
	if (roleless_fpos_beside_errors(m, u->tu, u->main_file))
		why |= SS_UNDECIDED_ROLE;
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
