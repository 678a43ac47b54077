# SPDX-License-Identifier: GPL-2.0-only
"""python3 -m safeseek: the program behind run-check.sh."""

import sys

from .main import main

sys.exit(main(sys.argv[1:]))
