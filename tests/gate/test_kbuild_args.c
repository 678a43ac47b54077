// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of checker/kbuild_args.c: Kbuild's CHECK= command lines. */
#include "check.h"
#include "flags/kbuild_args.h"
#include "run/options.h"

#include <stdio.h>
#include <string.h>

static const char *joined(char *const *v, int n)
{
	static char buf[4096];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && len < sizeof(buf); i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					i ? " " : "", v[i]);
	return buf;
}

static void expect_args(int argc, char *const argv[], const char *want_clang,
			const char *want_source, const char *want_own)
{
	struct ss_kbuild_args k;
	char err[256];

	if (ss_kbuild_translate(argc, argv, ss_options_takes_value, &k, err, sizeof(err)) < 0) {
		fprintf(stderr, "unexpected failure: %s\n", err);
		check_failures++;
		return;
	}
	if (strcmp(joined(k.clang_args, k.nclang), want_clang) != 0) {
		fprintf(stderr, "clang args:\n  want: %s\n  got:  %s\n", want_clang,
			joined(k.clang_args, k.nclang));
		check_failures++;
	}
	CHECK(k.clang_args[k.nclang] == NULL);
	CHECK(k.nsources >= 1 && strcmp(k.sources[k.nsources - 1], want_source) == 0);
	if (strcmp(joined(k.own, k.nown), want_own) != 0) {
		fprintf(stderr, "own options:\n  want: %s\n  got:  %s\n", want_own,
			joined(k.own, k.nown));
		check_failures++;
	}
	ss_kbuild_args_free(&k);
}

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* What Makefile.build runs for `make C=1` on x86_64, abridged but faithful. */
static void test_x86_64_kbuild_line(void)
{
	static char *argv[] = {
		"safeseek-check", "--fatal",
		"-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix", "-D__unix__",
		"-Wbitwise", "-Wno-return-void", "-Wno-unknown-attribute",
		"-D__x86_64__", "--arch=x86", "-mlittle-endian", "-m64",
		"-Wp,-MMD,drivers/char/.mem.o.d", "-nostdinc",
		"-I./arch/x86/include", "-I./arch/x86/include/generated", "-I./include",
		"-I", "./include/uapi",
		"-include", "./include/linux/compiler-version.h",
		"-include", "./include/linux/kconfig.h",
		"-include", "./include/linux/compiler_types.h",
		"-D__KERNEL__", "-fmacro-prefix-map=./=", "-std=gnu11",
		"-fshort-wchar", "-funsigned-char", "-fno-common", "-fno-PIE",
		"-fno-strict-aliasing", "-mno-sse", "-mno-mmx", "-mno-sse2",
		"-mno-3dnow", "-mno-avx", "-fcf-protection=none", "-m64",
		"-falign-jumps=1", "-falign-loops=1", "-mno-80387",
		"-mno-fp-ret-in-387", "-mpreferred-stack-boundary=3",
		"-mskip-rax-setup", "-mtune=generic", "-mno-red-zone",
		"-mcmodel=kernel", "-Wno-sign-compare", "-fno-asynchronous-unwind-tables",
		"-mindirect-branch=thunk-extern", "-mindirect-branch-register",
		"-mfunction-return=thunk-extern", "-fno-jump-tables",
		"-mharden-sls=all", "-fpatchable-function-entry=16,16",
		"-fno-delete-null-pointer-checks", "-O2", "-fno-allow-store-data-races",
		"-fstack-protector-strong", "-fno-omit-frame-pointer",
		"-fno-optimize-sibling-calls", "-ftrivial-auto-var-init=zero",
		"-fno-stack-clash-protection", "-pg", "-mrecord-mcount", "-mfentry",
		"-DCC_USING_FENTRY", "-fno-inline-functions-called-once",
		"-fmin-function-alignment=16", "-fstrict-flex-arrays=3",
		"-fno-strict-overflow", "-fstack-check=no", "-fconserve-stack",
		"-fno-builtin-wcslen", "-Wall", "-Wundef", "-Werror=strict-prototypes",
		"-fplugin=./scripts/gcc-plugins/stackleak_plugin.so",
		"-fplugin-arg-stackleak_plugin-track-min-size=100",
		"-fno-ipa-sra", "--param=allow-store-data-races=0", "--param",
		"ssp-buffer-size=4", "-g", "-gdwarf-5", "-MD", "-MF", "dep.d",
		"-MT", "drivers/char/mem.o", "-Wp,-MD,other.d,-DFROM_WP",
		"-DKBUILD_MODFILE=\"drivers/char/mem\"", "-DKBUILD_BASENAME=\"mem\"",
		"-DKBUILD_MODNAME=\"mem\"", "-D__KBUILD_MODNAME=kmod_mem",
		"--baseline", "base.json",
		"drivers/char/mem.c",
	};

	expect_args(ARGC(argv), argv,
		    "-D__linux__ -Dlinux -Dunix -D__unix__ -D__x86_64__ -nostdinc "
		    "-I./arch/x86/include -I./arch/x86/include/generated -I./include "
		    "-I ./include/uapi "
		    "-include ./include/linux/compiler-version.h "
		    "-include ./include/linux/kconfig.h "
		    "-include ./include/linux/compiler_types.h "
		    "-D__KERNEL__ -std=gnu11 -fshort-wchar -funsigned-char -DCC_USING_FENTRY "
		    "-fno-builtin-wcslen -DFROM_WP "
		    "-DKBUILD_MODFILE=\"drivers/char/mem\" -DKBUILD_BASENAME=\"mem\" "
		    "-DKBUILD_MODNAME=\"mem\" -D__KBUILD_MODNAME=kmod_mem "
		    "--target=x86_64-linux-gnu",
		    "drivers/char/mem.c", "--fatal --baseline base.json");
}

static void test_no_dependency_option_survives(void)
{
	static char *argv[] = {
		"c", "-Wp,-MMD,a.d", "-Wp,-MD,b.d", "-MD", "-MMD", "-MF", "c.d",
		"-MT", "t", "-MQ", "q", "-MP", "-MG", "-M", "-MM", "-MFd.d",
		"-Wp,-MF,e.d,-MT,x", "x.c",
	};
	struct ss_kbuild_args k;
	char err[128];
	int i;

	CHECK(ss_kbuild_translate(ARGC(argv), argv, NULL, &k, err, sizeof(err)) == 0);
	for (i = 0; i < k.nclang; i++) {
		CHECK(strncmp(k.clang_args[i], "-M", 2) != 0);
		CHECK(strstr(k.clang_args[i], ".d") == NULL);
	}
	CHECK(k.nclang == 0);
	CHECK(k.nsources == 1 && strcmp(k.sources[0], "x.c") == 0);
	ss_kbuild_args_free(&k);
}

/* -Wp,-D,X is -DX; a bare -D with no value left must not swallow the
   argument after it (the source file, when it is the last one kept). */
static void test_wp_separate_values(void)
{
	static char *argv[] = {
		"c", "-Wp,-MD,x.d,-D,FROM_WP,-I,inc,-U,OLD", "-Wp,-MD,y.d,-D",
		"-Wp,-I", "-DLAST", "-Wp,-D,__STDC__", "x.c",
	};

	expect_args(ARGC(argv), argv, "-D FROM_WP -I inc -U OLD -DLAST", "x.c", "");
}

static void test_probe_file_without_suffix(void)
{
	static char *argv[] = {
		"safeseek-check", "-D__linux__", "-Dlinux", "-D__STDC__", "-Dunix",
		"-D__unix__", "-Wbitwise", "-Wno-return-void",
		"-Wno-unknown-attribute", "--arch=x86", "-mlittle-endian", "-m64",
		"/tmp/tmp.AbCdEf1234",
	};

	expect_args(ARGC(argv), argv,
		    "-D__linux__ -Dlinux -Dunix -D__unix__ --target=x86_64-linux-gnu -x c",
		    "/tmp/tmp.AbCdEf1234", "");
}

static void test_targets(void)
{
	CHECK(strcmp(ss_kbuild_target("x86", 32, 0), "i386-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("x86", 64, 0), "x86_64-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("arm64", 64, 0), "aarch64-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("arm", 32, 0), "arm-linux-gnueabi") == 0);
	CHECK(strcmp(ss_kbuild_target("riscv", 64, 0), "riscv64-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("powerpc", 64, 1), "powerpc64-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("powerpc", 64, 0), "powerpc64le-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("mips", 32, 0), "mipsel-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target("s390", 64, 1), "s390x-linux-gnu") == 0);
	CHECK(strcmp(ss_kbuild_target(NULL, 32, -1), "i386-linux-gnu") == 0);
	CHECK(ss_kbuild_target(NULL, 0, -1) == NULL);
	CHECK(ss_kbuild_target("h8300", 32, 1) == NULL);
	{
		/* i386 in an older CHECKFLAGS: the word size from its macro */
		static char *argv[] = { "c", "--arch=x86", "-D__i386__", "f.c" };

		expect_args(ARGC(argv), argv, "-D__i386__ --target=i386-linux-gnu",
			    "f.c", "");
	}
	{
		/* a clang-built kernel says its target itself */
		static char *argv[] = { "c", "--arch=x86", "-m64",
					"--target=x86_64-linux-gnu", "f.c" };

		expect_args(ARGC(argv), argv, "--target=x86_64-linux-gnu", "f.c", "");
	}
}

static void test_end_of_options(void)
{
	static char *argv[] = { "c", "--kbuild", "-DX", "--", "-odd.c" };

	expect_args(ARGC(argv), argv, "-DX", "-odd.c", "");
}

static void test_detect(void)
{
	static char *plain[] = { "safeseek-check", "-j", "4", "drivers/" };
	static char *flagged[] = { "safeseek-check", "-nostdinc", "x.c" };
	static char *forced[] = { "safeseek-check", "--kbuild", "x.c" };
	static char *wp[] = { "safeseek-check", "-Wp,-MMD,x.d", "x.c" };
	static char *paths[] = { "safeseek-check", "--", "-Dodd-name.c" };

	CHECK(!ss_kbuild_detect(ARGC(plain), plain));
	CHECK(ss_kbuild_detect(ARGC(flagged), flagged));
	CHECK(ss_kbuild_detect(ARGC(forced), forced));
	CHECK(ss_kbuild_detect(ARGC(wp), wp));
	CHECK(!ss_kbuild_detect(ARGC(paths), paths));
}

static void test_errors(void)
{
	static char *nosrc[] = { "c", "-D__KERNEL__", "-I", "include" };
	static char *dangling[] = { "c", "x.c", "-include" };
	struct ss_kbuild_args k;
	char err[128];

	CHECK(ss_kbuild_translate(ARGC(nosrc), nosrc, NULL, &k, err, sizeof(err)) < 0);
	CHECK(strstr(err, "no source file") != NULL);
	CHECK(ss_kbuild_translate(ARGC(dangling), dangling, NULL, &k, err, sizeof(err)) < 0);
	CHECK(strstr(err, "-include needs a value") != NULL);
}

int main(void)
{
	test_x86_64_kbuild_line();
	test_no_dependency_option_survives();
	test_wp_separate_values();
	test_probe_file_without_suffix();
	test_targets();
	test_end_of_options();
	test_detect();
	test_errors();
	return check_status("kbuild_args");
}
