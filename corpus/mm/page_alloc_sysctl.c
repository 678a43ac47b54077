// SPDX-License-Identifier: GPL-2.0-only
/*
 * Allocator tunables: min_free_kbytes sets every zone's watermarks, and
 * zone_reserve_ratio how much of a lower zone is kept from allocations
 * that could have used a higher one.  Both are recomputed on every write.
 */

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/mmzone.h>

#define MAX_NR_ZONES	3

struct zone {
	unsigned long	present_pages;
	unsigned long	pages_min;
	unsigned long	pages_low;
	unsigned long	pages_high;
	unsigned long	reserve[MAX_NR_ZONES];
};

static struct zone zones[MAX_NR_ZONES];
int min_free_kbytes = 1024;
int sysctl_zone_reserve_ratio = 256;
static int one = 1;

void setup_zone_watermarks(void)
{
	unsigned long pages_min = min_free_kbytes >> 2;
	unsigned long total = 0;
	int i;

	for (i = 0; i < MAX_NR_ZONES; i++)
		total += zones[i].present_pages;
	for (i = 0; i < MAX_NR_ZONES && total; i++) {
		zones[i].pages_min = pages_min * zones[i].present_pages / total;
		zones[i].pages_low = zones[i].pages_min * 5 / 4;
		zones[i].pages_high = zones[i].pages_min * 3 / 2;
	}
}

void setup_zone_reserves(void)
{
	int i, j;

	for (i = 0; i < MAX_NR_ZONES; i++)
		for (j = 0; j < MAX_NR_ZONES; j++)
			zones[i].reserve[j] = j > i ?
				zones[i].present_pages / sysctl_zone_reserve_ratio : 0;
}

/*
 * min_free_kbytes_sysctl_handler - just a wrapper around proc_dointvec()
 *	that recomputes the watermarks whenever min_free_kbytes changes.
 */
int min_free_kbytes_sysctl_handler(ctl_table *table, int write, 	/* expect: sysctl_ppos */
		struct file *file, void __user *buffer, size_t *length)
{
	proc_dointvec(table, write, file, buffer, length);
	setup_zone_watermarks();
	setup_zone_reserves();
	return 0;
}

/*
 * zone_reserve_ratio_sysctl_handler - recomputes the reserves whenever
 *	sysctl_zone_reserve_ratio changes.  The ratio is at least one.
 */
int zone_reserve_ratio_sysctl_handler(ctl_table *table, int write,	/* expect: sysctl_ppos */
		 struct file *file, void __user *buffer, size_t *length)
{
	proc_dointvec_minmax(table, write, file, buffer, length);
	setup_zone_reserves();
	return 0;
}

static ctl_table vm_alloc_table[] = {
	{
		.ctl_name	= 21,
		.procname	= "min_free_kbytes",
		.data		= &min_free_kbytes,
		.maxlen		= sizeof(min_free_kbytes),
		.mode		= 0644,
		.proc_handler	= &min_free_kbytes_sysctl_handler,
	},
	{
		.ctl_name	= 22,
		.procname	= "zone_reserve_ratio",
		.data		= &sysctl_zone_reserve_ratio,
		.maxlen		= sizeof(sysctl_zone_reserve_ratio),
		.mode		= 0644,
		.proc_handler	= &zone_reserve_ratio_sysctl_handler,
		.extra1		= &one,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *vm_alloc_header;

void page_alloc_sysctl_init(void);

void page_alloc_sysctl_init(void)
{
	vm_alloc_header = register_sysctl_table(vm_alloc_table, 0);
}
