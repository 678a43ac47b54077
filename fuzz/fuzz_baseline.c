// SPDX-License-Identifier: GPL-2.0-only
/*
 * The baseline reader: any bytes as the file given to --baseline.  The
 * reader takes a path, so the bytes are handed over in an anonymous memory
 * file.
 */
#define _GNU_SOURCE
#include "gate/baseline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int fd = -1;
static char path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ss_baseline *b;
	char err[512];
	size_t n, before;

	if (fd < 0) {
		fd = memfd_create("baseline", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();

	err[0] = '\0';
	b = ss_baseline_load(path, err, sizeof(err));
	if (!b) {
		if (!err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	n = ss_baseline_size(b);
	if (ss_baseline_unused(b) != n)
		abort();
	/* a fingerprint that is recorded is used up once per recording */
	before = ss_baseline_unused(b);
	(void)ss_baseline_consume(b, "0123456789abcdef");
	(void)ss_baseline_consume(b, "");
	if (size >= 16) {
		char fp[17];

		memcpy(fp, data, 16);
		fp[16] = '\0';
		if (ss_baseline_consume(b, fp) && ss_baseline_unused(b) >= before)
			abort();
	}
	if (ss_baseline_unused(b) > n)
		abort();
	ss_baseline_free(b);
	return 0;
}
