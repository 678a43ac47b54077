# SPDX-License-Identifier: GPL-2.0-only
"""spatch's own choice of files for a patch, as words the checker can test.

spatch looks only at the files holding the right words: those its semantic
patch cannot match without (its "expected tokens").  Finding them is a pass
over the whole tree, one per patch, which cost --fix more than the checker's
scan of the same tree.  The checker reads every file anyway, so it answers
instead (its --patch-words option), and spatch is asked only which word
combinations it chooses: over one tiny file per combination, each holding
those words and nothing else.  That gives the choice exactly, as groups of
words: a file is chosen when it holds every word of some group.

When the answer cannot be had so (more words than are worth trying, a choice
that is not only by words), None: spatch chooses that patch's files itself,
with its own pass over the tree, as it also does on a tree too small for
the asking to pay (fix.py).
"""

import os
import re
import shutil
import tempfile

from . import parallel

# Files below which spatch's own pass over them (about 0.15 ms a file for
# each patch) costs less than asking it (about a second).
WORTH_ASKING = 5000
# Words of a patch past which spatch chooses its files itself: 2**12 files
# of a few bytes each are a second of spatch's time.
MAX_WORDS = 12
# What the checker takes as a word (input/word_query.h).
WORD_RE = re.compile(r"^[A-Za-z0-9_]+$")
TOKENS_RE = re.compile(r"^\(ONCE\) Expected tokens (?P<words>.*)$", re.M)
# --patch-words' value past which the choice is left to spatch: far below
# what one argument may hold.
MAX_ARG = 32768


def _ask(runner, patch, version, texts, tmp):
    """Which of `texts` spatch would choose, each as the whole of a file:
    (set of their indexes, what it printed)."""
    d = tempfile.mkdtemp(prefix="words-", dir=tmp)
    try:
        names = []
        for i, text in enumerate(texts):
            path = os.path.join(d, "p%d.c" % i)
            with open(path, "w", encoding="ascii") as f:
                f.write(text)
            names.append(path)
        res = runner.select_files(patch, names, version)
        if res.failed():
            return None, res
        index = {os.path.abspath(n): i for i, n in enumerate(names)}
        return {index[os.path.abspath(f)] for f in res.selected if os.path.abspath(f) in index}, res
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _groups(runner, patch, version, tmp):
    """spatch's choice of files for patch, on files written for the kernel
    `version`, as a list of word groups ([[]]: every file), or None."""
    chosen, res = _ask(runner, patch, version, [""], tmp)
    if chosen is None:
        return None
    if chosen:
        return [[]]
    m = TOKENS_RE.search(res.err) or TOKENS_RE.search(res.out)
    words = m.group("words").split() if m else []
    if not words or len(words) > MAX_WORDS or not all(WORD_RE.match(w) for w in words):
        return None
    n = len(words)
    texts = ["".join(w + "\n" for b, w in enumerate(words) if mask >> b & 1)
             for mask in range(1 << n)]
    chosen, _ = _ask(runner, patch, version, texts, tmp)
    if not chosen or 0 in chosen:
        return None
    # A choice by words alone keeps every file that holds more words than
    # one it chooses; any other is not one the checker can repeat.
    for mask in chosen:
        for b in range(n):
            if not (mask | 1 << b) in chosen:
                return None
    least = [m for m in chosen if not any(o != m and o & m == o for o in chosen)]
    return [[w for b, w in enumerate(words) if m >> b & 1] for m in sorted(least)]


def words(runner, patches, versions, tmp):
    """{patch name: word groups or None} for each patch: the union of its
    choices over the kernel versions of the run's files."""
    def one(patch):
        union = []
        for v in sorted(versions):
            g = _groups(runner, patch, v, tmp)
            if g is None:
                return None
            union += [x for x in g if x not in union]
        if [] in union:
            return [[]]
        if "=" in patch.name or len(argument(patch.name, union)) > MAX_ARG:
            return None
        return union
    return dict(zip([p.name for p in patches], parallel.at_once(*[
        (lambda p=p: one(p)) for p in patches])))


def argument(name, groups):
    """The checker's --patch-words value for a patch's word groups."""
    return "%s.cocci=%s" % (name, ",".join("+".join(g) for g in groups))
