#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write, or check the conversion of, one large 2.4-style OSS sound driver.

    gen_stress.py OUT.c [--seed S]
    gen_stress.py --check CONVERTED.c [--seed S] [--kernel X.Y]

The driver is the worst case the semantic patches meet on old trees: about
6,000 lines, eight file_operations (four in GNU `member: value` form, one
positional), some forty methods, pread refusals in every shape the corpus
holds and in four shapes found in real 2.4 code, big ioctl switch
statements and dozens of `return -ESPIPE` paths that are not refusals.  The
open method that must call nonseekable_open() first (it returns a variable)
also serves a clone minor, shaped like the /dev/ptmx search of the 2.4
tty_open: nested loops left by a goto to a label inside their block, which
then jumps past the ordinary path; a rule that matches that method on all
its paths at once takes minutes there.  It compiles against the corpus
headers (gcc -fsyntax-only -nostdinc -I corpus/include).  The same seed
always gives the same bytes.

--check reads the file after the three semantic patches (run-check.sh
--fix) and says, one line per place, whether each conversion the driver
asks for was made and nothing else was: every refusal gone, the dead test
gone, nonseekable_open() in the open methods that need it and nowhere else,
ESPIPE-only llseek methods replaced by no_llseek (from --kernel 6.12 on:
their member removed and no no_llseek anywhere) and deleted.  Exit status 0
when all hold, 1 otherwise.
"""

import argparse
import random
import re
import sys

NAME = "stress"
DEFAULT_SEED = 2004

# How each read/write-like method refuses pread/pwrite.  Every shape of the
# corpus, then the four from real 2.4 drivers (new1..new4 below).
#   key: (text, with `{P}` the position pointer and `{F}` the file, and
#         whether the method needs an `out:` label with `ret`)
REFUSALS = {
    "plain": ("\tif ({P} != &{F}->f_pos)\n\t\treturn -ESPIPE;\n", False),
    "comment": ("\t/* Can't seek (pread/pwrite) on this device */\n"
                "\tif ({P} != &{F}->f_pos)\n\t\treturn -ESPIPE;\n", False),
    "swapped": ("\tif (&{F}->f_pos != {P})\n\t\treturn -ESPIPE;\n", False),
    "braced": ("\tif ({P} != &{F}->f_pos) {{\n\t\treturn -ESPIPE;\n\t}}\n", False),
    "printk": ("\tif ({P} != &{F}->f_pos) {{\n"
               "\t\tprintk(KERN_DEBUG \"" + NAME + ": positioned access refused\\n\");\n"
               "\t\treturn -ESPIPE;\n\t}}\n", False),
    "goto": ("\tif ({P} != &{F}->f_pos) {{\n\t\tret = -ESPIPE;\n\t\tgoto out;\n\t}}\n", True),
    "goto_epipe": ("\tif ({P} != &{F}->f_pos) {{\n\t\tret = -EPIPE;\n\t\tgoto out;\n\t}}\n", True),
    "epipe": ("\tif ({P} != &{F}->f_pos)\n\t\treturn -EPIPE;\n", False),
    "unlikely": ("\tif (unlikely({P} != &{F}->f_pos))\n\t\treturn -ESPIPE;\n", False),
    "unlikely_ifdef": ("\tif (unlikely(&{F}->f_pos != {P})) {{\n#ifdef " + NAME.upper() + "_DEBUG\n"
                       "\t\tprintk(KERN_DEBUG \"" + NAME + ": pread refused\\n\");\n"
                       "#endif\n\t\treturn -ESPIPE;\n\t}}\n", False),
    "or_left": ("\tif ({P} != &{F}->f_pos || count == 0)\n\t\treturn -EINVAL;\n", False),
    "or_right": ("\tif (count == 0 || {P} != &{F}->f_pos)\n\t\treturn -EINVAL;\n", False),
    "enxio": ("\tif (unlikely(&{F}->f_pos != {P}))\n\t\treturn -ENXIO;\n", False),
    "enxio_goto": ("\tif ({P} != &{F}->f_pos) {{\n\t\tret = -ENXIO;\n\t\tgoto out;\n\t}}\n", True),
    # 1. operands swapped and the errno in parentheses
    "new1": ("\tif (&{F}->f_pos != {P})\n\t\treturn (-ESPIPE);\n", False),
    # 2. a comment, a parenthesised -ENXIO and a goto
    "new2": ("\tif ({P} != &{F}->f_pos) {{\n\t\t/* no positioned transfers on a stream */\n"
             "\t\tret = (-ENXIO);\n\t\tgoto out;\n\t}}\n", True),
    # 3. a dead test: the driver never refused anything
    "new3": ("\tif ({P} != &{F}->f_pos) ;\t/* FIXME: refuse pread? */\n", False),
}
# The tests that remain where only part of the `if` goes: what is left.
KEPT_CONDITION = {"or_left": "count == 0", "or_right": "count == 0"}


class Fops(object):
    """One struct file_operations and the methods it names."""

    def __init__(self, name, style, methods, open_kind, llseek=None):
        self.name = name            # prefix of its methods, e.g. "dsp"
        self.style = style          # "gnu", "c99" or "pos"
        self.methods = methods      # [(role, refusal key or None, position parameter)]
        self.open_kind = open_kind  # "ret0", "var", "switch", "none", "nso"
        self.llseek = llseek        # None, "loff", "longlong"

    @property
    def var(self):
        return "%s_%s_fops" % (NAME, self.name)

    def fn(self, role):
        return "%s_%s_%s" % (NAME, self.name, role)

    def refuses(self):
        """Whether some method really refuses pread/pwrite (new3 does not)."""
        return any(r and r != "new3" for (_, r, _) in self.methods)


# Eight file_operations: four GNU-style, three designated, one positional.
DRIVER = [
    Fops("dsp", "gnu", [("read", "plain", "ppos"), ("write", "comment", "ppos"),
                        ("readv", "unlikely", "ppos"), ("writev", "goto", "ppos")],
         "ret0", llseek="loff"),
    Fops("dac", "c99", [("read", "new1", "off"), ("write", "goto_epipe", "ppos"),
                        ("readv", "printk", "off"), ("writev", "braced", "off")],
         "var", llseek="longlong"),
    Fops("mixer", "gnu", [("read", "new2", "ppos"), ("write", "enxio", "ppos")],
         "switch"),
    Fops("midi", "c99", [("read", "unlikely_ifdef", "ppos"), ("write", "epipe", "ppos")],
         "ret0"),
    Fops("seq", "gnu", [("read", "or_left", "ppos"), ("write", "or_right", "ppos")],
         "none"),
    Fops("adc", "pos", [("read", "swapped", "pos"), ("write", "enxio_goto", "pos")],
         "none"),
    Fops("status", "c99", [("read", "new3", "ppos"), ("write", None, "ppos")],
         "none"),
    Fops("ctl", "gnu", [("read", None, "ppos"), ("write", "plain", "ppos")],
         "nso", llseek="loff"),
]

# struct file_operations of 2.6.7, for the positional initializer.
POSITIONAL = ["owner", "llseek", "read", "aio_read", "write", "aio_write", "readdir",
              "poll", "ioctl", "mmap", "open", "flush", "release", "fsync", "fasync",
              "lock", "readv", "writev"]

IOCTLS = ["RESET", "SYNC", "SPEED", "STEREO", "GETBLKSIZE", "SETFMT", "CHANNELS",
          "POST", "SUBDIVIDE", "SETFRAGMENT", "GETFMTS", "GETOSPACE", "GETISPACE",
          "NONBLOCK", "GETCAPS", "GETTRIGGER", "SETTRIGGER", "GETIPTR", "GETOPTR",
          "MAPINBUF", "MAPOUTBUF", "SETSYNCRO", "SETDUPLEX", "GETODELAY", "PROFILE",
          "GETCHANNELMASK", "BIND_CHANNEL", "SETSPDIF", "GETSPDIF", "VOLUME",
          "BASS", "TREBLE", "SYNTH", "PCM", "SPEAKER", "LINE", "MIC", "CD", "IMIX",
          "ALTPCM", "RECLEV", "IGAIN", "OGAIN", "LINE1", "LINE2", "LINE3",
          "DIGITAL1", "DIGITAL2", "DIGITAL3", "PHONEIN", "PHONEOUT", "VIDEO",
          "RADIO", "MONITOR", "RECSRC", "DEVMASK", "RECMASK", "CAPS", "STEREODEVS",
          "OUTSRC", "OUTMASK", "LOUD", "MUTE", "ENHANCE", "AGC", "3DSE", "INFO",
          "ACCESS", "PRIVATE1", "PRIVATE2", "PRIVATE3", "PRIVATE4", "PRIVATE5",
          "GETLEVELS", "SETLEVELS", "SEQ_SYNC", "SEQ_RESET", "SEQ_TESTMIDI",
          "SEQ_RESETSAMPLES", "SEQ_NRSYNTHS", "SEQ_NRMIDIS", "SEQ_CTRLRATE",
          "SEQ_GETOUTCOUNT", "SEQ_GETINCOUNT", "SEQ_PERCMODE", "SEQ_PANIC",
          "SEQ_OUTOFBAND", "SEQ_GETTIME", "SEQ_THRESHOLD", "MIDI_INFO",
          "SYNTH_INFO", "SYNTH_MEMAVL", "FM_4OP_ENABLE", "TMR_TIMEBASE",
          "TMR_START", "TMR_STOP", "TMR_CONTINUE", "TMR_TEMPO", "TMR_SOURCE",
          "TMR_METRONOME", "TMR_SELECT", "MIDI_PRETIME", "MIDI_MPUMODE",
          "MIDI_MPUCMD", "SETPOS", "GETPOS", "SEEKPOS", "TELLPOS", "REWIND",
          "SKIPBLOCK", "MARKER", "LOOP", "ENDLOOP", "CUE", "SCRUB", "JOG"]

# ioctls that refuse a position the old OSS way: -ESPIPE, not a pread test.
POSITION_IOCTLS = ("SETPOS", "GETPOS", "SEEKPOS", "TELLPOS", "REWIND", "SKIPBLOCK",
                   "MARKER", "LOOP", "ENDLOOP", "CUE", "SCRUB", "JOG")


def header(out):
    out.append("/*\n"
               " * A generated 2.4-style OSS sound driver, the semantic patches' stress\n"
               " * input: eight file_operations, pread refusals in every shape the\n"
               " * patches convert, big ioctl switches and many -ESPIPE returns that are\n"
               " * not refusals.  Written by bench/gen_stress.py; do not edit.\n"
               " */\n")
    for h in ("linux/config.h", "linux/module.h", "linux/kernel.h", "linux/types.h",
              "linux/errno.h", "linux/fs.h", "linux/init.h", "linux/slab.h",
              "linux/sched.h", "linux/poll.h", "linux/spinlock.h", "linux/wait.h",
              "linux/uio.h", "asm/io.h", "asm/uaccess.h", "asm/semaphore.h"):
        out.append("#include <%s>\n" % h)
    out.append("\n#define %s_BASE\t\t0x220\n" % NAME.upper())
    for i, reg in enumerate(("STATUS", "CTRL", "DATA", "INDEX", "IRQMASK", "DMACTL",
                             "DMAADDR", "DMACOUNT", "MIXIDX", "MIXDATA", "MIDIDATA",
                             "MIDISTAT", "TIMER", "SRCONV", "CODEC", "GPIO")):
        out.append("#define %s_%s\t\t(%s_BASE + 0x%02x)\n" % (NAME.upper(), reg, NAME.upper(), i * 2))
    out.append("#define %s_FRAGSIZE\t4096\n#define %s_NRFRAGS\t16\n" % (NAME.upper(), NAME.upper()))
    out.append("#define %s_CLONE_MINOR\t0x0f\n#define %s_NRBANKS\t8\n#define %s_NRVOICES\t8\n"
               % (NAME.upper(), NAME.upper(), NAME.upper()))
    out.append("#define %s_BUFSIZE\t(%s_FRAGSIZE * %s_NRFRAGS)\n\n"
               % (NAME.upper(), NAME.upper(), NAME.upper()))
    for i, name in enumerate(IOCTLS):
        out.append("#define SNDCTL_%s\t0x%04x\n" % (name, 0x5000 + i))
    out.append("\n#define %s_FUNCTION\t0x0001\n#define %s_WAVE\t0x0002\n#define %s_IOCTL\t0x0004\n"
               "#define %s_OPEN\t0x0008\n#define %s_ERROR\t0x0010\n"
               % ((NAME.upper(),) * 5))
    out.append("#define %s_DEBUG_COPY\t0\n#define %s_DEBUG_IOCTL\t0\n" % (NAME.upper(), NAME.upper()))
    out.append("#define %s_DBG(mask, level, x) \\\n"
               "\tdo { if (%s_debug >= (level) && ((mask) & %s_debugmask)) { x; } } while (0)\n"
               % (NAME.upper(), NAME, NAME))
    out.append("\n#define VALIDATE_STATE(s) \\\n"
               "\tdo { if (!(s) || (s)->magic != %s_MAGIC) return -ENXIO; } while (0)\n"
               "#define %s_MAGIC\t0x5354524dUL\n\n" % (NAME.upper(), NAME.upper()))
    out.append("struct %s_dmabuf {\n"
               "\tunsigned char *rawbuf;\n\tunsigned int hwptr, swptr;\n"
               "\tunsigned int total_bytes;\n\tint count;\n\tunsigned int error;\n"
               "\tunsigned int fragsize, numfrag, fragshift;\n"
               "\tunsigned int mapped:1, ready:1, endcleared:1;\n"
               "\twait_queue_head_t wait;\n"
               "};\n\n" % NAME)
    out.append(("struct {n}_state {{\n"
                "\tunsigned long magic;\n\tunsigned long io;\n\tint irq;\n"
                "\tspinlock_t lock;\n\tstruct semaphore open_sem;\n\tstruct semaphore sem;\n"
                "\tmode_t open_mode;\n\tint users;\n"
                "\tunsigned int rate, channels, fmt;\n"
                "\tunsigned short mix_vol[32];\n\tunsigned int recsrc;\n"
                "\tunsigned char midi_ibuf[256], midi_obuf[256];\n"
                "\tunsigned int midi_ird, midi_iwr, midi_icnt;\n"
                "\tunsigned int midi_ord, midi_owr, midi_ocnt;\n"
                "\tstruct {n}_dmabuf dma_dac, dma_adc;\n"
                "\tunsigned long stats[64];\n"
                "\tint minor, suspended;\n"
                "}};\n\n"
                "#define {N}_NRCARDS\t4\n"
                "static struct {n}_state {n}_cards[{N}_NRCARDS];\n"
                "#define {n}_card ({n}_cards[0])\n"
                "#define {n}_for_each_card(s) \\\n"
                "\tfor ((s) = {n}_cards; (s) < {n}_cards + {N}_NRCARDS; (s)++)\n"
                "static int {n}_debug = 1;\n"
                "static unsigned long {n}_debugmask = {N}_ERROR;\n\n").format(n=NAME, N=NAME.upper()))
    for side in ("dac", "adc"):
        out.append("static void %s_start_%s(struct %s_state *s)\n{\n"
                   "\toutb(1, %s_DMACTL);\n\ts->stats[1]++;\n}\n\n" % (NAME, side, NAME, NAME.upper()))
        out.append("static void %s_stop_%s(struct %s_state *s)\n{\n"
                   "\toutb(0, %s_DMACTL);\n\ts->stats[2]++;\n}\n\n" % (NAME, side, NAME, NAME.upper()))
    out.append("static int %s_prog_dmabuf(struct %s_state *s, int dac)\n{\n"
               "\tstruct %s_dmabuf *db = dac ? &s->dma_dac : &s->dma_adc;\n\n"
               "\tif (!db->rawbuf)\n\t\tdb->rawbuf = kmalloc(%s_BUFSIZE, GFP_KERNEL);\n"
               "\tif (!db->rawbuf)\n\t\treturn -ENOMEM;\n"
               "\tdb->swptr = db->hwptr = 0;\n\tdb->count = 0;\n\tdb->ready = 1;\n"
               "\treturn 0;\n}\n\n" % (NAME, NAME, NAME, NAME.upper()))


def helpers(out, rnd, count, called):
    """Ordinary driver code: register access, DMA set-up, rate tables."""
    for i in range(count):
        word = rnd.choice(["dma", "fifo", "codec", "src", "mixer", "timer", "irq", "gpio"])
        fn = "%s_%s_%s%d" % (NAME, word, rnd.choice(["setup", "update", "sync", "poll", "tune"]),
                             len(called))
        called.append(fn)
        out.append("static int %s(struct %s_state *s, unsigned int val)\n{\n" % (fn, NAME))
        out.append("\tunsigned long flags;\n\tunsigned int i, r = 0;\n\n")
        out.append("\tif (!s)\n\t\treturn -ENXIO;\n")
        out.append("\tspin_lock_irqsave(&s->lock, flags);\n")
        out.append("\tfor (i = 0; i < %d; i++) {\n" % rnd.randint(4, 40))
        out.append("\t\toutb(i, %s_INDEX);\n" % NAME.upper())
        out.append("\t\tr = inb(%s_DATA);\n" % NAME.upper())
        out.append("\t\tif (r & 0x%02x)\n\t\t\tbreak;\n" % rnd.randint(1, 255))
        out.append("\t\ts->stats[i & 63] += r;\n\t}\n")
        if rnd.random() < 0.5:
            out.append("\tif (val > 0x%x) {\n\t\tspin_unlock_irqrestore(&s->lock, flags);\n"
                       "\t\treturn -EINVAL;\n\t}\n" % rnd.randint(0x100, 0xffff))
        out.append("\toutb(val & 0xff, %s_CTRL);\n" % NAME.upper())
        out.append("\toutb((val >> 8) & 0xff, %s_CTRL + 1);\n" % NAME.upper())
        out.append("\tspin_unlock_irqrestore(&s->lock, flags);\n")
        out.append("\treturn r;\n}\n\n")


def espipe_helpers(out, rnd, count, events):
    """Helpers of the sequencer that say -ESPIPE for other reasons."""
    for i in range(count):
        fn = "%s_seq_event%d" % (NAME, i)
        events.append(fn)
        out.append("static int %s(struct %s_state *s, const unsigned char *ev, int len)\n{\n"
                   % (fn, NAME))
        out.append("\tif (len < %d)\n\t\treturn -EINVAL;\n" % rnd.randint(2, 8))
        out.append("\tswitch (ev[0]) {\n")
        for c in range(rnd.randint(4, 9)):
            out.append("\tcase 0x%02x:\n" % (0x80 + c * 3))
            if rnd.random() < 0.4:
                out.append("\t\tif (ev[1] & 0x80)\n\t\t\treturn -ESPIPE;\n")
            out.append("\t\toutb(ev[1], %s_MIDIDATA);\n\t\tbreak;\n" % NAME.upper())
        out.append("\tdefault:\n\t\treturn -ESPIPE;\n\t}\n\treturn 0;\n}\n\n")


def interrupt(out, called, events):
    """The interrupt handler, which every helper serves."""
    out.append("static void %s_interrupt(int irq, void *dev_id)\n{\n"
               "\tstruct %s_state *s = dev_id;\n\tunsigned char ev[4];\n"
               "\tunsigned int st = inb(%s_STATUS);\n\n" % (NAME, NAME, NAME.upper()))
    for i, fn in enumerate(called):
        out.append("\tif (st & 0x%x)\n\t\t%s(s, st >> %d);\n" % (1 << (i % 16), fn, i % 8))
    out.append("\tev[0] = inb(%s_MIDIDATA);\n\tev[1] = inb(%s_MIDIDATA);\n"
               % (NAME.upper(), NAME.upper()))
    for fn in events:
        out.append("\tif (%s(s, ev, 2) == -ESPIPE)\n\t\ts->stats[0]++;\n" % fn)
    out.append("}\n\n")


def positioned_check(out):
    """Not a method: compares a position it is given, must stay (fpos-other)."""
    out.append("/*\n * The sequencer may queue events only at its own file's position.\n */\n")
    out.append("int %s_seq_check(struct file *file, loff_t *pos)\n{\n"
               "\tif (pos != &file->f_pos)\n\t\treturn -ESPIPE;\n\treturn 0;\n}\n"
               "EXPORT_SYMBOL(%s_seq_check);\n\n" % (NAME, NAME))


def llseek_method(out, f):
    fn = f.fn("llseek")
    if f.llseek == "longlong":
        out.append("static long long %s(struct file *file, long long offset, int origin)\n"
                   "{\n\treturn -ESPIPE;\n}\n\n" % fn)
    else:
        out.append("static loff_t %s(struct file *file, loff_t offset, int origin)\n"
                   "{\n\treturn -ESPIPE;\n}\n\n" % fn)


def debug(out, ind, mask, level, text, *args):
    """A debug print through the driver's own macro, as OSS drivers had."""
    out.append('%s%s_DBG(%s_%s, %d, printk(KERN_INFO\n%s\t"%s: %s\\n"%s));\n'
               % (ind, NAME.upper(), NAME.upper(), mask, level, ind, NAME, text,
                  "".join(", " + a for a in args)))


def rw_method(out, rnd, f, role, refusal, ppos):
    """A read or write method: a transfer loop around an inner wait loop,
    two exit labels and a dozen ways out, like the OSS DMA drivers."""
    fn = f.fn(role)
    writing = role.startswith("write")
    vector = role.endswith("v")
    db = "dma_dac" if writing else "dma_adc"
    if vector:
        sig = "const struct iovec *iov, unsigned long count"
    elif writing:
        sig = "const char __user *buffer, size_t count"
    else:
        sig = "char __user *buffer, size_t count"
    out.append("static ssize_t %s(struct file *file, %s,\n\t\t\tloff_t *%s)\n{\n" % (fn, sig, ppos))
    out.append("\tstruct %s_state *s = (struct %s_state *)file->private_data;\n" % (NAME, NAME))
    out.append("\tstruct %s_dmabuf *db;\n" % NAME)
    out.append("\tssize_t ret = 0;\n\tunsigned long flags;\n\tunsigned int ptr;\n\tint cnt;\n")
    if vector:
        out.append("\tunsigned long seg;\n")
    out.append("\n")
    debug(out, "\t", "FUNCTION", 4, "%s()+ %%d" % fn, "(int)count")
    out.append("\tVALIDATE_STATE(s);\n\tdb = &s->%s;\n\n" % db)
    if refusal:
        out.append(REFUSALS[refusal][0].format(P=ppos, F="file"))
    out.append("\tif (db->mapped)\n\t\treturn -ENXIO;\n")
    if not vector:
        out.append("\tif (!access_ok(%s, buffer, count))\n\t\treturn -EFAULT;\n"
                   % ("VERIFY_READ" if writing else "VERIFY_WRITE"))
    out.append("\n\tdown(&s->sem);\n")
    out.append("\tif (!db->ready && (ret = %s_prog_dmabuf(s, %d)))\n\t\tgoto out2;\n"
               % (NAME, 1 if writing else 0))
    if vector:
        out.append("\tfor (seg = 0; seg < count; seg++) {\n"
                   "\t\tsize_t len = iov[seg].iov_len;\n"
                   "\t\tunsigned char __user *p = iov[seg].iov_base;\n\n"
                   "\t\twhile (len > 0) {\n")
        ind = "\t\t\t"
        buf, left = "p", "len"
    else:
        out.append("\twhile (count > 0) {\n")
        ind = "\t\t"
        buf, left = "buffer", "count"
    out.append("%swhile (s->suspended) {\n%s\tschedule();\n" % (ind, ind))
    out.append("%s\tif (signal_pending(current)) {\n%s\t\tif (!ret)\n%s\t\t\tret = -ERESTARTSYS;\n"
               "%s\t\tgoto out;\n%s\t}\n%s}\n" % (ind, ind, ind, ind, ind, ind))
    out.append("%sspin_lock_irqsave(&s->lock, flags);\n" % ind)
    if writing:
        out.append("%sif (db->count < 0) {\n%s\tdb->count = 0;\n%s\tdb->swptr = db->hwptr;\n%s}\n"
                   % (ind, ind, ind, ind))
    out.append("%sptr = db->swptr;\n" % ind)
    out.append("%scnt = %s_BUFSIZE - ptr;\n" % (ind, NAME.upper()))
    out.append("%sif (db->count %s cnt)\n%s\tcnt = db->count;\n"
               % (ind, ">" if not writing else "<", ind))
    out.append("%sspin_unlock_irqrestore(&s->lock, flags);\n" % ind)
    out.append("%sif (cnt > %s)\n%s\tcnt = %s;\n" % (ind, left, ind, left))
    out.append("%sif (cnt <= 0) {\n" % ind)
    out.append("%s\t%s_start_%s(s);\n" % (ind, NAME, "dac" if writing else "adc"))
    out.append("%s\tif (file->f_flags & O_NONBLOCK) {\n%s\t\tif (!ret)\n%s\t\t\tret = -EAGAIN;\n"
               "%s\t\tgoto out;\n%s\t}\n" % (ind, ind, ind, ind, ind))
    out.append("%s\tup(&s->sem);\n" % ind)
    out.append("%s\tif (wait_event_interruptible(db->wait, db->count %s 0)) {\n"
               "%s\t\tif (!ret)\n%s\t\t\tret = -ERESTARTSYS;\n%s\t\tgoto out2;\n%s\t}\n"
               % (ind, ">" if not writing else "<", ind, ind, ind, ind))
    out.append("%s\tdown(&s->sem);\n" % ind)
    out.append("%s\tif (db->mapped) {\n%s\t\tif (!ret)\n%s\t\t\tret = -ENXIO;\n"
               "%s\t\tgoto out;\n%s\t}\n" % (ind, ind, ind, ind, ind))
    out.append("%s\tcontinue;\n%s}\n" % (ind, ind))
    out.append("#if %s_DEBUG_COPY\n%sprintk(KERN_DEBUG \"%s: copy %%d at %%u\\n\", cnt, ptr);\n#endif\n"
               % (NAME.upper(), ind, NAME))
    debug(out, ind, "WAVE", 8, "%s() copy cnt=%%d left=%%d" % fn, "cnt", "(int)%s" % left)
    if writing:
        out.append("%sif (copy_from_user(db->rawbuf + ptr, %s, cnt)) {\n" % (ind, buf))
    else:
        out.append("%sif (copy_to_user(%s, db->rawbuf + ptr, cnt)) {\n" % (ind, buf))
    out.append("%s\tif (!ret)\n%s\t\tret = -EFAULT;\n%s\tgoto out;\n%s}\n" % (ind, ind, ind, ind))
    out.append("%sptr = (ptr + cnt) %% %s_BUFSIZE;\n" % (ind, NAME.upper()))
    out.append("%sspin_lock_irqsave(&s->lock, flags);\n" % ind)
    out.append("%sdb->swptr = ptr;\n%sdb->count %s= cnt;\n" % (ind, ind, "+" if writing else "-"))
    if writing:
        out.append("%sif (db->count > %s_BUFSIZE) {\n" % (ind, NAME.upper()))
        debug(out, ind + "\t", "ERROR", 2, "%s() count > bufsize, reset" % fn)
        out.append("%s\tdb->count = %s_BUFSIZE;\n%s}\n" % (ind, NAME.upper(), ind))
    out.append("%sspin_unlock_irqrestore(&s->lock, flags);\n" % ind)
    out.append("%s%s -= cnt;\n%s%s += cnt;\n%sret += cnt;\n" % (ind, left, ind, buf, ind))
    for k in range(rnd.randint(2, 5)):
        out.append("%sif (s->stats[%d] > 0x%x) {\n%s\ts->stats[%d] = 0;\n"
                   "%s\toutb(0x%02x, %s_DMACTL);\n%s}\n"
                   % (ind, k, rnd.randint(0x100, 0xffff), ind, k, ind, rnd.randint(0, 255),
                      NAME.upper(), ind))
    out.append("%s%s_start_%s(s);\n" % (ind, NAME, "dac" if writing else "adc"))
    if vector:
        out.append("\t\t}\n\t}\n")
    else:
        out.append("\t}\n")
    out.append("out:\n\tup(&s->sem);\nout2:\n")
    debug(out, "\t", "FUNCTION", 4, "%s()- %%d" % fn, "(int)ret")
    out.append("\treturn ret;\n}\n\n")


def ioctl_case_per_direction(out, rnd, name):
    """A case that does the same to the playback and the capture side."""
    out.append("\t\tif (get_user(val, (unsigned char __user *)arg))\n\t\t\treturn -EFAULT;\n")
    for mode, side in (("WRITE", "dac"), ("READ", "adc")):
        out.append("\t\tif (file->f_mode & FMODE_%s) {\n" % mode)
        out.append("\t\t\tdb = &s->dma_%s;\n\t\t\tif (db->rawbuf) {\n" % side)
        out.append("\t\t\t\t%s_stop_%s(s);\n\t\t\t\tdb->ready = 0;\n" % (NAME, side))
        out.append("\t\t\t\tif (val > %d)\n\t\t\t\t\ts->fmt |= 0x%x;\n"
                   "\t\t\t\telse\n\t\t\t\t\ts->fmt &= ~0x%x;\n"
                   % (rnd.randint(0, 8), 1 << rnd.randint(0, 7), 1 << rnd.randint(0, 7)))
        debug(out, "\t\t\t\t", "IOCTL", 4, "%s %s fmt=0x%%x" % (name, side), "s->fmt")
        out.append("\t\t\t\tif ((ret = %s_prog_dmabuf(s, %d)))\n\t\t\t\t\treturn ret;\n"
                   % (NAME, 1 if side == "dac" else 0))
        out.append("\t\t\t}\n\t\t}\n")
    out.append("\t\treturn put_user(s->fmt, (unsigned char __user *)arg);\n")


def ioctl_method(out, rnd, f, names, locked):
    """The ioctl method: one big switch.  A locked one holds the semaphore
    and leaves every case through `goto out`."""
    fn = f.fn("ioctl")
    out.append("static int %s(struct inode *inode, struct file *file,\n"
               "\t\t\tunsigned int cmd, unsigned long arg)\n{\n" % fn)
    body = []
    ioctl_body(body, rnd, names, locked)
    text = "".join(body)
    out.append("\tstruct %s_state *s = (struct %s_state *)file->private_data;\n" % (NAME, NAME))
    # Only the locals the cases use, so that the driver compiles cleanly.
    for decl, name in (("struct %s_dmabuf *db;" % NAME, "db"), ("unsigned long flags;", "flags"),
                       ("unsigned char val;", "val"), ("int i;", "i")):
        if re.search(r"\b%s\b" % name, text):
            out.append("\t%s\n" % decl)
    out.append("\tint ret = 0;\n\n\tVALIDATE_STATE(s);\n")
    out.append(text)


def ioctl_body(out, rnd, names, locked):
    out.append("#if %s_DEBUG_IOCTL\n\tprintk(KERN_DEBUG \"%s: ioctl 0x%%x\\n\", cmd);\n#endif\n"
               % (NAME.upper(), NAME))
    if locked:
        out.append("\tdown(&s->sem);\n")
    out.append("\tswitch (cmd) {\n")
    for n, name in enumerate(names):
        out.append("\tcase SNDCTL_%s:\n" % name)
        if name in POSITION_IOCTLS:
            out.append("\t\t/* the stream has no position */\n")
            out.append("\t\tret = -ESPIPE;\n\t\tgoto out;\n" if locked else "\t\treturn -ESPIPE;\n")
            continue
        if locked:
            out.append("\t\tif (get_user(val, (unsigned char __user *)arg)) {\n"
                       "\t\t\tret = -EFAULT;\n\t\t\tgoto out;\n\t\t}\n"
                       "\t\tif (val > %d) {\n\t\t\tret = -EINVAL;\n\t\t\tgoto out;\n\t\t}\n"
                       "\t\ts->mix_vol[%d] = val;\n\t\tret = put_user(val, (unsigned char __user *)arg);\n"
                       "\t\tgoto out;\n" % (rnd.randint(10, 100), rnd.randint(0, 31)))
            continue
        kind = rnd.randint(0, 6) if n else 2
        if kind == 0:
            out.append("\t\treturn put_user(s->%s, (unsigned char __user *)arg);\n"
                       % rnd.choice(["rate", "channels", "fmt", "recsrc", "users"]))
        elif kind == 1:
            out.append("\t\tif (get_user(val, (unsigned char __user *)arg))\n\t\t\treturn -EFAULT;\n"
                       "\t\tif (val > %d)\n\t\t\treturn -EINVAL;\n"
                       "\t\tspin_lock_irqsave(&s->lock, flags);\n"
                       "\t\ts->mix_vol[%d] = val;\n\t\toutb(%d, %s_MIXIDX);\n"
                       "\t\toutb(val, %s_MIXDATA);\n"
                       "\t\tspin_unlock_irqrestore(&s->lock, flags);\n\t\treturn 0;\n"
                       % (rnd.randint(10, 100), rnd.randint(0, 31), rnd.randint(0, 31),
                          NAME.upper(), NAME.upper()))
        elif kind == 2:
            out.append("\t\tfor (i = 0; i < %d; i++) {\n\t\t\tif (s->stats[i] & 0x%x)\n"
                       "\t\t\t\tret++;\n\t\t}\n\t\treturn put_user(ret, (unsigned char __user *)arg);\n"
                       % (rnd.randint(2, 63), rnd.randint(1, 0xff)))
        elif kind == 3:
            out.append("\t\tif (!(file->f_mode & FMODE_%s))\n\t\t\treturn -EINVAL;\n"
                       "\t\tdown(&s->sem);\n\t\ts->dma_%s.ready = 0;\n\t\tup(&s->sem);\n\t\tbreak;\n"
                       % (rnd.choice(["READ", "WRITE"]), rnd.choice(["dac", "adc"])))
        elif kind == 4:
            out.append("\t\treturn -EINVAL;\n")
        elif kind == 5:
            ioctl_case_per_direction(out, rnd, name)
        else:
            out.append("\t\tval = inb(%s_%s);\n\t\tif (val & 0x%02x)\n\t\t\treturn -EIO;\n"
                       "\t\treturn put_user(val, (unsigned char __user *)arg);\n"
                       % (NAME.upper(), rnd.choice(["STATUS", "CODEC", "TIMER", "GPIO"]),
                          rnd.randint(1, 255)))
    if locked:
        out.append("\tdefault:\n\t\tret = -ENOTTY;\n\t}\nout:\n\tup(&s->sem);\n\treturn ret;\n}\n\n")
    else:
        out.append("\tdefault:\n\t\treturn -ENOTTY;\n\t}\n\treturn ret;\n}\n\n")


def poll_method(out, f):
    out.append("static unsigned int %s(struct file *file, struct poll_table_struct *wait)\n{\n"
               "\tstruct %s_state *s = (struct %s_state *)file->private_data;\n"
               "\tunsigned int mask = 0;\n\n"
               "\tif (file->f_mode & FMODE_WRITE)\n\t\tpoll_wait(file, &s->dma_dac.wait, wait);\n"
               "\tif (file->f_mode & FMODE_READ)\n\t\tpoll_wait(file, &s->dma_adc.wait, wait);\n"
               "\tif (s->dma_adc.count > 0)\n\t\tmask |= POLLIN | POLLRDNORM;\n"
               "\tif (s->dma_dac.count < %s_BUFSIZE)\n\t\tmask |= POLLOUT | POLLWRNORM;\n"
               "\treturn mask;\n}\n\n" % (f.fn("poll"), NAME, NAME, NAME.upper()))


CLONE_FOUND, CLONE_READY = "voice_found", "card_ready"


def clone_search(out):
    """The clone minor of an open method: any free voice of any card will
    do.  Three nested loops left by a goto to a label inside their block,
    and a goto from there past the ordinary lookup of the card."""
    out.append("\tint bank, voice;\n\n")
    out.append("\tif ((minor & 0x0f) == %s_CLONE_MINOR) {\n" % NAME.upper())
    out.append("\t\t/* a clone: the first free voice of any card */\n")
    out.append("\t\t%s_for_each_card(s) {\n" % NAME)
    out.append("\t\t\tif (!s->irq)\n\t\t\t\tcontinue;\n")
    out.append("\t\t\tfor (bank = 0; bank < %s_NRBANKS; bank++) {\n" % NAME.upper())
    out.append("\t\t\t\tfor (voice = 0; voice < %s_NRVOICES; voice++) {\n" % NAME.upper())
    out.append("\t\t\t\t\tif (!(s->stats[bank * %s_NRVOICES + voice] & 1))\n"
               "\t\t\t\t\t\tgoto %s;\n" % (NAME.upper(), CLONE_FOUND))
    out.append("\t\t\t\t}\n\t\t\t}\n\t\t}\n")
    out.append("\t\treturn -EBUSY;\t/* every voice is taken */\n")
    out.append("\t%s:\n" % CLONE_FOUND)
    out.append("\t\ts->stats[bank * %s_NRVOICES + voice] |= 1;\n" % NAME.upper())
    out.append("\t\ts->recsrc = bank * %s_NRVOICES + voice;\n" % NAME.upper())
    out.append("\t\tgoto %s;\n\t}\n" % CLONE_READY)


def open_method(out, f):
    """An open method as the OSS drivers wrote them: find the card, wait
    for the device to be free, set up each direction, a dozen ways out."""
    fn = f.fn("open")
    out.append("static int %s(struct inode *inode, struct file *file)\n{\n" % fn)
    out.append("\tint minor = MINOR(inode->i_rdev);\n\tstruct %s_state *s;\n"
               "\tstruct %s_dmabuf *db;\n" % (NAME, NAME))
    if f.open_kind == "var":
        out.append("\tint ret = 0;\n")
        clone_search(out)
    out.append("\n\t%s_for_each_card(s) {\n\t\tif (!((s->minor ^ minor) & ~0xf))\n\t\t\tbreak;\n\t}\n"
               "\tif (s == %s_cards + %s_NRCARDS)\n\t\treturn -ENODEV;\n" % (NAME, NAME, NAME.upper()))
    if f.open_kind == "var":
        out.append("%s:\n" % CLONE_READY)
    debug(out, "\t", "OPEN", 2, "%s()+ minor=%%d" % fn, "minor")
    out.append("\tVALIDATE_STATE(s);\n\tif (!s->irq)\n\t\treturn -ENXIO;\n"
               "\tfile->private_data = s;\n\n")
    out.append("\t/* wait for the device to become free */\n\tdown(&s->open_sem);\n"
               "\twhile (s->open_mode & file->f_mode) {\n"
               "\t\tif (file->f_flags & O_NONBLOCK) {\n\t\t\tup(&s->open_sem);\n"
               "\t\t\treturn -EBUSY;\n\t\t}\n\t\tup(&s->open_sem);\n"
               "\t\tif (wait_event_interruptible(s->dma_dac.wait, !(s->open_mode & file->f_mode)))\n"
               "\t\t\treturn -ERESTARTSYS;\n\t\tdown(&s->open_sem);\n\t}\n")
    for mode, side, dac in (("READ", "adc", 0), ("WRITE", "dac", 1)):
        out.append("\tif (file->f_mode & FMODE_%s) {\n\t\tdb = &s->dma_%s;\n" % (mode, side))
        out.append("\t\tif (!db->rawbuf) {\n\t\t\tdb->rawbuf = kmalloc(%s_BUFSIZE, GFP_KERNEL);\n"
                   "\t\t\tif (!db->rawbuf) {\n\t\t\t\tup(&s->open_sem);\n"
                   "\t\t\t\treturn -ENOMEM;\n\t\t\t}\n\t\t}\n" % NAME.upper())
        if f.open_kind == "var":
            out.append("\t\tif ((ret = %s_prog_dmabuf(s, %d))) {\n\t\t\tup(&s->open_sem);\n"
                       "\t\t\treturn ret;\n\t\t}\n" % (NAME, dac))
        else:
            out.append("\t\tif (%s_prog_dmabuf(s, %d)) {\n\t\t\tup(&s->open_sem);\n"
                       "\t\t\treturn -EIO;\n\t\t}\n" % (NAME, dac))
        out.append("\t\tif (inb(%s_STATUS) & 0x%02x) {\n" % (NAME.upper(), 0x40 << dac))
        debug(out, "\t\t\t", "ERROR", 1, "%s() codec not ready" % fn)
        out.append("\t\t\tup(&s->open_sem);\n\t\t\treturn -ENODEV;\n\t\t}\n")
        out.append("\t\tdb->swptr = db->hwptr = 0;\n\t\tdb->count = 0;\n\t\tdb->mapped = 0;\n"
                   "\t\t%s_start_%s(s);\n\t}\n" % (NAME, side))
    out.append("\ts->open_mode |= file->f_mode & (FMODE_READ | FMODE_WRITE);\n"
               "\ts->users++;\n\tup(&s->open_sem);\n")
    debug(out, "\t", "OPEN", 2, "%s()- users=%%d" % fn, "s->users")
    if f.open_kind == "var":
        out.append("\tret = s->users > 8 ? -EBUSY : 0;\n\treturn ret;\n}\n\n")
    elif f.open_kind == "switch":
        out.append("\tswitch (minor & 0x0f) {\n"
                   "\tcase 0:\n\t\ts->recsrc = 0;\n\t\treturn 0;\n"
                   "\tcase 3:\n\t\ts->recsrc = 1;\n\t\treturn 0;\n"
                   "\tdefault:\n\t\treturn -ENODEV;\n\t}\n}\n\n")
    elif f.open_kind == "nso":
        out.append("\treturn nonseekable_open(inode, file);\n}\n\n")
    else:
        out.append("\treturn 0;\n}\n\n")


def release_method(out, f):
    out.append("static int %s(struct inode *inode, struct file *file)\n{\n"
               "\tstruct %s_state *s = (struct %s_state *)file->private_data;\n\n"
               "\tdown(&s->open_sem);\n\ts->open_mode &= ~(file->f_mode & (FMODE_READ | FMODE_WRITE));\n"
               "\tif (s->users)\n\t\ts->users--;\n\tup(&s->open_sem);\n\treturn 0;\n}\n\n"
               % (f.fn("release"), NAME, NAME))


def members(f):
    """(member, value) of f's initializer, in 2.6.7 order."""
    m = [("owner", "THIS_MODULE")]
    if f.llseek:
        m.append(("llseek", f.fn("llseek")))
    roles = [r for (r, _, _) in f.methods]
    for role in ("read", "write"):
        if role in roles:
            m.append((role, f.fn(role)))
    m.append(("poll", f.fn("poll")))
    m.append(("ioctl", f.fn("ioctl")))
    if f.open_kind != "none":
        m.append(("open", f.fn("open")))
    m.append(("release", f.fn("release")))
    for role in ("readv", "writev"):
        if role in roles:
            m.append((role, f.fn(role)))
    return m


def fops_initializer(out, f):
    out.append("static struct file_operations %s = {\n" % f.var)
    if f.style == "pos":
        given = dict(members(f))
        last = max(POSITIONAL.index(k) for k in given)
        for i, member in enumerate(POSITIONAL[:last + 1]):
            value = given.get(member, "NULL")
            comma = "," if i < last else ""
            out.append("\t%s%s%s/* %s */\n" % (value, comma, "\t" if len(value) + len(comma) >= 8 else "\t\t", member))
    else:
        for member, value in members(f):
            if f.style == "gnu":
                out.append("\t%s:%s%s,\n" % (member, "\t" if len(member) >= 7 else "\t\t", value))
            else:
                out.append("\t.%s%s= %s,\n" % (member, "\t" if len(member) >= 6 else "\t\t", value))
    out.append("};\n\n")


def generate(seed):
    rnd = random.Random(seed)
    out = []
    header(out)
    # Forward declarations, as old drivers had them: the prototype of the
    # long long llseek has no parameter names.
    for f in DRIVER:
        if f.llseek == "longlong":
            out.append("static long long %s(struct file *, long long, int);\n" % f.fn("llseek"))
    out.append("int %s_seq_check(struct file *file, loff_t *pos);\n\n" % NAME)
    called, events = [], []
    helpers(out, rnd, 16, called)
    espipe_helpers(out, rnd, 14, events)
    positioned_check(out)
    names = list(IOCTLS)
    for i, f in enumerate(DRIVER):
        if f.llseek:
            llseek_method(out, f)
        for role, refusal, ppos in f.methods:
            rw_method(out, rnd, f, role, refusal, ppos)
        # Every ioctl sees all the commands: three of them are the giant
        # switches of the dsp, mixer and sequencer nodes.
        rnd.shuffle(names)
        ioctl_method(out, rnd, f, names[:44] if i in (0, 2, 4) else names[:16],
                     locked=i in (1, 4))
        poll_method(out, f)
        if f.open_kind not in ("none",):
            open_method(out, f)
        release_method(out, f)
        fops_initializer(out, f)
        helpers(out, rnd, 3, called)
    interrupt(out, called, events)
    out.append("static int __init %s_init(void)\n{\n\tint major = 14;\n\n"
               "\tsema_init(&%s_card.open_sem, 1);\n\tsema_init(&%s_card.sem, 1);\n"
               "\t%s_card.magic = %s_MAGIC;\n" % (NAME, NAME, NAME, NAME, NAME.upper()))
    for i, f in enumerate(DRIVER):
        out.append("\tif (register_chrdev(major + %d, \"%s_%s\", &%s) < 0)\n\t\treturn -EBUSY;\n"
                   % (i, NAME, f.name, f.var))
    out.append("\treturn 0;\n}\n\nstatic void __exit %s_exit(void)\n{\n" % NAME)
    for i, f in enumerate(DRIVER):
        out.append("\tunregister_chrdev(14 + %d, \"%s_%s\");\n" % (i, NAME, f.name))
    out.append("}\n\nmodule_init(%s_init);\nmodule_exit(%s_exit);\nMODULE_LICENSE(\"GPL\");\n"
               % (NAME, NAME))
    return "".join(out)


# ---- --check --------------------------------------------------------------

def function_body(text, fn):
    """The text of fn's definition, or None when it is not defined."""
    m = re.search(r"^[a-z][^\n;]*\b%s\([^;{]*\)\s*\{" % re.escape(fn), text, re.M)
    if not m:
        return None
    depth, i = 0, m.end() - 1
    while i < len(text):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[m.start():i + 1]
        i += 1
    return None


def initializer(text, var):
    m = re.search(r"struct file_operations %s = \{(.*?)\n\};" % re.escape(var), text, re.S)
    return m.group(1) if m else None


def version_tuple(s):
    parts = (s or "0").split(".")
    return tuple(int(p) for p in (parts + ["0"])[:2])


def check(text, kernel):
    """Lines saying what is wrong with the converted driver; empty if nothing."""
    problems, done = [], 0
    no_llseek = kernel is None or version_tuple(kernel) < (6, 12)
    cmp_re = re.compile(r"&\s*\w+\s*->\s*f_pos\s*!=|!=\s*&\s*\w+\s*->\s*f_pos")

    def want(cond, what):
        if cond:
            return 1
        problems.append(what)
        return 0

    for f in DRIVER:
        for role, refusal, ppos in f.methods:
            body = function_body(text, f.fn(role))
            if body is None:
                problems.append("%s: method gone" % f.fn(role))
                continue
            if refusal:
                done += want(not cmp_re.search(body),
                             "%s: the %s refusal is still there" % (f.fn(role), refusal))
                if refusal in KEPT_CONDITION:
                    done += want("if (%s)" % KEPT_CONDITION[refusal] in body,
                                 "%s: the rest of the condition is gone" % f.fn(role))
        init = initializer(text, f.var)
        if init is None:
            problems.append("%s: initializer gone" % f.var)
            continue
        opener = function_body(text, f.fn("open")) if f.open_kind != "none" else None
        if f.refuses() and f.open_kind == "none":
            if f.style == "pos":
                done += want(re.search(r"\bnonseekable_open,?\s*/\* open \*/", init),
                             "%s: its open slot does not say nonseekable_open" % f.var)
            else:
                done += want(re.search(r"\bopen\s*[:=]\s*nonseekable_open\b", init),
                             "%s: has no open member nonseekable_open" % f.var)
        elif f.refuses() and f.open_kind in ("ret0", "switch"):
            done += want(opener and "return 0;" not in opener
                         and "return nonseekable_open(inode, file);" in opener,
                         "%s: does not return nonseekable_open()" % f.fn("open"))
        elif f.refuses() and f.open_kind == "var":
            done += want(opener and re.search(r"\n\tnonseekable_open\(inode, file\);\n"
                                              r"\tif \(\(minor & 0x0f\) == ", opener)
                         and opener.count("nonseekable_open") == 1,
                         "%s: does not call nonseekable_open() first, once" % f.fn("open"))
            done += want(opener and "\tgoto %s;\n" % CLONE_FOUND in opener
                         and "\n%s:\n" % CLONE_READY in opener,
                         "%s: its clone search was changed" % f.fn("open"))
        elif not f.refuses():
            done += want("nonseekable_open" not in init
                         and (opener is None or opener.count("nonseekable_open") ==
                              (1 if f.open_kind == "nso" else 0)),
                         "%s: gained nonseekable_open() but never refused pread" % f.var)
        if f.llseek:
            if no_llseek:
                done += want(re.search(r"\bllseek\s*[:=]\s*no_llseek\b", init),
                             "%s: llseek is not no_llseek" % f.var)
            else:
                done += want(not re.search(r"\bllseek\b", init),
                             "%s: llseek member still there" % f.var)
            done += want(not re.search(r"\b%s\b" % f.fn("llseek"), text),
                         "%s: still named in the file" % f.fn("llseek"))
    if not no_llseek:
        done += want("no_llseek" not in text, "no_llseek named on a kernel without it")
    check_fn = function_body(text, "%s_seq_check" % NAME)
    done += want(check_fn and cmp_re.search(check_fn),
                 "%s_seq_check: its comparison (not a method) was changed" % NAME)
    done += want(text.count("return -ESPIPE;") >= 40,
                 "the -ESPIPE returns that are not refusals were touched")
    return done, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--check", action="store_true",
                    help="check FILE, converted, instead of writing it")
    ap.add_argument("--kernel", help="the version the conversion was made for (X.Y)")
    args = ap.parse_args()
    if args.check:
        try:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            print("gen_stress.py: %s: %s" % (args.file, e.strerror), file=sys.stderr)
            return 2
        done, problems = check(text, args.kernel)
        for p in problems:
            print("%s: %s" % (args.file, p))
        print("gen_stress.py: %d conversions checked, %d wrong" % (done + len(problems), len(problems)))
        return 1 if problems else 0
    text = generate(args.seed)
    with open(args.file, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
