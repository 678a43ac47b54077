# SPDX-License-Identifier: GPL-2.0-only
"""The benchmark's real-tree rows: `bench/run.py --tree DIR [--tree DIR2]`.

On each kernel tree (made by bench/prepare-linux.sh), as the median of
--runs runs, interleaved so that drift on the machine hits every row alike:

  scan   grep -rl f_pos                      cold and warm page cache
         spatch, bench/fpos-report.cocci     one report rule
         safeseek-check -jN                  cold and warm page cache, an
                                             empty result cache
         safeseek-check -jN, again           the result cache warm
         safeseek-check --headers=real -jN   the recall reference
  check  make DIRS                           (configured tree only) the
         make C=2 CHECK=safeseek-check DIRS  built tree, up to date; each
         make C=2 CHECK=sparse DIRS          checker's time is its make's
                                             less the plain make's
  fix    run-check.sh --fix -jN              each on a fresh copy of the
         spatch, the three patches in turn   tree; the results compared

A row whose checker option does not exist in the binary measured is shown
as n/a.  Cold rows drop the page cache before each run, which needs root;
without it they are measured warm and marked so.
"""

import datetime
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

import run as bench

PATCH_ORDER = bench.PATCH_ORDER
# file:line:col: severity: message [rule], as the checker and sparse write
FINDING = re.compile(r"^(.+?):(\d+):(\d+): (warning|error|note): .*?"
                     r"(?: \[([a-z0-9-]+)\])?$")


class Row:
    """One row of a tree's table: a Series, or why it was not measured."""

    def __init__(self, key, label, cache="warm", na=None):
        self.key = key
        self.series = bench.Series(key, label)
        self.cache = cache	# "cold", "warm" or "cached"
        self.na = na
        self.loads = []
        self.findings = None	# set of findings of the last run, if parsed
        self.files = None	# the default scan's (analysed, with parse errors,
                                # left undecided), if read

    @property
    def ok(self):
        return self.na is None and self.series.ok

    def median(self):
        return self.series.median()


# --------------------------------------------------------------------------
# The machine and the binary

def drop_caches():
    """Empty the page cache; False when this process may not."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        return True
    except OSError:
        return False


def checker_options(checker):
    """The long options the checker's --help names."""
    try:
        r = subprocess.run([checker, "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True,
                           timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    return set(re.findall(r"(--[a-z][a-z-]*)", r.stdout))


def tree_name(tree):
    """'linux-6.1 unconfigured' or 'linux-6.1 configured': no paths."""
    ver = {}
    try:
        with open(os.path.join(tree, "Makefile")) as f:
            for line in f:
                m = re.match(r"^(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)", line)
                if m:
                    ver[m.group(1)] = m.group(2)
                if len(ver) == 3:
                    break
    except OSError:
        pass
    # 2.4.22 and 2.4.32 are different trees; 6.1.x is Debian's 6.1
    major = ver.get("VERSION", "0")
    base = ("linux-%s.%s" % (major, ver["PATCHLEVEL"])
            if "PATCHLEVEL" in ver else os.path.basename(tree.rstrip("/")))
    if "SUBLEVEL" in ver and int(major) < 3:
        base += "." + ver["SUBLEVEL"]
    return base + (" configured" if configured(tree) else " unconfigured")


def configured(tree):
    return (os.path.exists(os.path.join(tree, ".config")) and
            os.path.exists(os.path.join(tree, "include", "generated",
                                        "autoconf.h")))


def built_dirs(tree, given):
    """The directories the CHECK= rows build: --make-dirs, else the ones
    prepare-linux.sh built."""
    if given:
        return given.split()
    try:
        with open(os.path.join(tree, ".safeseek-bench-dirs")) as f:
            return f.read().split()
    except OSError:
        return []


def findings(path, root):
    """The findings a run wrote to path, as 'relpath:line:col [rule]'."""
    out = set()
    try:
        with open(path, errors="replace") as f:
            for line in f:
                m = FINDING.match(line.rstrip("\n"))
                if not m:
                    continue
                p = m.group(1)
                if os.path.isabs(p):
                    p = os.path.relpath(p, root)
                out.add("%s:%s:%s [%s]" % (p, m.group(2), m.group(3),
                                           m.group(5) or m.group(4)))
    except OSError:
        pass
    return out


def file_digests(root):
    """Every file's digest by relative path (symbolic links by target)."""
    d = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for fn in filenames:
            p = os.path.join(dirpath, fn)
            rel = os.path.relpath(p, root)
            if os.path.islink(p):
                d[rel] = "->" + os.readlink(p)
                continue
            h = hashlib.sha256()
            with open(p, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
            d[rel] = h.hexdigest()
    return d


def differing(a, b):
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


# --------------------------------------------------------------------------
# Measuring one tree

class Ctx:
    def __init__(self, a, checker, opts, logs):
        self.a = a
        self.checker = checker
        self.opts = opts
        self.logs = logs
        self.can_drop = None
        self.tmp = []

    def fresh_dir(self, what):
        d = tempfile.mkdtemp(prefix="bench-%s-" % what, dir=self.a.workdir)
        self.tmp.append(d)
        return d

    def cleanup(self):
        for d in self.tmp:
            shutil.rmtree(d, ignore_errors=True)
        self.tmp = []

    def checker_env(self, cache_dir):
        """The checker's result cache, wherever it would look for it."""
        return dict(os.environ, XDG_CACHE_HOME=cache_dir)

    def measure(self, row, argv, prefix, cwd=None, env=None, cold=False):
        if cold:
            if self.can_drop is None:
                self.can_drop = drop_caches()
                if not self.can_drop:
                    print("bench: cannot drop the page cache (needs root); "
                          "cold rows run warm", flush=True)
            elif self.can_drop:
                drop_caches()
            if not self.can_drop:
                row.cache = "warm"
        row.loads.append(os.getloadavg()[0])
        r = bench.run_once(argv, self.a.timeout, prefix, cwd=cwd, env=env)
        row.series.add(r)
        return r


def scan_rows(c, tree, J):
    """The whole-tree scans, their argv makers and options."""
    ck = c.checker
    has = c.opts
    cache_opt = "--cache-dir" in has
    headers_opt = "--headers" in has

    def checker_argv(extra, cache_dir):
        argv = [ck, "-j%d" % J] + extra
        if cache_opt:
            argv.append("--cache-dir=%s" % cache_dir)
        return argv + [tree]

    rows = []
    rows.append((Row("grep-cold", "`grep -rl f_pos`", "cold"),
                 lambda: (["grep", "-rl", "f_pos", tree], None), True))
    rows.append((Row("grep", "`grep -rl f_pos`"),
                 lambda: (["grep", "-rl", "f_pos", tree], None), False))
    rows.append((Row("spatch", "spatch, one report rule, `-j%d`" % J),
                 lambda: (["spatch", "--python", sys.executable,
                           "--sp-file", os.path.join(bench.HERE,
                                                     "fpos-report.cocci"),
                           "-D", "report", "--no-includes",
                           "--include-headers", "--very-quiet",
                           "-j", str(J), "--dir", tree], None), False))

    def default():
        d = c.fresh_dir("cache")
        return checker_argv([], d), c.checker_env(d)

    rows.append((Row("check-cold", "`safeseek-check -j%d`" % J, "cold"),
                 default, True))
    rows.append((Row("check", "`safeseek-check -j%d`" % J), default, False))

    cached = Row("check-cached", "`safeseek-check -j%d`, again" % J,
                 "cached", None if cache_opt else "n/a: needs --cache-dir")
    primed = {}

    def again():
        # A cache directory filled by an untimed first run; filled again
        # when the end of a round of runs has removed it.
        if "dir" not in primed or not os.path.isdir(primed["dir"]):
            primed["dir"] = c.fresh_dir("cache")
            bench.run_once(checker_argv([], primed["dir"]), c.a.timeout,
                           os.path.join(c.logs, "check-prime"),
                           env=c.checker_env(primed["dir"]))
        return (checker_argv([], primed["dir"]),
                c.checker_env(primed["dir"]))
    rows.append((cached, again, False))

    def real():
        d = c.fresh_dir("cache")
        return checker_argv(["--headers=real"], d), c.checker_env(d)
    rows.append((Row("check-real", "`safeseek-check --headers=real -j%d`" % J,
                     "warm", None if headers_opt else "n/a: needs --headers"),
                 real, False))
    return rows


# The checker's summary of the files it read: "files: 153 analysed (0
# compile database, 0 tree flags, 153 fallback header), 55265 skipped, 0
# failed, 149 with parse errors, 16 left undecided without real headers".
FILES_LINE = re.compile(r"files: (\d+) analysed .*?(?:, (\d+) with parse errors)?"
                        r"(?:, (\d+) left undecided without real headers)?$", re.M)


def files_line(err_path):
    """(analysed, with parse errors, left undecided) of a default scan's
    summary, or None."""
    try:
        with open(err_path, encoding="utf-8", errors="replace") as f:
            m = FILES_LINE.search(f.read())
    except OSError:
        return None
    return tuple(int(g or 0) for g in m.groups()) if m else None


def run_scan(c, tree, tag, J):
    rows = scan_rows(c, tree, J)
    for i in range(c.a.runs):
        for row, make_argv, cold in rows:
            if row.na:
                continue
            argv, env = make_argv()
            print("bench: %s: %s run %d/%d" % (tag, row.key, i + 1,
                                                c.a.runs), flush=True)
            prefix = os.path.join(c.logs, "%s.%s.%d" % (tag, row.key, i))
            c.measure(row, argv, prefix, env=env, cold=cold)
            if row.key.startswith("check"):
                row.findings = findings(prefix + ".out", tree)
            if row.key == "check":
                row.files = files_line(prefix + ".err")
        c.cleanup()
    return [r for r, _, _ in rows]


def make_output_builds(path):
    """Whether a make log shows something being compiled or linked."""
    with open(path, errors="replace") as f:
        return any(re.match(r"^\s+(CC|LD|AR)\s", line) for line in f)


def run_check(c, tree, tag, J, dirs):
    """Kbuild's CHECK= hook on the built directories, against sparse."""
    plain = Row("make", "`make -j%d DIRS`, up to date" % J)
    ours = Row("make-check", "`make -j%d C=2 CHECK=safeseek-check DIRS`" % J)
    sparse = Row("make-sparse", "`make -j%d C=2 CHECK=sparse DIRS`" % J)
    if not shutil.which("sparse"):
        sparse.na = "n/a: no sparse"
    rows = [(plain, []), (ours, ["C=2", "CHECK=" + c.checker]),
            (sparse, ["C=2", "CHECK=sparse"])]
    stale = False
    for i in range(c.a.runs):
        for row, extra in rows:
            if row.na:
                continue
            print("bench: %s: %s run %d/%d" % (tag, row.key, i + 1,
                                                c.a.runs), flush=True)
            prefix = os.path.join(c.logs, "%s.%s.%d" % (tag, row.key, i))
            cache = c.fresh_dir("cache")
            c.measure(row, ["make", "-j%d" % J] + extra + dirs, prefix,
                      cwd=tree, env=c.checker_env(cache))
            if make_output_builds(prefix + ".out"):
                stale = True
            if row is not plain:
                row.findings = findings(prefix + ".err", tree)
        c.cleanup()
    return [plain, ours, sparse], stale


def run_fix(c, tree, tag, J):
    """run-check.sh --fix against spatch alone, each on a fresh copy."""
    a = c.a
    patches = [os.path.join(a.patches, p + ".cocci") for p in PATCH_ORDER]
    rc = Row("run-check-fix", "`run-check.sh --fix -j%d`" % J)
    sp = Row("spatch-fix", "spatch, the %d semantic patches in turn, `-j%d`"
             % (len(patches), J))
    parts = [Row("spatch-" + n, "of which `%s.cocci`" % n) for n in PATCH_ORDER]
    missing = [p for p in patches + [a.run_check] if not os.path.exists(p)]
    if missing:
        rc.na = sp.na = "n/a: missing %s" % ", ".join(
            os.path.basename(m) for m in missing)
        return [rc, sp], None, []
    # Beside the tree, never in the repository.
    scratch = {rc.key: tree.rstrip("/") + ".bench-fix",
               sp.key: tree.rstrip("/") + ".bench-spatch"}
    digests = {}
    a.fix_tree = tree
    for i in range(a.fix_runs):
        for row in (rc, sp):
            dst = scratch[row.key]
            if os.path.exists(dst):
                shutil.rmtree(dst)
            subprocess.run(["cp", "-a", tree, dst], check=True)
            bench.warm(dst)
            print("bench: %s: %s run %d/%d" % (tag, row.key, i + 1,
                                                a.fix_runs), flush=True)
            prefix = os.path.join(c.logs, "%s.%s.%d" % (tag, row.key, i))
            row.loads.append(os.getloadavg()[0])
            if row is rc:
                cache = c.fresh_dir("cache")
                saved = os.environ.get("XDG_CACHE_HOME")
                os.environ["XDG_CACHE_HOME"] = cache
                try:
                    r = bench.run_fix(a, J, dst, prefix, c.checker)
                finally:
                    if saved is None:
                        del os.environ["XDG_CACHE_HOME"]
                    else:
                        os.environ["XDG_CACHE_HOME"] = saved
            else:
                r = None
                for k, p in enumerate(patches):
                    one = bench.run_once(
                        ["spatch", "--python", sys.executable, "--sp-file", p,
                         "-D", "patch", "--in-place", "--no-includes",
                         "--include-headers", "--very-quiet", "-j", str(J),
                         "--dir", dst],
                        a.fix_timeout, "%s.%d" % (prefix, k))
                    parts[k].series.add(one)
                    r = one if r is None else bench.Result(
                        r.wall + one.wall, max(r.maxrss_kb, one.maxrss_kb),
                        r.status or one.status, r.timed_out or one.timed_out,
                        r.out_lines + one.out_lines, r.cpu + one.cpu)
            row.series.add(r)
            if i == 0 and not r.timed_out:
                digests[row.key] = file_digests(dst)
        c.cleanup()
    for d in scratch.values():
        shutil.rmtree(d, ignore_errors=True)
    diff = None
    if len(digests) == 2:
        diff = differing(digests[rc.key], digests[sp.key])
    return [rc, sp], diff, parts


def measure_tree(c, tree, index):
    a = c.a
    J = a.jobs
    tag = "real%d" % index
    t = {"name": tree_name(tree), "configured": configured(tree),
         "scan": [], "check": [], "fix": [], "parts": [], "fix_diff": None,
         "stale": False, "dirs": [], "load": os.getloadavg()}
    only = a.only_real
    if "scan" in only:
        t["scan"] = run_scan(c, tree, tag, J)
    if "check" in only and t["configured"]:
        t["dirs"] = built_dirs(tree, a.make_dirs)
        if t["dirs"]:
            t["check"], t["stale"] = run_check(c, tree, tag, J, t["dirs"])
    if "fix" in only:
        t["fix"], t["fix_diff"], t["parts"] = run_fix(c, tree, tag, J)
    return t


# --------------------------------------------------------------------------
# The report

def load_range(row):
    if not row.loads:
        return ""
    lo, hi = min(row.loads), max(row.loads)
    return "%.1f" % lo if round(lo, 1) == round(hi, 1) else \
        "%.1f–%.1f" % (lo, hi)


def row_line(row, vs=""):
    s = row.series
    if row.na:
        return "| %s | | %s | | | | | | |" % (s.label, row.na)
    if not s.ok:
        return "| %s | %s | timed out | | | | | | %s |" % (
            s.label, row.cache, load_range(row))
    n = len(row.findings) if row.findings is not None else s.out_lines()
    return "| %s | %s | %s | %s | %s | %s | %s | %d | %s |" % (
        s.label, row.cache, bench.fmt_s(s.median()), vs,
        bench.fmt_s(s.median_cpu()), bench.fmt_mb(s.peak_kb()),
        ",".join(str(x) for x in s.statuses()), n, load_range(row))


def render_tree(a, t, L, targets):
    by = {r.key: r for r in t["scan"] + t["check"] + t["fix"]}
    name = t["name"]
    L.append("## %s\n" % name)
    if t["scan"]:
        L.append("| command | cache | median | | CPU | peak RSS | exit | "
                 "findings or lines | load before |")
        L.append("|---|---|---:|---:|---:|---:|---:|---:|---|")
        for r in t["scan"]:
            L.append(row_line(r))
        L.append("")
        files = by.get("check") and by["check"].files
        if files:
            L.append("The default scan parsed %d files; %d of them had parse errors "
                     "under the headers they were given, and %d were left undecided "
                     "with no real headers to ask.\n" % files)
    if t["check"]:
        plain = by["make"]
        L.append("Kbuild's checker hook over %s, a built tree that a plain "
                 "make finds up to date%s. The checker's time is its make's "
                 "less the plain make's.\n"
                 % (" ".join("`%s`" % d for d in t["dirs"]),
                    " (**it was not: something was rebuilt**)"
                    if t["stale"] else ""))
        L.append("| command | cache | median | checker's share | CPU | "
                 "peak RSS | exit | findings | load before |")
        L.append("|---|---|---:|---:|---:|---:|---:|---:|---|")
        for r in t["check"]:
            vs = ""
            if r is not plain and r.ok and plain.ok:
                vs = bench.fmt_s(r.median() - plain.median())
            L.append(row_line(r, vs))
        L.append("")
    if t["fix"]:
        L.append("Each on a fresh copy of the tree; %s.\n"
                 % ("median of %d runs" % a.fix_runs if a.fix_runs > 1
                    else "one run each"))
        L.append("| command | cache | time | | CPU | peak RSS | exit | lines "
                 "| load before |")
        L.append("|---|---|---:|---:|---:|---:|---:|---:|---|")
        for r in t["fix"] + t["parts"]:
            if r.series.runs or r.na:
                L.append(row_line(r))
        L.append("")
        if t["fix_diff"] is not None:
            if t["fix_diff"]:
                L.append("The two leave different trees behind: %d files "
                         "differ, among them %s.\n"
                         % (len(t["fix_diff"]), ", ".join(
                             "`%s`" % p for p in t["fix_diff"][:10])))
            else:
                L.append("Both leave the same tree behind.\n")

    def verdict(ok):
        return "met" if ok else "**missed**"

    def target(what, got, ok):
        targets.append("| %s | %s | %s | %s |" % (name, what, got,
                                                  verdict(ok)))

    def cpu(x, y):
        cx, cy = x.series.median_cpu(), y.series.median_cpu()
        return " (CPU %.2fx)" % (cx / cy) if cy > 0 else ""

    def na(what, why):
        targets.append("| %s | %s | %s | n/a |" % (name, what, why))

    ck = by.get("check")
    ckc = by.get("check-cold")
    if ck is not None:
        sp, g, gc = by["spatch"], by["grep"], by["grep-cold"]
        if ck.ok and sp.ok:
            x = ck.median() / sp.median()
            target("default scan ≤ 1/3 of spatch's one-rule report",
                   "%.2fx%s" % (x, cpu(ck, sp)), x <= 1 / 3.0)
        if ckc.ok and gc.ok:
            x = ckc.median() / gc.median()
            target("default scan ≤ 3x grep, cold" +
                   ("" if ckc.cache == "cold" else " (measured warm)"),
                   "%.2fx%s" % (x, cpu(ckc, gc)), x <= 3)
        # CPU against CPU, both warm: what the machine's other work moves least.
        if ck.ok and g.ok and g.series.median_cpu() > 0:
            x = ck.series.median_cpu() / g.series.median_cpu()
            target("default scan ≤ 3x grep, CPU, warm", "%.2fx" % x, x <= 3)
        cached = by["check-cached"]
        if cached.ok and g.ok and g.series.median_cpu() > 0:
            x = cached.series.median_cpu() / g.series.median_cpu()
            target("cached re-scan ≤ 1.5x grep, CPU", "%.2fx (wall %.2fx)"
                   % (x, cached.median() / g.median()), x <= 1.5)
        elif cached.na:
            na("cached re-scan ≤ 1.5x grep", cached.na)
        rl = by["check-real"]
        if rl.ok and ck.findings is not None and rl.findings is not None:
            missed = sorted(rl.findings - ck.findings)
            extra = sorted(ck.findings - rl.findings)
            target("default scan finds what `--headers=real` finds, no more",
                   "%d missed, %d extra" % (len(missed), len(extra)),
                   not missed and not extra)
            if missed or extra:
                L.append("Default scan against `--headers=real`:\n")
                for p in missed[:30]:
                    L.append("- missed: `%s`" % p)
                for p in extra[:30]:
                    L.append("- extra: `%s`" % p)
                if len(missed) > 30 or len(extra) > 30:
                    L.append("- ... (the full lists are in the logs)")
                L.append("")
        elif rl.na:
            na("default scan finds what `--headers=real` finds", rl.na)
    if t["check"]:
        plain, ours, sp = by["make"], by["make-check"], by["make-sparse"]
        if plain.ok and ours.ok and sp.ok:
            mine = ours.median() - plain.median()
            theirs = sp.median() - plain.median()
            x = mine / theirs if theirs > 0 else float("inf")
            pc = plain.series.median_cpu()
            mc, tc = ours.series.median_cpu() - pc, sp.series.median_cpu() - pc
            target("CHECK= ≤ 1/3 of sparse's time",
                   "%.2fx (%s against %s; CPU %.2fx)"
                   % (x, bench.fmt_s(mine), bench.fmt_s(theirs),
                      mc / tc if tc > 0 else float("inf")), x <= 1 / 3.0)
    if t["fix"]:
        rc, sp = t["fix"]
        if rc.ok and sp.ok:
            x = rc.median() / sp.median()
            same = t["fix_diff"] == []
            target("run-check.sh --fix ≤ 1.0x spatch alone, same tree",
                   "%.2fx%s, %s" % (x, cpu(rc, sp), "same tree" if same else
                                    "**different trees**"),
                   x <= 1.0 and same)
        elif rc.na:
            na("run-check.sh --fix ≤ 1.0x spatch alone", rc.na)
    ours = [r for r in t["scan"] + t["check"] + t["fix"]
            if r.ok and r.key.startswith(("check", "make-check", "run-check"))]
    if ours:
        worst = max(ours, key=lambda r: r.series.peak_kb())
        target("peak RSS < 500 MB on every safeseek row",
               "%s at most (%s)" % (bench.fmt_mb(worst.series.peak_kb()),
                                    worst.series.label),
               worst.series.peak_kb() < 500 * 1024)


def render(a, info, trees):
    L = ["<!-- SPDX-License-Identifier: GPL-2.0-only -->\n", "# Benchmark results on real kernel trees\n"]
    L.append("Produced by `bench/run.py %s--runs %d --fix-runs %d --jobs %d "
             "--only %s` (niceness %d) on %s, commit %s; the trees: %s."
             % ("--tree DIR " * len(trees), a.runs, a.fix_runs, a.jobs,
                a.only, a.nice, datetime.date.today().isoformat(),
                info.get("commit", "?"),
                ", ".join(t["name"] for t in trees)))
    L.append("")
    L.append("Machine: %s, %s cores, %s RAM, Linux %s. %s; %s; sparse %s; "
             "safeseek-check: %s."
             % (info.get("cpu", "?"), info.get("cores", "?"),
                info.get("memory", "?"), info.get("kernel", "?"),
                info.get("spatch", "?"), info.get("grep", "?"),
                info.get("sparse", "?"), info.get("safeseek-check", "?")))
    L.append("")
    L.append("\"median\" is wall-clock time, \"CPU\" user plus system time of "
             "all the command's processes, peak RSS the largest resident set "
             "of any one of them. \"cold\" rows run after the page cache was "
             "dropped; \"load before\" is the one-minute load average before "
             "each run (the 2 cores are shared: a load above 2 means the run "
             "had less than the whole machine, and its wall-clock time counts "
             "for less than its CPU time). Load average %.1f at the start, "
             "%.1f at the end; the whole run took %.0f min."
             % (a.load_start, a.load_end, a.elapsed / 60.0))
    L.append("")
    targets = []
    for t in trees:
        render_tree(a, t, L, targets)
    L.append("## Targets\n")
    L.append("Medians, same `-j`; on a machine this loaded, read a near miss "
             "as a tie.\n")
    L.append("| tree | target | measured | status |")
    L.append("|---|---|---|---|")
    L += targets
    L.append("")
    return "\n".join(L)


def main(a, checker):
    import time
    t0 = time.time()
    a.load_start = os.getloadavg()[0]
    if a.nice:
        os.nice(a.nice)
    logs = os.path.join(a.workdir, "logs-real")
    os.makedirs(logs, exist_ok=True)
    trees = []
    for t in a.tree:
        if not os.path.isfile(os.path.join(t, "include", "linux", "fs.h")):
            sys.exit("bench: %s is not a kernel tree (no include/linux/fs.h)"
                     % t)
    c = Ctx(a, checker, checker_options(checker), logs)
    a.only_real = set(x for x in a.only.split(",") if x)
    info = bench.machine_info(checker)
    try:
        info["sparse"] = subprocess.run(
            ["sparse", "--version"], stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, universal_newlines=True).stdout.strip()
    except OSError:
        info["sparse"] = "not found"
    try:
        for i, tree in enumerate(a.tree):
            trees.append(measure_tree(c, os.path.abspath(tree), i))
            # The table so far, so that a long run stopped half-way still
            # leaves the trees it finished.
            a.load_end = os.getloadavg()[0]
            a.elapsed = time.time() - t0
            report = render(a, info, trees)
            with open(a.out, "w") as f:
                f.write(report)
    finally:
        c.cleanup()
    print(report)
    return 0
