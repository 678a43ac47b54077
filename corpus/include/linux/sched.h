/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/types.h>
#include <linux/wait.h>

struct task_struct {
	pid_t pid;
	char comm[16];
};

extern struct task_struct *get_current(void);
#define current get_current()

extern int signal_pending(struct task_struct *p);
extern void schedule(void);
extern long schedule_timeout(long timeout);
extern int capable(int cap);

#define CAP_SYS_ADMIN	21

#endif /* _LINUX_SCHED_H */
