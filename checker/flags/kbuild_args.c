// SPDX-License-Identifier: GPL-2.0-only
#define _POSIX_C_SOURCE 200809L

#include "flags/kbuild_args.h"
#include "util/container.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool is(const char *s, const char *t)
{
	return strcmp(s, t) == 0;
}

static bool in_list(const char *s, const char *const *list)
{
	for (; list && *list; list++)
		if (is(s, *list))
			return true;
	return false;
}

/* Options whose value is a separate argument, and which the check keeps. */
static const char *const keep_with_value[] = {
	"-D", "-U", "-I", "-include", "-imacros", "-isystem", "-iquote",
	"-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
	"-isysroot", "-x", "-target", NULL,
};

/* ... and those it drops together with their value. */
static const char *const drop_with_value[] = {
	"-MF", "-MT", "-MQ", "-o", "-G", "--param", "-Xassembler", "-Xlinker",
	"-Xpreprocessor", "-aux-info", "-gcc-base-dir", "-multiarch-dir",
	"--os", "-arch", NULL,
};

/* -f options that change what the code means to a parser. */
static const char *const keep_f[] = {
	"-funsigned-char", "-fsigned-char", "-fshort-wchar", "-fshort-enums",
	"-fms-extensions", "-fno-ms-extensions", "-fgnu89-inline",
	"-ffreestanding", "-fno-builtin", "-fhosted", "-fdollars-in-identifiers",
	"-fno-dollars-in-identifiers", NULL,
};

/* Long options a compiler or sparse understands; any other is the checker's. */
static bool compiler_long_option(const char *a)
{
	return starts(a, "--arch=") || starts(a, "--os=") ||
	       starts(a, "--target=") || starts(a, "--sysroot=") ||
	       starts(a, "--param=") || is(a, "--param") || is(a, "--os");
}

bool ss_kbuild_detect(int argc, char *const argv[])
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (is(a, "--"))	/* only paths follow */
			return false;
		if (is(a, "--kbuild") || starts(a, "-D") || starts(a, "-U") ||
		    starts(a, "-I") || starts(a, "-Wp,") ||
		    is(a, "-nostdinc") || is(a, "-isystem") ||
		    is(a, "-include") || starts(a, "--arch="))
			return true;
	}
	return false;
}

const char *ss_kbuild_target(const char *arch, int bits, int big_endian)
{
	bool be = big_endian > 0;

	if (!arch) {
		if (bits == 64)
			return "x86_64-linux-gnu";
		if (bits == 32)
			return "i386-linux-gnu";
		return NULL;
	}
	if (is(arch, "x86") || is(arch, "x86_64") || is(arch, "um"))
		return bits == 32 ? "i386-linux-gnu" : "x86_64-linux-gnu";
	if (is(arch, "i386") || is(arch, "i686"))
		return bits == 64 ? "x86_64-linux-gnu" : "i386-linux-gnu";
	if (is(arch, "arm64") || is(arch, "aarch64"))
		return be ? "aarch64_be-linux-gnu" : "aarch64-linux-gnu";
	if (is(arch, "arm"))
		return be ? "armeb-linux-gnueabi" : "arm-linux-gnueabi";
	if (is(arch, "riscv") || is(arch, "riscv64") || is(arch, "riscv32"))
		return bits == 32 || is(arch, "riscv32") ? "riscv32-linux-gnu"
							 : "riscv64-linux-gnu";
	if (is(arch, "powerpc") || is(arch, "ppc") || is(arch, "ppc64") ||
	    is(arch, "powerpc64") || is(arch, "ppc64le")) {
		if (bits == 32)
			return big_endian == 0 ? "powerpcle-linux-gnu"
					       : "powerpc-linux-gnu";
		return big_endian == 0 || is(arch, "ppc64le")
			       ? "powerpc64le-linux-gnu"
			       : "powerpc64-linux-gnu";
	}
	if (is(arch, "mips") || is(arch, "mips64")) {
		if (bits == 64 || is(arch, "mips64"))
			return big_endian == 0 ? "mips64el-linux-gnuabi64"
					       : "mips64-linux-gnuabi64";
		return big_endian == 0 ? "mipsel-linux-gnu" : "mips-linux-gnu";
	}
	if (is(arch, "s390") || is(arch, "s390x"))
		return "s390x-linux-gnu";
	if (is(arch, "sparc") || is(arch, "sparc64"))
		return bits == 64 || is(arch, "sparc64") ? "sparc64-linux-gnu"
							 : "sparc-linux-gnu";
	if (is(arch, "loongarch"))
		return "loongarch64-linux-gnu";
	if (is(arch, "m68k"))
		return "m68k-linux-gnu";
	return NULL;
}

static int push(struct strvec *b, const char *s)
{
	strvec_push(b, s);
	return 0;
}

/* clang defines these itself and warns when told to redefine them. */
static bool builtin_macro(const char *def)
{
	return is(def, "__STDC__") || starts(def, "__STDC__=");
}

/*
 * -Wp,a,b,c passes a, b, c to the preprocessor: keep the -D/-U/-I among
 * them, drop the dependency options (-MD FILE, -MMD FILE, -MF FILE, ...).
 * A bare -D, -U or -I takes the next token as its value (-Wp,-D,X is -DX);
 * with none left it is dropped, or clang would take whatever argument comes
 * next, the source file included, for its value.
 */
static int wp_option(struct strvec *keep, const char *a)
{
	char *copy = strdup(a + 4), *save = NULL, *tok;
	bool skip_next = false;
	const char *value_of = NULL;
	int rc = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok && rc == 0;
	     tok = strtok_r(NULL, ",", &save)) {
		if (skip_next) {
			skip_next = false;
			continue;
		}
		if (value_of) {
			if (!(is(value_of, "-D") && builtin_macro(tok))) {
				rc = push(keep, value_of);
				if (rc == 0)
					rc = push(keep, tok);
			}
			value_of = NULL;
		} else if (is(tok, "-MD") || is(tok, "-MMD") || is(tok, "-MF") ||
			   is(tok, "-MT") || is(tok, "-MQ")) {
			skip_next = true;
		} else if (is(tok, "-D") || is(tok, "-U") || is(tok, "-I")) {
			value_of = is(tok, "-D") ? "-D" : is(tok, "-U") ? "-U" : "-I";
		} else if ((starts(tok, "-D") && !builtin_macro(tok + 2)) ||
			   starts(tok, "-U") || starts(tok, "-I")) {
			rc = push(keep, tok);
		}
	}
	free(copy);
	return rc;
}

void ss_kbuild_args_free(struct ss_kbuild_args *k)
{
	int i;

	for (i = 0; i < k->nclang; i++)
		free(k->clang_args[i]);
	free(k->clang_args);
	for (i = 0; i < k->nown; i++)
		free(k->own[i]);
	free(k->own);
	for (i = 0; i < k->nsources; i++)
		free(k->sources[i]);
	free(k->sources);
	free(k->target);
	memset(k, 0, sizeof(*k));
}

static bool has_c_suffix(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && (is(path + n - 2, ".c") || is(path + n - 2, ".h"));
}

int ss_kbuild_translate(int argc, char *const argv[],
			bool (*own_takes_value)(const char *arg),
			struct ss_kbuild_args *out, char *err, size_t errlen)
{
	struct strvec keep = { 0 }, own = { 0 }, sources = { 0 };
	const char *arch = NULL, *explicit_target = NULL;
	int bits = 0, big_endian = -1, i, rc = 0;
	bool lang_given = false, options_end = false;

	memset(out, 0, sizeof(*out));
	if (errlen)
		err[0] = '\0';
	for (i = 1; i < argc && rc == 0; i++) {
		const char *a = argv[i];
		bool has_next = i + 1 < argc;

		if (options_end || a[0] != '-' || a[1] == '\0') {
			rc = push(&sources, a);
		} else if (is(a, "--")) {
			options_end = true;
		} else if (is(a, "--kbuild")) {
			continue;
		} else if (a[1] == '-' && !compiler_long_option(a)) {
			rc = push(&own, a);
			if (rc == 0 && !strchr(a, '=') &&
			    own_takes_value && own_takes_value(a)) {
				if (!has_next) {
					snprintf(err, errlen, "option %s needs a value", a);
					rc = -1;
				} else {
					rc = push(&own, argv[++i]);
				}
			}
		} else if (in_list(a, keep_with_value)) {
			if (!has_next) {
				snprintf(err, errlen, "option %s needs a value", a);
				rc = -1;
				break;
			}
			if (is(a, "-D") && builtin_macro(argv[i + 1])) {
				i++;
				continue;
			}
			if (is(a, "-target"))
				explicit_target = argv[i + 1];
			if (is(a, "-x"))
				lang_given = true;
			rc = push(&keep, a);
			if (rc == 0)
				rc = push(&keep, argv[++i]);
		} else if (in_list(a, drop_with_value)) {
			i += has_next;
		} else if (starts(a, "-D")) {
			if (!builtin_macro(a + 2))
				rc = push(&keep, a);
		} else if (starts(a, "-U") || starts(a, "-I") ||
			   starts(a, "-std=") || is(a, "-nostdinc") ||
			   is(a, "-undef") || is(a, "-ansi") ||
			   in_list(a, keep_f) || starts(a, "-fno-builtin-")) {
			rc = push(&keep, a);
		} else if (starts(a, "-Wp,")) {
			rc = wp_option(&keep, a);
		} else if (starts(a, "--arch=")) {
			arch = a + strlen("--arch=");
		} else if (starts(a, "--target=")) {
			explicit_target = a + strlen("--target=");
		} else if (is(a, "-m64")) {
			bits = 64;
		} else if (is(a, "-m32") || is(a, "-mx32")) {
			bits = 32;
		} else if (is(a, "-mlittle-endian") || is(a, "-EL")) {
			big_endian = 0;
		} else if (is(a, "-mbig-endian") || is(a, "-EB")) {
			big_endian = 1;
		}
		/*
		 * Everything else is dropped: warnings (-W...), -Wa/-Wl,
		 * dependency files (-MD, -MMD, -MF...), optimisation, debug,
		 * code generation (-f..., -m...), plugins, sparse's switches.
		 */
	}
	if (rc == 0 && !sources.n) {
		snprintf(err, errlen, "no source file among the arguments");
		rc = -1;
	}
	if (rc == 0 && !explicit_target && bits == 0 && arch &&
	    (is(arch, "x86") || is(arch, "x86_64"))) {
		/* an older CHECKFLAGS names the word size only in a macro */
		for (i = 0; i < (int)keep.n; i++) {
			if (is(keep.v[i], "-D__x86_64__"))
				bits = 64;
			else if (is(keep.v[i], "-D__i386__"))
				bits = 32;
		}
	}
	if (rc == 0) {
		const char *t = explicit_target;
		char buf[160];

		if (!t) {
			t = ss_kbuild_target(arch, bits, big_endian);
			if (t) {
				snprintf(buf, sizeof(buf), "--target=%s", t);
				rc = push(&keep, buf);
			}
		} else if (!in_list("-target", (const char *const *)keep.v)) {
			snprintf(buf, sizeof(buf), "--target=%s", t);
			rc = push(&keep, buf);
		}
		if (rc == 0 && t && !(out->target = strdup(t)))
			rc = -1;
	}
	/* Kbuild's probe hands over a mktemp file with no suffix at all. */
	for (i = 0; rc == 0 && !lang_given && i < (int)sources.n; i++) {
		if (has_c_suffix(sources.v[i]))
			continue;
		rc = push(&keep, "-x");
		if (rc == 0)
			rc = push(&keep, "c");
		lang_given = true;
	}
	if (rc < 0) {
		if (errlen && !err[0])
			snprintf(err, errlen, "out of memory");
		strvec_clear(&keep);
		strvec_clear(&own);
		strvec_clear(&sources);
		ss_kbuild_args_free(out);
		return -1;
	}
	if (!keep.v)
		keep.v = xcalloc(1, sizeof(*keep.v));
	out->clang_args = keep.v;
	out->nclang = (int)keep.n;
	out->own = own.v;
	out->nown = (int)own.n;
	out->sources = sources.v;
	out->nsources = (int)sources.n;
	return 0;
}
