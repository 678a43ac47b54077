/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_TEST_CHECK_H
#define SAFESEEK_TEST_CHECK_H

/*
 * The checks of the C unit tests.  CHECK(cond) or CHECK(cond, "fmt", ...)
 * reports a failed condition with its place and goes on; main() ends with
 * `return check_status("name");`.
 */

#include <stdarg.h>
#include <stdio.h>

static int check_failures;

static void check_failed(const char *file, int line, const char *cond, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void check_failed(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: check failed: %s", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	check_failures++;
}

/* The format always starts with a blank, so a bare CHECK(cond) has one too. */
#define CHECK(cond, ...)                                                         \
	do {                                                                     \
		if (!(cond))                                                     \
			check_failed(__FILE__, __LINE__, #cond, " " __VA_ARGS__); \
	} while (0)

static inline int check_status(const char *name)
{
	if (check_failures) {
		fprintf(stderr, "%s: %d check(s) failed\n", name, check_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}

#endif /* SAFESEEK_TEST_CHECK_H */
