/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SAFESEEK_CACHE_H
#define SAFESEEK_CACHE_H

/*
 * The result cache: what checking a file gave (findings, messages, counts),
 * kept on disk under a key made of everything the result depends on: the
 * checker itself, the file's bytes and name, its parser flags and how it
 * was analysed.  Each entry also lists the headers the parse read, with
 * their size and modification time; an entry whose headers changed is not
 * used.  A re-scan of an unchanged tree reads each file the rules want once and
 * parses none; the files they skip come from the tree index (tree_index.h).
 */

#include <stdbool.h>
#include <stddef.h>

#include "run/wire.h"
#include "util/container.h"

struct ss_cache;

/*
 * The cache in `dir`, made when missing.  NULL with *reason (a newly
 * allocated line) when it cannot be used: the run goes on without it.
 */
struct ss_cache *ss_cache_open(const char *dir, char **reason);
void ss_cache_close(struct ss_cache *c);

/*
 * The cache a run uses: `dir` (--cache-dir), else $XDG_CACHE_HOME/safeseek,
 * else ~/.cache/safeseek; none with `off` (--no-cache) or when the
 * environment has SAFESEEK_NO_CACHE set and not empty.  NULL when there is
 * none, with *reason set when one was wanted but cannot be used.
 */
struct ss_cache *ss_cache_for_run(const char *dir, bool off, char **reason);

/* The key of one file's result: feed it every input, in a fixed order. */
struct ss_cache_key;
struct ss_cache_key *ss_cache_key_new(const struct ss_cache *c);
void ss_cache_key_add(struct ss_cache_key *k, const void *bytes, size_t len);
void ss_cache_key_add_str(struct ss_cache_key *k, const char *s);

/*
 * Fills r (empty on entry) from the entry under the key and returns true;
 * false when there is none, it is unreadable, a header it lists
 * changed, or it is damaged: not a regular file, of no sane size, or
 * failing its checksum.  Either way the key is consumed.
 */
bool ss_cache_get(struct ss_cache *c, struct ss_cache_key *k, unsigned char id[32],
		  struct ss_file_result *r);

/*
 * An entry's bytes, as ss_cache_get() reads them from a regular file:
 * true, with r filled in, when its sum holds, the headers it lists are
 * unchanged and the result decodes to its last byte; any other entry is
 * a miss, r left empty.
 */
bool ss_cache_entry_decode(struct ss_cache *c, const char *buf, size_t len,
			   struct ss_file_result *r);
/* Appends to w an entry holding `payload`, with its magic line and sum. */
void ss_cache_entry_seal(struct ss_wire *w, const void *payload, size_t len);

/* The id of the key, which is consumed. */
void ss_cache_key_id(struct ss_cache_key *k, unsigned char id[32]);

/*
 * The payload of the entry under id, its magic line and sum checked: true
 * with w holding the entry and w->pos at the payload's first byte; false,
 * w empty, when there is none or it is damaged.  `shelf` names the
 * subdirectory of entries that are no file's result (NULL: a file's).
 */
bool ss_cache_load(struct ss_cache *c, const char *shelf, const unsigned char id[32],
		   struct ss_wire *w);

/* Stores `payload` under id, sealed (ss_cache_entry_seal()). */
void ss_cache_store(struct ss_cache *c, const char *shelf, const unsigned char id[32],
		    const struct ss_wire *payload);

/* Stores r under the id ss_cache_get() gave, with the headers it read. */
void ss_cache_put(struct ss_cache *c, const unsigned char id[32], const struct strvec *headers,
		  const struct ss_file_result *r);

#endif
