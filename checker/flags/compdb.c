// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "flags/compdb.h"
#include "flags/kbuild_args.h"
#include "input/source.h"
#include "util/path.h"
#include "util/xalloc.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Options whose value is a path, separate or attached. */
static const char *const path_options[] = {
	"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
	"-isysroot", "-iprefix", NULL,
};

static char *absolute_in(const char *dir, const char *p)
{
	char *a = p[0] == '/' ? xstrdup(p) : ss_path_join(dir, p);

	ss_path_normalize(a);
	return a;
}

static void absolutize(struct strvec *args, const char *dir)
{
	for (size_t i = 0; i < args->n; i++) {
		for (const char *const *o = path_options; *o; o++) {
			size_t len = strlen(*o);
			char *a = args->v[i];

			if (strcmp(a, *o) == 0 && i + 1 < args->n) {
				char *abs = absolute_in(dir, args->v[i + 1]);

				free(args->v[i + 1]);
				args->v[i + 1] = abs;
				i++;
				break;
			}
			if (len == 2 && strncmp(a, *o, len) == 0 && a[len]) {
				char *abs = absolute_in(dir, a + len);

				args->v[i] = xasprintf("%s%s", *o, abs);
				free(abs);
				free(a);
				break;
			}
		}
	}
}

static void fill_entry(struct ss_compdb_entry *e, CXCompileCommand cmd,
		       const char *dir)
{
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	char **argv = xcalloc(n + 1, sizeof(*argv));
	struct ss_kbuild_args k;
	char err[256];

	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_CompileCommand_getArg(cmd, i);

		argv[i] = xstrdup(clang_getCString(s));
		clang_disposeString(s);
	}
	if (ss_kbuild_translate((int)n, argv, NULL, &k, err, sizeof(err)) < 0) {
		e->problem = xasprintf("its compile command cannot be used: %s", err);
	} else {
		for (int i = 0; i < k.nclang; i++)
			strvec_push(&e->args, k.clang_args[i]);
		absolutize(&e->args, dir);
		ss_kbuild_args_free(&k);
	}
	for (unsigned i = 0; i < n; i++)
		free(argv[i]);
	free(argv);
}

/* What libclang would misread in an entry (a number taken for a directory
   name, "arguments" given as one string): 0, or -1 with why in buf. */
static int entry_problem(json_object *e, char *buf, size_t len)
{
	static const char *const strings[] = { "directory", "file", "command", "output" };
	json_object *v;

	for (size_t k = 0; k < sizeof(strings) / sizeof(strings[0]); k++) {
		if (json_object_object_get_ex(e, strings[k], &v) &&
		    !json_object_is_type(v, json_type_string)) {
			snprintf(buf, len, "\"%s\" is not a string", strings[k]);
			return -1;
		}
	}
	if (json_object_object_get_ex(e, "arguments", &v)) {
		bool ok = json_object_is_type(v, json_type_array);

		for (size_t k = 0; ok && k < json_object_array_length(v); k++)
			ok = json_object_is_type(json_object_array_get_idx(v, k),
						 json_type_string);
		if (!ok) {
			snprintf(buf, len, "\"arguments\" is not an array of strings");
			return -1;
		}
	}
	if (json_object_object_get_ex(e, "file", &v) && !*json_object_get_string(v)) {
		snprintf(buf, len, "\"file\" is empty");
		return -1;
	}
	return 0;
}

/*
 * Whether a "command" ends inside a quote, split as libclang splits it
 * (backslash escapes outside single quotes): libclang then gives the
 * arguments up to the quote, or none, and says nothing.
 */
static bool unterminated_quote(const char *s)
{
	char quote = 0;

	for (; *s; s++) {
		if (*s == '\\' && quote != '\'') {
			if (!s[1])
				return true;
			s++;
		} else if (quote) {
			quote = *s == quote ? 0 : quote;
		} else if (*s == '\'' || *s == '"') {
			quote = *s;
		}
	}
	return quote != 0;
}

/* The whole file as JSON, or NULL with why in err. */
static json_object *parse_file(const char *path, char *err, size_t errlen)
{
	struct json_tokener *tok;
	struct ss_source src;
	json_object *root;
	char *reason;

	if (ss_source_read_any(path, &src, &reason) < 0) {
		snprintf(err, errlen, "%s: %s", path, reason);
		free(reason);
		return NULL;
	}
	tok = json_tokener_new();
	root = json_tokener_parse_ex(tok, src.buf, (int)(src.len > INT32_MAX ? INT32_MAX : src.len));
	if (!root && !src.buf[strspn(src.buf, " \t\r\n")])
		snprintf(err, errlen, "%s: is empty", path);
	else if (!root && json_tokener_get_error(tok) == json_tokener_continue)
		snprintf(err, errlen, "%s: not valid JSON: the file ends inside it (cut short?)", path);
	else if (!root)
		snprintf(err, errlen, "%s: not valid JSON at byte %zu: %s", path,
			 json_tokener_get_parse_end(tok), json_tokener_error_desc(json_tokener_get_error(tok)));
	else if (json_tokener_get_parse_end(tok) < src.len &&
		 src.buf[json_tokener_get_parse_end(tok) + strspn(src.buf + json_tokener_get_parse_end(tok), " \t\r\n")]) {
		snprintf(err, errlen, "%s: not valid JSON: more follows its end at byte %zu", path,
			 json_tokener_get_parse_end(tok));
		json_object_put(root);
		root = NULL;
	}
	json_tokener_free(tok);
	ss_source_free(&src);
	return root;
}

/*
 * libclang says only that loading failed, and says it on standard error in
 * its own words: look at the file first and name what is wrong with it.
 * The entries whose "command" ends inside a quote go into `quoted`, by
 * their file made absolute, with their number.
 */
static int validate(const char *path, const char *abs_build, struct ss_map *quoted,
		    char *err, size_t errlen)
{
	struct stat st;
	json_object *root;
	size_t n;

	if (stat(path, &st) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	root = parse_file(path, err, errlen);
	if (!root)
		return -1;
	if (!json_object_is_type(root, json_type_array)) {
		snprintf(err, errlen, "%s: not a JSON array of compile commands", path);
		json_object_put(root);
		return -1;
	}
	n = json_object_array_length(root);
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(root, i), *v;
		char bad[64];

		if (!json_object_is_type(e, json_type_object) ||
		    !json_object_object_get_ex(e, "directory", &v) ||
		    !json_object_object_get_ex(e, "file", &v) ||
		    (!json_object_object_get_ex(e, "command", &v) &&
		     !json_object_object_get_ex(e, "arguments", &v))) {
			snprintf(err, errlen,
				 "%s: entry %zu lacks \"directory\", \"file\" or "
				 "\"command\"/\"arguments\"", path, i + 1);
			json_object_put(root);
			return -1;
		}
		if (entry_problem(e, bad, sizeof(bad)) < 0) {
			snprintf(err, errlen, "%s: entry %zu: %s", path, i + 1, bad);
			json_object_put(root);
			return -1;
		}
		if (json_object_object_get_ex(e, "command", &v) &&
		    unterminated_quote(json_object_get_string(v))) {
			json_object *d, *f;
			char *dir, *file;

			json_object_object_get_ex(e, "directory", &d);
			json_object_object_get_ex(e, "file", &f);
			dir = absolute_in(abs_build, json_object_get_string(d));
			file = absolute_in(dir, json_object_get_string(f));
			ss_map_put(quoted, file, strlen(file), i + 1, NULL);
			free(dir);
			free(file);
		}
	}
	json_object_put(root);
	return 0;
}

/* The first command for a file wins. */
static void index_entries(struct ss_compdb *db)
{
	for (size_t i = 0; i < db->n; i++)
		ss_map_put(&db->index, db->v[i].file, strlen(db->v[i].file), i, NULL);
}

struct ss_compdb *ss_compdb_load(const char *build_dir, char *err, size_t errlen)
{
	CXCompilationDatabase_Error e;
	CXCompilationDatabase cdb;
	CXCompileCommands cmds;
	struct ss_compdb *db;
	char *abs_build = ss_path_absolute(build_dir);
	struct ss_map quoted = { 0 };
	size_t *quote_at;
	unsigned n;

	if (!abs_build) {
		snprintf(err, errlen, "%s: cannot find the current directory", build_dir);
		return NULL;
	}
	db = xcalloc(1, sizeof(*db));
	db->path = ss_path_join(build_dir, "compile_commands.json");
	if (validate(db->path, abs_build, &quoted, err, errlen) < 0) {
		free(abs_build);
		ss_map_free(&quoted);
		ss_compdb_free(db);
		return NULL;
	}
	cdb = clang_CompilationDatabase_fromDirectory(build_dir, &e);
	if (e != CXCompilationDatabase_NoError || !cdb) {
		snprintf(err, errlen, "%s: cannot be read as a compilation database",
			 db->path);
		free(abs_build);
		ss_compdb_free(db);
		return NULL;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(cdb);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	db->v = xcalloc(n ? n : 1, sizeof(*db->v));
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		CXString d = clang_CompileCommand_getDirectory(cmd);
		CXString f = clang_CompileCommand_getFilename(cmd);
		struct ss_compdb_entry *ent = &db->v[db->n];
		char *dir = absolute_in(abs_build, clang_getCString(d));

		ent->file = absolute_in(dir, clang_getCString(f));
		fill_entry(ent, cmd, dir);
		quote_at = ss_map_get(&quoted, ent->file, strlen(ent->file));
		if (quote_at) {
			free(ent->problem);
			strvec_clear(&ent->args);
			ent->problem = xasprintf("entry %zu: its \"command\" ends inside a quote; "
						 "its flags are not used", *quote_at);
		}
		db->n++;
		free(dir);
		clang_disposeString(d);
		clang_disposeString(f);
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(cdb);
	free(abs_build);
	ss_map_free(&quoted);
	index_entries(db);
	return db;
}

const struct ss_compdb_entry *ss_compdb_find(const struct ss_compdb *db,
					     const char *file)
{
	const size_t *i = db ? ss_map_get(&db->index, file, strlen(file)) : NULL;

	return i ? &db->v[*i] : NULL;
}

void ss_compdb_free(struct ss_compdb *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->n; i++) {
		free(db->v[i].file);
		free(db->v[i].problem);
		strvec_clear(&db->v[i].args);
	}
	free(db->v);
	ss_map_free(&db->index);
	free(db->path);
	free(db);
}
