#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Side-by-side benchmark: safeseek-check and run-check.sh against spatch and grep.

    bench/run.py [--files N] [--runs R] [--jobs J] [--out FILE] [...]

Generates (once, then reuses) a kernel-shaped tree with gen_tree.py and
measures, as the median of R runs with a warm page cache:

  scan   grep -rl f_pos                          the floor: reading every byte
         spatch, bench/fpos-report.cocci, -jJ    one report rule, f->f_pos
         safeseek-check -jJ                      every rule
         safeseek-check -j1
  fix    run-check.sh --fix                      convert in place and verify
         spatch, semantic-patches/*.cocci, -jJ   the same patches applied alone,
                                                 in run-check.sh's order
  rss    safeseek-check -jJ on trees of several sizes, to show that peak
         memory does not grow with the number of files

With --tree DIR (repeatable) it measures real kernel trees instead, made
by bench/prepare-linux.sh: see real.py for those rows; their table goes to
bench/results-real.md.

Every fix run starts from a fresh copy of the tree (copy not timed).  Peak
memory is the largest resident set of any single process of the command, as
GNU time reports it (Debian package `time`).  A command that runs past
--timeout is killed and reported as such.  The table goes to stdout and to
--out (default bench/results.md) with the machine it ran on.
"""

import argparse
import datetime
import hashlib
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(TOP, "python"))
import gen_tree  # noqa: E402
# The order run-check.sh applies the patches in.
from safeseek.patches import ORDER as PATCH_ORDER  # noqa: E402
TIME = "/usr/bin/time"	# GNU time, for the peak resident set


# --------------------------------------------------------------------------
# Running one command

class Result:
    def __init__(self, wall, maxrss_kb, status, timed_out, out_lines,
                 cpu=0.0):
        self.wall = wall
        self.cpu = cpu
        self.maxrss_kb = maxrss_kb
        self.status = status
        self.timed_out = timed_out
        self.out_lines = out_lines


def run_once(argv, timeout, log_prefix, cwd=None, env=None):
    """Run argv, return wall time, peak RSS (KiB) and exit status."""
    out = open(log_prefix + ".out", "wb")
    err = open(log_prefix + ".err", "wb")
    # ru_maxrss survives execve, so a child forked straight from this
    # (large) interpreter would report the interpreter's size; GNU time is a
    # small process to fork from and reports its child's peak.
    rss_file = log_prefix + ".rss"
    t0 = time.perf_counter()
    proc = subprocess.Popen([TIME, "-f", "%M %U %S", "-o", rss_file] + argv,
                            stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                            cwd=cwd, env=env, start_new_session=True)
    timed_out = []

    def kill():
        timed_out.append(True)
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    RUNNING.add(proc.pid)
    proc.wait()
    RUNNING.discard(proc.pid)
    wall = time.perf_counter() - t0
    timer.cancel()
    out.close()
    err.close()
    with open(log_prefix + ".out", "rb") as f:
        lines = sum(1 for _ in f)
    maxrss, cpu = 0, 0.0
    try:
        with open(rss_file) as f:
            last = f.read().splitlines()[-1].split()
        maxrss, cpu = int(last[0]), float(last[1]) + float(last[2])
    except (OSError, ValueError, IndexError):
        pass
    return Result(wall, maxrss, proc.returncode, bool(timed_out), lines, cpu)


RUNNING = set()	# process groups of the commands being timed


def stop(signum, frame):
    """Take the command being timed down with the benchmark."""
    for pid in list(RUNNING):
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    sys.exit(128 + signum)


class Series:
    """R runs of one command."""

    def __init__(self, name, label):
        self.name = name
        self.label = label
        self.runs = []

    def add(self, r):
        self.runs.append(r)

    @property
    def ok(self):
        return bool(self.runs) and not any(r.timed_out for r in self.runs)

    def median(self):
        return statistics.median(r.wall for r in self.runs)

    def median_cpu(self):
        return statistics.median(r.cpu for r in self.runs)

    def peak_kb(self):
        return max(r.maxrss_kb for r in self.runs)

    def statuses(self):
        return sorted(set(r.status for r in self.runs))

    def out_lines(self):
        return self.runs[-1].out_lines if self.runs else 0


# --------------------------------------------------------------------------
# Trees

def run_fix(a, jobs, scratch, prefix, checker):
    """run-check.sh --fix, using the checker being measured.  run-check.sh
    rebuilds a checker older than its sources, which in a working copy being
    edited it nearly always is; it is handed a fresh copy of the binary in a
    build directory of its own, and a run that rebuilt all the same measured
    the build too and is repeated on a fresh copy of the tree."""
    bindir = os.path.join(a.workdir, "bin")
    env = dict(os.environ, SAFESEEK_BUILD_DIR=bindir)
    argv = [os.path.abspath(a.run_check), "--fix", "-j", str(jobs), scratch]
    for attempt in range(3):
        os.makedirs(bindir, exist_ok=True)
        shutil.copy(checker, os.path.join(bindir, "safeseek-check"))
        r = run_once(argv, a.fix_timeout, prefix, env=env)
        with open(prefix + ".err", errors="replace") as f:
            rebuilt = "building the checker" in f.read()
        if not rebuilt:
            return r
        print("bench: run-check.sh rebuilt the checker; again", flush=True)
        shutil.rmtree(scratch)
        subprocess.run(["cp", "-a", a.fix_tree, scratch], check=True)
    return r


def checker_counts(err_log):
    """(analysed, skipped) from the checker's summary on stderr."""
    import re
    try:
        with open(err_log, errors="replace") as f:
            m = re.search(r"files: (\d+) analysed.*?(\d+) skipped", f.read())
    except OSError:
        return None
    return (int(m.group(1)), int(m.group(2))) if m else None


def gen_stamp(files, seed, include_dir):
    h = hashlib.sha256()
    with open(os.path.join(HERE, "gen_tree.py"), "rb") as f:
        h.update(f.read())
    h.update(("%d:%d" % (files, seed)).encode())
    h.update(gen_tree.tree_hash(include_dir).encode())
    return h.hexdigest()


def ensure_tree(workdir, files, seed, include_dir, jobs):
    root = os.path.join(workdir, "tree-%d-s%d" % (files, seed))
    stamp_file = root + ".stamp"
    stamp = gen_stamp(files, seed, include_dir)
    if os.path.isdir(root) and os.path.exists(stamp_file):
        with open(stamp_file) as f:
            if f.read().strip() == stamp:
                return root
    if os.path.exists(root):
        shutil.rmtree(root)
    print("bench: generating %d-file tree in %s" % (files, root), flush=True)
    gen_tree.generate(root, files, seed, 1.5, include_dir, jobs)
    with open(stamp_file, "w") as f:
        f.write(stamp + "\n")
    return root


def warm(root):
    subprocess.run(["grep", "-rlq", "a_string_that_is_nowhere_xyzzy", root],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def tree_stats(root):
    n_c = n_h = size = 0
    for dirpath, _, filenames in os.walk(root):
        for fn in filenames:
            if fn.endswith(".c"):
                n_c += 1
                size += os.path.getsize(os.path.join(dirpath, fn))
            elif fn.endswith(".h"):
                n_h += 1
    return n_c, n_h, size


# --------------------------------------------------------------------------

def machine_info(checker):
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info["cores"] = str(os.cpu_count())
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
        info["memory"] = "%.0f GiB" % (kb / 1048576.0)
    except (OSError, ValueError, IndexError):
        pass
    info["kernel"] = platform.release()

    def first_line(argv):
        try:
            r = subprocess.run(argv, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=30)
            return r.stdout.strip().splitlines()[0] if r.stdout.strip() else "?"
        except (OSError, subprocess.TimeoutExpired):
            return "not found"

    info["spatch"] = first_line(["spatch", "--version"])
    info["grep"] = first_line(["grep", "--version"])
    info["safeseek-check"] = first_line([checker, "--version"])
    try:
        info["commit"] = subprocess.run(
            ["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            universal_newlines=True).stdout.strip() or "?"
    except OSError:
        info["commit"] = "?"
    return info


def fmt_s(x):
    return "%.2f s" % x if x < 100 else "%.0f s" % x


def fmt_mb(kb):
    return "%.0f MB" % (kb / 1024.0)


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=15000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--checker", default=os.path.join(TOP, "build",
                                                      "safeseek-check"))
    ap.add_argument("--run-check", default=os.path.join(TOP, "run-check.sh"))
    ap.add_argument("--patches", default=os.path.join(TOP, "semantic-patches"))
    ap.add_argument("--include", default=gen_tree.DEFAULT_INCLUDE)
    ap.add_argument("--workdir", default=os.path.join(TOP, "out", "bench"),
                    help="where trees and logs go (default out/bench)")
    ap.add_argument("--timeout", type=float, default=900,
                    help="seconds before a single run is killed")
    ap.add_argument("--fix-files", type=int, default=0,
                    help="tree size for the conversion rows (default --files)")
    ap.add_argument("--fix-runs", type=int, default=3,
                    help="runs of each conversion, taken in turn (default 3)")
    ap.add_argument("--fix-timeout", type=float, default=3600,
                    help="seconds before one conversion step is killed")
    ap.add_argument("--rss-sizes", default="5000,15000,20000",
                    help="tree sizes for the memory-growth rows ('' skips)")
    ap.add_argument("--only", default=None,
                    help="comma-separated subset of scan,fix,rss (with "
                    "--tree: of scan,check,fix)")
    ap.add_argument("--out", default=None,
                    help="the table's file (default bench/results.md, with "
                    "--tree bench/results-real.md)")
    ap.add_argument("--tree", action="append", default=[],
                    help="a real kernel tree to measure instead of the "
                    "generated one (repeatable; see prepare-linux.sh)")
    ap.add_argument("--make-dirs", default="",
                    help="with --tree: the directories the CHECK= rows "
                    "build (default: those prepare-linux.sh built)")
    ap.add_argument("--nice", type=int, default=10,
                    help="with --tree: niceness of the whole run (default 10)")
    a = ap.parse_args()
    if a.tree:
        a.only = a.only or "scan,check,fix"
        a.out = a.out or os.path.join(HERE, "results-real.md")
    else:
        a.only = a.only or "scan,fix,rss"
        a.out = a.out or os.path.join(HERE, "results.md")

    a.load_start = os.getloadavg()[0]
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    only = set(x for x in a.only.split(",") if x)
    os.makedirs(a.workdir, exist_ok=True)
    logs = os.path.join(a.workdir, "logs")
    os.makedirs(logs, exist_ok=True)
    if not os.access(TIME, os.X_OK):
        sys.exit("bench: needs GNU time at %s (Debian package time)" % TIME)
    checker = os.path.abspath(a.checker)
    if not os.access(checker, os.X_OK):
        sys.exit("bench: no checker at %s (build it, or pass --checker)"
                 % checker)
    if a.tree:
        # real.py imports this file as `run`: let it find this very module,
        # whose RUNNING set the signal handlers above empty.
        sys.modules.setdefault("run", sys.modules[__name__])
        import real
        return real.main(a, checker)
    J = a.jobs
    tree = ensure_tree(a.workdir, a.files, a.seed, a.include, J)
    a.tree = tree
    n_c, n_h, size = tree_stats(tree)
    warm(tree)

    scan = []
    if "scan" in only:
        scan = [
            (Series("grep", "`grep -rl f_pos`"),
             ["grep", "-rl", "f_pos", tree]),
            (Series("spatch", "spatch, one report rule, `-j%d`" % J),
             ["spatch", "--python", sys.executable,
              "--sp-file", os.path.join(HERE, "fpos-report.cocci"),
              "-D", "report", "--no-includes", "--include-headers",
              "--very-quiet", "-j", str(J), "--dir", tree]),
            (Series("check-jN", "`safeseek-check -j%d`" % J),
             [checker, "-j%d" % J, tree]),
            (Series("check-j1", "`safeseek-check -j1`"),
             [checker, "-j1", tree]),
        ]
        # Interleave the runs so that drift on the machine hits all alike.
        for i in range(a.runs):
            for s, argv in scan:
                print("bench: scan %s run %d/%d" % (s.name, i + 1, a.runs),
                      flush=True)
                s.add(run_once(argv, a.timeout,
                               os.path.join(logs, "%s.%d" % (s.name, i))))

    a.parsed = None
    if scan:
        a.parsed = checker_counts(os.path.join(logs, "check-j1.0.err"))

    fix = []
    parts = []
    same_result = None
    fix_files = a.fix_files or a.files
    if "fix" in only:
        patches = [os.path.join(a.patches, p + ".cocci") for p in PATCH_ORDER]
        missing = [p for p in patches + [a.run_check] if not os.path.exists(p)]
        if missing:
            print("bench: skipping fix rows, missing: %s" % ", ".join(missing))
        else:
            fix_tree = (tree if fix_files == a.files else
                        ensure_tree(a.workdir, fix_files, a.seed, a.include, J))
            a.fix_tree = fix_tree
            rc = Series("run-check-fix", "`run-check.sh --fix -j%d`" % J)
            sp = Series("spatch-fix", "spatch, the %d semantic patches in "
                        "turn, `-j%d`" % (len(patches), J))
            parts = [Series("spatch-" + n, "of which `%s.cocci`" % n)
                     for n in PATCH_ORDER]
            scratch = os.path.join(a.workdir, "fix-scratch")
            digests = {}
            for i in range(a.fix_runs):
                for s in (rc, sp):
                    if os.path.exists(scratch):
                        shutil.rmtree(scratch)
                    subprocess.run(["cp", "-a", fix_tree, scratch], check=True)
                    warm(scratch)
                    print("bench: fix %s run %d/%d" % (s.name, i + 1,
                                                        a.fix_runs), flush=True)
                    prefix = os.path.join(logs, "%s.%d" % (s.name, i))
                    if s is rc:
                        r = run_fix(a, J, scratch, prefix, checker)
                    else:
                        r = None
                        for k, p in enumerate(patches):
                            one = run_once(
                                ["spatch", "--python", sys.executable,
                                 "--sp-file", p, "-D", "patch",
                                 "--in-place", "--no-includes",
                                 "--include-headers", "--very-quiet",
                                 "-j", str(J), "--dir", scratch],
                                a.fix_timeout, "%s.%d" % (prefix, k))
                            parts[k].add(one)
                            if r is None:
                                r = one
                            else:
                                r = Result(r.wall + one.wall,
                                           max(r.maxrss_kb, one.maxrss_kb),
                                           r.status or one.status,
                                           r.timed_out or one.timed_out,
                                           r.out_lines + one.out_lines,
                                           r.cpu + one.cpu)
                    s.add(r)
                    if i == 0 and not r.timed_out:
                        digests[s.name] = gen_tree.tree_hash(scratch)
            shutil.rmtree(scratch, ignore_errors=True)
            if len(digests) == 2:
                same_result = digests[rc.name] == digests[sp.name]
            fix = [rc, sp]

    rss = []
    if "rss" in only and a.rss_sizes:
        for n in [int(x) for x in a.rss_sizes.split(",") if x]:
            t = ensure_tree(a.workdir, n, a.seed, a.include, J)
            warm(t)
            s = Series("rss-%d" % n, "%d files" % n)
            for i in range(a.runs):
                print("bench: rss %d run %d/%d" % (n, i + 1, a.runs),
                      flush=True)
                s.add(run_once([checker, "-j%d" % J, t], a.timeout,
                               os.path.join(logs, "rss-%d.%d" % (n, i))))
            rss.append((n, s))

    a.load_end = os.getloadavg()[0]
    report = render(a, machine_info(checker), (n_c, n_h, size), scan, fix,
                    parts, same_result, rss)
    print(report)
    with open(a.out, "w") as f:
        f.write(report)
    return 0


def render(a, info, stats, scan, fix, parts, same_result, rss):
    n_c, n_h, size = stats
    L = ["<!-- SPDX-License-Identifier: GPL-2.0-only -->\n"]
    L.append("# Benchmark results\n")
    L.append("Produced by `bench/run.py --files %d --runs %d --jobs %d` on %s."
             % (a.files, a.runs, a.jobs,
                datetime.date.today().isoformat()))
    L.append("")
    L.append("Machine: %s, %s cores, %s RAM, Linux %s. %s; %s; "
             "safeseek-check: %s (commit %s)."
             % (info.get("cpu", "?"), info.get("cores", "?"),
                info.get("memory", "?"), info.get("kernel", "?"),
                info.get("spatch", "?"), info.get("grep", "?"),
                info.get("safeseek-check", "?"), info.get("commit", "?")))
    L.append("")
    L.append("Tree: %d .c files, %d .h files, %.0f MiB of C, seed %d; "
             "median of %d runs, warm page cache. \"median\" is "
             "wall-clock time, \"CPU\" user plus system time of all its "
             "processes. Load average %.1f at the start, %.1f at the end."
             % (n_c, n_h, size / 1048576.0, a.seed, a.runs, a.load_start,
                a.load_end))
    L.append("")

    by = {}
    if scan:
        for s, _ in scan:
            by[s.name] = s
        g = by["grep"]
        sp = by["spatch"]
        L.append("## Scanning the whole tree\n")
        L.append("| command | median | vs grep | vs spatch | CPU | peak RSS | "
                 "exit | output lines |")
        L.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        for s, _ in scan:
            if not s.ok:
                L.append("| %s | timed out (> %.0f s) | | | | | | |"
                         % (s.label, a.timeout))
                continue
            vs_g = "%.2fx" % (s.median() / g.median()) if g.ok else "-"
            vs_s = "%.2fx" % (s.median() / sp.median()) if sp.ok else "-"
            L.append("| %s | %s | %s | %s | %s | %s | %s | %d |"
                     % (s.label, fmt_s(s.median()), vs_g, vs_s,
                        fmt_s(s.median_cpu()), fmt_mb(s.peak_kb()),
                        ",".join(str(x) for x in s.statuses()),
                        s.out_lines()))
        L.append("")
        if a.parsed and by["check-j1"].ok:
            n_an, n_sk = a.parsed
            L.append("safeseek-check parsed %d of %d files; the others hold "
                     "nothing any rule could report on and were only read. At -j1 "
                     "its whole CPU time comes to %.1f ms per parsed file." % (n_an, n_an + n_sk,
                                    1000.0 * by["check-j1"].median_cpu()
                                    / max(1, n_an)))
            L.append("")
    if fix:
        rc, sp = fix
        L.append("## Converting the whole tree\n")
        L.append("Tree of %d files; %s, a fresh copy of the tree every "
                 "time." % (a.fix_files or a.files,
                            "median of %d runs each" % a.fix_runs
                            if a.fix_runs > 1 else "one run each"))
        L.append("")
        L.append("| command | time | vs spatch | CPU | peak RSS | exit |")
        L.append("|---|---:|---:|---:|---:|---:|")
        for s in [rc, sp] + parts:
            if not s.runs:
                continue
            if not s.ok:
                L.append("| %s | timed out (> %.0f s) | | | | |"
                         % (s.label, a.fix_timeout))
                continue
            if s is rc and sp.ok:
                vs = "%.2fx" % (s.median() / sp.median())
            elif s is rc:
                vs = "< %.2fx" % (s.median() / a.fix_timeout)
            else:
                vs = ""
            L.append("| %s | %s | %s | %s | %s | %s |"
                     % (s.label, fmt_s(s.median()), vs,
                        fmt_s(s.median_cpu()), fmt_mb(s.peak_kb()),
                        ",".join(str(x) for x in s.statuses())))
        L.append("")
        if same_result is not None:
            L.append("Both leave the same tree behind: %s."
                     % ("yes" if same_result else "no"))
            L.append("")

    if rss:
        L.append("## Memory against tree size (`safeseek-check -j%d`)\n"
                 % a.jobs)
        L.append("| tree | median | per 1000 files | peak RSS |")
        L.append("|---|---:|---:|---:|")
        for n, s in rss:
            if not s.ok:
                L.append("| %s | timed out | | |" % s.label)
                continue
            L.append("| %s | %s | %s | %s |"
                     % (s.label, fmt_s(s.median()),
                        fmt_s(s.median() * 1000.0 / n), fmt_mb(s.peak_kb())))
        L.append("")

    L.append("## Targets\n")

    def verdict(ok):
        return "met" if ok else "**missed**"

    def cpu_note(x, y):
        return " (CPU %.2fx)" % (x.median_cpu() / y.median_cpu()) \
            if y.median_cpu() > 0 else ""

    if scan and by["check-jN"].ok:
        ck = by["check-jN"]
        c = ck.median()
        if by["spatch"].ok:
            L.append("- safeseek-check -j%d at most 1/3 of spatch's time: "
                     "%.2fx%s — %s" % (a.jobs, c / by["spatch"].median(),
                                       cpu_note(ck, by["spatch"]),
                                       verdict(c <= by["spatch"].median() / 3)))
        if by["grep"].ok:
            L.append("- safeseek-check -j%d at most 2x grep's time: %.2fx%s — %s"
                     % (a.jobs, c / by["grep"].median(),
                        cpu_note(ck, by["grep"]),
                        verdict(c <= 2 * by["grep"].median())))
        L.append("- safeseek-check peak memory under 500 MB: %s — %s"
                 % (fmt_mb(ck.peak_kb()), verdict(ck.peak_kb() < 500 * 1024)))
    if fix and fix[0].ok and not fix[1].ok:
        L.append("- run-check.sh --fix at most 1.1x of spatch alone: spatch "
                 "did not finish, run-check.sh did — met")
    if fix and fix[0].ok and fix[1].ok:
        r = fix[0].median() / fix[1].median()
        L.append("- run-check.sh --fix at most 1.1x of spatch alone: %.2fx%s — %s"
                 % (r, cpu_note(fix[0], fix[1]), verdict(r <= 1.1)))
    if len(rss) >= 2 and all(s.ok for _, s in rss):
        lo, hi = rss[0], rss[-1]
        grow = (hi[1].peak_kb() - lo[1].peak_kb()) / float(hi[0] - lo[0])
        L.append("- peak memory bounded as the tree grows: %+.1f KB per extra "
                 "file from %d to %d files — %s"
                 % (grow, lo[0], hi[0], verdict(grow < 1)))
    L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    sys.exit(main())
