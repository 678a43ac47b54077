# SPDX-License-Identifier: GPL-2.0-only
"""The result cache: a re-scan of an unchanged tree parses nothing and
reports the same; a changed file or a changed header it read is analysed
again; --no-cache and SAFESEEK_NO_CACHE leave the cache alone; a cache that
cannot be used or holds damaged entries changes no finding: a flipped
byte, an entry that is a FIFO or a link to /dev/zero, a plain file given as
the directory."""

import json
import os
import shutil
import stat
import sys
import subprocess

from checklib import Checker, cleanup, tempdir

c = Checker(sys.argv[1])
corpus = sys.argv[2]
os.environ.pop("SAFESEEK_NO_CACHE", None)
d = tempdir()
try:
    tree = os.path.join(d, "tree")
    shutil.copytree(os.path.join(corpus, "include"), os.path.join(tree, "include"))
    shutil.copytree(os.path.join(corpus, "drivers", "char"), os.path.join(tree, "drivers", "char"))
    cache = os.path.join(d, "cache")
    os.environ["XDG_CACHE_HOME"] = os.path.join(d, "xdg")

    def scan(*extra):
        rc, out, err = c.run("--format=json", "-j2", *extra, "--", "drivers", cwd=tree)
        return rc, json.loads(out.decode()), err.decode()

    def entries(where):
        """The files' result entries: not the skipped files' tree index,
        which a run keeps under trees/ once the files are a second old."""
        return sorted(os.path.join(r, f) for r, _, fs in os.walk(where) for f in fs
                      if os.path.basename(r) != "trees")

    rc1, first, _ = scan("--cache-dir=" + cache)
    c.expect(rc1 == 1 and first["files_analysed"] > 10 and first["files_from_cache"] == 0,
             "the first run analyses every file and finds the cache empty: %r"
             % {k: v for k, v in first.items() if k != "findings"})
    stored = entries(cache)
    c.expect(len(stored) == first["files_analysed"],
             "one entry for each file analysed: %d entries, %d files"
             % (len(stored), first["files_analysed"]))

    rc2, again, _ = scan("--cache-dir=" + cache)
    c.expect(rc2 == rc1 and again["findings"] == first["findings"],
             "the re-scan reports the same findings")
    c.expect(again["files_from_cache"] == first["files_analysed"],
             "the re-scan of an unchanged tree takes every result from the cache: %d of %d"
             % (again["files_from_cache"], first["files_analysed"]))

    # -v: the messages of a result come back with it.
    _, _, verbose1 = c.run("-v", "--cache-dir=" + os.path.join(d, "vcache"), "--", "drivers",
                           cwd=tree)
    _, _, verbose2 = c.run("-v", "--cache-dir=" + os.path.join(d, "vcache"), "--", "drivers",
                           cwd=tree)
    strip = lambda e: [l for l in e.decode().splitlines() if "files:" not in l]
    c.expect(strip(verbose1) == strip(verbose2),
             "-v says the same of each file whether its result was cached or not")

    # A changed file is analysed again, with what it says now.
    victim = os.path.join(tree, "drivers", "char", "lp_fixme.c")
    with open(victim) as f:
        text = f.read()
    with open(victim, "w") as f:
        f.write(text.replace("if (ppos != &file->f_pos) ;", ";"))
    _, changed, _ = scan("--cache-dir=" + cache)
    c.expect(changed["files_from_cache"] == first["files_analysed"] - 1,
             "only the changed file is analysed again: %d from the cache"
             % changed["files_from_cache"])
    c.expect(not any(f["file"].endswith("lp_fixme.c") and f["rule"] == "espipe-test"
                     for f in changed["findings"]),
             "the changed file's findings are those of its new text")

    # A header the files read changes: those that read it are analysed again.
    with open(os.path.join(tree, "include", "linux", "fs.h"), "a") as f:
        f.write("\n/* changed */\n")
    _, header, _ = scan("--cache-dir=" + cache, "--headers=real")
    _, header2, _ = scan("--cache-dir=" + cache, "--headers=real")
    with open(os.path.join(tree, "include", "linux", "fs.h"), "a") as f:
        f.write("\n/* changed again */\n")
    _, header3, _ = scan("--cache-dir=" + cache, "--headers=real")
    c.expect(header2["files_from_cache"] == header2["files_analysed"] and
             header3["files_from_cache"] < header3["files_analysed"],
             "a change to a header the files read sends them to the parser again: "
             "%d of %d from the cache" % (header3["files_from_cache"], header3["files_analysed"]))
    c.expect(header3["findings"] == header["findings"], "... with the same findings")

    # The kernel version changes what findings advise: another key.
    _, v612, _ = scan("--cache-dir=" + cache, "--kernel=6.12")
    c.expect(v612["files_from_cache"] == 0,
             "--kernel=6.12 does not reuse results made for the tree's own version")

    # Neither --no-cache nor SAFESEEK_NO_CACHE reads or writes the cache.
    before = entries(cache)
    _, off, _ = scan("--cache-dir=" + cache, "--no-cache")
    os.environ["SAFESEEK_NO_CACHE"] = "1"
    _, env_off, _ = scan("--cache-dir=" + cache)
    del os.environ["SAFESEEK_NO_CACHE"]
    c.expect(off["files_from_cache"] == 0 and env_off["files_from_cache"] == 0 and
             entries(cache) == before,
             "--no-cache and SAFESEEK_NO_CACHE leave the cache alone")

    # The default place is $XDG_CACHE_HOME/safeseek.
    scan()
    c.expect(len(entries(os.path.join(d, "xdg", "safeseek"))) > 0,
             "without --cache-dir the cache is $XDG_CACHE_HOME/safeseek")

    # A cache that cannot be made: one note naming it, the same findings.
    blocker = os.path.join(d, "blocker")
    open(blocker, "w").close()
    rc, blocked, err = scan("--cache-dir=" + os.path.join(blocker, "sub"))
    notes = [l for l in err.splitlines() if "cache" in l]
    c.expect(rc == 1 and blocked["findings"] == changed["findings"] and len(notes) == 1 and
             os.path.join(blocker, "sub") in notes[0],
             "an unusable cache directory is one note naming it, and changes nothing: %r" % err)

    # Damaged entries are not used.
    for e in entries(cache):
        with open(e, "r+b") as f:
            f.truncate(max(0, os.path.getsize(e) // 2))
    rc, damaged, err = scan("--cache-dir=" + cache)
    c.expect(damaged["findings"] == changed["findings"] and damaged["files_from_cache"] == 0,
             "entries cut short are analysed again, with the same findings")

    # One flipped byte anywhere after the magic line: a miss, the entry
    # written again.  Every byte of one entry, then one byte of each entry.
    rc, whole, _ = scan("--cache-dir=" + cache)
    c.expect(whole["files_from_cache"] == whole["files_analysed"], "all entries rewritten")

    def flip(path, at):
        with open(path, "r+b") as f:
            f.seek(at)
            b = f.read(1)
            f.seek(at)
            f.write(bytes([b[0] ^ 0x20]))

    owner = changed["findings"][0]["file"]
    small = os.path.join(d, "small-cache")
    base_rc, base, _ = c.run("-q", "--format=json", "--cache-dir=" + small, "--", owner, cwd=tree)
    c.expect(len(entries(small)) == 1, "one file, one entry")
    one = entries(small)[0]
    size = os.path.getsize(one)
    with open(one, "rb") as f:
        good_bytes = f.read()
    # the magic line and sum, then the headers and result, sampled
    start = len(b"safeseek-cache 2\n")
    offsets = sorted(set(range(start, min(size, start + 40)))
                     | set(range(start, size, max(1, (size - start) // 80))) | {size - 1})
    wrong = []
    for at in offsets:
        with open(one, "wb") as f:
            f.write(good_bytes)
        flip(one, at)
        rc, out, _ = c.run("-q", "--format=json", "--cache-dir=" + small, "--", owner, cwd=tree)
        doc = json.loads(out)
        if rc != base_rc or doc["findings"] != json.loads(base)["findings"] or \
           doc["files_from_cache"] != 0 or doc["files_failed"] != 0:
            wrong.append(at)
    c.expect(len(offsets) > 40 and not wrong,
             "a byte flipped at any of %d offsets is a miss: wrong at %s"
             % (len(offsets), wrong[:10]))
    with open(one, "rb") as f:
        c.expect(f.read() == good_bytes, "and the entry is written again, whole")
    for e in entries(cache):
        flip(e, os.path.getsize(e) - 1)
    rc, flipped, _ = scan("--cache-dir=" + cache, "--strict")
    c.expect(rc == 1 and flipped["findings"] == changed["findings"] and
             flipped["files_from_cache"] == 0 and flipped["files_failed"] == 0,
             "--strict with every entry damaged: exit 1, the same findings (%d, %s)"
             % (rc, {k: v for k, v in flipped.items() if k.startswith("files")}))

    # Not a regular file in an entry's place: a FIFO would hang the read,
    # /dev/zero exhaust memory.  Both are misses, replaced by an entry.
    shutil.rmtree(cache)
    scan("--cache-dir=" + cache)
    stored = entries(cache)
    fifo, link = stored[0], stored[1]
    os.unlink(fifo)
    os.mkfifo(fifo)
    os.unlink(link)
    os.symlink("/dev/zero", link)
    try:
        rc, odd, _ = scan("--cache-dir=" + cache)
        hung = False
    except subprocess.TimeoutExpired:
        hung = True
    c.expect(not hung, "a FIFO or a link to /dev/zero as an entry does not hang the run")
    if not hung:
        c.expect(odd["findings"] == changed["findings"] and
                 odd["files_from_cache"] == odd["files_analysed"] - 2,
                 "... both are misses: %s" % {k: v for k, v in odd.items() if k.startswith("files")})
        c.expect(stat.S_ISREG(os.lstat(fifo).st_mode) and stat.S_ISREG(os.lstat(link).st_mode),
                 "... and are replaced by entries")

    # A plain file as --cache-dir: one note saying it is no directory.
    rc, plain, err = scan("--cache-dir=" + blocker)
    notes = [l for l in err.splitlines() if "cache" in l]
    c.expect(rc == 1 and plain["findings"] == changed["findings"] and len(notes) == 1 and
             blocker + ": not a directory" in notes[0] and "Permission" not in notes[0],
             "a plain file as --cache-dir: one note saying it is not a directory: %r" % err)
finally:
    cleanup(d)
c.finish()
