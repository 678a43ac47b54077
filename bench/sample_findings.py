# SPDX-License-Identifier: GPL-2.0-only
"""The precision sample of docs/real-code.md.

    safeseek-check -j2 --no-cache --format=json -o T.json TREE
    bench/sample_findings.py [--seed N] [--per-rule N] T.json

prints, for every warning and error rule of the report, up to --per-rule
of its findings drawn with a fixed seed (file:line: rule: message), so that
the same report always gives the same sample to read in the source.  The
draw depends on the findings alone, sorted, not on the report's order.
"""

import argparse
import json
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("report", help="a safeseek-check --format=json report")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--per-rule", type=int, default=40)
    args = ap.parse_args()
    try:
        with open(args.report, encoding="utf-8") as f:
            findings = json.load(f)["findings"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"sample_findings.py: {args.report}: {e}")
    by_rule = {}
    for x in findings:
        if x["severity"] in ("warning", "error"):
            by_rule.setdefault(x["rule"], []).append(x)
    for rule in sorted(by_rule):
        every = sorted(by_rule[rule], key=lambda x: (x["file"], x["line"], x["column"]))
        rng = random.Random(f"{args.seed}:{rule}")
        picked = rng.sample(every, min(args.per_rule, len(every)))
        picked.sort(key=lambda x: (x["file"], x["line"]))
        print(f"## {rule}: {len(picked)} of {len(every)}")
        for x in picked:
            print(f"{x['file']}:{x['line']}: {x['severity']}: {x['message']}")


if __name__ == "__main__":
    main()
