# SPDX-License-Identifier: GPL-2.0-only
"""-p BUILD_DIR: each file parsed with its own flags from compile_commands.json."""

import json
import os
import sys

from checklib import Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
d = tempdir()

HEADER = """typedef long long loff_t;
typedef unsigned long size_t;
typedef long ssize_t;
struct file { loff_t f_pos; };
struct file_operations { ssize_t (*read)(struct file *, char *, size_t, loff_t *); };
"""
# The bug exists only when the build defines WANT_BUG and finds api.h in inc/.
SOURCE = """#include "api.h"
#ifdef WANT_BUG
static ssize_t r(struct file *file, char *b, size_t n, loff_t *ppos)
{
	return file->f_pos;
}
static struct file_operations fo = { .read = r };
#endif
"""
try:
    write(os.path.join(d, "inc", "api.h"), HEADER)
    write(os.path.join(d, "src", "a.c"), SOURCE)
    write(os.path.join(d, "src", "b.c"), SOURCE)
    build = os.path.join(d, "build")
    os.makedirs(build)
    db = [
        # a.c: relative paths resolved against "directory", gcc-only and
        # dependency-file options that must be dropped.
        {"directory": build, "file": "../src/a.c",
         "command": "gcc -c -o a.o -Wp,-MMD,a.d -MD -MF a.dep -I../inc -DWANT_BUG "
                    "-fconserve-stack -mrecord-mcount -Werror ../src/a.c"},
        # b.c: the "arguments" form, without WANT_BUG: nothing to report.
        {"directory": build, "file": os.path.join(d, "src", "b.c"),
         "arguments": ["cc", "-I", os.path.join(d, "inc"), "-c", os.path.join(d, "src", "b.c")]},
    ]
    write(os.path.join(build, "compile_commands.json"), json.dumps(db))

    rc, out, err = c.run("-v", "--headers=real", "-p", build, cwd=d)
    c.expect(rc == 1, "findings: exit 1 (%d) %r" % (rc, err))
    c.expect(out.decode().splitlines()[0].startswith("src/a.c:5:")
             and len(out.decode().splitlines()) == 1,
             "only a.c, built with WANT_BUG, is reported: %r" % out)
    c.expect(b"src/a.c: analysed with compile database" in err
             and b"src/b.c: analysed with compile database" in err,
             "-v says both were analysed with the compile database: %r" % err)
    c.expect(sorted(os.listdir(build)) == ["compile_commands.json"],
             "no dependency or object file written: %s" % os.listdir(build))

    # A PATH limits the run to it; a file not in the database falls back to
    # other flags.
    write(os.path.join(d, "src", "c.c"), SOURCE.replace("#ifdef WANT_BUG", "#if 1"))
    rc, out, err = c.run("-v", "--headers=real", "-p", "build", "src/b.c", "src/c.c", cwd=d)
    c.expect(b"src/b.c: analysed with compile database" in err, "b.c from the database")
    c.expect(b"src/c.c: analysed with fallback header" in err,
             "c.c, not in the database, analysed another way: %r" % err)

    # Broken databases: one line naming the file, exit 2.
    entry = '{"directory": "/", "file": "a.c", "command": "cc -c a.c"}'
    for text, what in [("[{", "not valid JSON: the file ends inside it (cut short?)"),
                       ("[" + entry, "not valid JSON: the file ends inside it (cut short?)"),
                       ("[" + entry + "]]", "not valid JSON: more follows its end at byte"),
                       ("[" + entry + ",,]", "not valid JSON at byte"),
                       (" \n", "is empty"),
                       ('{"a": 1}', "not a JSON array"),
                       ('[{"directory": "/"}]', "entry 1 lacks")]:
        write(os.path.join(build, "compile_commands.json"), text)
        rc, out, err = c.run("-p", build)
        c.expect(rc == 2 and err.startswith(b"safeseek-check: " + build.encode() +
                                            b"/compile_commands.json: " + what.encode())
                 and err.count(b"\n") == 1 and b"json_tokener" not in err,
                 "%s: exit 2 and one plain line naming the file: %r" % (what, err))

    # A "command" that ends inside a quote: libclang drops its flags without
    # a word; the checker names the entry, once, and goes on without them.
    write(os.path.join(build, "compile_commands.json"), json.dumps([
        {"directory": d, "file": "src/b.c", "command": "cc -c src/b.c"},
        {"directory": d, "file": "src/c.c",
         "command": "cc -DWANT_BUG -I include \"-DX=1 -c src/c.c"}]))
    rc, out, err = c.run("-q", "-p", build, "src/b.c", "src/c.c", cwd=d)
    lines = [l for l in err.decode().splitlines() if "quote" in l]
    c.expect(len(lines) == 1 and "src/c.c" in lines[0] and "entry 2" in lines[0] and
             "ends inside a quote" in lines[0], "unterminated quote: one line naming the entry: %r"
             % err)
    rc, out, err = c.run("-p", os.path.join(d, "nowhere"))
    c.expect(rc == 2 and b"compile_commands.json" in err, "missing database: exit 2: %r" % err)
finally:
    cleanup(d)

c.finish()
