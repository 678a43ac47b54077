#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check a semantic patch against the corpus and its inline expectations.

usage: check_cocci.py [--spatch SPATCH] --checker CHECKER CORPUS PATCH_DIR CHECK [NAME]

CHECK is one of
  patch       NAME in patch mode, applied to a copy of the corpus: a file whose
              expectations belong to NAME alone becomes its corpus/expected
              copy; a file with none of NAME's expectations is untouched; a
              file shared with other patches changes.
  idempotent  applying NAME to its own output changes nothing.
  report      report mode names exactly the annotated lines of NAME's tags.
  org         org mode lists exactly those lines.
  context     context mode marks every annotated line, and every run of
              marked lines holds an annotated one.
  chain       all patches applied in order turn the corpus into
              corpus/expected, and a second pass changes nothing.

Spatch runs with the options of the patch's own `// Options:` header line, as
`make coccicheck` does.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
import eras  # noqa: E402
import expectations  # noqa: E402
import rules  # noqa: E402
# The order run-check.sh --fix applies them in; corpus/expected is the result.
from safeseek.patches import ORDER  # noqa: E402


REPORT_RE = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+)-(?P<cole>\d+): ")
ORG_RE = re.compile(r"^\*+ TODO \[\[view:(?P<file>.+?)::face=[^:]*::linb=(?P<line>\d+)::")
HUNK_RE = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")


class Failure(Exception):
    pass


def patch_options(cocci):
    with open(cocci, encoding="utf-8") as f:
        for line in f:
            if line.startswith("// Options:"):
                return line[len("// Options:"):].split()
    return []


def copy_corpus(corpus, dest):
    for rel in list(expectations.corpus_files(corpus)) + list(makefiles(corpus)):
        os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
        shutil.copy2(os.path.join(corpus, rel), os.path.join(dest, rel))


def makefiles(corpus):
    """The top Makefiles of the corpus's small kernel trees (corpus/modern):
    stream_open.cocci takes the kernel version from them."""
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        if os.path.relpath(root, corpus).split(os.sep)[0] == "expected":
            dirs[:] = []
            continue
        if "Makefile" in files:
            yield os.path.relpath(os.path.join(root, "Makefile"), corpus)


def sources(tree):
    """The files spatch --dir would go through, as it names them."""
    out = []
    for root, dirs, files in os.walk(tree):
        dirs.sort()
        out += ["./" + os.path.relpath(os.path.join(root, f), tree)
                for f in sorted(files) if f.endswith((".c", ".h"))]
    return out


def run_spatch(args, cocci, mode, tree, option):
    """spatch over the whole of tree with one more option, once per kernel
    era among its files, each told its era as run-check.sh tells it; the
    outputs one after the other."""
    try:
        groups = eras.of_files(args.checker, tree, sources(tree))
    except eras.EraError as e:
        raise Failure(str(e))
    out = err = ""
    for era, files in sorted(groups.items()):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as g:
            g.write("\n\n".join(files) + "\n")
            g.flush()
            # spatch's python scripting looks for an interpreter on PATH unless
            # told; that may be a slow wrapper or one without Debian's libpython.
            cmd = [args.spatch, "--python", sys.executable, "--sp-file", cocci, "-D", mode,
                   option, "--file-groups", g.name] + eras.defines(era, cocci) \
                + patch_options(cocci)
            p = subprocess.run(cmd, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True, errors="replace")
        if p.returncode != 0:
            raise Failure("spatch %s %s failed (exit %d):\n%s"
                          % (mode, " ".join(era), p.returncode, p.stderr))
        out += p.stdout
        err += p.stderr
    return subprocess.CompletedProcess([args.spatch], 0, out, err)


def spatch(args, cocci, mode, tree):
    return run_spatch(args, cocci, mode, tree, "--very-quiet").stdout


def verdict(tool, label, problems):
    """Print the problems and one line that sums them up; the exit status."""
    for p in problems:
        print(p)
    print("%s: %s: %s" % (tool, label, "%d problem(s)" % len(problems) if problems else "ok"))
    return 1 if problems else 0


def apply_patch(args, name, tree):
    """Run NAME in patch mode over tree and apply its diff; return the diff."""
    diff = spatch(args, os.path.join(args.patch_dir, name + ".cocci"), "patch", tree)
    if diff.strip():
        p = subprocess.run(["patch", "-p1", "--no-backup-if-mismatch", "-s", "-d", tree],
                           input=diff, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode != 0:
            raise Failure("the diff of %s does not apply:\n%s" % (name, p.stdout))
    return diff


def read(path):
    with open(path, "rb") as f:
        return f.read()


def owned_tags(checker):
    """{patch: the expectation tags it answers for}: the checker rules it
    fixes (their `fix` in the checker's rule table) and its own name, for
    places only it reports."""
    try:
        table = rules.rule_table(checker)
    except rules.RuleTableError as e:
        raise Failure(str(e))
    owned = {name: {name} for name in ORDER}
    for patch, ids in rules.fixed_by(table).items():
        if patch not in owned:
            raise Failure("the checker's rules name %s.cocci as a fix, which is not one of %s"
                          % (patch, ", ".join(ORDER)))
        owned[patch] |= ids
    return owned


def owners(owned, corpus, rel):
    tags = {tag for (_, tag) in expectations.read_expectations(os.path.join(corpus, rel))}
    return {name for name, own in owned.items() if tags & own}


def wanted(corpus, rel):
    exp = os.path.join(corpus, "expected", rel)
    return read(exp) if os.path.exists(exp) else read(os.path.join(corpus, rel))


def unified(rel, want, got):
    import difflib
    return "".join(difflib.unified_diff(
        want.decode("utf-8", "replace").splitlines(True),
        got.decode("utf-8", "replace").splitlines(True),
        "expected/" + rel, "converted/" + rel))


def check_patch(args, name, tree):
    apply_patch(args, name, tree)
    problems = []
    for rel in expectations.corpus_files(args.corpus):
        got = read(os.path.join(tree, rel))
        orig = read(os.path.join(args.corpus, rel))
        own = owners(args.owned, args.corpus, rel)
        if name not in own:
            if got != orig:
                problems.append("%s: changed, but has no expectation of %s\n%s"
                                % (rel, name, unified(rel, orig, got)))
        elif own == {name}:
            if not os.path.exists(os.path.join(args.corpus, "expected", rel)):
                problems.append("%s: has expectations of %s but no expected/ copy" % (rel, name))
            elif got != wanted(args.corpus, rel):
                problems.append("%s: differs from its expected form\n%s"
                                % (rel, unified(rel, wanted(args.corpus, rel), got)))
        elif got == orig:
            problems.append("%s: has expectations of %s but was not changed" % (rel, name))
    return problems


def check_idempotent(args, name, tree):
    apply_patch(args, name, tree)
    again = spatch(args, os.path.join(args.patch_dir, name + ".cocci"), "patch", tree)
    return ["a second run still changes:\n" + again] if again.strip() else []


def annotated_lines(corpus, tags):
    places = set()
    for rel in expectations.corpus_files(corpus):
        for (line, tag) in expectations.read_expectations(os.path.join(corpus, rel)):
            if tag in tags:
                places.add((rel, line))
    return places


def norm(path):
    return os.path.normpath(path[2:] if path.startswith("./") else path)


def compare_places(want, got, mode):
    problems = []
    for rel, line in sorted(want - got):
        problems.append("%s:%d: annotated, but %s mode does not name it" % (rel, line, mode))
    for rel, line in sorted(got - want):
        problems.append("%s:%d: named by %s mode, but not annotated" % (rel, line, mode))
    return problems


def check_listing(args, name, tree, mode, pattern):
    out = spatch(args, os.path.join(args.patch_dir, name + ".cocci"), mode, tree)
    got = set()
    for text in out.splitlines():
        m = pattern.match(text)
        if m:
            got.add((norm(m.group("file")), int(m.group("line"))))
    want = annotated_lines(args.corpus, args.owned[name])
    if not want:
        return ["no line of the corpus is annotated for %s" % name]
    return compare_places(want, got, mode)


def context_marks(out):
    """Map each file to the old-side line numbers context mode marks with '-'."""
    marks, current, old = {}, None, 0
    for text in out.splitlines():
        if text.startswith("--- "):
            current = norm(text[4:].split("\t")[0])
            marks.setdefault(current, set())
        elif text.startswith("+++ "):
            continue
        elif HUNK_RE.match(text):
            old = int(HUNK_RE.match(text).group(1))
        elif current is not None and text.startswith("-"):
            marks[current].add(old)
            old += 1
        elif current is not None and text.startswith(" "):
            old += 1
    return marks


def runs(lines):
    run = []
    for n in sorted(lines):
        if run and n != run[-1] + 1:
            yield run
            run = []
        run.append(n)
    if run:
        yield run


def check_context(args, name, tree):
    out = spatch(args, os.path.join(args.patch_dir, name + ".cocci"), "context", tree)
    marks = context_marks(out)
    want = annotated_lines(args.corpus, args.owned[name])
    if not want:
        return ["no line of the corpus is annotated for %s" % name]
    problems = ["%s:%d: annotated, but context mode does not mark it" % place
                for place in sorted(want) if place[1] not in marks.get(place[0], ())]
    for rel, lines in sorted(marks.items()):
        for run in runs(lines):
            if not any((rel, n) in want for n in run):
                problems.append("%s:%d-%d: marked by context mode, but no line there is annotated"
                                % (rel, run[0], run[-1]))
    return problems


def check_chain(args, tree):
    for name in ORDER:
        apply_patch(args, name, tree)
    problems = []
    for rel in expectations.corpus_files(args.corpus):
        got = read(os.path.join(tree, rel))
        if got != wanted(args.corpus, rel):
            problems.append("%s: after all patches, differs from its expected form\n%s"
                            % (rel, unified(rel, wanted(args.corpus, rel), got)))
    for rel in expectations.corpus_files(os.path.join(args.corpus, "expected")):
        if not os.path.exists(os.path.join(args.corpus, rel)):
            problems.append("expected/%s: has no original in the corpus" % rel)
    for name in ORDER:
        again = spatch(args, os.path.join(args.patch_dir, name + ".cocci"), "patch", tree)
        if again.strip():
            problems.append("%s still changes the converted corpus:\n%s" % (name, again))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--checker", required=True,
                    help="safeseek-check, whose rule table says which patch fixes which rule")
    ap.add_argument("corpus")
    ap.add_argument("patch_dir")
    ap.add_argument("check", choices=["patch", "idempotent", "report", "org", "context", "chain"])
    ap.add_argument("name", nargs="?", choices=ORDER)
    args = ap.parse_args()
    if args.check != "chain" and not args.name:
        ap.error("%s needs the name of a semantic patch" % args.check)
    if args.name and not os.path.exists(os.path.join(args.patch_dir, args.name + ".cocci")):
        print("check_cocci: %s.cocci: no such semantic patch in %s"
              % (args.name, args.patch_dir), file=sys.stderr)
        return 1
    args.corpus = os.path.abspath(args.corpus)
    args.patch_dir = os.path.abspath(args.patch_dir)
    with tempfile.TemporaryDirectory(prefix="safeseek-cocci-") as tree:
        copy_corpus(args.corpus, tree)
        try:
            args.owned = owned_tags(args.checker)
            if args.check == "chain":
                problems = check_chain(args, tree)
            elif args.check == "patch":
                problems = check_patch(args, args.name, tree)
            elif args.check == "idempotent":
                problems = check_idempotent(args, args.name, tree)
            elif args.check == "report":
                problems = check_listing(args, args.name, tree, "report", REPORT_RE)
            elif args.check == "org":
                problems = check_listing(args, args.name, tree, "org", ORG_RE)
            else:
                problems = check_context(args, args.name, tree)
        except Failure as e:
            problems = [str(e)]
    return verdict("check_cocci", ("%s %s" % (args.check, args.name or "")).strip(), problems)


if __name__ == "__main__":
    sys.exit(main())
