# SPDX-License-Identifier: GPL-2.0-only
"""A crash while analysing one file costs that file only.

The checker runs with crash_preload.so, which kills the process that parses
any file named *crashme*.  The run must go on in a new worker process and
report that file in one line, analyse every other file (those after it in
the same worker's batch too), exit as the findings say, leave no temporary
directory behind, and print the same report whatever -j is.  With
--patch-files every patch is given the files it crashed on.  In Kbuild mode
the crash is one line, not a failed build.

Arguments: the checker, the corpus, the preload library.
"""

import json
import os
import shutil
import sys
import tempfile

from checklib import Checker

checker, corpus, preload = sys.argv[1:4]
c = Checker(checker)
driver = os.path.join(corpus, "drivers", "misc", "lcd_panel.c")
tmp = tempfile.mkdtemp(prefix="safeseek-crash-")
env_tmp = os.path.join(tmp, "tmpdir")
os.makedirs(env_tmp)
try:
    tree = os.path.join(tmp, "tree")
    shutil.copytree(os.path.join(corpus, "include"), os.path.join(tree, "include"))
    d = os.path.join(tree, "drivers")
    os.makedirs(d)
    names = ["a%02d.c" % i for i in range(40)] + ["crashme.c", "crashme2.c"]
    for n in names:
        shutil.copy(driver, os.path.join(d, n))

    clean = Checker(checker).run("-j1", d)
    os.environ["LD_PRELOAD"] = preload
    os.environ["TMPDIR"] = env_tmp
    # Under AddressSanitizer (the CI's second run) the preload comes before
    # the runtime, and the fault must kill the worker as it does without:
    # ASan's own SEGV report would end it with exit status 1 instead.
    asan_options = os.environ.get("ASAN_OPTIONS")
    os.environ["ASAN_OPTIONS"] = ":".join(
        o for o in (asan_options, "verify_asan_link_order=0", "handle_segv=0") if o)
    try:
        runs = {j: c.run("-j%d" % j, d) for j in (1, 2, 3)}
        pf_rc, pf_out, _ = c.run("-j2", "--format=json", "-q", "--patch-files",
                                 "--patch-words=w.cocci=no_such_word", d)
        k_rc, _, k_err = c.run("-D__KERNEL__", "-nostdinc", "-I", os.path.join(tree, "include"),
                               os.path.join(d, "crashme.c"))
    finally:
        del os.environ["LD_PRELOAD"]
        del os.environ["TMPDIR"]
        if asan_options is None:
            del os.environ["ASAN_OPTIONS"]
        else:
            os.environ["ASAN_OPTIONS"] = asan_options

    rc, out, err = runs[1]
    lines = err.decode().splitlines()
    crashed = [l for l in lines if "crashed" in l]
    c.expect(len(crashed) == 2 and all("crashme" in l for l in crashed),
             "one line for each file it crashed on: %r" % lines)
    c.expect(all("Segmentation fault" in l and "not analysed" in l for l in crashed),
             "naming the signal and what became of the file: %r" % crashed)
    per_file = out.count(b"a00.c:")
    c.expect(per_file > 0 and all(out.count(("%s:" % n).encode()) == per_file
                                  for n in names if n.startswith("a")),
             "every other file reports its findings")
    c.expect(b"crashme" not in out, "no finding of a file whose analysis died")
    c.expect(rc == 1, "exit status 1, for the findings: %d" % rc)
    c.expect(b"40 analysed" in err and b"2 failed" in err,
             "the summary counts 40 analysed and 2 failed: %r" % err[-300:])
    for j in (2, 3):
        c.expect(runs[j] == runs[1], "-j%d gives the same output as -j1" % j)
    # Beside the crash, the report is the one of a run without it.
    c.expect([l for l in clean[1].splitlines() if b"crashme" not in l] == out.splitlines(),
             "the other files' findings are those of a run without crashes")
    c.expect(os.listdir(env_tmp) == [], "no temporary files left: %r" % os.listdir(env_tmp))
    # --patch-files: a file the checker could not look at may need any patch.
    try:
        pf = json.loads(pf_out).get("patch_files", {})
    except ValueError:
        pf = {}
    for patch in ("stream_open.cocci", "w.cocci"):
        named = sorted(os.path.basename(f) for f in pf.get(patch, []))
        c.expect([n for n in named if "crashme" in n] == ["crashme.c", "crashme2.c"],
                 "--patch-files names the files it crashed on for %s: %r" % (patch, named))
    k_lines = k_err.decode().splitlines()
    c.expect(k_rc == 0 and len(k_lines) == 1 and "crashed" in k_lines[0] and
             "error" not in k_lines[0],
             "Kbuild mode: one line without the word error, exit 0 (%d): %r" % (k_rc, k_lines))
finally:
    shutil.rmtree(tmp, ignore_errors=True)
c.finish()
