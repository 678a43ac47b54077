// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "util/container.h"
#include "util/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void push_owned(struct strvec *sv, char *s)
{
	xgrow((void **)&sv->v, &sv->cap, sv->n + 2, sizeof(*sv->v));
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void strvec_push(struct strvec *sv, const char *s)
{
	push_owned(sv, xstrdup(s));
}

void strvec_pushf(struct strvec *sv, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	if (!s)
		s = xstrdup("");
	push_owned(sv, s);
}

void strvec_append(struct strvec *dst, const struct strvec *src)
{
	for (size_t i = 0; i < src->n; i++)
		strvec_push(dst, src->v[i]);
}

void strvec_clear(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

unsigned long long ss_hash_bytes(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 14695981039346656037u;

	while (len--)
		h = (h ^ *p++) * 1099511628211u;
	return h;
}

static struct ss_map_slot *slot_of(const struct ss_map *m, const void *key, size_t len)
{
	size_t i = (size_t)ss_hash_bytes(key, len) & (m->cap - 1);

	while (m->slots[i].key &&
	       !(m->slots[i].len == len && memcmp(m->slots[i].key, key, len) == 0))
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

size_t *ss_map_get(const struct ss_map *m, const void *key, size_t len)
{
	struct ss_map_slot *s;

	if (!m->cap)
		return NULL;
	s = slot_of(m, key, len);
	return s->key ? &s->value : NULL;
}

size_t *ss_map_put(struct ss_map *m, const void *key, size_t len, size_t value, bool *added)
{
	struct ss_map_slot *s;

	if ((m->n + 1) * 2 > m->cap) {
		struct ss_map old = *m;

		m->cap = old.cap ? old.cap * 2 : 64;
		m->slots = xcalloc(m->cap, sizeof(*m->slots));
		for (size_t i = 0; i < old.cap; i++)
			if (old.slots[i].key)
				*slot_of(m, old.slots[i].key, old.slots[i].len) = old.slots[i];
		free(old.slots);
	}
	s = slot_of(m, key, len);
	if (added)
		*added = !s->key;
	if (!s->key) {
		s->key = xmalloc(len + 1);
		memcpy(s->key, key, len);
		s->key[len] = '\0';
		s->len = len;
		s->value = value;
		m->n++;
	}
	return &s->value;
}

void ss_map_free(struct ss_map *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->slots[i].key);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
