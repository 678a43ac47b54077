// SPDX-License-Identifier: GPL-2.0-only
/*
 * A helper with nothing for stream_open.cocci to do: no file_operations at
 * all, so spatch must not even parse it for that patch (check_query.py).
 * A driver with file_operations is parsed, since only its methods tell
 * whether it is a stream.
 */
#include <linux/kernel.h>
#include <linux/types.h>

u32 plain_checksum(const u8 *data, size_t len)
{
	u32 sum = 0;

	while (len--)
		sum = (sum << 1 | sum >> 31) ^ *data++;
	return sum;
}
