#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Every kind of change in the 2.6.8 sysctl patch has a twin in the corpus.

usage: seed003_check.py [-v] --checker CHECKER SEED_PATCH CORPUS

SEED_PATCH is "Make sysctl pass the pos pointer around properly", the
hand-made conversion of 33 files.  Each of its hunks is rebuilt as the text
before and after, both are cut into C tokens (layout and comments' spacing
do not count), and every token-level edit is classified: a loff_t parameter
added (named or not, last or followed by more, in a typedef, extern, static
or plain declaration or in a definition, after lenp or a differently named
length), ppos passed on in a call (to which callee, as which argument, in
which kind of statement), filp->f_pos replaced by *ppos (in which test or
update, under which name), a comment removed.  The same is done to every
corpus file that carries sysctl_ppos expectations against its converted
form in corpus/expected.  The check fails if a kind of edit in the seed has
no twin in the corpus, or if the seed holds an edit it cannot classify.

With --cocci, each hunk is also rebuilt into a small C file of its own (the
context cut back to whole statements and declarations, a handler wrapped
around body-only fragments, braces and #if blocks closed), the semantic
patch is run over all of them, and its result must equal Linus's text token
for token.  A hunk that cannot be rebuilt that way is listed, not failed.

Exit status: 0 all covered, 1 something is not, 2 usage error, 77 when the
seed patch is not there (the test is then skipped).
"""

import argparse
import collections
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import eras  # noqa: E402
import expectations  # noqa: E402
import rules  # noqa: E402

SKIP = 77
PATCH = "sysctl_ppos"

TOKEN_RE = re.compile(r"""
      (?P<comment>/\*.*?\*/|//[^\n]*)
    | (?P<pp>^[ \t]*\#[^\n]*)
    | (?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
    | (?P<id>[A-Za-z_]\w*)
    | (?P<num>\d[\w.]*)
    | (?P<punct>->|\+=|-=|&&|\|\||==|!=|<=|>=|<<|>>|\+\+|--|\.\.\.|[^\s\w])
    """, re.S | re.M | re.X)

BOUNDARY = {";", "{", "}", "PP", "COMMENT"}


def tokens(text):
    out = []
    for m in TOKEN_RE.finditer(text):
        if m.group("comment"):
            out.append("COMMENT:" + " ".join(m.group("comment").split()))
        elif m.group("pp"):
            out.append("PP")
        else:
            out.append(m.group(0))
    return out


def is_id(tok):
    return re.match(r"^[A-Za-z_]\w*$", tok) is not None and not tok.startswith("COMMENT:")


def is_comment(tok):
    return tok.startswith("COMMENT:")


# ---------------------------------------------------------------------------
# Seed hunks

def seed_hunks(path):
    """Yield (file, before_text, after_text, marked_lines) for every hunk of
    the patch; marked_lines keeps each line with its ' ', '-' or '+'."""
    current, before, after, marked, in_hunk = None, [], [], [], False

    def flush():
        if in_hunk and (before or after):
            return (current, "".join(before), "".join(after), list(marked))
        return None

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("diff ") or line.startswith("--- ") or line.startswith("+++ "):
                h = flush()
                if h:
                    yield h
                before, after, marked, in_hunk = [], [], [], False
                if line.startswith("+++ "):
                    current = line[4:].split("\t")[0].strip()
                    current = current[2:] if current.startswith("b/") else current
                continue
            if line.startswith("@@"):
                h = flush()
                if h:
                    yield h
                before, after, marked, in_hunk = [], [], [], True
                continue
            if not in_hunk:
                continue
            if line.startswith(" ") or line == "\n":
                before.append(line[1:])
                after.append(line[1:])
                marked.append((" ", line[1:]))
            elif line.startswith("-"):
                before.append(line[1:])
                marked.append(("-", line[1:]))
            elif line.startswith("+"):
                after.append(line[1:])
                marked.append(("+", line[1:]))
            else:
                h = flush()
                if h:
                    yield h
                before, after, marked, in_hunk = [], [], [], False
    h = flush()
    if h:
        yield h


# ---------------------------------------------------------------------------
# Classification of token edits

def canonical_insert(after, j1, j2):
    """Slide an inserted run to where it starts with ',' if it can."""
    run = after[j1:j2]
    if run and run[0] == ",":
        return j1, j2
    n = j2 - j1
    # right
    a, b = j1, j2
    while b < len(after) and after[b] == after[a]:
        a, b = a + 1, b + 1
        if after[a] == ",":
            return a, b
    # left
    a, b = j1, j2
    while a > 0 and after[a - 1] == after[b - 1]:
        a, b = a - 1, b - 1
        if after[a] == ",":
            return a, b
    return j1, j1 + n


def open_paren(toks, i):
    """Index of the '(' enclosing position i, or None."""
    depth = 0
    while i >= 0:
        t = toks[i]
        if t == ")":
            depth += 1
        elif t == "(":
            if depth == 0:
                return i
            depth -= 1
        elif t in (";", "{", "}") and depth == 0:
            return None
        i -= 1
    return None


def close_paren(toks, i):
    """Index of the ')' closing the list that position i is in, or None."""
    depth = 0
    while i < len(toks):
        t = toks[i]
        if t == "(":
            depth += 1
        elif t == ")":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    return None


def next_code(toks, i):
    while i < len(toks) and is_comment(toks[i]):
        i += 1
    return toks[i] if i < len(toks) else None


def prev_code(toks, i):
    while i >= 0 and is_comment(toks[i]):
        i -= 1
    return toks[i] if i >= 0 else None


def declaration_flavour(toks, name_at):
    """typedef/extern/static/plain for the declaration whose name is at
    name_at, or None when its start is not in view."""
    i = name_at - 1
    seen = []
    while i >= 0:
        t = toks[i]
        if t in BOUNDARY or is_comment(t):
            break
        seen.append(t)
        i -= 1
    else:
        return None
    for q in ("typedef", "extern", "static"):
        if q in seen:
            return q
    return "plain"


def callee_class(name):
    if name == "proc_dostring":
        return "proc_dostring"
    if name.startswith("proc_dointvec"):
        return "proc_dointvec*"
    if name.startswith("proc_doulongvec"):
        return "proc_doulongvec*"
    if name.startswith("do_proc_do"):
        return "do_proc_do*"
    return "other"


def param_kind(after, a, b):
    run = after[a:b]
    named = len(run) == 4
    follow = next_code(after, b)
    close = close_paren(after, b)
    construct = None
    if close is not None:
        nxt = next_code(after, close + 1)
        construct = {";": "declaration", "{": "definition"}.get(nxt)
    opening = open_paren(after, a - 1)
    flavour = None
    if opening is not None and opening > 0 and is_id(after[opening - 1]):
        flavour = declaration_flavour(after, opening - 1)
    before_tok = after[a - 1]
    length = "unnamed" if before_tok == "*" else ("lenp" if before_tok == "lenp" else "other-name")
    return ("parameter",
            "named" if named else "unnamed",
            "last" if follow == ")" else "more-follow",
            construct, flavour, length)


def call_kind(after, a, b):
    follow = next_code(after, b)
    arg = "address" if a >= 2 and after[a - 2] == "&" else "plain"
    opening = open_paren(after, a - 1)
    callee, stmt = None, None
    if opening is not None and opening > 0:
        head = after[opening - 1]
        if head == ")":
            callee, start = "(*table->proc_handler)", open_paren(after, opening - 2)
        elif is_id(head) and opening >= 2 and after[opening - 2] == "->":
            callee, start = "table->proc_handler", opening - 3
        elif is_id(head):
            callee, start = callee_class(head), opening - 1
        else:
            start = None
        if start is not None and start > 0:
            p = prev_code(after, start - 1)
            if p == "return":
                stmt = "return"
            elif p == "=":
                lhs = start - 2
                stmt = "initializer" if lhs >= 1 and is_id(after[lhs - 1]) and \
                    after[lhs - 1] in ("int", "long", "ssize_t") else "assignment"
            elif p in (";", "{", "}", ")", "else"):
                stmt = "statement"
    return ("call", callee, stmt, "last" if follow == ")" else "more-follow", arg)


def fpos_kind(before, i1, i2, after, j1, j2):
    name = before[i1]
    name = name if name in ("filp", "file", "filep") else "other"
    nxt = next_code(after, j2)
    prv = prev_code(after, j1 - 1)
    if nxt == "+=":
        rhs = after[j2 + 1] if j2 + 1 < len(after) else None
        use = "advance-by-*lenp" if rhs == "*" else "advance"
    elif nxt == "&&":
        use = "test-and-not-write"
    elif nxt == ")" and prv == "||":
        use = "test-or"
    elif nxt == ")" and prv == "(":
        use = "test-alone"
    else:
        use = "use:%s..%s" % (prv, nxt)
    return ("f_pos", use, name)


def classify(before, after):
    """Return (kinds, unclassified) for the token edits from before to after."""
    kinds, odd = [], []
    sm = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        old, new = before[i1:i2], after[j1:j2]
        if op == "insert":
            a, b = canonical_insert(after, j1, j2)
            run = after[a:b]
            if run[:3] == [",", "loff_t", "*"] and (len(run) == 3 or (len(run) == 4 and is_id(run[3]))):
                kinds.append(param_kind(after, a, b))
                continue
            if run == [",", "ppos"]:
                kinds.append(call_kind(after, a, b))
                continue
        if op == "replace" and len(old) == 3 and old[1:] == ["->", "f_pos"] and new == ["*", "ppos"]:
            kinds.append(fpos_kind(before, i1, i2, after, j1, j2))
            continue
        if op == "delete" and all(is_comment(t) for t in old):
            kinds.append(("comment-removed",
                          "FIXME" if any("FIXME" in t for t in old) else "other"))
            continue
        odd.append("%s %r -> %r" % (op, old, new))
    return kinds, odd


def covered(kind, pool):
    for k in pool:
        if len(k) == len(kind) and all(a is None or a == b for a, b in zip(kind, k)):
            return True
    return False


def corpus_kinds(corpus, own_tags):
    kinds = collections.Counter()
    files = 0
    for rel in expectations.corpus_files(corpus):
        tags = {t for (_, t) in expectations.read_expectations(os.path.join(corpus, rel))}
        exp = os.path.join(corpus, "expected", rel)
        if not tags & own_tags or not os.path.exists(exp):
            continue
        files += 1
        with open(os.path.join(corpus, rel), encoding="utf-8") as f:
            before = tokens(f.read())
        with open(exp, encoding="utf-8") as f:
            after = tokens(f.read())
        found, _ = classify(before, after)
        kinds.update(found)
    return kinds, files


# ---------------------------------------------------------------------------
# Rebuilding hunks into files of their own

ENDS_WHOLE = re.compile(r"(;|\{|\}|\*/)$")
CALL_ARGS = re.compile(r"\b\w+\s*\(\s*[^,()]+,\s*[^,()]+,\s*(\w+)\s*,\s*[^,()]+,\s*(\w+)\s*[,)]")


def ends_whole(text):
    t = text.strip()
    return t == "" or t.startswith("#") or ENDS_WHOLE.search(t) is not None


def brace_depths(text):
    depth, lowest = 0, 0
    for t in tokens(text):
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            lowest = min(lowest, depth)
    return depth, lowest


def closers(lines, base):
    """What closes the fragment: '#endif' for each #if left open, each at
    the brace depth it was opened at, and '}' down to depth zero.  base is
    the depth the fragment starts at.  Also returns how many #else/#endif
    have no #if in view."""
    depth, opens, orphans = base, [], 0
    for line in lines:
        t = line.strip()
        if re.match(r"#\s*if", t):
            opens.append(depth)
        elif re.match(r"#\s*(else|elif)", t):
            if not opens:
                orphans = max(orphans, 1)
        elif re.match(r"#\s*endif", t):
            if opens:
                opens.pop()
            else:
                orphans += 1
        elif not t.startswith("#"):
            for tok in tokens(line):
                if tok == "{":
                    depth += 1
                elif tok == "}":
                    depth -= 1
    tail = []
    while opens:
        at = opens.pop()
        while depth > at:
            tail.append("}")
            depth -= 1
        tail.append("#endif")
    tail.extend(["}"] * max(depth, 0))
    return "".join(t + "\n" for t in tail), orphans


def open_parameters(text):
    """When text starts inside a parameter list, how many parameters of it
    are in view; otherwise None."""
    depth, commas = 0, 0
    for t in tokens(text):
        if is_comment(t) or t == "PP":
            continue
        if t == "(":
            depth += 1
        elif t == ")":
            if depth == 0:
                return commas + 1
            depth -= 1
        elif t == "," and depth == 0:
            commas += 1
        elif t in (";", "{", "}") and depth == 0:
            return None
    return None


HANDLER_PARAMS = ["ctl_table *table", "int write", "struct file *filp", "void __user *buffer"]


def rebuild(marked):
    """Turn one hunk into (before, after) texts that stand on their own, or
    None when there is nothing to rebuild."""
    changed = [i for i, (m, _) in enumerate(marked) if m != " "]
    if not changed:
        return None
    first, last = changed[0], changed[-1]
    start = 0
    for i in range(first):
        if ends_whole(marked[i][1]):
            start = i + 1
            break
    end = last + 1
    for i in range(len(marked) - 1, last, -1):
        if ends_whole(marked[i][1]) or marked[i][1].strip().endswith(")"):
            end = i + 1
            break
    # A leading line indented deeper than the first change is the tail of a
    # block whose head is out of view; without its head it would read as
    # dead code after a return.
    indent = len(marked[first][1].expandtabs()) - len(marked[first][1].expandtabs().lstrip())
    while start < first:
        text = marked[start][1].expandtabs()
        if text.strip() and len(text) - len(text.lstrip()) > indent:
            start += 1
        else:
            break
    kept = marked[start:end]
    before = [t for (m, t) in kept if m != "+"]
    after = [t for (m, t) in kept if m != "-"]
    before_text, after_text = "".join(before), "".join(after)

    head_b = head_a = ""
    present = open_parameters(before_text)
    if present is not None and present < 5:
        head_b = head_a = ("static int seed_fragment(%s,\n"
                           % ", ".join(HANDLER_PARAMS[:5 - present]))
    first_code = next((t for t in before if t.strip() and not t.lstrip().startswith("#")), "")
    _, lowest = brace_depths(head_b + before_text)
    opened = 0
    if not head_b and (lowest < 0 or first_code[:1] in (" ", "\t")):
        opened = max(1, -lowest)
        if "proc_handler" in before_text:
            head_b = head_a = ("static ssize_t seed_fragment(int write, struct file *file, "
                               "char __user *buf, size_t count, loff_t *ppos)\n")
        else:
            m = re.search(r"(\w+)->f_pos", before_text)
            c = CALL_ARGS.search(before_text)
            filp = m.group(1) if m else (c.group(1) if c else "filp")
            lenp = c.group(2) if c else "lenp"
            sig = ("static int seed_fragment(ctl_table *table, int write,\n"
                   "\t\t\t struct file *%s, void __user *buffer,\n"
                   "\t\t\t size_t *%s" % (filp, lenp))
            head_b = sig + ")\n"
            head_a = sig + ", loff_t *ppos)\n"
        head_b += "{\n" * opened
        head_a += "{\n" * opened
    tail = "\n{\n}\n" if before_text.rstrip().endswith(")") else ""
    close, orphans = closers(before, opened)
    tail += close
    pre = "#ifdef SEED_FRAGMENT\n" * orphans
    return (pre + head_b + before_text + tail, pre + head_a + after_text + tail)


def reproduce(seed, cocci, spatch, checker):
    """Run the semantic patch over every rebuilt hunk, told the era of the
    2.6.7 tree the seed converts, as run-check.sh would tell it.  Returns (reproduced,
    differing, unbuilt, identical) lists of hunk labels, differing with
    their diffs; identical ones match in layout too."""
    built = []
    for n, (path, _, _, marked) in enumerate(seed_hunks(seed)):
        r = rebuild(marked)
        label = "%s#%d" % (path, n + 1)
        built.append((label, r))
    same, differ, unbuilt, exact = [], [], [], []
    tmp = tempfile.mkdtemp(prefix="seed003-")
    try:
        for i, (label, r) in enumerate(built):
            if r is None:
                continue
            with open(os.path.join(tmp, "hunk%03d.c" % i), "w", encoding="utf-8") as f:
                f.write(r[0])
        try:
            era = eras.defines(eras.of_version(checker, "2.6.7"), cocci)
        except eras.EraError as e:
            raise RuntimeError(str(e))
        cmd = [spatch, "--sp-file", cocci, "-D", "patch", "--very-quiet", "--in-place",
               "--no-includes", "--timeout", "120", "--dir", tmp] + era
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, errors="replace")
        if p.returncode != 0:
            raise RuntimeError("spatch failed (exit %d): %s" % (p.returncode, p.stderr.strip()))
        for i, (label, r) in enumerate(built):
            if r is None:
                continue
            with open(os.path.join(tmp, "hunk%03d.c" % i), encoding="utf-8") as f:
                got = f.read()
            if tokens(got) == tokens(r[1]):
                same.append(label)
                if [l.rstrip() for l in got.splitlines()] == [l.rstrip() for l in r[1].splitlines()]:
                    exact.append(label)
            elif got == r[0]:
                unbuilt.append(label)
            else:
                diff = "".join(difflib.unified_diff(r[1].splitlines(True), got.splitlines(True),
                                                    "seed", "spatch"))
                differ.append((label, diff))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return same, differ, unbuilt, exact


def show(kind):
    return " ".join("?" if x is None else str(x) for x in kind)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--cocci", help="also run this semantic patch over the rebuilt hunks")
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, whose rule table says which rules the patch fixes")
    ap.add_argument("seed")
    ap.add_argument("corpus")
    args = ap.parse_args()
    if not os.path.isfile(args.seed):
        print("skipped: the seed patch %s is not there (configure with -DSAFESEEK_SEED_DIR=DIR, "
              "or put shared/seeds beside the repository)" % args.seed)
        return SKIP
    if not os.path.isdir(os.path.join(args.corpus, "expected")):
        print("seed003_check: %s: not a corpus with expected/" % args.corpus, file=sys.stderr)
        return 2

    seed = collections.Counter()
    where = collections.defaultdict(list)
    problems = []
    hunks = 0
    for path, before, after, _ in seed_hunks(args.seed):
        hunks += 1
        found, odd = classify(tokens(before), tokens(after))
        if not found and not odd:
            continue
        for k in found:
            seed[k] += 1
            where[k].append(path)
        for o in odd:
            problems.append("%s: an edit of the seed no kind describes: %s" % (path, o))
    if not hunks:
        problems.append("%s: no hunks found" % args.seed)

    # The patch's own tag, and the checker rules it fixes (the rule table's `fix`).
    try:
        fixes = rules.fixed_by(rules.rule_table(args.checker)).get(PATCH)
    except rules.RuleTableError as e:
        print("seed003_check: %s" % e, file=sys.stderr)
        return 1
    if not fixes:
        print("seed003_check: no rule of the checker names %s.cocci as its fix" % PATCH,
              file=sys.stderr)
        return 1
    own_tags = {PATCH} | fixes
    pool, files = corpus_kinds(args.corpus, own_tags)
    if not files:
        problems.append("no corpus file carries sysctl_ppos expectations with an expected/ form")
    for k in sorted(seed, key=show):
        ok = covered(k, pool)
        if not ok:
            problems.append("not in the corpus: %s (seed: %s)" % (show(k), ", ".join(sorted(set(where[k])))))
        if args.verbose:
            print("%-8s %3d  %s" % ("ok" if ok else "MISSING", seed[k], show(k)))
    if args.verbose:
        for k in sorted(set(pool) - set(seed), key=show):
            print("%-8s %3d  %s" % ("corpus", pool[k], show(k)))

    summary = ""
    if args.cocci:
        try:
            same, differ, unbuilt, exact = reproduce(args.seed, args.cocci, args.spatch,
                                                 args.checker)
        except RuntimeError as e:
            problems.append(str(e))
            same, differ, unbuilt, exact = [], [], [], []
        for label, diff in differ:
            problems.append("%s: the semantic patch does not reproduce this hunk\n%s" % (label, diff))
        for label in unbuilt:
            print("%s: rebuilt hunk left unchanged (could not be matched on its own)" % label)
        summary = ("; hunks reproduced: %d of %d rebuilt (%d in layout too), %d differ, %d unchanged"
                   % (len(same), len(same) + len(differ) + len(unbuilt), len(exact),
                      len(differ), len(unbuilt)))

    for p in problems:
        print(p)
    total = sum(seed.values())
    print("seed003_check: %d hunks, %d edits of %d kinds; corpus: %d files, %d edits of %d kinds%s; %s"
          % (hunks, total, len(seed), files, sum(pool.values()), len(pool), summary,
             "%d problem(s)" % len(problems) if problems else "all good"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
