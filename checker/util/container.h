/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_CONTAINER_H
#define SAFESEEK_CONTAINER_H

/*
 * The containers every stage uses: arrays grow with xgrow() (xalloc.h);
 * here are vectors of owned strings (argument lists) and a hash map from
 * byte strings to numbers.
 */

#include <stdbool.h>
#include <stddef.h>

/* FNV-1a of n bytes: the map's hash, and a name for a set of arguments. */
unsigned long long ss_hash_bytes(const void *p, size_t n);

/* A growable, NULL-terminated vector of owned strings. */
struct strvec {
	char **v;
	size_t n, cap;
};

void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strvec_append(struct strvec *dst, const struct strvec *src);
void strvec_clear(struct strvec *sv);

/*
 * A map from keys (any bytes; the map keeps its own copy) to numbers,
 * usually indexes into an array of the caller's.  Open addressing.
 */
struct ss_map_slot {
	char *key;		/* NULL: empty */
	size_t len;
	size_t value;
};

struct ss_map {
	struct ss_map_slot *slots;
	size_t cap, n;
};

/* The value stored under the key, or NULL. */
size_t *ss_map_get(const struct ss_map *m, const void *key, size_t len);
/* The value under the key; a new key gets `value` first, and *added (when
   not NULL) says whether it was new. */
size_t *ss_map_put(struct ss_map *m, const void *key, size_t len, size_t value, bool *added);
void ss_map_free(struct ss_map *m);

#endif
