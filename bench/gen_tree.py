#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write a kernel-shaped source tree for benchmarking, deterministically.

    gen_tree.py OUT [--files N] [--seed S] [--fpos-percent P] [--jobs J]
    gen_tree.py --hash DIR

The tree has N .c files (default 15000) spread over drivers/, fs/, net/,
sound/, arch/, kernel/, mm/, lib/, ... with sizes drawn from a log-normal
distribution close to a real kernel's (median about 12 KiB, a long tail up
to a few hundred KiB), plus a few driver-local headers and a copy of the
project's kernel-like headers as include/.  About P percent of the .c files
(default 1.5) touch f_pos the way pre-2.6.8 drivers did: pread refusals
against &file->f_pos, sysctl handlers reading filp->f_pos, read methods
advancing file->f_pos, vfs_read(..., &f->f_pos).  The rest is ordinary
driver code, a few percent of it with file_operations or ctl_table tables
written the modern way, so they carry no f_pos.

Every file is a pure function of (seed, index): the same arguments always
give a byte-identical tree, which --hash prints a digest of.
"""

import argparse
import hashlib
import math
import multiprocessing
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_INCLUDE = os.path.join(os.path.dirname(HERE), "corpus", "include")

# Top-level directories and their share of the .c files, roughly a kernel's.
TOP_DIRS = [
    ("drivers", 56), ("arch", 11), ("fs", 8), ("net", 9), ("sound", 6),
    ("kernel", 2), ("mm", 1), ("lib", 2), ("crypto", 1), ("security", 1),
    ("block", 1), ("ipc", 1), ("init", 1),
]

SUBSYSTEMS = {
    "drivers": ["char", "net", "scsi", "usb", "block", "input", "media",
                "i2c", "video", "ide", "serial", "mtd", "pci", "pcmcia",
                "isdn", "atm", "cdrom", "parport", "watchdog", "hwmon",
                "misc", "message", "telephony", "macintosh", "sbus", "s390",
                "acpi", "base", "bluetooth", "ieee1394", "infiniband", "md",
                "mmc", "w1", "firmware", "cpufreq", "oprofile", "zorro"],
    "arch": ["i386", "x86_64", "ppc", "ppc64", "s390", "sparc", "sparc64",
             "mips", "arm", "alpha", "ia64", "parisc", "sh", "m68k", "um",
             "v850", "h8300", "cris"],
    "fs": ["ext2", "ext3", "nfs", "nfsd", "proc", "smbfs", "cifs", "coda",
           "xfs", "jfs", "reiserfs", "fat", "isofs", "udf", "ntfs", "hfs",
           "autofs4", "devpts", "ramfs", "sysfs", "jffs2", "befs", "ufs"],
    "net": ["ipv4", "ipv6", "core", "bridge", "decnet", "irda", "sunrpc",
            "bluetooth", "sched", "netfilter", "appletalk", "ipx", "x25",
            "sctp", "wanrouter", "llc", "unix", "packet", "atm", "econet"],
    "sound": ["oss", "pci", "isa", "core", "usb", "drivers", "ppc", "sparc",
              "synth", "i2c", "arm", "pcmcia"],
}

VENDORS = ["intel", "amd", "via", "sis", "nvidia", "ati", "realtek",
           "broadcom", "3com", "adaptec", "qlogic", "lsi", "emulex", "cirrus",
           "yamaha", "ess", "creative", "ite", "winbond", "smsc", "natsemi",
           "marvell", "prism", "atmel", "zoran", "philips", "sony", "toshiba",
           "ibm", "hp", "dec", "sun", "sgi", "acorn", "amiga", "mac"]

SYLLABLES = ["ka", "ro", "ti", "lan", "sk", "ne", "mo", "ax", "zr", "qu",
             "el", "vi", "pa", "st", "ar", "de", "fe", "ho", "ix", "ju",
             "ml", "tr", "cy", "or", "ul", "wb", "xe", "yo", "gm", "hf"]

WORDS = ["ring", "queue", "dma", "fifo", "irq", "reset", "probe", "config",
         "status", "ctrl", "timer", "link", "phy", "mac", "tx", "rx", "eeprom",
         "clock", "power", "mode", "page", "slot", "port", "bank", "window",
         "cache", "table", "vector", "channel", "frame", "packet", "buffer",
         "event", "chip", "board", "bus", "host", "target", "lun", "codec",
         "mixer", "voice", "tuner", "sensor", "fan", "temp", "volt", "led",
         "key", "scan", "adc", "dac", "pll", "gpio", "spi", "uart", "modem"]

HEADERS_BASE = ["linux/module.h", "linux/kernel.h", "linux/init.h",
                "linux/types.h", "linux/errno.h", "linux/slab.h",
                "linux/string.h", "linux/spinlock.h", "linux/wait.h",
                "asm/io.h", "asm/semaphore.h", "asm/uaccess.h"]
HEADERS_EXTRA = ["linux/sched.h", "linux/compiler.h", "linux/poll.h",
                 "linux/uio.h", "linux/watchdog.h"]

LICENSES = [
    " *  This program is free software; you can redistribute it and/or modify\n"
    " *  it under the terms of the GNU General Public License as published by\n"
    " *  the Free Software Foundation; either version 2 of the License, or\n"
    " *  (at your option) any later version.\n",
    " * This file is subject to the terms and conditions of the GNU General\n"
    " * Public License.  See the file COPYING in the main directory of this\n"
    " * archive for more details.\n",
    " * This software may be used and distributed according to the terms\n"
    " * of the GNU General Public License, incorporated herein by reference.\n",
]


# --------------------------------------------------------------------------
# Layout: which file goes where, decided sequentially from the seed.

def plan_tree(n_files, seed, fpos_percent):
    """Return a list of (relpath, kind, local_header or None) and a dict of
    local headers {relpath: dirname}."""
    rng = random.Random("layout:%d" % seed)
    n_dirs = max(8, n_files // 9)
    tops = [t for t, _ in TOP_DIRS]
    weights = [w for _, w in TOP_DIRS]
    dirs = []
    seen = set()
    while len(dirs) < n_dirs:
        top = rng.choices(tops, weights)[0]
        parts = [top]
        subs = SUBSYSTEMS.get(top)
        if subs:
            parts.append(rng.choice(subs))
            if top in ("drivers", "sound", "arch") and rng.random() < 0.55:
                parts.append(rng.choice(VENDORS) if top != "arch"
                             else rng.choice(["kernel", "mm", "lib", "boot",
                                              "pci", "platforms", "oprofile"]))
        if top == "fs" and len(parts) == 1:
            pass
        d = "/".join(parts)
        if d in seen and rng.random() < 0.9:
            continue
        seen.add(d)
        dirs.append(d)
    dirs = sorted(set(dirs))
    # A Zipf-ish weight: a few directories are large, most are small.
    dir_weights = [1.0 / (1 + (i * 7919) % len(dirs)) ** 0.6
                   for i in range(len(dirs))]
    headers = {}
    for d in dirs:
        if d.startswith(("drivers/", "sound/")) and rng.random() < 0.3:
            base = d.rsplit("/", 1)[-1]
            headers[d] = "%s/%s_hw.h" % (d, base)

    n_fpos = int(round(n_files * fpos_percent / 100.0))
    # Spread the f_pos files evenly over the index range.
    fpos_idx = set()
    if n_fpos:
        step = n_files / n_fpos
        fpos_idx = {int(i * step + step / 2) for i in range(n_fpos)}

    names = set()
    plan = []
    for i in range(n_files):
        d = rng.choices(dirs, dir_weights)[0]
        while True:
            stem = "".join(rng.choice(SYLLABLES)
                           for _ in range(rng.randint(1, 3)))
            if rng.random() < 0.6:
                stem += "_" + rng.choice(WORDS)
            if rng.random() < 0.2:
                stem += str(rng.randint(1, 999))
            path = "%s/%s.c" % (d, stem)
            if path not in names:
                names.add(path)
                break
        kind = "fpos" if i in fpos_idx else "plain"
        hdr = headers.get(d) if rng.random() < 0.7 else None
        plan.append((path, kind, hdr))
    return plan, headers


# --------------------------------------------------------------------------
# Code fragments.  Each returns C text; all of it compiles against the
# project's kernel-like headers.

class Ctx:
    def __init__(self, rng, prefix):
        self.r = rng
        self.p = prefix
        self.used = set()

    def name(self, *words):
        base = "%s_%s" % (self.p, "_".join(words))
        n = base
        k = 2
        while n in self.used:
            n = "%s%d" % (base, k)
            k += 1
        self.used.add(n)
        return n

    def word(self):
        return self.r.choice(WORDS)

    def hexc(self, lo=0x10, hi=0xff):
        return "0x%02x" % self.r.randint(lo, hi)


def frag_regs(c):
    w = c.word()
    off = c.r.randint(0, 0x3f)
    rd = c.name("read", w)
    wr = c.name("write", w)
    return (
        "static inline u8 %s(struct %s_dev *dev)\n{\n"
        "\treturn inb(dev->base + 0x%02x);\n}\n\n"
        "static inline void %s(struct %s_dev *dev, u8 val)\n{\n"
        "\toutb(val, dev->base + 0x%02x);\n}\n"
        % (rd, c.p, off, wr, c.p, off))


def frag_wait(c):
    w = c.word()
    fn = c.name("wait", w)
    return (
        "/*\n * Poll the status register until the %s busy bit clears.  The\n"
        " * hardware can take up to %d reads to settle after a reset.\n */\n"
        "static int %s(struct %s_dev *dev)\n{\n"
        "\tint timeout = %d;\n\n"
        "\twhile (timeout--) {\n"
        "\t\tif (!(inb(dev->base + 0x%02x) & %s))\n"
        "\t\t\treturn 0;\n"
        "\t}\n"
        "\tprintk(KERN_ERR \"%s: timeout waiting for %s\\n\");\n"
        "\treturn -ETIMEDOUT;\n}\n"
        % (w, c.r.randint(100, 5000) * 10, fn, c.p, c.r.randint(100, 100000),
           c.r.randint(0, 0x3f), c.hexc(1, 0x80), c.p, w))


def frag_checksum(c):
    fn = c.name(c.word(), "checksum")
    s = c.r.randint(1, 13)
    return (
        "static u32 %s(const unsigned char *data, size_t len)\n{\n"
        "\tu32 sum = 0x%08x;\n\tsize_t i;\n\n"
        "\tfor (i = 0; i < len; i++) {\n"
        "\t\tsum = (sum << %d) | (sum >> %d);\n"
        "\t\tsum ^= data[i];\n"
        "\t}\n\treturn sum;\n}\n"
        % (fn, c.r.getrandbits(32), s, 32 - s))


def frag_command(c):
    fn = c.name(c.word(), "command")
    cases = []
    for _ in range(c.r.randint(3, 9)):
        body = c.r.choice([
            "\t\tdev->flags |= %s;\n" % c.hexc(1, 0xffff),
            "\t\tdev->flags &= ~%s;\n" % c.hexc(1, 0xffff),
            "\t\toutb((u8)arg, dev->base + 0x%02x);\n" % c.r.randint(0, 63),
            "\t\tdev->stats[%d]++;\n" % c.r.randint(0, 15),
            "\t\tret = inb(dev->base + 0x%02x);\n" % c.r.randint(0, 63),
            "\t\tif (arg > %d) {\n\t\t\tret = -EINVAL;\n\t\t\tbreak;\n\t\t}\n"
            "\t\tdev->stats[%d] = arg;\n" % (c.r.randint(1, 4096),
                                             c.r.randint(0, 15)),
        ])
        cases.append("\tcase 0x%04x:\n%s\t\tbreak;\n"
                     % (c.r.randint(0x100, 0xffff), body))
    # Case labels must be distinct.
    uniq = []
    seen = set()
    for cs in cases:
        label = cs.split(":")[0]
        if label not in seen:
            seen.add(label)
            uniq.append(cs)
    return (
        "static int %s(struct %s_dev *dev, unsigned int cmd,\n"
        "\t\t%sunsigned long arg)\n{\n"
        "\tunsigned long flags;\n\tint ret = 0;\n\n"
        "\tspin_lock_irqsave(&dev->lock, flags);\n"
        "\tswitch (cmd) {\n%s"
        "\tdefault:\n\t\tret = -EINVAL;\n\t\tbreak;\n\t}\n"
        "\tspin_unlock_irqrestore(&dev->lock, flags);\n"
        "\treturn ret;\n}\n"
        % (fn, c.p, " " * c.r.randint(0, 4), "".join(uniq)))


def frag_alloc(c):
    w = c.word()
    fn = c.name("alloc", w)
    fr = c.name("free", w)
    return (
        "static int %s(struct %s_dev *dev, size_t len)\n{\n"
        "\tunsigned char *buf;\n\tint err;\n\n"
        "\tbuf = kmalloc(len, GFP_KERNEL);\n"
        "\tif (!buf)\n\t\treturn -ENOMEM;\n"
        "\tmemset(buf, 0, len);\n\n"
        "\tdown(&dev->sem);\n"
        "\tif (dev->buf) {\n\t\terr = -EBUSY;\n\t\tgoto out_unlock;\n\t}\n"
        "\tdev->buf = buf;\n\tdev->buflen = len;\n"
        "\tup(&dev->sem);\n\treturn 0;\n\n"
        "out_unlock:\n\tup(&dev->sem);\n\tkfree(buf);\n\treturn err;\n}\n\n"
        "static void %s(struct %s_dev *dev)\n{\n"
        "\tdown(&dev->sem);\n\tkfree(dev->buf);\n\tdev->buf = NULL;\n"
        "\tdev->buflen = 0;\n\tup(&dev->sem);\n}\n"
        % (fn, c.p, fr, c.p))


def frag_interrupt(c):
    fn = c.name("handle", c.word())
    bits = []
    for k in range(c.r.randint(2, 6)):
        bits.append(
            "\tif (status & 0x%02x) {\n"
            "\t\tdev->stats[%d]++;\n"
            "\t\toutb(0x%02x, dev->base + 0x%02x);\n"
            "\t}\n"
            % (1 << (k % 8), c.r.randint(0, 15), 1 << (k % 8),
               c.r.randint(0, 63)))
    return (
        "static int %s(struct %s_dev *dev)\n{\n"
        "\tunsigned long flags;\n\tu8 status;\n\n"
        "\tspin_lock_irqsave(&dev->lock, flags);\n"
        "\tstatus = inb(dev->base + 0x%02x);\n"
        "\tif (!status) {\n"
        "\t\tspin_unlock_irqrestore(&dev->lock, flags);\n"
        "\t\treturn 0;\n\t}\n%s"
        "\tspin_unlock_irqrestore(&dev->lock, flags);\n"
        "\twake_up_interruptible(&dev->wait);\n"
        "\treturn 1;\n}\n"
        % (fn, c.p, c.r.randint(0, 63), "".join(bits)))


def frag_table(c):
    w = c.word()
    tbl = c.name(w, "rates")
    fn = c.name("lookup", w)
    n = c.r.randint(6, 40)
    vals = sorted(c.r.sample(range(100, 200000), n))
    rows = []
    for k in range(0, n, 6):
        rows.append("\t" + ", ".join(str(v) for v in vals[k:k + 6]) + ",")
    return (
        "static const unsigned int %s[] = {\n%s\n};\n\n"
        "static int %s(unsigned int want)\n{\n"
        "\tunsigned int i;\n\n"
        "\tfor (i = 0; i < ARRAY_SIZE(%s); i++)\n"
        "\t\tif (%s[i] >= want)\n\t\t\treturn i;\n"
        "\treturn -ERANGE;\n}\n"
        % (tbl, "\n".join(rows), fn, tbl, tbl))


def frag_setter(c):
    w = c.word()
    fn = c.name("set", w)
    lim = c.r.randint(2, 1024)
    return (
        "/**\n * %s - program the %s setting\n"
        " * @dev: the device\n * @val: new value, 0 to %d\n *\n"
        " * Takes the device lock; callers must not hold it.\n"
        " * Returns 0 or a negative errno.\n */\n"
        "static int %s(struct %s_dev *dev, unsigned int val)\n{\n"
        "\tunsigned long flags;\n\n"
        "\tif (val > %d)\n\t\treturn -EINVAL;\n\n"
        "\tspin_lock_irqsave(&dev->lock, flags);\n"
        "\toutb(val & 0xff, dev->base + 0x%02x);\n"
        "\toutb((val >> 8) & 0xff, dev->base + 0x%02x);\n"
        "\tdev->stats[%d] = val;\n"
        "\tspin_unlock_irqrestore(&dev->lock, flags);\n"
        "\treturn 0;\n}\n"
        % (fn, w, lim, fn, c.p, lim, c.r.randint(0, 63), c.r.randint(0, 63),
           c.r.randint(0, 15)))


def frag_user(c):
    w = c.word()
    fn = c.name("get", w, "user")
    return (
        "static int %s(struct %s_dev *dev, void __user *arg,\n"
        "\t\t\t size_t len)\n{\n"
        "\tunsigned char tmp[%d];\n\n"
        "\tif (len > sizeof(tmp))\n\t\treturn -EINVAL;\n"
        "\tif (copy_from_user(tmp, arg, len))\n\t\treturn -EFAULT;\n"
        "\tif (tmp[0] != %s)\n\t\treturn -EINVAL;\n"
        "\tmemcpy(dev->stats, tmp + 1, min_t(size_t, len - 1, sizeof(dev->stats)));\n"
        "\treturn 0;\n}\n"
        % (fn, c.p, c.r.choice([16, 32, 64, 128]), c.hexc()))


def frag_parse(c):
    w = c.word()
    fn = c.name("parse", w)
    return (
        "static int %s(struct %s_dev *dev, const char *opt)\n{\n"
        "\tchar *end;\n\tunsigned long val;\n\n"
        "\tif (!opt || !*opt)\n\t\treturn -EINVAL;\n"
        "\tif (strncmp(opt, \"%s=\", %d) == 0)\n\t\topt += %d;\n"
        "\tval = simple_strtoul(opt, &end, 0);\n"
        "\tif (end == opt)\n\t\treturn -EINVAL;\n"
        "\tdev->stats[%d] = val;\n"
        "\treturn 0;\n}\n"
        % (fn, c.p, w, len(w) + 1, len(w) + 1, c.r.randint(0, 15)))


def frag_reset(c):
    fn = c.name(c.word(), "reset")
    steps = []
    for _ in range(c.r.randint(4, 14)):
        steps.append("\toutb(%s, dev->base + 0x%02x);\n"
                     % (c.hexc(0, 0xff), c.r.randint(0, 63)))
        if c.r.random() < 0.3:
            steps.append("\t(void)inb(dev->base + 0x%02x);\n"
                         % c.r.randint(0, 63))
    return (
        "static void %s(struct %s_dev *dev)\n{\n"
        "\tunsigned long flags;\n\n"
        "\tspin_lock_irqsave(&dev->lock, flags);\n%s"
        "\tdev->flags = 0;\n"
        "\tspin_unlock_irqrestore(&dev->lock, flags);\n}\n"
        % (fn, c.p, "".join(steps)))


def frag_dump(c):
    fn = c.name("dump", c.word())
    lines = []
    for _ in range(c.r.randint(3, 10)):
        k = c.r.randint(0, 15)
        lines.append("\tprintk(KERN_DEBUG \"%s: %s %%u\\n\", dev->stats[%d]);\n"
                     % (c.p, c.word(), k))
    return ("static void %s(struct %s_dev *dev)\n{\n%s}\n"
            % (fn, c.p, "".join(lines)))


def frag_comment(c):
    words = [c.word() for _ in range(c.r.randint(20, 80))]
    out = ["/*\n"]
    line = " *"
    for w in words:
        if len(line) + len(w) > 72:
            out.append(line + "\n")
            line = " *"
        line += " " + w
    out.append(line + ".\n */\n")
    return "".join(out)


PLAIN_FRAGS = [frag_regs, frag_wait, frag_checksum, frag_command, frag_alloc,
               frag_interrupt, frag_table, frag_setter, frag_user, frag_parse,
               frag_reset, frag_dump, frag_comment]


# Methods and tables.  `modern_*` carry no f_pos: they are what drivers look
# like after 2.6.8.  `legacy_*` are the patterns safeseek is about.

def modern_stream_fops(c):
    op, rd, rel, fops = (c.name("open"), c.name("read"), c.name("release"),
                         c.name("fops"))
    return (
        "static int %s(struct inode *inode, struct file *file)\n{\n"
        "\tif (%s_device.open_count++)\n\t\treturn -EBUSY;\n"
        "\tfile->private_data = &%s_device;\n"
        "\treturn nonseekable_open(inode, file);\n}\n\n"
        "static ssize_t %s(struct file *file, char __user *buf, size_t count,\n"
        "\t\t\tloff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = file->private_data;\n\tu8 val;\n\n"
        "\tif (!count)\n\t\treturn 0;\n"
        "\tif (wait_event_interruptible(dev->wait, dev->flags & 1))\n"
        "\t\treturn -ERESTARTSYS;\n"
        "\tval = inb(dev->base);\n"
        "\tif (put_user(val, buf))\n\t\treturn -EFAULT;\n"
        "\treturn 1;\n}\n\n"
        "static int %s(struct inode *inode, struct file *file)\n{\n"
        "\t%s_device.open_count--;\n\treturn 0;\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n\t.llseek\t\t= no_llseek,\n"
        "\t.read\t\t= %s,\n\t.open\t\t= %s,\n\t.release\t= %s,\n};\n"
        % (op, c.p, c.p, rd, c.p, rel, c.p, fops, rd, op, rel)), fops


def modern_buffer_fops(c):
    rd, wr, fops = c.name("read"), c.name("write"), c.name("fops")
    return (
        "static ssize_t %s(struct file *file, char __user *buf, size_t count,\n"
        "\t\t\tloff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = &%s_device;\n\n"
        "\tif (*ppos >= dev->buflen)\n\t\treturn 0;\n"
        "\tif (count > dev->buflen - *ppos)\n"
        "\t\tcount = dev->buflen - *ppos;\n"
        "\tif (copy_to_user(buf, dev->buf + *ppos, count))\n"
        "\t\treturn -EFAULT;\n"
        "\t*ppos += count;\n\treturn count;\n}\n\n"
        "static ssize_t %s(struct file *file, const char __user *buf,\n"
        "\t\t\tsize_t count, loff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = &%s_device;\n\n"
        "\tif (*ppos >= dev->buflen)\n\t\treturn -ENOSPC;\n"
        "\tif (count > dev->buflen - *ppos)\n"
        "\t\tcount = dev->buflen - *ppos;\n"
        "\tif (copy_from_user(dev->buf + *ppos, buf, count))\n"
        "\t\treturn -EFAULT;\n"
        "\t*ppos += count;\n\treturn count;\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n\t.llseek\t\t= generic_file_llseek,\n"
        "\t.read\t\t= %s,\n\t.write\t\t= %s,\n};\n"
        % (rd, c.p, c.p, wr, c.p, c.p, fops, rd, wr)), fops


def modern_seq_fops(c):
    st, nx, sp, sh, op, fops = (c.name("seq_start"), c.name("seq_next"),
                                c.name("seq_stop"), c.name("seq_show"),
                                c.name("proc_open"), c.name("proc_fops"))
    sops = c.name("seq_ops")
    return (
        "static void *%s(struct seq_file *m, loff_t *pos)\n{\n"
        "\treturn *pos < 16 ? &%s_device.stats[*pos] : NULL;\n}\n\n"
        "static void *%s(struct seq_file *m, void *v, loff_t *pos)\n{\n"
        "\t++*pos;\n\treturn *pos < 16 ? &%s_device.stats[*pos] : NULL;\n}\n\n"
        "static void %s(struct seq_file *m, void *v)\n{\n}\n\n"
        "static int %s(struct seq_file *m, void *v)\n{\n"
        "\treturn seq_printf(m, \"%%u\\n\", *(u32 *)v);\n}\n\n"
        "static struct seq_operations %s = {\n"
        "\t.start\t= %s,\n\t.next\t= %s,\n\t.stop\t= %s,\n\t.show\t= %s,\n};\n\n"
        "static int %s(struct inode *inode, struct file *file)\n{\n"
        "\treturn seq_open(file, &%s);\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.open\t\t= %s,\n\t.read\t\t= seq_read,\n"
        "\t.llseek\t\t= seq_lseek,\n\t.release\t= seq_release,\n};\n"
        % (st, c.p, nx, c.p, sp, sh, sops, st, nx, sp, sh, op, sops, fops,
           op)), fops


def modern_sysctl(c):
    tbl = c.name("table")
    rows = []
    for k in range(c.r.randint(2, 6)):
        rows.append(
            "\t{\n\t\t.ctl_name\t= %d,\n\t\t.procname\t= \"%s\",\n"
            "\t\t.data\t\t= &%s_device.stats[%d],\n"
            "\t\t.maxlen\t\t= sizeof(u32),\n\t\t.mode\t\t= 0644,\n"
            "\t\t.proc_handler\t= &%s,\n\t},\n"
            % (k + 1, c.word(), c.p, k,
               c.r.choice(["proc_dointvec", "proc_dointvec_minmax",
                           "proc_dointvec_jiffies"])))
    return ("static ctl_table %s[] = {\n%s\t{ .ctl_name = 0 }\n};\n"
            % (tbl, "".join(rows))), tbl


def legacy_espipe(c):
    """Pre-2.6.8 non-seekable driver: pread refusals and an ESPIPE llseek."""
    op, rd, wr, ls, fops = (c.name("open"), c.name("read"), c.name("write"),
                            c.name("llseek"), c.name("fops"))
    cmp_r = c.r.choice(["ppos != &file->f_pos", "&file->f_pos != ppos",
                        "unlikely(ppos != &file->f_pos)"])
    err_w = "-EPIPE" if c.r.random() < 0.1 else "-ESPIPE"
    has_ls = c.r.random() < 0.6
    lsdef = ("static loff_t %s(struct file *file, loff_t offset, int origin)\n"
             "{\n\treturn -ESPIPE;\n}\n\n" % ls) if has_ls else ""
    lsinit = ("\t.llseek\t\t= %s,\n" % ls) if has_ls else ""
    return (
        "%s"
        "static ssize_t %s(struct file *file, char __user *buf, size_t count,\n"
        "\t\t\tloff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = file->private_data;\n\tu8 val;\n\n"
        "\t/* Can't seek (pread) on this device */\n"
        "\tif (%s)\n\t\treturn -ESPIPE;\n"
        "\tif (!count)\n\t\treturn 0;\n"
        "\tval = inb(dev->base);\n"
        "\tif (put_user(val, buf))\n\t\treturn -EFAULT;\n"
        "\treturn 1;\n}\n\n"
        "static ssize_t %s(struct file *file, const char __user *buf,\n"
        "\t\t\tsize_t count, loff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = file->private_data;\n\tu8 val;\n\n"
        "\tif (ppos != &file->f_pos)\n\t\treturn %s;\n"
        "\tif (!count)\n\t\treturn 0;\n"
        "\tif (get_user(val, buf))\n\t\treturn -EFAULT;\n"
        "\toutb(val, dev->base);\n"
        "\treturn 1;\n}\n\n"
        "static int %s(struct inode *inode, struct file *file)\n{\n"
        "\tfile->private_data = &%s_device;\n\treturn 0;\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n%s"
        "\t.read\t\t= %s,\n\t.write\t\t= %s,\n\t.open\t\t= %s,\n};\n"
        % (lsdef, rd, c.p, cmp_r, wr, c.p, err_w, op, c.p, fops, lsinit, rd,
           wr, op)), fops


def legacy_sysctl(c):
    """Pre-2.6.8 sysctl handler digging the position out of filp->f_pos."""
    h, tbl = c.name(c.word(), "handler"), c.name("table")
    return (
        "static int %s(ctl_table *ctl, int write, struct file *filp,\n"
        "\t\t\tvoid __user *buffer, size_t *lenp)\n{\n"
        "\tchar buf[16];\n\tint len;\n\n"
        "\tif (!*lenp || (filp->f_pos && !write)) {\n"
        "\t\t*lenp = 0;\n\t\treturn 0;\n\t}\n"
        "\tif (write) {\n"
        "\t\tlen = min_t(size_t, *lenp, sizeof(buf) - 1);\n"
        "\t\tif (copy_from_user(buf, buffer, len))\n\t\t\treturn -EFAULT;\n"
        "\t\tbuf[len] = 0;\n"
        "\t\t%s_device.stats[%d] = simple_strtoul(buf, NULL, 0);\n"
        "\t} else {\n"
        "\t\tlen = sprintf(buf, \"%%u\\n\", %s_device.stats[%d]);\n"
        "\t\tif (len > *lenp)\n\t\t\tlen = *lenp;\n"
        "\t\tif (copy_to_user(buffer, buf, len))\n\t\t\treturn -EFAULT;\n"
        "\t}\n"
        "\t*lenp = len;\n\tfilp->f_pos += len;\n\treturn 0;\n}\n\n"
        "static ctl_table %s[] = {\n"
        "\t{\n\t\t.ctl_name\t= %d,\n\t\t.procname\t= \"%s\",\n"
        "\t\t.mode\t\t= 0644,\n\t\t.proc_handler\t= &%s,\n\t},\n"
        "\t{ .ctl_name = 0 }\n};\n"
        % (h, c.p, c.r.randint(0, 15), c.p, c.r.randint(0, 15), tbl,
           c.r.randint(1, 99), c.word(), h)), tbl


def legacy_rw(c):
    """A read method that works on file->f_pos instead of *ppos."""
    rd, fops = c.name("read"), c.name("fops")
    return (
        "static ssize_t %s(struct file *file, char __user *buf, size_t count,\n"
        "\t\t\tloff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = &%s_device;\n\n"
        "\tif (file->f_pos >= dev->buflen)\n\t\treturn 0;\n"
        "\tif (count > dev->buflen - file->f_pos)\n"
        "\t\tcount = dev->buflen - file->f_pos;\n"
        "\tif (copy_to_user(buf, dev->buf + file->f_pos, count))\n"
        "\t\treturn -EFAULT;\n"
        "\tfile->f_pos += count;\n\treturn count;\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n\t.llseek\t\t= generic_file_llseek,\n"
        "\t.read\t\t= %s,\n};\n"
        % (rd, c.p, c.p, fops, rd)), fops


def legacy_vfs_read(c):
    """Loading a file from a driver through vfs_read and the file's own f_pos."""
    fn = c.name("load", c.word(), "file")
    return (
        "static int %s(struct %s_dev *dev, const char *path)\n{\n"
        "\tstruct file *filp;\n\tssize_t got;\n\n"
        "\tfilp = filp_open(path, O_RDONLY, 0);\n"
        "\tif (!filp)\n\t\treturn -ENOENT;\n"
        "\tgot = vfs_read(filp, (char __user *)dev->buf, dev->buflen,\n"
        "\t\t\t&filp->f_pos);\n"
        "\tfilp_close(filp, NULL);\n"
        "\treturn got < 0 ? (int)got : 0;\n}\n"
        % (fn, c.p)), None


def legacy_llseek_owner(c):
    """An llseek method that owns f_pos, as it should, next to a read using *ppos."""
    ls, rd, fops = c.name("llseek"), c.name("read"), c.name("fops")
    return (
        "static loff_t %s(struct file *file, loff_t offset, int origin)\n{\n"
        "\tloff_t newpos;\n\n"
        "\tswitch (origin) {\n"
        "\tcase SEEK_SET:\n\t\tnewpos = offset;\n\t\tbreak;\n"
        "\tcase SEEK_CUR:\n\t\tnewpos = file->f_pos + offset;\n\t\tbreak;\n"
        "\tcase SEEK_END:\n\t\tnewpos = %s_device.buflen + offset;\n\t\tbreak;\n"
        "\tdefault:\n\t\treturn -EINVAL;\n\t}\n"
        "\tif (newpos < 0)\n\t\treturn -EINVAL;\n"
        "\tfile->f_pos = newpos;\n\treturn newpos;\n}\n\n"
        "static ssize_t %s(struct file *file, char __user *buf, size_t count,\n"
        "\t\t\tloff_t *ppos)\n{\n"
        "\tstruct %s_dev *dev = &%s_device;\n\n"
        "\tif (*ppos >= dev->buflen)\n\t\treturn 0;\n"
        "\tif (count > dev->buflen - *ppos)\n"
        "\t\tcount = dev->buflen - *ppos;\n"
        "\tif (copy_to_user(buf, dev->buf + *ppos, count))\n"
        "\t\treturn -EFAULT;\n"
        "\t*ppos += count;\n\treturn count;\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n\t.llseek\t\t= %s,\n"
        "\t.read\t\t= %s,\n};\n"
        % (ls, c.p, rd, c.p, c.p, fops, ls, rd)), fops


def legacy_ioctl_rewind(c):
    """An ioctl method that rewinds the file by hand."""
    io, fops = c.name("ioctl"), c.name("ctl_fops")
    return (
        "static int %s(struct inode *inode, struct file *file,\n"
        "\t\t\tunsigned int cmd, unsigned long arg)\n{\n"
        "\tswitch (cmd) {\n"
        "\tcase 0x%04x:\n\t\tfile->f_pos = 0;\n\t\treturn 0;\n"
        "\tdefault:\n\t\treturn -ENOTTY;\n\t}\n}\n\n"
        "static struct file_operations %s = {\n"
        "\t.owner\t\t= THIS_MODULE,\n\t.ioctl\t\t= %s,\n"
        "\t.open\t\t= nonseekable_open,\n\t.llseek\t\t= no_llseek,\n};\n"
        % (io, c.r.randint(0x100, 0xffff), fops, io)), fops


LEGACY = [(legacy_espipe, 30), (legacy_sysctl, 20), (legacy_rw, 20),
          (legacy_vfs_read, 12), (legacy_llseek_owner, 10),
          (legacy_ioctl_rewind, 8)]
MODERN = [(modern_stream_fops, 40), (modern_buffer_fops, 25),
          (modern_seq_fops, 20), (modern_sysctl, 15)]

# Share of plain files that define a file_operations or ctl_table, as about
# that many kernel .c files do.
PLAIN_WITH_TABLES = 0.06


def render_header(relpath):
    base = "".join(ch if ch.isalnum() else "_"
                   for ch in os.path.basename(relpath)[:-2])
    if not base[0].isalpha():
        base = "v" + base
    guard = "_%s_H" % base.upper()
    rng = random.Random("hdr:" + relpath)
    defs = []
    for k in range(rng.randint(20, 120)):
        defs.append("#define %s_%s_%d\t0x%02x\n"
                    % (base.upper(), rng.choice(WORDS).upper(), k,
                       rng.randint(0, 0xff)))
    return ("#ifndef %s\n#define %s\n\n#include <linux/types.h>\n\n%s\n"
            "struct %s_regs {\n\tu32 ctrl;\n\tu32 status;\n\tu32 irq_mask;\n"
            "\tu32 data[%d];\n};\n\n#endif /* %s */\n"
            % (guard, guard, "".join(defs), base, rng.randint(2, 64), guard))


def lognormal_size(rng):
    size = int(rng.lognormvariate(math.log(12000), 1.0))
    return max(1500, min(size, 400000))


def render_file(args):
    seed, index, relpath, kind, local_header = args
    rng = random.Random("file:%d:%d" % (seed, index))
    stem = os.path.basename(relpath)[:-2]
    prefix = "".join(ch if ch.isalnum() else "_" for ch in stem)
    if not prefix[0].isalpha():
        prefix = "d" + prefix
    c = Ctx(rng, prefix)
    target = lognormal_size(rng)

    methods = []
    if kind == "fpos":
        pool = [f for f, _ in LEGACY]
        wts = [w for _, w in LEGACY]
        for f in set(rng.choices(pool, wts, k=rng.randint(1, 2))):
            methods.append(f)
    elif rng.random() < PLAIN_WITH_TABLES:
        methods.append(rng.choices([f for f, _ in MODERN],
                                   [w for _, w in MODERN])[0])

    includes = list(HEADERS_BASE)
    includes += [h for h in HEADERS_EXTRA if rng.random() < 0.3]
    if "linux/uio.h" in includes:
        includes.append("linux/fs.h")	# uio.h uses struct iov_iter from there
    if methods:
        includes += ["linux/fs.h", "linux/miscdevice.h", "linux/seq_file.h",
                     "linux/sysctl.h", "linux/proc_fs.h"]
    includes = sorted(set(includes))

    out = []
    out.append("/*\n * %s: %s %s driver\n *\n * Copyright (C) %d %s\n *\n%s */\n\n"
               % (os.path.basename(relpath), rng.choice(WORDS),
                  rng.choice(WORDS), rng.randint(1994, 2004),
                  rng.choice(["the original authors", "various contributors",
                              "the maintainers"]),
                  rng.choice(LICENSES)))
    for h in includes:
        out.append("#include <%s>\n" % h)
    if local_header:
        out.append("\n#include \"%s\"\n" % os.path.basename(local_header))
    out.append("\n#define %s_VERSION\t\"%d.%d\"\n#define %s_IOSIZE\t%d\n\n"
               % (prefix.upper(), rng.randint(0, 3), rng.randint(0, 99),
                  prefix.upper(), rng.choice([8, 16, 32, 64, 256])))
    out.append(
        "struct %s_dev {\n\tunsigned long base;\n\tint irq;\n"
        "\tspinlock_t lock;\n\twait_queue_head_t wait;\n"
        "\tstruct semaphore sem;\n\tunsigned int flags;\n"
        "\tunsigned int open_count;\n\tu32 stats[16];\n"
        "\tunsigned char *buf;\n\tsize_t buflen;\n};\n\n"
        "static struct %s_dev %s_device;\n\n" % (prefix, prefix, prefix))
    size = sum(len(s) for s in out)

    tables = []
    # The methods sit at a random point in the file, as in real drivers.
    tail = 1500 + 900 * len(methods)
    place_at = rng.random() * max(0, target - tail)
    placed = False
    while True:
        if not placed and size >= place_at:
            for m in methods:
                text, tab = m(c)
                out.append(text + "\n")
                size += len(text) + 1
                if tab:
                    tables.append((m, tab))
            placed = True
        if size >= target - tail:
            break
        text = rng.choice(PLAIN_FRAGS)(c)
        out.append(text + "\n")
        size += len(text) + 1

    init, ex = c.name("init"), c.name("exit")
    reg = []
    unreg = []
    for m, tab in tables:
        if m in (modern_sysctl, legacy_sysctl):
            reg.append("\t%s_sysctl_header = register_sysctl_table(%s, 0);\n"
                       % (tab, tab))
            unreg.append("\tunregister_sysctl_table(%s_sysctl_header);\n" % tab)
            out.append("static struct ctl_table_header *%s_sysctl_header;\n\n"
                       % tab)
        elif m is modern_seq_fops:
            reg.append("\tent = create_proc_entry(\"%s\", 0444, NULL);\n"
                       "\tif (ent)\n\t\tent->proc_fops = &%s;\n" % (prefix, tab))
            unreg.append("\tremove_proc_entry(\"%s\", NULL);\n" % prefix)
        else:
            misc = tab + "_misc"
            out.append("static struct miscdevice %s = {\n"
                       "\t.minor\t= MISC_DYNAMIC_MINOR,\n"
                       "\t.name\t= \"%s\",\n\t.fops\t= &%s,\n};\n\n"
                       % (misc, prefix, tab))
            reg.append("\tif (misc_register(&%s))\n\t\treturn -EBUSY;\n" % misc)
            unreg.append("\tmisc_deregister(&%s);\n" % misc)
    decl = ("\tstruct proc_dir_entry *ent;\n\n"
            if any(m is modern_seq_fops for m, _ in tables) else "")
    out.append(
        "static int __init %s(void)\n{\n%s"
        "\tspin_lock_init(&%s_device.lock);\n"
        "\tinit_waitqueue_head(&%s_device.wait);\n"
        "\tsema_init(&%s_device.sem, 1);\n"
        "\t%s_device.base = 0x%x;\n%s"
        "\tprintk(KERN_INFO \"%s: version \" %s_VERSION \"\\n\");\n"
        "\treturn 0;\n}\n\n"
        "static void __exit %s(void)\n{\n%s}\n\n"
        "module_init(%s);\nmodule_exit(%s);\n"
        "MODULE_LICENSE(\"GPL\");\n"
        % (init, decl, prefix, prefix, prefix, prefix,
           rng.randint(0x100, 0x3ff) & ~7, "".join(reg), prefix,
           prefix.upper(), ex, "".join(unreg) or "\tkfree(%s_device.buf);\n"
           % prefix, init, ex))
    return relpath, "".join(out)


# --------------------------------------------------------------------------

def tree_hash(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for fn in sorted(filenames):
            p = os.path.join(dirpath, fn)
            rel = os.path.relpath(p, root)
            h.update(rel.encode() + b"\0")
            with open(p, "rb") as f:
                h.update(f.read())
            h.update(b"\0")
    return h.hexdigest()


def write_one(root, relpath, text):
    p = os.path.join(root, relpath)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


def _work(args):
    root = args[0]
    relpath, text = render_file(args[1:])
    write_one(root, relpath, text)
    return len(text)


def generate(root, n_files, seed, fpos_percent, include_dir, jobs):
    if os.path.exists(root):
        sys.exit("gen_tree: %s already exists; remove it first" % root)
    plan, headers = plan_tree(n_files, seed, fpos_percent)
    os.makedirs(root)
    shutil.copytree(include_dir, os.path.join(root, "include"))
    for d, hp in sorted(headers.items()):
        write_one(root, hp, render_header(hp))
    work = [(root, seed, i, p, k, h) for i, (p, k, h) in enumerate(plan)]
    total = 0
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for n in pool.imap_unordered(_work, work, chunksize=64):
                total += n
    else:
        for w in work:
            total += _work(w)
    n_fpos = sum(1 for _, k, _ in plan if k == "fpos")
    return total, n_fpos, len(headers)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?")
    ap.add_argument("--files", type=int, default=15000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fpos-percent", type=float, default=1.5)
    ap.add_argument("--include", default=DEFAULT_INCLUDE,
                    help="headers copied to the tree's include/")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--hash", metavar="DIR",
                    help="print the digest of an existing tree and exit")
    a = ap.parse_args()
    if a.hash:
        print(tree_hash(a.hash))
        return 0
    if not a.out or a.files < 1:
        ap.error("need OUT and --files >= 1")
    total, n_fpos, n_hdr = generate(a.out, a.files, a.seed, a.fpos_percent,
                                    a.include, a.jobs)
    print("gen_tree: %d .c files (%d touching f_pos), %d local headers, "
          "%.1f MiB of C" % (a.files, n_fpos, n_hdr, total / 1048576.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
