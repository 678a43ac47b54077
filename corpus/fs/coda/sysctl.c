// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/coda: tunables of the coda client, and two entries that reset
 * its statistics when anything is written to them.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <linux/coda_proc.h>

struct coda_upcall_stats coda_upcall_stat;
struct coda_permission_stats coda_permission_stat;

static int coda_timeout = 30;
static int coda_hard;

static void reset_coda_upcall_stats( void )
{
	memset( &coda_upcall_stat, 0, sizeof( coda_upcall_stat ) );
}

static void reset_coda_permission_stats( void )
{
	memset( &coda_permission_stat, 0, sizeof( coda_permission_stat ) );
}

int coda_reset_upcall_stats( ctl_table * table, int write, struct file * filp,	/* expect: sysctl_ppos */
			     void __user * buffer, size_t * lenp )
{
	if ( write ) {
		reset_coda_upcall_stats();

		filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	} else {
		*lenp = 0;
	}

	return 0;
}

int coda_reset_permission_stats( ctl_table * table, int write,	/* expect: sysctl_ppos */
				 struct file * filp, void __user * buffer,
				 size_t * lenp )
{
	if ( write ) {
		reset_coda_permission_stats();

		filp->f_pos += *lenp;	/* expect: sysctl-fpos */
	} else {
		*lenp = 0;
	}

	return 0;
}

static ctl_table coda_table[] = {
	{1, "timeout", &coda_timeout, sizeof(int), 0644, NULL, &proc_dointvec},
	{2, "hard", &coda_hard, sizeof(int), 0644, NULL, &proc_dointvec},
	{3, "upcall_stats", NULL, 0, 0644, NULL, &coda_reset_upcall_stats},
	{4, "permission_stats", NULL, 0, 0644, NULL, &coda_reset_permission_stats},
	{ 0 }
};

static struct ctl_table_header *coda_table_header;

void coda_sysctl_init(void)
{
	coda_table_header = register_sysctl_table(coda_table, 0);
}

void coda_sysctl_clean(void)
{
	if ( coda_table_header ) {
		unregister_sysctl_table(coda_table_header);
		coda_table_header = NULL;
	}
}
