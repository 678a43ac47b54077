#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""stream_open.cocci on the text the chain of --fix hands it, within a cap.

usage: check_chain_cost.py [--spatch SPATCH] [--cap SEC] PATCH_DIR GEN_CHAIN

GEN_CHAIN (bench/gen_chain.py) writes a file whose read and write methods
use *ppos at many places between loops and gotos, as rw_ppos.cocci leaves
2.4's openpromfs.  stream_open.cocci runs on it as coccicheck runs it, in
patch and report mode, each stopped after --cap seconds of CPU (default 60:
the target is 10, and a rule that walks every path of such a method takes
minutes); it must finish and change nothing, since both methods use the
position.
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import capped_spatch  # noqa: E402


def main():
    args = capped_spatch.arguments(__doc__)
    problems = []
    with tempfile.TemporaryDirectory(prefix="safeseek-chain-") as work:
        src = os.path.join(work, "inode.c")
        subprocess.run([sys.executable, args.gen, src], check=True)
        for mode in ("patch", "report"):
            cocci = os.path.join(args.patch_dir, "stream_open.cocci")
            p = capped_spatch.run(capped_spatch.command(args.spatch, cocci, mode, [src]),
                                  args.cap)
            why = p.problem(args.cap)
            if why:
                problems.append("%s mode: %s" % (mode, why))
            elif p.stdout.strip():
                problems.append("%s mode: says something of a file that uses its position:\n%s"
                                % (mode, p.stdout[:2000]))
    for p in problems:
        print(p)
    print("check_chain_cost: stream_open: %s" % ("%d problem(s)" % len(problems) if problems
                                                 else "ok"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
