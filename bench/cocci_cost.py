#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""CPU time of each semantic patch on each corpus file and on the stress driver.

    cocci_cost.py [--patch NAME]... [--cap SEC] [--top N] [--target SEC]
                  [--no-stress] [--no-corpus] [--chain] [FILE...]

Each patch runs in patch mode the way `make coccicheck` runs it, one file at
a time:

    spatch --sp-file P -D patch --no-includes --include-headers --very-quiet FILE

(plus `--python` this interpreter, as run-check.sh passes its own), over
every .c file of the corpus (expected/ left out), the driver bench/gen_stress.py
writes, and any FILE given.  The table, slowest first, gives the user plus
system CPU seconds of each (patch, file); with --cap a run is stopped after
SEC seconds of CPU and shown as ">SEC".  Exit status 1 when some run took
--target seconds (default 10) or more, or failed; 0 otherwise.

With --chain each file goes through the patches in the order --fix applies
them, each on the text the ones before it wrote (spatch --in-place on a
copy): the cost of every intermediate text the chain produces.  Where that
text is no longer the file, the patch is timed on the file as well, so the
rows cover every patch alone too (a patch whose input is still the file is
one row, shown without "after").
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import capped_spatch  # noqa: E402
import gen_stress  # noqa: E402

# In the order --fix applies them.
PATCHES = ["nonseekable_open", "sysctl_ppos", "rw_ppos", "stream_open"]


def corpus_files(corpus):
    out = []
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        if os.path.relpath(root, corpus).split(os.sep)[0] == "expected":
            dirs[:] = []
            continue
        out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".c")]
    return out


def run(spatch, cocci, path, cap, in_place=False):
    """(CPU seconds, how it ended: None when it finished, else a word)."""
    cmd = capped_spatch.command(spatch, cocci, "patch", [os.path.basename(path)],
                                ["--in-place"] if in_place else [])
    try:
        ran = capped_spatch.run(cmd, cap, cwd=os.path.dirname(path) or ".")
    except OSError as e:
        print("cocci_cost.py: %s: %s" % (spatch, e.strerror), file=sys.stderr)
        sys.exit(2)
    if ran.capped:
        return ran.cpu, "capped"
    why = ran.problem(cap)
    return ran.cpu, why and why.replace("spatch failed", "failed")


def show(path):
    rel = os.path.relpath(path, TOP)
    return path if rel.startswith("..") else rel


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", metavar="FILE")
    ap.add_argument("--patch", action="append", choices=PATCHES,
                    help="only this patch (repeatable; default: all four)")
    ap.add_argument("--spatch", default="spatch")
    ap.add_argument("--patch-dir", default=os.path.join(TOP, "semantic-patches"))
    ap.add_argument("--corpus", default=os.path.join(TOP, "corpus"))
    ap.add_argument("--cap", type=float, help="stop a run after SEC seconds of CPU")
    ap.add_argument("--top", type=int, help="print only the N slowest rows")
    ap.add_argument("--target", type=float, default=10.0,
                    help="fail when a run takes this many CPU seconds (default 10)")
    ap.add_argument("--no-stress", action="store_true", help="leave the stress driver out")
    ap.add_argument("--no-corpus", action="store_true", help="leave the corpus out")
    ap.add_argument("--chain", action="store_true",
                    help="each patch on what the patches before it made of the file")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="safeseek-cost-") as tmp:
        files = [os.path.abspath(f) for f in args.files]
        labels = {}
        for f in files:
            if not os.path.isfile(f):
                print("cocci_cost.py: %s: no such file" % f, file=sys.stderr)
                return 2
        if not args.no_stress:
            stress = os.path.join(tmp, "sound", "oss", "stress_oss.c")
            os.makedirs(os.path.dirname(stress))
            with open(stress, "w", encoding="utf-8") as f:
                f.write(gen_stress.generate(gen_stress.DEFAULT_SEED))
            files.append(stress)
            labels[stress] = "stress driver (bench/gen_stress.py)"
        if not args.no_corpus:
            files += corpus_files(os.path.abspath(args.corpus))
        rows, bad = [], 0
        names = [p for p in PATCHES if p in (args.patch or PATCHES)]
        if args.chain:
            for i, path in enumerate(files):
                copy = os.path.join(tmp, "chain", str(i), os.path.basename(os.path.dirname(path)),
                                    os.path.basename(path))
                os.makedirs(os.path.dirname(copy))
                with open(path, "rb") as src, open(copy, "wb") as dst:
                    dst.write(src.read())
                with open(path, "rb") as f:
                    text = f.read()
                for k, name in enumerate(names):
                    cocci = os.path.join(args.patch_dir, name + ".cocci")
                    label = labels.get(path) or show(path)
                    with open(copy, "rb") as f:
                        changed = f.read() != text
                    if changed:
                        # The patch alone sees another text than the chain does.
                        cpu, how = run(args.spatch, cocci, path, args.cap)
                        rows.append((cpu, how, name, label))
                        bad += bool(how or cpu >= args.target)
                        label += " after %s" % "+".join(names[:k])
                    cpu, how = run(args.spatch, cocci, copy, args.cap, in_place=True)
                    rows.append((cpu, how, name, label))
                    bad += bool(how or cpu >= args.target)
        for name in names if not args.chain else ():
            cocci = os.path.join(args.patch_dir, name + ".cocci")
            for path in files:
                cpu, how = run(args.spatch, cocci, path, args.cap)
                rows.append((cpu, how, name, labels.get(path) or show(path)))
                if how or cpu >= args.target:
                    bad += 1
        rows.sort(key=lambda r: (r[1] != "capped", -r[0]))
        print("| patch | file | CPU s |")
        print("|---|---|---:|")
        for cpu, how, name, label in rows[:args.top] if args.top else rows:
            if how == "capped":
                t = ">%g" % args.cap
            elif how:
                t = "%.2f %s" % (cpu, how)
            else:
                t = "%.2f" % cpu
            print("| %s | %s | %s |" % (name, label, t))
        total = sum(r[0] for r in rows)
        print("\n%d runs, %.1f s of CPU in all; %d at or over %g s or failed"
              % (len(rows), total, bad, args.target))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
