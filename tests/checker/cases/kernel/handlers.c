// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysctl handlers of the kind kernel/sysctl.c had: some named by a
 * ctl_table, one only by its signature, one handing its file to another
 * file's position (which the handler does not own).
 */
#include <linux/sysctl.h>
#include <linux/fs.h>
#include <linux/errno.h>

static int answer;

int proc_doanswer(ctl_table *table, int write, struct file *filp,
		  void *buffer, size_t *lenp);

/* Named by nothing here: a handler by its shape. */
int proc_doanswer(ctl_table *table, int write, struct file *filp,
		  void *buffer, size_t *lenp)
{
	if (filp->f_pos) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}
	filp->f_pos = *lenp;	/* expect: sysctl-fpos */
	return 0;
}

static struct file *answer_log;

static int proc_dolog(ctl_table *table, int write, struct file *filp,
		      void *buffer, size_t *lenp)
{
	if (answer_log)
		answer_log->f_pos = 0;	/* expect: fpos-other */
	return proc_doanswer(table, write, filp, buffer, lenp);
}

static ctl_table answer_table[] = {
	{ 1, "answer", &answer, sizeof(int), 0644, NULL, &proc_dolog },
	{ 0 }
};

int answer_init(void);

int answer_init(void)
{
	return register_sysctl_table(answer_table, 0) != NULL;
}
