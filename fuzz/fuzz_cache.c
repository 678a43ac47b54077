// SPDX-License-Identifier: GPL-2.0-only
/*
 * The result cache's reader: the input's first byte chooses, the rest is
 * either a whole entry file as found on disk, or the content of an entry
 * given a correct magic line and sum, so that the decoding of headers and
 * result behind the sum is reached too.  Either way it goes through the
 * file ss_cache_get() reads.  A miss leaves the result empty; an entry of
 * arbitrary bytes (no correct sum) is always a miss.
 */
#define _GNU_SOURCE
#include "run/cache.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static char *entry;	/* the file the fixed key's entry lives in */

static void remove_dir(void)
{
	if (entry) {
		unlink(entry);
		*strrchr(entry, '/') = '\0';
		rmdir(entry);
	}
	rmdir(dir);
}

static struct ss_cache_key *fixed_key(const struct ss_cache *c)
{
	struct ss_cache_key *k = ss_cache_key_new(c);

	ss_cache_key_add_str(k, "fuzz");
	return k;
}

static void find_entry(struct ss_cache *c)
{
	unsigned char id[32];
	struct ss_file_result r = { 0 };
	char hex[65];

	if (ss_cache_get(c, fixed_key(c), id, &r))
		abort();
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", id[i]);
	if (asprintf(&entry, "%s/%.2s", dir, hex) < 0 || mkdir(entry, 0700) < 0)
		abort();
	free(entry);
	if (asprintf(&entry, "%s/%.2s/%s", dir, hex, hex + 2) < 0)
		abort();
}

static bool empty(const struct ss_file_result *r)
{
	return !r->findings.n && !r->msgs.n && !r->stats.files && !r->stats.failed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ss_wire w = { 0 };
	struct ss_file_result r = { 0 };
	unsigned char id[32];
	struct ss_cache *c;
	char *reason = NULL;
	bool sealed, hit;
	int fd;

	if (!dir[0]) {
		strcpy(dir, "/tmp/safeseek-fuzz-cache-XXXXXX");
		if (!mkdtemp(dir))
			abort();
		atexit(remove_dir);
	}
	/* afresh each time: the headers an entry names are looked at once per cache */
	c = ss_cache_open(dir, &reason);
	if (!c)
		abort();
	if (!entry)
		find_entry(c);
	if (!size) {
		ss_cache_close(c);
		return 0;
	}
	sealed = data[0] & 1;
	if (sealed)
		ss_cache_entry_seal(&w, data + 1, size - 1);
	fd = open(entry, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		abort();
	if (sealed ? write(fd, w.buf, w.len) != (ssize_t)w.len
		   : write(fd, data + 1, size - 1) != (ssize_t)(size - 1))
		abort();
	close(fd);
	hit = ss_cache_get(c, fixed_key(c), id, &r);
	if (!hit && !empty(&r))
		abort();
	/* arbitrary bytes carry no correct sum, but for a copy of a sealed entry */
	if (hit && !sealed && (size < 50 || memcmp(data + 1, "safeseek-cache", 14) != 0))
		abort();
	ss_file_result_free(&r);
	ss_wire_free(&w);
	ss_cache_close(c);
	return 0;
}
