// SPDX-License-Identifier: GPL-2.0-only
/*
 * The "manual" cpufreq governor: /proc/sys/cpu/<n>/speed reads and sets
 * the frequency of one CPU in kHz.  The CPU number sits in extra1.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/sysctl.h>
#include <asm/uaccess.h>

#define NR_CPUS 8

extern int cpu_online(int cpu);
extern unsigned int cpufreq_manual_get(int cpu);
extern int cpufreq_manual_set(int cpu, unsigned int khz);

int cpufreq_manual_sysctl_init(void);

/*********************** cpufreq_sysctl interface ********************/
static int
cpufreq_manual_procctl(ctl_table *ctl, int write, struct file *filp,	/* expect: sysctl_ppos */
		       void __user *buffer, size_t *lenp)
{
	char buf[16], *p;
	int cpu = (long) ctl->extra1;
	unsigned int len, left = *lenp;

	if (!left || (filp->f_pos && !write) || !cpu_online(cpu)) {	/* expect: sysctl-fpos */
		*lenp = 0;
		return 0;
	}

	if (write) {
		unsigned int freq;

		len = left;
		if (left > sizeof(buf))
			left = sizeof(buf);
		if (copy_from_user(buf, buffer, left))
			return -EFAULT;
		buf[sizeof(buf) - 1] = '\0';

		freq = simple_strtoul(buf, &p, 0);
		if (p == buf)
			return -EINVAL;
		cpufreq_manual_set(cpu, freq);
	} else {
		len = sprintf(buf, "%u\n", cpufreq_manual_get(cpu));
		if (len > left)
			len = left;
		if (copy_to_user(buffer, buf, len))
			return -EFAULT;
	}

	*lenp = len;
	filp->f_pos += len;	/* expect: sysctl-fpos */
	return 0;
}

static ctl_table cpufreq_manual_speed[NR_CPUS + 1];
static struct ctl_table_header *cpufreq_manual_header;

int cpufreq_manual_sysctl_init(void)
{
	long cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		cpufreq_manual_speed[cpu].ctl_name = 1 + cpu;
		cpufreq_manual_speed[cpu].procname = "speed";
		cpufreq_manual_speed[cpu].mode = 0644;
		cpufreq_manual_speed[cpu].proc_handler = &cpufreq_manual_procctl;
		cpufreq_manual_speed[cpu].extra1 = (void *) cpu;
	}
	cpufreq_manual_header = register_sysctl_table(cpufreq_manual_speed, 0);
	return cpufreq_manual_header ? 0 : -ENOMEM;
}
