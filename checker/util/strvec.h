#ifndef SAFESEEK_STRVEC_H
#define SAFESEEK_STRVEC_H

/* A growable, NULL-terminated vector of owned strings (argument lists). */

#include <stddef.h>

struct strvec {
	char **v;
	size_t n, cap;
};

void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strvec_append(struct strvec *dst, const struct strvec *src);
void strvec_clear(struct strvec *sv);

#endif
