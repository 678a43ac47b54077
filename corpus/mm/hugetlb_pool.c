// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pool of huge pages: /proc/sys/vm/nr_hugepages asks for a pool size,
 * and reads back what could actually be reserved.
 */

#include <linux/config.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/hugetlb.h>

unsigned long max_huge_pages;
static unsigned long free_huge_pages;
static unsigned long nr_huge_pages;
static spinlock_t hugetlb_lock = SPIN_LOCK_UNLOCKED;

extern int alloc_fresh_huge_page(void);
extern int release_free_huge_page(void);

unsigned long hugetlb_resize_pool(unsigned long count)
{
	while (count > nr_huge_pages) {
		if (!alloc_fresh_huge_page())
			return nr_huge_pages;
		spin_lock(&hugetlb_lock);
		nr_huge_pages++;
		free_huge_pages++;
		spin_unlock(&hugetlb_lock);
	}
	spin_lock(&hugetlb_lock);
	while (count < nr_huge_pages && free_huge_pages) {
		if (!release_free_huge_page())
			break;
		nr_huge_pages--;
		free_huge_pages--;
	}
	spin_unlock(&hugetlb_lock);
	return nr_huge_pages;
}

#ifdef CONFIG_SYSCTL
int hugetlb_pool_sysctl_handler(struct ctl_table *table, int write,	/* expect: sysctl_ppos */
			   struct file *file, void __user *buffer,
			   size_t *length)
{
	proc_doulongvec_minmax(table, write, file, buffer, length);
	max_huge_pages = hugetlb_resize_pool(max_huge_pages);
	return 0;
}

static ctl_table hugetlb_table[] = {
	{
		.ctl_name	= 24,
		.procname	= "nr_hugepages",
		.data		= &max_huge_pages,
		.maxlen		= sizeof(unsigned long),
		.mode		= 0644,
		.proc_handler	= &hugetlb_pool_sysctl_handler,
	},
	{ .ctl_name = 0 }
};

static struct ctl_table_header *hugetlb_sysctl_header;

void hugetlb_sysctl_register(void);

void hugetlb_sysctl_register(void)
{
	hugetlb_sysctl_header = register_sysctl_table(hugetlb_table, 0);
}
#endif /* CONFIG_SYSCTL */

int hugetlb_report_meminfo(char *buf)
{
	return sprintf(buf,
		       "HugePages_Total: %5lu\n"
		       "HugePages_Free:  %5lu\n",
		       nr_huge_pages, free_huge_pages);
}
