# SPDX-License-Identifier: GPL-2.0-only
"""Walking trees: symbolic links (loops, links out of the tree), odd names,
`--`, hidden directories, .c and .h only."""

import os
import sys

from checklib import BUGGY, BUGGY_LINE, Checker, cleanup, tempdir, write

c = Checker(sys.argv[1])
d = tempdir()


def reported(out):
    """The set of files the text report names."""
    files = set()
    for line in out.split(b"\n"):
        if line:
            files.add(line.rsplit(b":%d:" % BUGGY_LINE, 1)[0])
    return files


try:
    t = os.path.join(d, "t")
    write(os.path.join(t, "a", "in.c"), BUGGY)
    write(os.path.join(t, "a", "in.h"), BUGGY)
    write(os.path.join(t, "a", "in.txt"), BUGGY)
    write(os.path.join(t, ".hidden", "h.c"), BUGGY)
    write(os.path.join(d, "outside", "out.c"), BUGGY)
    os.symlink("..", os.path.join(t, "a", "loop"))
    os.symlink(os.path.join(d, "outside"), os.path.join(t, "out_dir"))
    os.symlink(os.path.join(d, "outside", "out.c"), os.path.join(t, "out_file.c"))
    os.symlink("in.c", os.path.join(t, "a", "alias.c"))
    os.symlink("nowhere.c", os.path.join(t, "dangling.c"))
    os.symlink("self", os.path.join(t, "self"))

    rc, out, err = c.run("-q", "t", cwd=d)
    c.expect(rc == 1, "exit 1 (%d): %r" % (rc, err))
    c.expect(reported(out) == {b"t/a/in.c", b"t/a/in.h"},
             "only the tree's own .c and .h files, once each: %s" % reported(out))
    c.expect(err == b"", "links are skipped quietly without -v: %r" % err)

    rc, out, err = c.run("-v", "t", cwd=d)
    c.expect(b"t/out_dir: symbolic link leading outside t, not followed" in err,
             "-v says a link out of the tree is not followed: %r" % err)

    rc, out, err = c.run("-q", "--follow-symlinks", "t", cwd=d)
    c.expect(reported(out) == {b"t/a/in.c", b"t/a/in.h", b"t/a/alias.c",
                               b"t/out_dir/out.c", b"t/out_file.c"},
             "--follow-symlinks follows links, survives the loop: %s" % reported(out))

    # The named path itself may be a symbolic link.
    os.symlink("t", os.path.join(d, "t_link"))
    rc, out, err = c.run("-q", "t_link", cwd=d)
    c.expect(reported(out) == {b"t_link/a/in.c", b"t_link/a/in.h"},
             "a named link to a directory is walked: %s" % reported(out))

    # Odd names: spaces, a newline, a leading dash (after --), non-UTF-8.
    odd = os.path.join(d, "odd")
    names = [b"sp ace.c", b"new\nline.c", b"-dash.c", b"\xff\xfe.c"]
    for n in names:
        write(os.path.join(os.fsencode(odd), n), BUGGY)
    rc, out, err = c.run("-q", "odd", cwd=d)
    c.expect(rc == 1 and out.count(b"rw-fpos") == 4, "four odd names checked: %r %r" % (out, err))
    c.expect(b"odd/new\\x0aline.c:%d:" % BUGGY_LINE in out,
             "a newline in a name is escaped in text output: %r" % out)
    rc, out, err = c.run("-q", "--", "-dash.c", cwd=odd)
    c.expect(rc == 1 and out.startswith(b"-dash.c:%d:" % BUGGY_LINE),
             "-- lets a file name start with a dash: %r %r" % (out, err))
    rc, out, err = c.run("-q", "-dash.c", cwd=odd)
    c.expect(rc == 2, "without --, -dash.c is an unknown option (%d)" % rc)
finally:
    cleanup(d)

c.finish()
