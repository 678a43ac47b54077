# SPDX-License-Identifier: GPL-2.0-only
"""The prefilter skips files unparsed, and that never changes a finding:
--parse-all gives the same report on the corpus and the checker's cases,
while a plain seq_file or nonseekable_open() driver is not parsed at all,
nor a table that only a later kernel's VFS would make a finding of."""

import json
import os
import sys

from checklib import Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
corpus = sys.argv[2]
cases = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
d = tempdir()

SEQ_FILE = """#include <linux/fs.h>
#include <linux/seq_file.h>

static int stats_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\\n", 1);
	return 0;
}

static int stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, stats_show, NULL);
}

static const struct file_operations stats_fops = {
	.open		= stats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};
"""

NONSEEKABLE = """#include <linux/fs.h>

static ssize_t ring_read(struct file *file, char __user *buf, size_t n, loff_t *ppos)
{
	return n && put_user(0, buf) ? -EFAULT : !!n;
}

static int ring_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static const struct file_operations ring_fops = {
	.owner		= THIS_MODULE,
	.llseek		= no_llseek,
	.read		= ring_read,
	.open		= ring_open,
};
"""

# Seekable: the comment names the call, the code does not make it.
STREAM = NONSEEKABLE.replace("return nonseekable_open(inode, file);",
                             "/* nonseekable_open(inode, file) */\n\treturn 0;") \
                    .replace("\t.llseek\t\t= no_llseek,\n", "")


# No .llseek and a read method of another file: from 6.12 a missing
# .llseek refuses lseek and the table may be a pread-hole; in 2.4 it is
# seekable, and its read method, not here, is no stream.
ELSEWHERE = """#include <linux/fs.h>

static struct file_operations other_fops = {
	read:		other_read,
};

static int __init other_init(void)
{
	return register_chrdev(0, "other", &other_fops);
}
"""


def findings(*args):
    rc, out, err = c.run("--format=json", "-q", *args)
    c.expect(rc in (0, 1), "exit 0 or 1 with %s (%d): %r" % (args, rc, err[-300:]))
    try:
        return json.loads(out)["findings"]
    except (ValueError, KeyError):
        c.expect(False, "JSON report with %s" % (args,))
        return []


try:
    drivers = os.path.join(d, "drivers")
    write(os.path.join(drivers, "stats.c"), SEQ_FILE)
    write(os.path.join(drivers, "ring.c"), NONSEEKABLE)
    write(os.path.join(drivers, "stream.c"), STREAM)

    for what in (corpus, cases, drivers):
        quick = findings(what)
        full = findings("--parse-all", what)
        c.expect(quick == full, "same findings with and without the prefilter in %s "
                 "(%d against %d)" % (what, len(quick), len(full)))
        c.expect(len(full) > 0, "%s has findings to compare" % what)

    rc, out, err = c.run("-v", drivers)
    for name, parsed in (("stats.c", False), ("ring.c", False), ("stream.c", True)):
        said = [ln for ln in err.decode(errors="replace").splitlines() if name + ":" in ln]
        skipped = any("skipped" in ln for ln in said)
        c.expect(skipped != parsed, "%s is %s: %s" % (name, "parsed" if parsed else "skipped", said))
    for version, parsed in (("2\nPATCHLEVEL = 4", False), ("6\nPATCHLEVEL = 12", True)):
        tree = os.path.join(d, "v" + version.split()[0])
        write(os.path.join(tree, "Makefile"), "VERSION = %s\n" % version)
        write(os.path.join(tree, "drivers", "other.c"), ELSEWHERE)
        rc, out, err = c.run("-v", tree)
        said = [ln for ln in err.decode(errors="replace").splitlines() if "other.c:" in ln]
        skipped = any("skipped" in ln for ln in said)
        c.expect(skipped != parsed, "other.c under VERSION = %s is %s: %s"
                 % (version.replace("\n", ", "), "parsed" if parsed else "skipped", said))
        c.expect(findings(tree) == findings("--parse-all", tree),
                 "same findings with and without the prefilter under VERSION = %s" % version)
    rc, out, err = c.run("--parse-all", "-v", drivers)
    c.expect(b"skipped:" not in err and b" 0 skipped" in err, "--parse-all skips nothing: %r" % err)
finally:
    cleanup(d)
c.finish()
