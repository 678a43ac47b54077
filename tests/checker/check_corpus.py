#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""safeseek-check against the inline expectations of a corpus.

usage: check_corpus.py CHECKER ROOT [DIR...]
       check_corpus.py --expected CHECKER EXPECTED_ROOT
       check_corpus.py --self-test CHECKER CORPUS

The first form runs `CHECKER --format=json` over the DIRs of ROOT (default:
every top-level entry but expected/) and fails unless, file by file, the
findings equal the hyphenated expectation tags exactly (see corpus/README.md).
Every finding must also name what its rule promises (`names` in the rule
table: its function or its file_operations), and its message must name the
function and object the finding gives.

--expected runs over a tree of converted files (corpus/expected): rules that
a semantic patch fixes (a fix in `CHECKER --list-rules --format=json`) must
report nothing there, whatever the comments say; every finding of the other
rules must be annotated.  An annotated finding of those rules may be gone: comments travel
with the code, and a conversion can remove a problem no patch is named for
(nonseekable_open() added to an open method closes a pread hole).

--self-test checks that the comparison can fail: a corpus file with one
annotation dropped, or one added, must be caught.
"""

import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import expectations  # noqa: E402
import rules  # noqa: E402


class Failure(Exception):
    pass


def run_checker(checker, root, paths):
    cmd = [checker, "--format=json", "-q", "--"] + list(paths)
    p = subprocess.run(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, errors="replace")
    if p.returncode not in (0, 1):
        raise Failure("%s exited %d:\n%s" % (" ".join(cmd), p.returncode, p.stderr))
    if p.stderr.strip():
        # With -q, anything on stderr is a file that did not parse cleanly.
        raise Failure("%s complained:\n%s" % (" ".join(cmd), p.stderr.rstrip()))
    try:
        report = json.loads(p.stdout)
    except ValueError as e:
        raise Failure("%s: output is not JSON: %s" % (" ".join(cmd), e))
    if report.get("files_failed"):
        raise Failure("%d file(s) could not be analysed" % report["files_failed"])
    return report


def rule_table(checker):
    try:
        return rules.rule_table(checker)
    except rules.RuleTableError as e:
        raise Failure(str(e))


def findings_by_file(report, root):
    got = collections.defaultdict(collections.Counter)
    for f in report["findings"]:
        path = f["file"]
        if os.path.isabs(path):
            path = os.path.relpath(path, root)
        got[os.path.normpath(path)][(f["line"], f["rule"])] += 1
    return got


def naming_problems(report, table):
    """Findings that do not name what their rule promises (`names` in the
    checker's rule table), or whose message does not name what they do."""
    problems = []
    for f in report["findings"]:
        where = "%s:%d: %s" % (f["file"], f["line"], f["rule"])
        names = table.get(f["rule"], {}).get("names")
        if names and not f.get(names):
            problems.append("%s: no %s given" % (where, names))
        for key in ("function", "object"):
            if f.get(key) and "'%s'" % f[key] not in f["message"]:
                problems.append("%s: message does not name %s '%s'" % (where, key, f[key]))
    return problems


def wanted(root, rel, keep):
    exp = expectations.read_expectations(os.path.join(root, rel))
    return collections.Counter({k: n for k, n in exp.items()
                                if expectations.is_checker_rule(k[1]) and keep(k[1])})


def under(rel, dirs):
    top = rel.split(os.sep)[0]
    return not dirs or top in dirs or rel in dirs


def check_source(checker, root, dirs):
    if not dirs:
        dirs = sorted(d for d in os.listdir(root)
                      if d != "expected" and not d.startswith("."))
    table = rule_table(checker)
    report = run_checker(checker, root, dirs)
    got = findings_by_file(report, root)
    files = [rel for rel in expectations.corpus_files(root) if under(rel, dirs)]
    problems = []
    for rel in files:
        problems += expectations.compare(wanted(root, rel, lambda tag: True),
                                         got.pop(rel, collections.Counter()), rel)
    for rel, counter in sorted(got.items()):
        problems += expectations.compare(collections.Counter(), counter, rel)
    problems += ["%s: rule %s is not in the checker's rule table" % (f["file"], f["rule"])
                 for f in report["findings"] if f["rule"] not in table]
    problems += naming_problems(report, table)
    return problems, report, len(files)


def check_expected(checker, root):
    fixed = {rule for rule, r in rule_table(checker).items() if r["fix"]}
    dirs = sorted(d for d in os.listdir(root) if not d.startswith("."))
    report = run_checker(checker, root, dirs)
    got = findings_by_file(report, root)
    files = list(expectations.corpus_files(root, include_expected=True))
    problems = []
    for rel in sorted(set(files) | set(got)):
        actual = got.get(rel, collections.Counter())
        for (line, rule), n in sorted(actual.items()):
            if rule in fixed:
                problems.append("%s:%d: %s still reported after conversion%s"
                                % (rel, line, rule, "" if n == 1 else " (%d times)" % n))
        rest = collections.Counter({k: n for k, n in actual.items() if k[1] not in fixed})
        want = wanted(root, rel, lambda tag: tag not in fixed) if rel in files else collections.Counter()
        for key in sorted(set(want) | set(rest)):
            if rest[key] > want[key]:
                problems += expectations.compare(collections.Counter({key: want[key]}),
                                                 collections.Counter({key: rest[key]}), rel)
            elif rest[key] < want[key]:
                print("%s:%d: %s no longer reported after conversion" % (rel, key[0], key[1]))
    return problems, report, len(files)


def self_test(checker, corpus):
    """The comparison must notice a dropped and an added annotation."""
    def rule_lines(rel):
        return sorted(line for line, tag in expectations.read_expectations(
            os.path.join(corpus, rel)) if expectations.is_checker_rule(tag))

    sample = next((rel for rel in expectations.corpus_files(corpus)
                   if rel.endswith(".c") and rule_lines(rel)), None)
    if sample is None:
        raise Failure("no annotated corpus file to test with")
    with open(os.path.join(corpus, sample), encoding="utf-8") as f:
        lines = f.read().split("\n")
    annotated = rule_lines(sample)[0] - 1
    plain = next(i for i, l in enumerate(lines) if l.strip() == "" and i > 0)
    variants = {
        "unchanged": (lines, True),
        "annotation dropped": ([expectations.EXPECT_RE.sub("", l) if i == annotated else l
                                for i, l in enumerate(lines)], False),
        "annotation added": ([l + "/* expect: rw-fpos */" if i == plain else l
                              for i, l in enumerate(lines)], False),
    }
    for name, (text, should_pass) in variants.items():
        tmp = tempfile.mkdtemp(prefix="safeseek-selftest-")
        try:
            shutil.copytree(os.path.join(corpus, "include"), os.path.join(tmp, "include"))
            dest = os.path.join(tmp, sample)
            os.makedirs(os.path.dirname(dest))
            with open(dest, "w", encoding="utf-8") as f:
                f.write("\n".join(text))
            problems, _, _ = check_source(checker, tmp, [sample.split(os.sep)[0]])
        finally:
            shutil.rmtree(tmp)
        if bool(problems) == should_pass:
            raise Failure("%s copy of %s: %s" % (name, sample,
                          "; ".join(problems) if problems else "no difference noticed"))
        print("self-test: %s copy of %s: %s" % (name, sample,
              "passes" if should_pass else "fails as it must (%s)" % problems[0]))


def summary(report, nfiles):
    per_rule = collections.Counter(f["rule"] for f in report["findings"])
    return "%d files, %d findings%s" % (
        nfiles, len(report["findings"]),
        "".join("\n  %-18s %d" % (r, n) for r, n in sorted(per_rule.items())))


def main(argv):
    mode = "source"
    if argv and argv[0] in ("--expected", "--self-test"):
        mode = argv.pop(0)[2:]
    if len(argv) < 2 or (mode != "source" and len(argv) != 2):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    checker, root = os.path.abspath(argv[0]), os.path.abspath(argv[1])
    try:
        if mode == "self-test":
            self_test(checker, root)
            return 0
        if mode == "expected":
            problems, report, nfiles = check_expected(checker, root)
        else:
            problems, report, nfiles = check_source(checker, root, argv[2:])
    except Failure as e:
        print("check_corpus: %s" % e, file=sys.stderr)
        return 1
    print(summary(report, nfiles))
    if problems:
        print("\n".join(problems))
        print("check_corpus: %d difference(s) from the expectations" % len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
