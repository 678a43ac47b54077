#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The project's shell scripts pass shellcheck.

usage: shellcheck_scripts.py SRC_DIR
"""

import os
import shutil
import subprocess
import sys

SCRIPTS = ["run-check.sh", "scripts/install-deps.sh", "scripts/test.sh", ".ci/run",
           "bench/prepare-linux.sh"]


def main():
    top = sys.argv[1]
    sc = shutil.which("shellcheck")
    if sc is None:
        # Skipped (ctest SKIP_RETURN_CODE), not passed: the output says why.
        print("shellcheck is not installed (apt-get install shellcheck); skipped")
        return 77
    p = subprocess.run([sc, "--shell=bash"] + [os.path.join(top, s) for s in SCRIPTS],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    print(p.stdout or "shellcheck: %d scripts clean" % len(SCRIPTS))
    return p.returncode


if __name__ == "__main__":
    sys.exit(main())
