#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""--fix lets the checker choose, by their words, the files of the patches
it does not choose for itself: for each such patch, the word groups spatch
answers for (selection.words) and the checker's --patch-words must choose
exactly the files spatch's own pass over the tree chooses, on a copy of the
corpus with a few files added that hold some of the words and not others.
Then run-check.sh --fix, which asks so only on a tree of
selection.WORTH_ASKING files or more, converts a corpus padded to that size
exactly as the corpus expects (its expected/ copies).

usage: test_word_choice.py SRC_DIR CHECKER
"""

import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.abspath(sys.argv[1])
CHECKER = os.path.abspath(sys.argv[2])
sys.path.insert(0, os.path.join(TOP, "python"))

from safeseek import checker, cocci, kernel, patches, selection  # noqa: E402

# Each holds words some patch looks for, as whole words or inside others.
EXTRA = {
    "extra/pos_only.c": "long f(struct file *f) { return f->f_pos; }\n",
    "extra/pos_part.c": "long f(struct s *s) { return s->f_pos_lock; }\n",
    "extra/espipe.h": "#define NO_SEEK (-ESPIPE)\n",
    "extra/ctl_only.c": "struct ctl_table t[1];\n",
    "extra/ctl_size.c": "struct ctl_table t[1];\nsize_t n;\n",
    "extra/comment.c": "/* f_pos and ESPIPE, in a comment only */\n",
}

failures = []


def expect(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what)


tmp = tempfile.mkdtemp(prefix="word-choice-")
try:
    tree = os.path.join(tmp, "tree")
    shutil.copytree(os.path.join(TOP, "corpus"), tree,
                    ignore=shutil.ignore_patterns("expected"))
    for rel, text in EXTRA.items():
        os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
        with open(os.path.join(tree, rel), "w") as f:
            f.write(text)
    sources = sorted(os.path.join(d, n) for d, _, ns in os.walk(tree)
                     for n in ns if n.endswith((".c", ".h")))

    runner = cocci.Runner("spatch", 1, 120, python=sys.executable, tmp=tmp,
                          versions=kernel.Eras())
    chk = checker.Checker(CHECKER, 2, tmp=tmp, kernel="6.1")
    era = tuple(sorted(chk.eras([sources[0]])[0]))
    runner.versions.learn(chk, sources)
    own = set(chk.patches_chosen())
    others = [p for p in patches.find(os.path.join(TOP, "semantic-patches"))
              if p.name not in own]
    expect(len(others) >= 3, "patches chosen by words: %s" % [p.name for p in others])
    groups = selection.words(runner, others, {era}, tmp)
    args = []
    for p in others:
        expect(groups[p.name] not in (None, [[]]),
               "%s: spatch's choice as words: %r" % (p.name, groups[p.name]))
        if groups[p.name] not in (None, [[]]):
            args.append(selection.argument(p.name, groups[p.name]))
    print("word groups: %s" % json.dumps(groups, sort_keys=True))

    _, by_checker = chk.findings([tree], patch_files=True, patch_words=args)
    for p in others:
        if groups[p.name] in (None, [[]]):
            continue
        res = runner.on_files(p, "patch", sources, selected_only=True)
        expect(not res.failed(), "%s: spatch --selected-only ran: %s" % (p.name, res.tail(3)))
        by_spatch = {os.path.normpath(f) for f in res.selected}
        mine = {os.path.normpath(f) for f in by_checker.get(p.name, [])}
        expect(by_spatch, "%s: spatch chooses some file of the tree" % p.name)
        expect(mine == by_spatch,
               "%s: the checker chooses as spatch does; only the checker: %s; only spatch: %s"
               % (p.name, sorted(mine - by_spatch), sorted(by_spatch - mine)))
        print("%s: %d files, chosen alike" % (p.name, len(by_spatch)))

    def fix(top):
        env = dict(os.environ, SAFESEEK_BUILD_DIR=os.path.dirname(CHECKER))
        p = subprocess.run([os.path.join(TOP, "run-check.sh"), "--fix", "-j", "1", top],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=env, timeout=1200)
        expect(p.returncode == 0, "--fix on %s: exit %d\n%s" % (top, p.returncode,
                                                                 p.stderr[-2000:]))
        return p.stderr

    big = os.path.join(tmp, "big")
    shutil.copytree(os.path.join(TOP, "corpus"), big, ignore=shutil.ignore_patterns("expected"))
    for i in range(selection.WORTH_ASKING):
        d = os.path.join(big, "filler", "d%02d" % (i // 100))
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "f%04d.c" % i), "w") as f:
            f.write("int filler_%d;\n" % i)
    fix(big)
    # Each corpus file as the corpus expects it converted: its expected/
    # copy, or itself when no patch may change it.
    corpus = os.path.join(TOP, "corpus")
    differ = []
    for d, dirs, names in os.walk(corpus):
        if d == corpus:
            dirs.remove("expected")
        for n in names:
            rel = os.path.relpath(os.path.join(d, n), corpus)
            want = os.path.join(corpus, "expected", rel)
            if not os.path.exists(want):
                want = os.path.join(corpus, rel)
            if not filecmp.cmp(os.path.join(big, rel), want, shallow=False):
                differ.append(rel)
    expect(not differ, "--fix converts the padded corpus otherwise than expected/: %s"
           % sorted(differ))
    if not differ:
        print("--fix with the checker choosing by words: the corpus converted alike")
finally:
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    sys.exit(1)
print("word choice: all patches chosen alike")
